// SPDX-License-Identifier: Apache-2.0
#include "ui/commit/CommitController.h"

#include "commit/AuditLog.h"
#include "commit/BatchSubmitter.h"
#include "commit/CommitOutcome.h"
#include "commit/OperationText.h"
#include "commit/OutcomeReconciler.h"
#include "commit/SequentialApplier.h"
#include "connection/CatalogConnection.h"
#include "details/ManifestAccess.h"
#include "details/RestoreSpool.h"
#include "details/VendedAccess.h"
#include "settings/AppSettings.h"
#include "staging/OperationSummary.h"
#include "staging/PendingChanges.h"
#include "staging/StagedRenames.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/commit/CommitReviewDialog.h"
#include "ui/commit/ConflictDialog.h"
#include "ui/commit/RenameRunner.h"
#include "ui/commit/ReviewFactsReader.h"
#include "ui/common/MessageBanner.h"
#include "ui/common/Prompter.h"
#include "ui/common/WindowHost.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QCoreApplication>
#include <QPointer>
#include <QStatusBar>
#include <QThreadPool>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace lance::ui {

namespace {

using Id = WindowActions::Id;
using commit::CommitOutcome;
using Severity = MessageBanner::Severity;

} // namespace

CommitController::CommitController(WindowHost &window, CatalogSession &session,
                                   staging::PendingChanges &changes, QSettings &settings,
                                   PrompterSource prompter, const QString &auditFolder,
                                   QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_session(session)
    , m_changes(changes)
    , m_settings(settings)
    , m_prompter(std::move(prompter))
    , m_audit(std::make_unique<commit::AuditLog>(auditFolder, session.connection().profile().name))
    , m_submitter(new commit::BatchSubmitter(session.catalog(), this))
    , m_reconciler(new commit::OutcomeReconciler(session.catalog(), this))
    , m_applier(new commit::SequentialApplier(session.catalog(), this))
    , m_renamer(new RenameRunner(window, session, changes, this))
{
    connect(m_submitter, &commit::BatchSubmitter::finished, this, &CommitController::onOutcome);
    connect(m_reconciler, &commit::OutcomeReconciler::finished, this,
            [this](const commit::OutcomeReconciler::Report &report) {
                if (m_reading == Reading::Confirmation) {
                    onConfirmed(report);
                } else {
                    onReconciled(report);
                }
            });
    connect(m_applier, &commit::SequentialApplier::finished, this,
            [this](const commit::SequentialApplier::Report &report) {
                m_audit->append(commit::AuditLog::locationOf(m_session.catalog()), m_sent, report);
                m_changes.setFrozen(false);
                QList<quint64> applied;
                QList<api::CommitTableOperation> appliedOperations;
                for (const qsizetype index : report.applied) {
                    applied << m_sentRows.value(index);
                    appliedOperations << m_sent.operations.value(index);
                }
                restoresTaken(appliedOperations);
                if (m_restores && report.failedIndex) {
                    // Those after the failed one were never sent; the failed one only when
                    // its failure says it was not applied.
                    m_restores->refused(
                        report.failure && commit::RestorePlacement::isRefusal(*report.failure)
                            ? *report.failedIndex
                            : *report.failedIndex + 1);
                }
                m_changes.clearAfterCommit(applied);
                if (report.isComplete()) {
                    onCommitted(report.message,
                                commit::OperationText::results(m_sent, report.results),
                                false); // reads the catalog again
                } else {
                    showFailure(report.message, {}, false);
                    rereadCatalog();
                }
            });
    QAction *action = window.actions().action(Id::Commit);
    connect(action, &QAction::triggered, this, &CommitController::commit);
    const auto update = [this, action] {
        action->setEnabled(!m_changes.isEmpty() && !m_changes.isFrozen()
                           && !m_changes.hasBlockingProblems()
                           && !m_session.connection().isReadOnly());
    };
    connect(&m_changes, &staging::PendingChanges::changed, action, update);
    connect(&m_changes, &staging::PendingChanges::problemsChanged, action, update);
    connect(&m_changes, &staging::PendingChanges::frozenChanged, action, update);
    update();
}

CommitController::~CommitController()
{
    m_window.actions().action(Id::Commit)->setEnabled(false);
}

void CommitController::commit()
{
    if (m_changes.isEmpty() || m_changes.isFrozen() || m_changes.hasBlockingProblems()) {
        return;
    }
    if (m_changes.count() == 0) {
        applyRenamesOnly();
        return;
    }
    const connection::ConnectionProfile &profile = m_session.connection().profile();
    const bool production
        = profile.environment == connection::ConnectionProfile::Environment::Production;
    QList<CommitReviewDialog::Line> lines;
    bool warned = false;
    const QList<api::CommitTableOperation> operations = m_changes.operations();
    for (int row = 0; row < int(operations.size()); ++row) {
        const api::CommitTableOperation &operation = operations.at(row);
        QStringList warnings;
        for (const staging::StagingProblem &problem : m_changes.problemsAt(row)) {
            warnings << problem.message; // none blocks: that was checked above
        }
        warned = warned || !warnings.isEmpty();
        lines.append({staging::OperationSummary::kindName(operation),
                      staging::OperationSummary::target(operation, m_changes.delimiter()),
                      staging::OperationSummary::summary(operation, false), warnings});
    }
    const staging::StagedRenames &renames = m_changes.renames();
    for (int row = 0; row < renames.count(); ++row) {
        const api::RenameTableRequest &rename = renames.stagedAt(row).request;
        lines.append({tr("Rename table, after the batch"),
                      rename.id.toString(m_changes.delimiter()),
                      tr("%1; on its own, not part of the batch's all-or-nothing")
                          .arg(renames.describe(rename)),
                      {}});
    }
    // "Without this review" is for routine batches: a warning is always shown first.
    if (!production && !warned && settings::AppSettings(m_settings).skipCommitReview()) {
        send();
        return;
    }
    auto *review = new CommitReviewDialog(m_changes.toRequest(), lines, profile.name,
                                          production ? profile.name : QString(), m_prompter(),
                                          m_window.dialogParent());
    review->setAttribute(Qt::WA_DeleteOnClose);
    connect(review, &QDialog::accepted, this, [this, review] {
        if (review->skipReviewNextTime()) {
            settings::AppSettings(m_settings).setSkipCommitReview(true);
        }
        send();
    });
    review->open(); // window-modal; the window keeps painting behind it
    // What the batch brings and takes, read off the window's thread, shown as it comes.
    ReviewFactsReader::start(*review, m_changes.operations(), m_session.connection().service(),
                             m_session.manifests());
}

void CommitController::finishCommitted()
{
    emit commitFinished(true);
    // Renames run after the batch and its confirming read: that read looks for the batch's
    // tables under the names it committed them with.
    m_renamer->start(true);
}

void CommitController::applyRenamesOnly()
{
    const staging::StagedRenames &renames = m_changes.renames();
    QStringList listed;
    for (int row = 0; row < renames.count(); ++row) {
        listed << renames.describe(renames.stagedAt(row).request);
    }
    const Prompter::Question question = Prompter::confirmation(
        tr("Rename Tables"), tr("Apply %n staged rename(s) now?", nullptr, renames.count()),
        listed.join(u'\n') + u"\n\n"_s
            + tr("Each is applied on its own, in this order; they are not one atomic commit. If "
                 "one fails, those before it stay applied and it stays staged, with those after "
                 "it. Only catalog entries change: the data stays where it is."),
        tr("&Apply"));
    if (m_prompter().ask(question) == 0) {
        m_renamer->start(false);
    }
}

void CommitController::send()
{
    if (m_submitter->isBusy()) {
        return; // one is in flight already: this click does nothing
    }
    m_committedTransaction.reset(); // only this batch's success may offer its transaction
    if (m_reading == Reading::Confirmation && m_reconciler->isRunning()) {
        // A new batch goes out before the last one's confirming read is in: the refresh shows
        // the catalog anyway, and one read at a time keeps the reports apart.
        m_reconciler->cancel();
        emit commitFinished(true);
    }
    m_reading = Reading::LostAnswer;
    m_sent = m_changes.toRequest();
    m_sentRows.clear();
    for (int row = 0; row < m_changes.count(); ++row) {
        m_sentRows << m_changes.stagedAt(row).rowId;
    }
    m_changes.setFrozen(true);
    placeRestores([this] {
        m_window.showStatus(
            tr("Committing %n operation(s)…", nullptr, int(m_sent.operations.size())));
        if (!m_submitter->submit(m_sent)) {
            m_changes.setFrozen(false);
        }
    });
}

void CommitController::placeRestores(std::function<void()> then)
{
    // A staged restore's files are kept aside until now (details::RestoreSpool): the catalog
    // checks and moves what the batch names, so they go into their tables just before it.
    const connection::ConnectionProfile &profile = m_session.connection().profile();
    auto placement = std::make_shared<commit::RestorePlacement>(
        details::ManifestAccess::forProfile(profile, m_settings),
        details::RestoreSpool::forProfile(profile));
    const QList<api::Identifier> tables = placement->storeTables(m_sent.operations);
    if (tables.isEmpty()) {
        // A few small files on this machine's disks: here.
        placed(placement, placement->place(m_sent.operations), then);
        return;
    }
    // Tables on a store: each reached as the window reads it, then written off this thread.
    auto left = std::make_shared<qsizetype>(tables.size());
    for (const api::Identifier &table : tables) {
        m_session.manifests().reach(
            table, this,
            [this, placement, left, table, then](const details::ManifestAccess &access) {
                placement->reachStore(table, access);
                if (--*left > 0) {
                    return;
                }
                m_window.showStatus(tr("Writing the restored versions to their tables' stores…"));
                QThreadPool::globalInstance()->start([self = QPointer<CommitController>(this),
                                                      placement, then,
                                                      operations = m_sent.operations] {
                    api::Result<void> result = placement->place(operations);
                    QMetaObject::invokeMethod(
                        QCoreApplication::instance(),
                        [self, placement, then, result = std::move(result)] {
                            if (self) {
                                self->m_window.clearStatus();
                                self->placed(placement, result, then);
                            }
                        },
                        Qt::QueuedConnection);
                });
            });
    }
}

void CommitController::placed(const std::shared_ptr<commit::RestorePlacement> &placement,
                              const api::Result<void> &result, const std::function<void()> &then)
{
    if (!result) {
        m_changes.setFrozen(false);
        showFailure(tr("Nothing was sent: a restored version's files could not be written into "
                       "its table."),
                    result.error().userMessage(), true);
        return;
    }
    m_restores.emplace(*placement);
    then();
}

void CommitController::restoresTaken(const QList<api::CommitTableOperation> &operations)
{
    if (m_restores) {
        m_restores->taken(operations);
    }
}

void CommitController::withdrawRestores()
{
    if (m_restores) {
        m_restores->refused();
    }
}

void CommitController::onOutcome(const CommitOutcome &outcome)
{
    m_window.clearStatus();
    m_audit->append(commit::AuditLog::locationOf(m_session.catalog()), m_sent, outcome);
    // What the catalog surely did not take leaves the tables again; a sign-in asked for sends
    // the same batch, its files with it (reauthenticate() takes them back if it is not sent).
    if (outcome.kind() != CommitOutcome::Kind::AuthFailed
        && commit::RestorePlacement::isRefusal(outcome)) {
        withdrawRestores();
    }
    switch (outcome.kind()) {
    case CommitOutcome::Kind::Committed: {
        m_changes.setFrozen(false);
        // What the server did, from its answer, not what was asked: a delete of versions
        // someone else removed first deletes nothing, and says so.
        const QList<api::CommitTableResult> &results = outcome.response().results;
        const QString effects = commit::OperationText::effects(m_sent, results);
        QString message = effects.isEmpty() ? tr("Committed %n operation(s) as one batch.", nullptr,
                                                 int(m_sent.operations.size()))
                                            : tr("Committed %n operation(s) as one batch: %1.",
                                                 nullptr, int(m_sent.operations.size()))
                                                  .arg(effects);
        m_committedTransaction = outcome.transactionId();
        if (outcome.transactionId()) {
            message += u' ' + tr("Transaction %1.").arg(*outcome.transactionId());
        }
        const QStringList unchanged = commit::OperationText::unchanged(m_sent, results);
        if (!unchanged.isEmpty()) {
            message += u' ' + unchanged.join(u' ');
        }
        m_committedSeverity = unchanged.isEmpty() ? Severity::Positive : Severity::Information;
        onCommitted(message, commit::OperationText::results(m_sent, results), false);
        return;
    }
    case CommitOutcome::Kind::Unknown:
        // Staging stays frozen until the server has been read: sending now could apply twice.
        m_window.banner().showMessage(Severity::Warning, outcome.message());
        reconcile();
        return;
    case CommitOutcome::Kind::Conflict:
        m_changes.setFrozen(false);
        onConflict(outcome);
        return;
    case CommitOutcome::Kind::Unsupported:
        m_changes.setFrozen(false);
        offerOneByOne(outcome);
        return;
    case CommitOutcome::Kind::AuthFailed:
        reauthenticate(outcome); // still frozen: the same batch may go out again
        return;
    case CommitOutcome::Kind::NotFound:
    case CommitOutcome::Kind::ServerError:
    case CommitOutcome::Kind::NetworkBeforeSend:
    case CommitOutcome::Kind::Invalid: {
        m_changes.setFrozen(false);
        QStringList missing;
        for (const CommitOutcome::Missing &gone : outcome.missing()) {
            missing << gone.id.toString(m_changes.delimiter());
        }
        QString details = outcome.error().details();
        if (!missing.isEmpty()) {
            details = tr("Missing: %1").arg(missing.join(u", "_s)) + u'\n' + details;
        }
        showFailure(outcome.message(), details, outcome.isRetrySafe());
        return;
    }
    }
}

void CommitController::onReconciled(const commit::OutcomeReconciler::Report &report)
{
    // Even a read-back that shows nothing applied leaves the restores' files: the server may
    // still be inside that commit, and a staged file left over costs nothing.
    m_changes.setFrozen(false);
    const QStringList seen = report.findingTexts();
    if (report.verdict == commit::OutcomeReconciler::Verdict::AllApplied) {
        m_committedSeverity = Severity::Positive;
        onCommitted(report.message, seen, true); // what was read is the confirmation
    } else {
        showFailure(report.message, seen.join(u'\n'), false);
    }
}

void CommitController::onCommitted(const QString &message, const QStringList &results,
                                   bool confirmed)
{
    restoresTaken(m_sent.operations);
    m_changes.clearAfterCommit();
    rereadCatalog();
    if (confirmed) {
        m_window.banner().showMessage(m_committedSeverity, message, results.join(u'\n'));
        offerHistory();
        finishCommitted();
        return;
    }
    // The server said committed; reading the tables back shows that it holds it, so the
    // steward does not have to take a 200 on trust.
    m_committedMessage = message;
    m_committedResults = results;
    m_confirming = m_sent;
    m_window.banner().showMessage(m_committedSeverity,
                                  tr("%1 Reading it back to confirm…").arg(message),
                                  results.join(u'\n'));
    m_reading = Reading::Confirmation;
    m_reconciler->reconcile(m_confirming);
}

void CommitController::onConfirmed(const commit::OutcomeReconciler::Report &report)
{
    m_reading = Reading::LostAnswer;
    const QStringList seen = report.findingTexts();
    const QString results = m_committedResults.join(u'\n');
    switch (report.verdict) {
    case commit::OutcomeReconciler::Verdict::AllApplied:
        // The read shows the state, not who made it: "as committed", not "every operation".
        m_window.banner().showMessage(
            m_committedSeverity,
            tr("%1 Reading it back shows the catalog as committed (%n operation(s) in place).",
               nullptr,
               int(std::count_if(report.findings.cbegin(), report.findings.cend(),
                                 [](const commit::OutcomeReconciler::Finding &found) {
                                     return found.seen == commit::OutcomeReconciler::Seen::Applied;
                                 })))
                .arg(m_committedMessage),
            results);
        break;
    case commit::OutcomeReconciler::Verdict::ReadFailed:
        m_window.banner().showMessage(
            Severity::Warning,
            tr("%1 It could not be read back to confirm: %2")
                .arg(m_committedMessage,
                     report.readError ? report.readError->userMessage() : report.message),
            results);
        break;
    case commit::OutcomeReconciler::Verdict::NoneApplied:
    case commit::OutcomeReconciler::Verdict::Mixed:
        // Another client may have changed the tables since; say what is there now.
        m_window.banner().showMessage(
            Severity::Warning,
            tr("%1 Reading it back does not show all of it; someone may have changed these "
               "tables since. See Details.")
                .arg(m_committedMessage),
            results + u"\n\n"_s + tr("Read back:") + u'\n' + seen.join(u'\n'));
        break;
    }
    offerHistory();
    finishCommitted();
}

void CommitController::offerHistory()
{
    if (m_historyOpener && m_committedTransaction) {
        m_window.banner().setAction(
            tr("Show in Histor&y"),
            [opener = m_historyOpener, id = *m_committedTransaction] { opener(id); });
    }
}

void CommitController::reauthenticate(const CommitOutcome &outcome)
{
    connection::CatalogConnection &connection = m_session.connection();
    const connection::ConnectionProfile &profile = connection.profile();
    if (!connection.acceptsSecret()) {
        m_changes.setFrozen(false);
        withdrawRestores();
        showFailure(tr("%1 This connection sends no API key or token; set one in Manage "
                       "Connections.")
                        .arg(outcome.message()),
                    outcome.error().details(), true);
        return;
    }
    Prompter::TextQuestion question;
    question.title = tr("Sign In Again");
    question.label = tr("The server refused the credentials of “%1” (HTTP %2). Enter the %3 "
                        "to send the same batch again; nothing has been applied.")
                         .arg(profile.name)
                         .arg(outcome.httpStatus())
                         .arg(profile.auth == rest::AuthMethod::BearerToken ? tr("bearer token")
                                                                            : tr("API key"));
    question.secret = true;
    const std::optional<QString> secret = m_prompter().askText(question);
    if (!secret) {
        m_changes.setFrozen(false);
        withdrawRestores();
        showFailure(outcome.message(), outcome.error().details(), true);
        return;
    }
    if (const api::Result<void> replaced = connection.replaceSecret(*secret);
        !replaced.hasValue()) {
        m_changes.setFrozen(false);
        withdrawRestores();
        showFailure(replaced.error().userMessage(), {}, true);
        return;
    }
    if (m_secretSink) {
        m_secretSink(profile.name, *secret);
    }
    m_window.showStatus(tr("Committing %n operation(s)…", nullptr, int(m_sent.operations.size())));
    if (!m_submitter->submit(m_sent)) { // the batch that was refused, unchanged
        m_changes.setFrozen(false);
    }
}

void CommitController::onConflict(const CommitOutcome &outcome)
{
    QStringList operations;
    for (qsizetype i = 0; i < m_sent.operations.size(); ++i) {
        operations << commit::OperationText::describe(m_sent.operations.at(i));
    }
    auto *dialog = new ConflictDialog(outcome, operations, m_window.dialogParent());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const QList<qsizetype> conflicting = outcome.conflictingOperations();
    connect(dialog, &QDialog::finished, this, [this, dialog, conflicting] {
        switch (dialog->choice()) {
        case ConflictDialog::Choice::RemoveConflictingAndRetry: {
            QList<quint64> rows;
            for (const qsizetype index : conflicting) {
                rows << m_sentRows.value(index);
            }
            if (m_changes.remove(rows).hasValue()) {
                commit();
            }
            break;
        }
        case ConflictDialog::Choice::RefreshAndReview:
            rereadCatalog();
            break;
        case ConflictDialog::Choice::KeepStaged:
            break;
        case ConflictDialog::Choice::DiscardAll:
            m_changes.discardAll();
            break;
        }
        emit commitFinished(false);
    });
    dialog->open();
}

void CommitController::reconcile()
{
    m_reconciler->reconcile(m_sent);
}

void CommitController::offerOneByOne(const CommitOutcome &outcome)
{
    Prompter::Question question;
    question.severity = Prompter::Severity::Warning;
    question.title = tr("No Batch Commit on This Server");
    question.text = outcome.message();
    question.informativeText
        = tr("The operations can be sent one by one instead. That is not atomic: if one fails, "
             "those before it stay applied. Sending stops at the first failure.");
    question.choices = {{tr("Apply &One by One"), Prompter::ChoiceRole::Accept},
                        {tr("Keep Staged"), Prompter::ChoiceRole::Reject}};
    question.defaultChoice = 1;
    if (m_prompter().ask(question) != 0) {
        emit commitFinished(false);
        return;
    }
    m_changes.setFrozen(true);
    placeRestores([this] { m_applier->apply(m_sent); });
}

void CommitController::showFailure(const QString &message, const QString &details, bool retry)
{
    if (retry) { // sending the same batch again is safe: Retry commits it (review included)
        m_window.banner().showRetryable(
            Severity::Error, tr("%1 Everything is still staged.").arg(message), details,
            [self = QPointer<CommitController>(this)] {
                if (self) { // the session (and this controller) may be gone by then
                    self->commit();
                }
            });
    } else {
        m_window.banner().showMessage(Severity::Error,
                                      tr("%1 Everything not applied is still staged.").arg(message),
                                      details);
    }
    emit commitFinished(false);
}

void CommitController::rereadCatalog()
{
    if (CatalogWorkspace *workspace = m_session.workspace()) {
        QList<api::Identifier> gone;
        for (const api::CommitTableOperation &operation : m_sent.operations) {
            if (const auto *removed = std::get_if<api::DeregisterTableRequest>(&operation)) {
                gone << removed->id;
            }
        }
        workspace->refreshAfterRemoving(gone);
    } else {
        m_session.check();
    }
}

} // namespace lance::ui
