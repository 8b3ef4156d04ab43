// SPDX-License-Identifier: Apache-2.0
// Failed batch commits in the real window, against the real lance-catalog-server holding a real
// LanceDB table, with a FaultInjectingProxy in front of it that fails only the batch-commit:
// a 503 keeps everything staged until the retry; a server without batch-commit (404, no body)
// keeps everything or applies one by one, stopping at the first failure; a request lost before
// the server and an answer lost after it are both settled by reading the server, never by
// sending again. Each failure leaves the staged list exactly as it was.
#include "AwaitCall.h"
#include "BrowserApplication.h"
#include "CatalogServerProcess.h"
#include "CatalogSnapshot.h"
#include "FaultInjectingProxy.h"
#include "LanceFixture.h"
#include "ResultCatcher.h"
#include "ScriptedPrompter.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "catalog/TableVersionModel.h"
#include "commit/AuditLog.h"
#include "connection/ProfileStore.h"
#include "connection/SecretStore.h"
#include "rest/RestClient.h"
#include "staging/PendingChanges.h"
#include "staging/StagingJournal.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogSwitcher.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/commit/CommitController.h"
#include "ui/common/MessageBanner.h"
#include "ui/staging/StagingController.h"
#include "ui/window/MainWindow.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace Qt::StringLiterals;
using lance::api::CommitTableOperation;
using lance::api::Identifier;
using lance::browser::BrowserApplication;
using lance::staging::PendingChanges;
using lance::test::FaultInjectingProxy;
using lance::ui::CommitController;
using lance::ui::StagingController;
using Severity = lance::ui::MessageBanner::Severity;
using Id = lance::ui::WindowActions::Id;

namespace {

const QString ApiKey = u"proxy-test-key-3c9e51"_s;
const QString FaultyProfile = u"Faulty server"_s;
const QByteArray Unavailable
    = R"({"error":"The catalog is being restarted","code":17,"type":"ServiceUnavailable"})";

/// What a test compares before and after a failed commit: the operations, in order, with the
/// rows they are on.
struct Staged
{
    QList<CommitTableOperation> operations;
    QList<quint64> rowIds;

    explicit Staged(const PendingChanges &changes)
        : operations(changes.operations())
    {
        for (int row = 0; row < changes.count(); ++row) {
            rowIds << changes.stagedAt(row).rowId;
        }
    }
    bool operator==(const Staged &) const = default;
};

} // namespace

class TestCommitFailures : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void aServerErrorKeepsEverythingUntilTheRetry();
    void withoutBatchCommitKeepStagedAppliesNothing();
    void withoutBatchCommitOneByOneAppliesEverything();
    void oneByOneStopsAtTheFirstFailure();
    void aRequestLostOnTheWayIsReconciledAsNotApplied();
    void anAnswerLostAfterApplyingIsReconciledAsApplied();

private:
    /// Starts the window on an empty folder, then opens the server's profile through the
    /// proxy and waits until the table "people" shows its three versions.
    bool open(BrowserApplication &app);
    /// Stages "declare orders", optionally "declare returns", and "delete versions 1 and 2 of
    /// people"; the Commit action is then enabled.
    bool stageBatch(BrowserApplication &app, bool withReturns = false);
    /// Triggers Commit and waits until the commit ended; its `committed` argument.
    std::optional<bool> commit(BrowserApplication &app);
    /// Everything staged is still staged, nothing is frozen, the journal holds it, Commit is
    /// enabled, and the banner shows an error.
    void verifyKeptAfterFailure(BrowserApplication &app, const Staged &before);

    static StagingController *staging(BrowserApplication &app)
    {
        return app.session()->findChild<StagingController *>();
    }
    static PendingChanges &changes(BrowserApplication &app) { return staging(app)->changes(); }
    /// The outcome of each commit attempt in the profile's audit log ("server_error", ...).
    static QStringList auditedOutcomes(BrowserApplication &app);
    bool tableExists(const QString &name);
    QList<qint64> versionsOf(const QString &name);
    /// The batch-commits that reached the server, from its access log.
    int batchCommitsAtServer() const;
    QString settingsFile() const { return m_dir->filePath(u"settings.ini"_s); }

    std::optional<QTemporaryDir> m_dir;
    std::unique_ptr<lance::test::CatalogServerProcess> m_server;
    std::unique_ptr<FaultInjectingProxy> m_proxy;
    QNetworkAccessManager m_network;
    std::unique_ptr<lance::rest::RestClient> m_direct; //!< to the server, not through the proxy
    lance::test::ScriptedPrompter m_prompter;
};

void TestCommitFailures::init()
{
    m_dir.emplace();
    QVERIFY(m_dir->isValid());
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_dir->filePath(u"data"_s)));
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_dir->filePath(u"config"_s)));
    // The server registers the LanceDB table it finds in its root: "people", versions 1 to 3.
    const QString root = m_dir->filePath(u"root"_s);
    QVERIFY(lance::test::LanceFixture::copyInto(u"people.lance"_s, root));
    m_server = std::make_unique<lance::test::CatalogServerProcess>();
    QVERIFY2(m_server->startWithApiKey(ApiKey, root), qPrintable(m_server->standardError()));
    m_proxy = std::make_unique<FaultInjectingProxy>(m_server->url());
    QVERIFY(m_proxy->start());

    lance::rest::RestClientConfig config;
    config.baseUrl = m_server->url();
    config.auth = lance::rest::AuthMethod::ApiKey;
    config.secret = ApiKey;
    config.timeoutMs = 10000;
    m_direct = std::make_unique<lance::rest::RestClient>(&m_network, config);

    QSettings settings(settingsFile(), QSettings::IniFormat);
    settings.setValue(u"staging/skipCommitReview"_s, true);
    lance::connection::ConnectionProfile profile;
    profile.name = FaultyProfile;
    profile.kind = lance::connection::ConnectionProfile::Kind::Rest;
    profile.url = m_proxy->url();
    profile.auth = lance::rest::AuthMethod::ApiKey;
    profile.environment = lance::connection::ConnectionProfile::Environment::Staging;
    LCB_VERIFY_OK(lance::connection::ProfileStore(settings).add(profile));
    m_prompter = lance::test::ScriptedPrompter();
}

void TestCommitFailures::cleanup()
{
    QCOMPARE(m_prompter.unanswered(), 0);
    QVERIFY(!m_prompter.hasPendingAnswers());
    m_direct.reset();
    m_proxy.reset();
    m_server.reset();
    m_dir.reset();
}

bool TestCommitFailures::open(BrowserApplication &app)
{
    QSignalSpy ready(&app, &BrowserApplication::ready);
    app.setPrompter(&m_prompter);
    if (app.start({u"lance-catalog-browser"_s, u"--settings"_s, settingsFile(), u"--local"_s,
                   m_dir->filePath(u"empty"_s)})
        || !(ready.count() == 1 || ready.wait(30000))) {
        return false;
    }
    // The key lives in the app's secret store (memory here: no keychain runs in tests), and
    // reaches the server only if the proxy passes x-api-key through.
    bool written = false;
    app.switcher()->secrets().writeSecret(FaultyProfile, ApiKey, &app,
                                          [&written](bool) { written = true; });
    if (!QTest::qWaitFor([&written] { return written; }, 10000)) {
        return false;
    }
    QSignalSpy checked(&app, &BrowserApplication::catalogChecked);
    app.switcher()->openProfile(FaultyProfile);
    if (!checked.wait(20000) || checked.at(0).at(0).toBool()
        || app.catalogTitle() != FaultyProfile) {
        return false;
    }
    return QTest::qWaitFor(
        [&app] {
            lance::ui::CatalogWorkspace *workspace = app.session()->workspace();
            return workspace
                   && workspace->currentIdentifier() == std::optional(Identifier({u"people"_s}))
                   && workspace->versionModel()->rowCount() == 3;
        },
        20000);
}

bool TestCommitFailures::stageBatch(BrowserApplication &app, bool withReturns)
{
    PendingChanges &staged = changes(app);
    for (const QString &name :
         withReturns ? QStringList{u"orders"_s, u"returns"_s} : QStringList{u"orders"_s}) {
        lance::api::DeclareTableRequest declare;
        declare.id = Identifier({name});
        if (!staged.stage(declare).hasValue()) {
            return false;
        }
    }
    lance::api::BatchDeleteTableVersionsRequest remove;
    remove.id = Identifier({u"people"_s});
    remove.ranges = {{1, 3}}; // versions 1 and 2: the end is exclusive
    return staged.stage(remove).hasValue() && !staged.hasBlockingProblems()
           && app.window()->actions().action(Id::Commit)->isEnabled();
}

std::optional<bool> TestCommitFailures::commit(BrowserApplication &app)
{
    auto *controller = app.session()->findChild<CommitController *>();
    if (!controller) {
        return std::nullopt;
    }
    QSignalSpy finished(controller, &CommitController::commitFinished);
    app.window()->actions().action(Id::Commit)->trigger();
    // Some outcomes end inside trigger() (a question answered at once), others much later.
    if (!QTest::qWaitFor([&finished] { return !finished.isEmpty(); }, 30000)
        || finished.count() != 1) {
        return std::nullopt;
    }
    return finished.at(0).at(0).toBool();
}

void TestCommitFailures::verifyKeptAfterFailure(BrowserApplication &app, const Staged &before)
{
    PendingChanges &staged = changes(app);
    QVERIFY(Staged(staged) == before);
    QVERIFY(!staged.isFrozen());
    QVERIFY(app.window()->actions().action(Id::Commit)->isEnabled());
    lance::ui::MessageBanner *banner = app.window()->messageBanner();
    QVERIFY(banner->isVisible());
    QCOMPARE(banner->severity(), Severity::Error);
    // What survives a restart is the same batch.
    lance::staging::StagingJournal &journal = staging(app)->journal();
    journal.flush();
    QFile file(journal.fileName());
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(journal.fileName()));
    const auto restored = lance::staging::StagingJournal::decode(file.readAll(), FaultyProfile);
    QVERIFY(restored);
    QCOMPARE(restored->operations, before.operations);
}

QStringList TestCommitFailures::auditedOutcomes(BrowserApplication &app)
{
    QStringList outcomes;
    auto *controller = app.session()->findChild<CommitController *>();
    QFile file(controller ? controller->auditLog().filePath() : QString());
    if (!file.open(QIODevice::ReadOnly)) {
        return outcomes;
    }
    for (const QByteArray &line : file.readAll().split('\n')) {
        if (!line.trimmed().isEmpty()) {
            outcomes << QJsonDocument::fromJson(line).object().value(u"outcome"_s).toString();
        }
    }
    return outcomes;
}

bool TestCommitFailures::tableExists(const QString &name)
{
    lance::api::TableExistsRequest request;
    request.id = Identifier({name});
    const auto result = lance::test::awaitCall(*m_direct, request);
    return result && result->exists;
}

QList<qint64> TestCommitFailures::versionsOf(const QString &name)
{
    lance::api::ListTableVersionsRequest request;
    request.id = Identifier({name});
    const auto result = lance::test::awaitCall(*m_direct, request);
    QList<qint64> versions;
    for (const lance::api::TableVersion &version :
         result ? result->versions : QList<lance::api::TableVersion>{}) {
        versions << version.version;
    }
    std::sort(versions.begin(), versions.end());
    return versions;
}

int TestCommitFailures::batchCommitsAtServer() const
{
    // Access log lines: "POST /v1/table/batch-commit 200 3.1 ms".
    return int(m_server->standardError().count(u"POST /v1/table/batch-commit "_s));
}

void TestCommitFailures::aServerErrorKeepsEverythingUntilTheRetry()
{
    BrowserApplication app;
    QVERIFY(open(app));
    QVERIFY(stageBatch(app));
    const Staged before(changes(app));
    const QString serverBefore = lance::test::CatalogSnapshot::take(*m_direct);

    m_proxy->answer(503, Unavailable);
    QCOMPARE(commit(app), std::optional(false));
    verifyKeptAfterFailure(app, before);
    QCOMPARE(m_proxy->routeCount(), 1);
    QCOMPARE(lance::test::CatalogSnapshot::take(*m_direct), serverBefore);

    // The server is back: the banner's Retry sends the same batch, committed once.
    m_proxy->passThrough();
    lance::ui::MessageBanner *banner = app.window()->messageBanner();
    QVERIFY(banner->isRetryable());
    QSignalSpy finished(app.session()->findChild<CommitController *>(),
                        &CommitController::commitFinished);
    QTest::mouseClick(banner->findChild<QPushButton *>(u"retryButton"_s), Qt::LeftButton);
    QVERIFY(finished.wait(30000));
    QCOMPARE(finished.at(0).at(0).toBool(), true);
    QCOMPARE(changes(app).count(), 0);
    QCOMPARE(app.window()->messageBanner()->severity(), Severity::Positive);
    QCOMPARE(m_proxy->routeCount(), 2);
    QCOMPARE(m_proxy->routeBodies().at(1), m_proxy->routeBodies().at(0)); // the same batch
    QTRY_COMPARE(batchCommitsAtServer(), 1);
    QCOMPARE(auditedOutcomes(app), (QStringList{u"server_error"_s, u"committed"_s}));
    QVERIFY(tableExists(u"orders"_s));
    QCOMPARE(versionsOf(u"people"_s), QList<qint64>{3});
}

void TestCommitFailures::withoutBatchCommitKeepStagedAppliesNothing()
{
    BrowserApplication app;
    QVERIFY(open(app));
    QVERIFY(stageBatch(app));
    const Staged before(changes(app));
    const QString serverBefore = lance::test::CatalogSnapshot::take(*m_direct);

    m_proxy->answer(404, {}, {}); // a server that has no such route
    m_prompter.answerChoice(u"Keep Staged"_s);
    QCOMPARE(commit(app), std::optional(false));
    QCOMPARE(m_prompter.asked(), QStringList{u"No Batch Commit on This Server"_s});
    QCOMPARE(m_prompter.lastQuestion().severity, lance::ui::Prompter::Severity::Warning);
    QCOMPARE(Staged(changes(app)), before);
    QVERIFY(!changes(app).isFrozen());
    QVERIFY(app.window()->actions().action(Id::Commit)->isEnabled());
    QCOMPARE(m_proxy->routeCount(), 1);
    QCOMPARE(auditedOutcomes(app), QStringList{u"unsupported"_s});
    QCOMPARE(lance::test::CatalogSnapshot::take(*m_direct), serverBefore);
}

void TestCommitFailures::withoutBatchCommitOneByOneAppliesEverything()
{
    BrowserApplication app;
    QVERIFY(open(app));
    QVERIFY(stageBatch(app));

    m_proxy->answer(404, {}, {});
    m_prompter.answerChoice(u"Apply One by One"_s);
    QCOMPARE(commit(app), std::optional(true));
    QCOMPARE(changes(app).count(), 0);
    QVERIFY(!app.window()->isWindowModified());
    QCOMPARE(app.window()->messageBanner()->severity(), Severity::Positive);
    QCOMPARE(m_proxy->routeCount(), 1); // the batch was tried once, then never again
    QCOMPARE(batchCommitsAtServer(), 0);
    QCOMPARE(auditedOutcomes(app), (QStringList{u"unsupported"_s, u"committed"_s}));
    QVERIFY(tableExists(u"orders"_s));
    QCOMPARE(versionsOf(u"people"_s), QList<qint64>{3});
}

void TestCommitFailures::oneByOneStopsAtTheFirstFailure()
{
    BrowserApplication app;
    QVERIFY(open(app));
    QVERIFY(stageBatch(app, true)); // declare orders, declare returns, delete 1-2 of people
    const Staged before(changes(app));
    QCOMPARE(before.operations.size(), 3);

    // A second client declares "returns" first: the second operation conflicts.
    lance::api::DeclareTableRequest returns;
    returns.id = Identifier({u"returns"_s});
    QVERIFY(lance::test::awaitCall(*m_direct, returns));

    m_proxy->answer(404, {}, {});
    m_prompter.answerChoice(u"Apply One by One"_s);
    QCOMPARE(commit(app), std::optional(false));
    // Only the applied one left the panel; the failing one and the one never sent stay.
    PendingChanges &staged = changes(app);
    QCOMPARE(staged.operations(), before.operations.mid(1));
    QCOMPARE(staged.stagedAt(0).rowId, before.rowIds.at(1));
    QVERIFY(!staged.isFrozen());
    QCOMPARE(app.window()->messageBanner()->severity(), Severity::Error);
    QVERIFY(app.window()->messageBanner()->isVisible());
    QVERIFY(tableExists(u"orders"_s));
    QCOMPARE(versionsOf(u"people"_s), (QList<qint64>{1, 2, 3})); // never sent
    QCOMPARE(batchCommitsAtServer(), 0);
    QCOMPARE(auditedOutcomes(app), (QStringList{u"unsupported"_s, u"conflict"_s}));
}

void TestCommitFailures::aRequestLostOnTheWayIsReconciledAsNotApplied()
{
    BrowserApplication app;
    QVERIFY(open(app));
    QVERIFY(stageBatch(app));
    const Staged before(changes(app));
    const QString serverBefore = lance::test::CatalogSnapshot::take(*m_direct);
    QSignalSpy frozen(&changes(app), &PendingChanges::frozenChanged);

    m_proxy->dropUnsent();
    QCOMPARE(commit(app), std::optional(false));
    // The outcome was unknown, and the server was read before anything was decided.
    QCOMPARE(auditedOutcomes(app), QStringList{u"unknown"_s});
    QVERIFY(m_proxy->requestsAfterRoute() > 0);
    // Frozen from sending until the server had been read, then free again.
    QVERIFY(frozen.count() >= 2);
    QCOMPARE(frozen.first().at(0).toBool(), true);
    QCOMPARE(frozen.last().at(0).toBool(), false);
    verifyKeptAfterFailure(app, before);
    QCOMPARE(m_proxy->routeCount(), 1); // never resent, by Qt or by the app
    QCOMPARE(m_proxy->routeForwardedCount(), 0);
    QCOMPARE(batchCommitsAtServer(), 0);
    QCOMPARE(lance::test::CatalogSnapshot::take(*m_direct), serverBefore);
}

void TestCommitFailures::anAnswerLostAfterApplyingIsReconciledAsApplied()
{
    BrowserApplication app;
    QVERIFY(open(app));
    QVERIFY(stageBatch(app));

    m_proxy->dropAfterApplying();
    QCOMPARE(commit(app), std::optional(true));
    QCOMPARE(auditedOutcomes(app), QStringList{u"unknown"_s});
    QVERIFY(m_proxy->requestsAfterRoute() > 0); // the server was read
    QCOMPARE(changes(app).count(), 0);
    QVERIFY(!changes(app).isFrozen());
    QCOMPARE(app.window()->messageBanner()->severity(), Severity::Positive);
    QCOMPARE(m_proxy->routeCount(), 1);
    QCOMPARE(m_proxy->routeForwardedCount(), 1);
    QTRY_COMPARE(batchCommitsAtServer(), 1);
    QVERIFY(tableExists(u"orders"_s));
    QCOMPARE(versionsOf(u"people"_s), QList<qint64>{3});
}

LCB_TEST_MAIN(TestCommitFailures)
#include "TestCommitFailures.moc"
