// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "api/VersionMessages.h"
#include "ui/staging/OperationDialog.h"

class QCheckBox;
class QFormLayout;
class QLabel;
class QLineEdit;

namespace lance::ui {

/// "Delete Versions": one range of a table's versions, from a first version through a last
/// one or through the latest (`end_version: -1`), with the versions it would delete among
/// those loaded spelled out before anything is staged. Selections in the versions view skip
/// the dialog (VersionRanges computes their ranges); this is for typing a range.
///
/// Editing a staged delete (setRequest()): one range fills the same fields. Several ranges
/// (a selection with gaps, an imported batch) cannot be put in two fields without changing
/// what is staged, so the fields give way to one line of ranges, "1-3, 5, 7-latest"
/// (VersionRangeText), checked and previewed the same way. The branch and context of the staged
/// request are kept as they were.
///
/// Object names for tests: `fromEdit`, `toEdit`, `throughLatestCheck`, `rangesEdit` (shown only
/// for several ranges), `previewLabel`, `problemNote`, `stageButton`.
class DeleteVersionsDialog : public OperationDialog
{
    Q_OBJECT

public:
    /// `known`: the table's versions loaded so far (they decide the preview and the checks).
    DeleteVersionsDialog(const api::Identifier &table, const QString &delimiter,
                         QList<qint64> known, QWidget *parent = nullptr);

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

    api::BatchDeleteTableVersionsRequest m_kept; //!< the id, branch and context
    QList<qint64> m_known;
    QFormLayout *m_form = nullptr;
    QLineEdit *m_from = nullptr;
    QLineEdit *m_to = nullptr;
    QCheckBox *m_throughLatest = nullptr;
    QLineEdit *m_ranges = nullptr;
    bool m_editsRanges = false; //!< `rangesEdit` in place of the two fields
    QLabel *m_preview = nullptr;
};

} // namespace lance::ui
