// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/BatchMessages.h"

#include <QDialog>
#include <QStringList>

class QCheckBox;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTreeWidget;

namespace lance::ui {

class Prompter;

/// The review before a commit: a readable summary (one line per operation) beside the exact
/// JSON body the batch-commit will send, which can be copied or saved. "Don't ask again"
/// lets people skip it (the caller keeps that setting), except on a production connection:
/// there the steward types the connection's name to enable Commit, as GitHub asks for a
/// repository's name before deleting it, so a commit to production is never one stray Enter.
/// An operation with warnings (deleting a table's latest version, say) carries a warning icon
/// and its sentences as child rows, and the heading counts them. What a staged version holds
/// arrives later, as an information row under its operation (addFacts()).
///
/// Object names for tests: `summaryTree`, `jsonView`, `copyJsonButton`, `saveJsonButton`,
/// `skipReviewCheck`, `confirmEdit`, `commitButton`.
class CommitReviewDialog : public QDialog
{
    Q_OBJECT

public:
    struct Line
    {
        QString kind;         //!< "Declare table"
        QString target;       //!< "sales$orders"
        QString summary;      //!< "version 7, 1.2 kB"
        QStringList warnings; //!< the staging checks' warnings on this operation
    };

    /// `confirmName`: the connection's name that must be typed (production); empty: no typing.
    CommitReviewDialog(const api::BatchCommitTablesRequest &request, const QList<Line> &lines,
                       const QString &catalogTitle, const QString &confirmName, Prompter &prompter,
                       QWidget *parent = nullptr);

    /// The body as sent: indented JSON of the request.
    QByteArray body() const { return m_body; }
    bool skipReviewNextTime() const;
    /// Adds what operation `line` (0-based) brings, as a child row under it: what a staged
    /// version's manifest holds, read after the dialog opened (the controller reads it off the
    /// window's thread). `details` go under it, a row each (the rows of a sample).
    void addFacts(int line, const QString &sentence, const QStringList &details = {});
    bool isCommitEnabled() const;

private:
    /// Room for the summary's columns, bounded by the available screen `parent` is on.
    QSize initialSize(const QWidget *parent) const;
    void updateCommit();
    void saveBody();

    QByteArray m_body;
    QString m_confirmName;
    Prompter &m_prompter;
    QTreeWidget *m_summary = nullptr;
    QPlainTextEdit *m_json = nullptr;
    QCheckBox *m_skip = nullptr;
    QLineEdit *m_confirm = nullptr;
    QPushButton *m_commit = nullptr;
};

} // namespace lance::ui
