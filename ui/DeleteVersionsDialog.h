// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "OperationDialog.h"
#include "api/VersionMessages.h"

class QCheckBox;
class QLabel;
class QLineEdit;

namespace lance::ui {

/// "Delete Versions": one range of a table's versions, from a first version through a last
/// one or through the latest (`end_version: -1`), with the versions it would delete among
/// those loaded spelled out before anything is staged. Selections in the versions view skip
/// the dialog (VersionRanges computes their ranges); this is for typing a range.
///
/// Object names for tests: `fromEdit`, `toEdit`, `throughLatestCheck`, `previewLabel`,
/// `problemNote`, `stageButton`.
class DeleteVersionsDialog : public OperationDialog
{
    Q_OBJECT

public:
    /// `known`: the table's versions loaded so far (they decide the preview and the checks).
    DeleteVersionsDialog(const api::Identifier &table, const QString &delimiter,
                         QList<qint64> known, QWidget *parent = nullptr);

    api::BatchDeleteTableVersionsRequest request() const;
    std::optional<QString> problem() const override;

private:
    /// The preview, then the problem and Stage.
    void refresh();
    std::optional<api::VersionRange> range() const;

    api::Identifier m_table;
    QList<qint64> m_known;
    QLineEdit *m_from = nullptr;
    QLineEdit *m_to = nullptr;
    QCheckBox *m_throughLatest = nullptr;
    QLabel *m_preview = nullptr;
};

} // namespace lance::ui
