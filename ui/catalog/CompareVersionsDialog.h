// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Identifier.h"
#include "api/VersionMessages.h"
#include "details/ManifestAccess.h"
#include "format/VersionDiffReport.h"

#include <QDialog>

#include <optional>

class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace lance::ui {

/// What changed from one version of a table to another, as a report a steward reads before
/// deleting versions or registering a new one: what happened (rows appended, deleted,
/// rewritten; columns added, removed, renamed or retyped by field id; fragments, indices,
/// config), then the totals before and after, then the rows one version holds and the other
/// does not: how many, and the first few of each, read from the data files. Copy as Text and Copy
/// as JSON put the report on the clipboard.
///
/// The two manifests are read and compared on a worker thread (details::VersionComparer); the
/// dialog says so meanwhile, and says why when a manifest cannot be read here.
///
/// Object names for tests: `compareTitle`, `compareReport`, `copyText`, `copyJson`.
class CompareVersionsDialog : public QDialog
{
    Q_OBJECT

public:
    CompareVersionsDialog(const api::Identifier &table, const QString &delimiter,
                          QWidget *parent = nullptr);

    /// Which of the two versions are staged for creation rather than in the catalog.
    struct Staged
    {
        bool from; // no member initialisers: GCC refuses them in a default argument here
        bool to;
    };

    /// Starts comparing `from` (none: an empty table) with `to`.
    void compare(details::ManifestAccess access, const std::optional<api::TableVersion> &from,
                 const api::TableVersion &to, Staged staged = {false, false});
    /// The report once it is there.
    const std::optional<format::VersionDiffReport> &report() const { return m_report; }
    QString reportText() const;

signals:
    /// The comparison ended, with a report or with the reason there is none.
    void finished();

private:
    void showResult(const api::Result<format::VersionDiffReport> &result);

    /// Sample rows each side shows of those the other has not.
    static constexpr qsizetype SampleRows = 5;

    QString m_tableName;
    QString m_rowsText;
    QLabel *m_title = nullptr;
    QPlainTextEdit *m_text = nullptr;
    QPushButton *m_copyText = nullptr;
    QPushButton *m_copyJson = nullptr;
    std::optional<format::VersionDiffReport> m_report;
};

} // namespace lance::ui
