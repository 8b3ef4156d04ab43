// SPDX-License-Identifier: Apache-2.0
// BrowserApplication on real catalogs: the demo catalog with a table selected and its details
// shown, the last catalog and selection restored at the next start, and a saved profile against
// the real lance-catalog-server: a wrong API key is explained, Retry with the right one opens
// it, and no key ever reaches the settings file.
#include "BrowserApplication.h"
#include "CatalogServerProcess.h"
#include "ReadinessGate.h"
#include "ScriptedPrompter.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "catalog/CatalogTreeModel.h"
#include "connection/ProfileStore.h"
#include "connection/SecretStore.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogSwitcher.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/common/MessageBanner.h"
#include "ui/connection/EnvironmentBand.h"
#include "ui/connection/ProfilesDialog.h"
#include "ui/window/MainWindow.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::api::Identifier;
using lance::browser::BrowserApplication;
using lance::connection::ConnectionProfile;

namespace {

const QString RightKey = u"right-key-4f1d0c"_s;
const QString WrongKey = u"wrong-key-9a7e21"_s;

} // namespace

class TestBrowserSessions : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void theDemoShowsATableWithItsDetails();
    void theLastCatalogAndSelectionComeBack();
    void aWrongApiKeyIsExplainedAndRetryUsesTheNewOne();
    void aProfileWithoutItsSecretSaysWhatToDo();
    void connectOpensTheProfileChosenInTheDialog();

private:
    bool startAndWait(BrowserApplication &app, const QStringList &arguments);
    QString settingsFile() const { return m_dir->filePath(u"settings.ini"_s); }
    void saveServerProfile();
    static bool writeSecret(BrowserApplication &app, const QString &profile, const QString &key);

    lance::test::CatalogServerProcess m_server;
    std::optional<QTemporaryDir> m_dir;
};

void TestBrowserSessions::initTestCase()
{
    qRegisterMetaType<lance::api::ApiError>();
    QVERIFY2(m_server.startWithApiKey(RightKey), qPrintable(m_server.standardError()));
}

void TestBrowserSessions::init()
{
    m_dir.emplace();
    QVERIFY(m_dir->isValid());
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_dir->filePath(u"data"_s)));
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_dir->filePath(u"config"_s)));
}

void TestBrowserSessions::cleanup()
{
    // Whatever happened, no secret may have reached the settings file.
    QFile file(settingsFile());
    if (file.open(QIODevice::ReadOnly)) {
        const QByteArray bytes = file.readAll();
        QVERIFY(!bytes.contains(RightKey.toUtf8()));
        QVERIFY(!bytes.contains(WrongKey.toUtf8()));
    }
    m_dir.reset();
}

bool TestBrowserSessions::startAndWait(BrowserApplication &app, const QStringList &arguments)
{
    QSignalSpy ready(&app, &BrowserApplication::ready);
    const std::optional<int> code = app.start(
        QStringList{u"lance-catalog-browser"_s, u"--settings"_s, settingsFile()} + arguments);
    return !code && (ready.count() == 1 || ready.wait(30000));
}

void TestBrowserSessions::saveServerProfile()
{
    QSettings settings(settingsFile(), QSettings::IniFormat);
    lance::connection::ProfileStore store(settings);
    ConnectionProfile profile;
    profile.name = u"Team server"_s;
    profile.kind = ConnectionProfile::Kind::Rest;
    profile.url = m_server.url();
    profile.auth = lance::rest::AuthMethod::ApiKey;
    profile.environment = ConnectionProfile::Environment::Staging;
    LCB_VERIFY_OK(store.add(profile));
}

bool TestBrowserSessions::writeSecret(BrowserApplication &app, const QString &profile,
                                      const QString &key)
{
    bool done = false;
    app.switcher()->secrets().writeSecret(profile, key, &app, [&done](bool) { done = true; });
    return QTest::qWaitFor([&done] { return done; }, 10000);
}

void TestBrowserSessions::theDemoShowsATableWithItsDetails()
{
    BrowserApplication app;
    QVERIFY(startAndWait(app, {u"--demo"_s}));
    QVERIFY(!app.window()->isShowingEmptyState());
    lance::ui::CatalogWorkspace *workspace = app.session()->workspace();
    QVERIFY(workspace);
    const std::optional<Identifier> current = workspace->currentIdentifier();
    QVERIFY(current);
    // The first table found, its details already on screen when ready() came.
    const QModelIndex selected = workspace->treeModel()->indexForId(*current);
    QCOMPARE(lance::catalog::CatalogTreeModel::kindOf(selected),
             lance::catalog::CatalogNode::Kind::Table);
    auto *title = app.window()->findChild<QLabel *>(u"detailsTitle"_s);
    QVERIFY(title);
    QVERIFY(title->isVisible());
    QVERIFY2(title->text().contains(current->names().last()), qPrintable(title->text()));
}

void TestBrowserSessions::theLastCatalogAndSelectionComeBack()
{
    Identifier chosen;
    {
        BrowserApplication app;
        QVERIFY(startAndWait(app, {u"--demo"_s}));
        lance::ui::CatalogWorkspace *workspace = app.session()->workspace();
        QVERIFY(workspace);
        chosen = *workspace->currentIdentifier();
        // Choose the parent namespace instead: that is what must come back.
        chosen = Identifier(chosen.names().mid(0, chosen.names().size() - 1));
        if (chosen.isRoot()) {
            QSKIP("the demo's first table is at the root");
        }
        workspace->select(chosen);
        QTRY_COMPARE(workspace->currentIdentifier(), std::optional(chosen));
        app.window()->close(); // saves the layout, as quitting does
    }
    BrowserApplication again;
    QVERIFY(startAndWait(again, {}));
    QCOMPARE(again.catalogTitle(), u"Demo catalog"_s);
    lance::ui::CatalogWorkspace *workspace = again.session()->workspace();
    QVERIFY(workspace);
    QTRY_COMPARE(workspace->currentIdentifier(), std::optional(chosen));
}

void TestBrowserSessions::aWrongApiKeyIsExplainedAndRetryUsesTheNewOne()
{
    saveServerProfile();
    BrowserApplication app;
    QVERIFY(startAndWait(app, {u"--local"_s, m_dir->filePath(u"empty"_s)}));
    QVERIFY(writeSecret(app, u"Team server"_s, WrongKey));

    QSignalSpy failed(&app, &BrowserApplication::catalogFailed);
    app.switcher()->openProfile(u"Team server"_s);
    QVERIFY(failed.wait(20000));
    lance::ui::MessageBanner *banner = app.window()->messageBanner();
    QVERIFY(banner->isVisible());
    QCOMPARE(banner->severity(), lance::ui::MessageBanner::Severity::Error);
    QVERIFY2(banner->text().contains(u"401"_s), qPrintable(banner->text()));
    QVERIFY2(banner->text().contains(u"API key was refused"_s), qPrintable(banner->text()));
    QVERIFY(!banner->text().contains(WrongKey));
    QVERIFY(!banner->details().contains(WrongKey));

    QVERIFY(writeSecret(app, u"Team server"_s, RightKey));
    QSignalSpy checked(&app, &BrowserApplication::catalogChecked);
    QTest::mouseClick(banner->findChild<QPushButton *>(u"retryButton"_s), Qt::LeftButton);
    QVERIFY2(checked.wait(20000), qPrintable(banner->text()));
    QVERIFY(!banner->isVisible());
    QCOMPARE(app.catalogTitle(), u"Team server"_s);
    QCOMPARE(app.window()->environmentBand()->environment(),
             std::optional(ConnectionProfile::Environment::Staging));

    // The request log holds both attempts and saves them with the key masked.
    const QString saved = m_dir->filePath(u"requests.jsonl"_s);
    lance::test::ScriptedPrompter prompter;
    app.setPrompter(&prompter);
    prompter.answerText(saved);
    QAction *save = app.window()->actions().action(lance::ui::WindowActions::Id::SaveRequestLog);
    QVERIFY(save->isEnabled());
    save->trigger();
    QFile file(saved);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray lines = file.readAll();
    QVERIFY(lines.contains("\"status\":401"));
    QVERIFY(lines.contains("[\"x-api-key\",\"***\"]"));
    QVERIFY(!lines.contains(RightKey.toUtf8()));
    QVERIFY(!lines.contains(WrongKey.toUtf8()));
    app.setPrompter(nullptr);
}

void TestBrowserSessions::aProfileWithoutItsSecretSaysWhatToDo()
{
    saveServerProfile();
    BrowserApplication app;
    QVERIFY(startAndWait(app, {u"--profile"_s, u"Team server"_s}));
    lance::ui::MessageBanner *banner = app.window()->messageBanner();
    QVERIFY(banner->isVisible());
    QVERIFY2(banner->text().contains(u"Manage Connections"_s), qPrintable(banner->text()));
    QVERIFY(app.window()->isShowingEmptyState());
}

void TestBrowserSessions::connectOpensTheProfileChosenInTheDialog()
{
    saveServerProfile();
    BrowserApplication app;
    QVERIFY(startAndWait(app, {u"--local"_s, m_dir->filePath(u"empty"_s)}));
    QVERIFY(writeSecret(app, u"Team server"_s, RightKey));

    app.window()->actions().action(lance::ui::WindowActions::Id::Connect)->trigger();
    auto *dialog = app.window()->findChild<lance::ui::ProfilesDialog *>();
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    QVERIFY(dialog->selectProfile(u"Team server"_s));
    // The window stays usable behind it: the dialog is window-modal, not a nested loop.
    QSignalSpy checked(&app, &BrowserApplication::catalogChecked);
    auto *connectButton = dialog->findChild<QPushButton *>(u"connectButton"_s);
    // The saved key arrives from the SecretStore a moment after the profile is shown.
    QTRY_VERIFY2(connectButton->isEnabled(), qPrintable(dialog->validationText()));
    QTest::mouseClick(connectButton, Qt::LeftButton);
    QVERIFY(checked.wait(20000));
    QCOMPARE(app.catalogTitle(), u"Team server"_s);
    QVERIFY(!app.window()->messageBanner()->isVisible());
    QTRY_VERIFY(!app.window()->findChild<lance::ui::ProfilesDialog *>()); // deleted on close
}

LCB_TEST_MAIN(TestBrowserSessions)
#include "TestBrowserSessions.moc"
