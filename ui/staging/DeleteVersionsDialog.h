// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"
#include "api/Result.h"
#include "api/VersionMessages.h"
#include "ui/staging/OperationDialog.h"

class QCheckBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QTreeWidget;

namespace lance::ui {

/// "Delete Versions": one range of a table's versions, from a first version through a last
/// one or through the latest (`end_version: -1`). Before anything is staged it lists the loaded
/// versions the range deletes, with when each was written, its manifest's size and its
/// metadata, so nobody deletes a version they have not seen. Deleting the table's latest
/// version, or every version, changes what readers see: the dialog then asks for an explicit
/// tick (`confirmCheck`) before Stage is enabled, and the panel and the review warn as well.
///
/// Opened for every delete: pre-filled from the versions selected in the Versions view
/// (setRequest() with their computed ranges), or with the oldest version when none is.
///
/// Editing a staged delete (setRequest()): one range fills the same fields. Several ranges
/// (a selection with gaps, an imported batch) cannot be put in two fields without changing
/// what is staged, so the fields give way to one line of ranges, "1-3, 5, 7-latest"
/// (VersionRangeText), checked and previewed the same way. The branch and context of the staged
/// request are kept as they were.
///
/// Object names for tests: `fromEdit`, `toEdit`, `throughLatestCheck`, `rangesEdit` (shown only
/// for several ranges), `previewLabel`, `doomedList`, `confirmCheck`, `problemNote`,
/// `stageButton`.
class DeleteVersionsDialog : public OperationDialog
{
    Q_OBJECT

public:
    /// `loaded`: the table's versions loaded so far (they decide the list, the checks and the
    /// confirmation); `allLoaded`: no older page remains on the server, so deleting all of
    /// `loaded` deletes every version.
    DeleteVersionsDialog(const api::Identifier &table, const QString &delimiter,
                         QList<api::TableVersion> loaded, bool allLoaded = true,
                         QWidget *parent = nullptr);

    /// Shows `request` (of this dialog's table) to be edited.
    void setRequest(const api::BatchDeleteTableVersionsRequest &request);
    api::BatchDeleteTableVersionsRequest request() const;
    api::Result<void> problem() const override;

private:
    /// The preview, then the problem and Stage.
    void refresh();
    std::optional<api::VersionRange> range() const;
    /// The ranges typed in `rangesEdit`; nothing when they do not parse.
    std::optional<QList<api::VersionRange>> typedRanges() const;
    api::Result<void> rangesProblem() const;
    api::Result<void> rangeProblem() const;
    /// The sentence `confirmCheck` asks to tick; empty when the ranges leave the latest alone.
    QString confirmationText() const;
    void showDoomed(const QList<qint64> &doomed);

    api::BatchDeleteTableVersionsRequest m_kept; //!< the id, branch and context
    QString m_tableName;
    QList<api::TableVersion> m_loaded; //!< ascending by version
    QList<qint64> m_known;             //!< their numbers, ascending
    bool m_allLoaded = true;
    QFormLayout *m_form = nullptr;
    QLineEdit *m_from = nullptr;
    QLineEdit *m_to = nullptr;
    QCheckBox *m_throughLatest = nullptr;
    QLineEdit *m_ranges = nullptr;
    bool m_editsRanges = false; //!< `rangesEdit` in place of the two fields
    QLabel *m_preview = nullptr;
    QTreeWidget *m_doomed = nullptr;
    QCheckBox *m_confirm = nullptr;
};

} // namespace lance::ui
