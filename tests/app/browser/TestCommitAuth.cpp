// SPDX-License-Identifier: Apache-2.0
// A batch refused with 401 in the real window, against lance-catalog-server whose API key was
// rotated while the window was connected: the key is asked for again (hidden), the same batch
// goes out once more and commits; cancelling keeps everything staged. No key reaches the
// settings file, the audit log or a message.
#include "AwaitCall.h"
#include "BrowserApplication.h"
#include "CatalogServerProcess.h"
#include "ScriptedPrompter.h"
#include "TestConnections.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "connection/ProfileStore.h"
#include "connection/SecretStore.h"
#include "rest/RestClient.h"
#include "staging/PendingChanges.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogSwitcher.h"
#include "ui/commit/CommitController.h"
#include "ui/common/MessageBanner.h"
#include "ui/staging/StagingController.h"
#include "ui/window/MainWindow.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QDirIterator>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::api::Identifier;
using lance::browser::BrowserApplication;
using lance::connection::ConnectionProfile;
using lance::test::TestConnections;

namespace {

const QString OldKey = u"old-key-4f1d9a"_s;
const QString NewKey = u"new-key-83be02"_s;
const QString RefusedKey = u"wrong-key-a71c"_s;
const QString Profile = u"Team server"_s;

} // namespace

class TestCommitAuth : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void aRotatedKeyIsAskedForAndTheSameBatchCommits();
    void cancellingTheSignInKeepsEverythingStaged();

private:
    QString settingsFile() const { return m_dir->filePath(u"settings.ini"_s); }
    bool startOnServer(BrowserApplication &app);
    lance::staging::PendingChanges &changes(BrowserApplication &app) const
    {
        return app.session()->findChild<lance::ui::StagingController *>()->changes();
    }
    bool tableExists(const QString &key, const Identifier &id);
    QByteArray everythingWritten() const;

    std::optional<QTemporaryDir> m_dir;
    std::optional<lance::test::CatalogServerProcess> m_server;
    lance::test::ScriptedPrompter m_prompter;
};

void TestCommitAuth::initTestCase()
{
    TestConnections::disableKeychain();
}

void TestCommitAuth::init()
{
    m_dir.emplace();
    QVERIFY(m_dir->isValid());
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_dir->filePath(u"data"_s)));
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_dir->filePath(u"config"_s)));
    m_server.emplace();
    QVERIFY2(m_server->startWithApiKey(OldKey), qPrintable(m_server->standardError()));
    // A namespace, so the window shows a workspace rather than the empty state.
    std::unique_ptr<lance::connection::CatalogConnection> setup
        = TestConnections::openRest(m_server->url(), lance::rest::AuthMethod::ApiKey, OldKey);
    QVERIFY(setup);
    lance::api::CreateNamespaceRequest create;
    create.id = Identifier({u"sales"_s});
    QVERIFY(lance::test::succeeded(lance::test::awaitCall(*setup->restClient(), create),
                                   u"create sales"_s));

    QSettings settings(settingsFile(), QSettings::IniFormat);
    settings.setValue(u"staging/skipCommitReview"_s, true);
    lance::connection::ProfileStore store(settings);
    LCB_VERIFY_OK(store.add(
        TestConnections::restProfile(m_server->url(), lance::rest::AuthMethod::ApiKey, Profile)));
    m_prompter = lance::test::ScriptedPrompter();
}

void TestCommitAuth::cleanup()
{
    QCOMPARE(m_prompter.unanswered(), 0);
    // Whatever happened, no key was written anywhere the app writes files.
    const QByteArray written = everythingWritten();
    for (const QString &key : {OldKey, NewKey, RefusedKey}) {
        QVERIFY2(!written.contains(key.toUtf8()), qPrintable(key));
    }
    m_server.reset();
    m_dir.reset();
}

QByteArray TestCommitAuth::everythingWritten() const
{
    QByteArray all;
    QDirIterator files(m_dir->path(), QDir::Files, QDirIterator::Subdirectories);
    while (files.hasNext()) {
        QFile file(files.next());
        if (file.open(QIODevice::ReadOnly)) {
            all += file.readAll();
        }
    }
    return all;
}

bool TestCommitAuth::startOnServer(BrowserApplication &app)
{
    app.setPrompter(&m_prompter);
    QSignalSpy ready(&app, &BrowserApplication::ready);
    const std::optional<int> code
        = app.start({u"lance-catalog-browser"_s, u"--settings"_s, settingsFile(), u"--local"_s,
                     m_dir->filePath(u"empty"_s)});
    if (code || !(ready.count() == 1 || ready.wait(20000))) {
        return false;
    }
    bool written = false;
    app.switcher()->secrets().writeSecret(Profile, OldKey, &app,
                                          [&written](bool) { written = true; });
    if (!QTest::qWaitFor([&written] { return written; }, 10000)) {
        return false;
    }
    QSignalSpy checked(&app, &BrowserApplication::catalogChecked);
    app.switcher()->openProfile(Profile);
    return checked.wait(20000) && app.session()->workspace();
}

bool TestCommitAuth::tableExists(const QString &key, const Identifier &id)
{
    std::unique_ptr<lance::connection::CatalogConnection> reader
        = TestConnections::openRest(m_server->url(), lance::rest::AuthMethod::ApiKey, key);
    lance::api::TableExistsRequest request;
    request.id = id;
    const auto answer = lance::test::awaitCall(*reader->restClient(), request);
    return answer && answer->exists;
}

void TestCommitAuth::aRotatedKeyIsAskedForAndTheSameBatchCommits()
{
    BrowserApplication app;
    QVERIFY(startOnServer(app));
    lance::staging::PendingChanges &staged = changes(app);
    lance::api::DeclareTableRequest declare;
    declare.id = Identifier({u"sales"_s, u"orders"_s});
    LCB_VERIFY_OK(staged.stage(declare));

    QVERIFY2(m_server->rotateApiKey(NewKey), qPrintable(m_server->standardError()));
    m_prompter.answerText(NewKey);
    auto *commits = app.session()->findChild<lance::ui::CommitController *>();
    QSignalSpy finished(commits, &lance::ui::CommitController::commitFinished);
    app.window()->actions().action(lance::ui::WindowActions::Id::Commit)->trigger();
    QVERIFY(finished.wait(20000));
    QCOMPARE(finished.first().first().toBool(), true);

    QVERIFY(m_prompter.asked().contains(u"Sign In Again"_s));
    QVERIFY(m_prompter.lastTextQuestion().secret); // typed hidden
    QVERIFY2(m_prompter.lastTextQuestion().label.contains(u"401"_s),
             qPrintable(m_prompter.lastTextQuestion().label));
    QCOMPARE(staged.count(), 0);
    QVERIFY(tableExists(NewKey, declare.id));
    lance::ui::MessageBanner *banner = app.window()->messageBanner();
    QCOMPARE(banner->severity(), lance::ui::MessageBanner::Severity::Positive);

    // The saved profile keeps the new key (in the secret store, never in settings).
    std::optional<QString> kept;
    bool read = false;
    app.switcher()->secrets().readSecret(Profile, this, [&](std::optional<QString> secret) {
        kept = std::move(secret);
        read = true;
    });
    QTRY_VERIFY(read);
    QCOMPARE(kept, std::optional(NewKey));
}

void TestCommitAuth::cancellingTheSignInKeepsEverythingStaged()
{
    BrowserApplication app;
    QVERIFY(startOnServer(app));
    lance::staging::PendingChanges &staged = changes(app);
    lance::api::DeclareTableRequest first;
    first.id = Identifier({u"sales"_s, u"orders"_s});
    lance::api::DeclareTableRequest second;
    second.id = Identifier({u"sales"_s, u"returns"_s});
    LCB_VERIFY_OK(staged.stage(first));
    LCB_VERIFY_OK(staged.stage(second));
    const QList<lance::api::CommitTableOperation> before = staged.operations();

    QVERIFY2(m_server->rotateApiKey(NewKey), qPrintable(m_server->standardError()));
    // A wrong key is refused again and asked for again; then the steward gives up.
    m_prompter.answerText(RefusedKey);
    m_prompter.answerText(std::nullopt);
    auto *commits = app.session()->findChild<lance::ui::CommitController *>();
    QSignalSpy finished(commits, &lance::ui::CommitController::commitFinished);
    app.window()->actions().action(lance::ui::WindowActions::Id::Commit)->trigger();
    QVERIFY(finished.wait(20000));
    QCOMPARE(finished.first().first().toBool(), false);

    QCOMPARE(m_prompter.asked().count(u"Sign In Again"_s), 2);
    QCOMPARE(staged.operations(), before);
    QVERIFY(!staged.isFrozen());
    QVERIFY(app.window()->actions().action(lance::ui::WindowActions::Id::Commit)->isEnabled());
    lance::ui::MessageBanner *banner = app.window()->messageBanner();
    QCOMPARE(banner->severity(), lance::ui::MessageBanner::Severity::Error);
    QVERIFY(!banner->text().contains(RefusedKey) && !banner->details().contains(RefusedKey));
    QVERIFY(!tableExists(NewKey, first.id));
    QVERIFY(!tableExists(NewKey, second.id));
}

LCB_TEST_MAIN(TestCommitAuth)
#include "TestCommitAuth.moc"
