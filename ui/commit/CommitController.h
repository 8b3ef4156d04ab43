// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/BatchMessages.h"
#include "commit/OutcomeReconciler.h"
#include "commit/RestorePlacement.h"
#include "ui/common/MessageBanner.h"
#include "ui/common/Prompter.h"

#include <QObject>

#include <functional>
#include <memory>
#include <optional>

class QSettings;

namespace lance::commit {
class AuditLog;
class BatchSubmitter;
class CommitOutcome;
class SequentialApplier;
} // namespace lance::commit
namespace lance::staging {
class PendingChanges;
}
namespace lance::ui {
class CommitReviewDialog;
class RenameRunner;
class WindowHost;
} // namespace lance::ui

namespace lance::ui {

class CatalogSession;

/// Commits the staged batch of one catalog: the review (skippable, never on production), then
/// exactly one batch-commit with staging frozen, then what the outcome asks for. Nothing
/// staged is lost on any outcome but success:
///  - committed: the staged rows and undo history go, the catalog is read again, the
///    server's per-operation results show in the banner, and reading the batch's tables back
///    confirms (or questions) that the server holds what it said it committed;
///  - 401/403: the key or token is asked for again (hidden), then the same batch is sent once
///    more; cancelling keeps everything staged;
///  - 409: the ConflictDialog (remove the conflicting and retry, refresh and review, keep, or
///    discard);
///  - the answer lost after sending: OutcomeReconciler reads the server and says whether it
///    was applied, never resending blindly;
///  - no batch-commit on the server: after an explicit "not atomic" confirmation, the
///    operations one by one, the applied ones leaving the panel;
///  - anything else: the reason in the banner, with Retry when sending again is safe.
/// Staged renames, which no batch carries, are applied after a committed batch, or alone when
/// nothing else is staged (RenameRunner); a failed batch leaves them staged, untried.
/// Every attempt goes to the profile's audit log.
class CommitController : public QObject
{
    Q_OBJECT

public:
    /// Keeps a secret typed after a 401 for the profile (a saved profile's keychain entry).
    using SecretSink = std::function<void(const QString &profile, const QString &secret)>;

    CommitController(WindowHost &window, CatalogSession &session, staging::PendingChanges &changes,
                     QSettings &settings, PrompterSource prompter, const QString &auditFolder,
                     QObject *parent = nullptr);
    ~CommitController() override;

    /// Reviews (unless skipped) and commits what is staged.
    void commit();
    commit::AuditLog &auditLog() const { return *m_audit; }
    void setSecretSink(SecretSink sink) { m_secretSink = std::move(sink); }

    /// Called with a committed transaction's id when the banner's "Show in History" is
    /// clicked; without one the banner offers no such button.
    void setHistoryOpener(std::function<void(const QString &)> opener)
    {
        m_historyOpener = std::move(opener);
    }

signals:
    /// A commit ended, whatever its outcome (the banner says which); after a success, once the
    /// confirming read is over too.
    void commitFinished(bool committed);

private:
    void send();
    /// Writes the staged restores' files into their tables, then runs `then`; when one cannot
    /// be written, shows the failure and thaws the staging instead: nothing is sent. Later
    /// for a table on a store (reached through the session, written off the GUI thread).
    void placeRestores(std::function<void()> then);
    void placed(const std::shared_ptr<commit::RestorePlacement> &placement,
                const api::Result<void> &result, const std::function<void()> &then);
    /// The catalog holds `operations`: their restores' kept copies go.
    void restoresTaken(const QList<api::CommitTableOperation> &operations);
    /// Nothing (else) placed was applied: those files leave their tables again.
    void withdrawRestores();
    /// A batch is committed and confirmed: says so, then applies the staged renames.
    void finishCommitted();
    /// Nothing but renames is staged: asks, then applies them.
    void applyRenamesOnly();
    void onOutcome(const commit::CommitOutcome &outcome);
    void onReconciled(const commit::OutcomeReconciler::Report &report);
    /// `results`: a line per operation; `confirmed`: the server's state was read already.
    void onCommitted(const QString &message, const QStringList &results, bool confirmed);
    void onConfirmed(const commit::OutcomeReconciler::Report &report);
    /// Adds "Show in History" to the success banner shown now, for the committed transaction.
    void offerHistory();
    void onConflict(const commit::CommitOutcome &outcome);
    void reauthenticate(const commit::CommitOutcome &outcome);
    void reconcile();
    void offerOneByOne(const commit::CommitOutcome &outcome);
    void showFailure(const QString &message, const QString &details, bool retry);
    void rereadCatalog();

    WindowHost &m_window;
    CatalogSession &m_session;
    staging::PendingChanges &m_changes;
    QSettings &m_settings;
    PrompterSource m_prompter;
    SecretSink m_secretSink;
    std::unique_ptr<commit::AuditLog> m_audit;
    commit::BatchSubmitter *m_submitter = nullptr;
    commit::OutcomeReconciler *m_reconciler = nullptr;
    commit::SequentialApplier *m_applier = nullptr;
    /// The staged restores' files this commit wrote into their tables (see RestorePlacement).
    std::optional<commit::RestorePlacement> m_restores;
    RenameRunner *m_renamer = nullptr;
    api::BatchCommitTablesRequest m_sent;
    QList<quint64> m_sentRows; //!< the row id of each operation of m_sent, in order
    /// What the reconciler reads for: a lost answer, or confirming a commit (its batch, its
    /// banner text and results).
    enum class Reading { LostAnswer, Confirmation } m_reading = Reading::LostAnswer;
    api::BatchCommitTablesRequest m_confirming;
    /// Positive, or Information when an operation changed nothing (already gone).
    MessageBanner::Severity m_committedSeverity = MessageBanner::Severity::Positive;
    QString m_committedMessage;
    QStringList m_committedResults;
    std::optional<QString> m_committedTransaction; //!< the last success's, for the History
    std::function<void(const QString &)> m_historyOpener;
};

} // namespace lance::ui
