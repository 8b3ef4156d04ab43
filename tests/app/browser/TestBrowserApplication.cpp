// SPDX-License-Identifier: Apache-2.0
// BrowserApplication in-process: the first run on the embedded catalog, the empty state's
// steps (answered by a ScriptedPrompter), errors with Retry, and refused options.
#include "BrowserApplication.h"
#include "ReadinessGate.h"
#include "ScriptedPrompter.h"
#include "TestRegistry.h"
#include "catalog/CatalogTreeModel.h"
#include "demo/DemoCatalog.h"
#include "local/LocalCatalogService.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/NamespaceCreator.h"
#include "ui/common/AppTheme.h"
#include "ui/common/ImmediateAction.h"
#include "ui/common/MessageBanner.h"
#include "ui/common/StatusColors.h"
#include "ui/connection/ConnectionCommands.h"
#include "ui/connection/EnvironmentBand.h"
#include "ui/window/MainWindow.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QApplication>
#include <QCommandLinkButton>
#include <QDir>
#include <QFileInfo>
#include <QPalette>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::browser::BrowserApplication;
using lance::test::ScriptedPrompter;
using lance::ui::EnvironmentBand;

class TestBrowserApplication : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void firstRunOpensTheEmbeddedCatalogAndOffersTheDemo();
    void theSecondStartKeepsTheEmbeddedCatalog();
    void createsANamespaceFromTheEmptyState();
    void opensAFolderChosenInTheEmptyState();
    void aBadServerUrlIsExplainedInTheBanner();
    void anUnreachableServerShowsAnErrorWithRetry();
    void readOnlyOffersNoNamespace();
    void conflictingOptionsAreRefused();
    void theThemeIsASettingOfTheViewMenu();
    void theScreenshotWaitsForTheDeclaredOnlyMarks();

private:
    /// Starts `app` with `arguments` (the settings file added) and waits until it is ready.
    bool startAndWait(BrowserApplication &app, const QStringList &arguments);
    void click(BrowserApplication &app, const QString &button);

    std::optional<QTemporaryDir> m_dir;
    ScriptedPrompter m_prompter;
};

void TestBrowserApplication::init()
{
    m_dir.emplace();
    QVERIFY(m_dir->isValid());
    // QStandardPaths reads these on every call: the embedded and demo catalogs go here.
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_dir->filePath(u"data"_s)));
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_dir->filePath(u"config"_s)));
    m_prompter = ScriptedPrompter();
}

void TestBrowserApplication::cleanup()
{
    QCOMPARE(m_prompter.unanswered(), 0);
    m_dir.reset();
}

bool TestBrowserApplication::startAndWait(BrowserApplication &app, const QStringList &arguments)
{
    QSignalSpy ready(&app, &BrowserApplication::ready);
    app.setPrompter(&m_prompter); // before start(): the window's panes keep the prompter
    const std::optional<int> code = app.start(
        QStringList{u"lance-catalog-browser"_s, u"--settings"_s, m_dir->filePath(u"settings.ini"_s)}
        + arguments);
    if (code) {
        return false;
    }
    return ready.count() == 1 || ready.wait(20000);
}

void TestBrowserApplication::click(BrowserApplication &app, const QString &button)
{
    auto *widget = app.window()->findChild<QAbstractButton *>(button);
    QVERIFY2(widget && widget->isVisible(), qPrintable(button));
    QTest::mouseClick(widget, Qt::LeftButton);
}

void TestBrowserApplication::firstRunOpensTheEmbeddedCatalogAndOffersTheDemo()
{
    BrowserApplication app;
    QVERIFY(startAndWait(app, {}));
    QVERIFY(app.readiness()->isReady());
    QVERIFY(app.window()->isVisible());
    // The embedded catalog is empty at the first start: the demo is shown instead, and the
    // banner says where the embedded catalog went.
    QCOMPARE(app.catalogTitle(), u"Demo catalog"_s);
    QVERIFY(!app.window()->isShowingEmptyState());
    QCOMPARE(app.window()->environmentBand()->environment(),
             std::optional(EnvironmentBand::Environment::Development));
    QVERIFY(lance::demo::DemoCatalog::isDemoFolder(lance::demo::DemoCatalog::defaultLocation()));
    QVERIFY(app.window()->windowTitle().startsWith(u"Demo catalog"_s));
    lance::ui::MessageBanner *banner = app.window()->messageBanner();
    QVERIFY(banner->isVisible());
    QVERIFY2(banner->text().contains(u"Disconnect"_s), qPrintable(banner->text()));

    // Disconnect: the embedded catalog, empty, with the demo as the first next step.
    QSignalSpy checked(&app, &BrowserApplication::catalogChecked);
    app.window()->actions().action(lance::ui::WindowActions::Id::Disconnect)->trigger();
    QVERIFY(checked.wait(20000));
    QCOMPARE(checked.takeFirst().at(0).toBool(), true);
    QVERIFY(app.window()->isShowingEmptyState());
    QCOMPARE(app.catalogTitle(), u"Embedded catalog"_s);
    QVERIFY(lance::local::LocalCatalogService::defaultRoot().startsWith(m_dir->path()));
    QCOMPARE(app.window()->environmentBand()->target(),
             QDir::toNativeSeparators(lance::local::LocalCatalogService::defaultRoot()));

    click(app, u"demoButton"_s);
    QVERIFY(checked.wait(20000));
    QCOMPARE(checked.takeFirst().at(0).toBool(), false);
    QCOMPARE(app.catalogTitle(), u"Demo catalog"_s);
}

void TestBrowserApplication::theSecondStartKeepsTheEmbeddedCatalog()
{
    {
        BrowserApplication first;
        QVERIFY(startAndWait(first, {}));
        QCOMPARE(first.catalogTitle(), u"Demo catalog"_s);
        QSignalSpy checked(&first, &BrowserApplication::catalogChecked);
        first.window()->actions().action(lance::ui::WindowActions::Id::Disconnect)->trigger();
        QVERIFY(checked.wait(20000));
    }
    // The demo was offered once; the embedded catalog, chosen last, stays.
    BrowserApplication second;
    QVERIFY(startAndWait(second, {}));
    QCOMPARE(second.catalogTitle(), u"Embedded catalog"_s);
    QVERIFY(second.window()->isShowingEmptyState());
}

void TestBrowserApplication::createsANamespaceFromTheEmptyState()
{
    BrowserApplication app;
    QVERIFY(startAndWait(app, {u"--local"_s, m_dir->filePath(u"empty"_s)}));
    QVERIFY(app.window()->isShowingEmptyState());
    QCOMPARE(app.catalogTitle(), u"empty"_s);

    // Immediate, unlike everything staged: it says so and asks first, as New Namespace… does.
    // Cancel creates nothing.
    m_prompter.answerText(u"analytics"_s);
    m_prompter.answerText(QString());
    m_prompter.answerChoice(u"Cancel"_s);
    QSignalSpy finished(&app.commands()->namespaceCreator().action(),
                        &lance::ui::ImmediateAction::finished);
    click(app, u"createNamespaceButton"_s);
    QVERIFY(finished.wait(20000));
    QCOMPARE(m_prompter.asked(),
             (QStringList{u"New Namespace"_s, u"New Namespace"_s, u"Create the Namespace Now"_s}));
    QVERIFY(app.window()->isShowingEmptyState());

    m_prompter.answerText(u"analytics"_s);
    m_prompter.answerText(QString());
    m_prompter.answerChoice(u"Create Now"_s);
    QSignalSpy checked(&app, &BrowserApplication::catalogChecked);
    click(app, u"createNamespaceButton"_s);
    QVERIFY(checked.wait(20000));
    QCOMPARE(checked.takeFirst().at(0).toBool(), false);
    QVERIFY(!app.window()->isShowingEmptyState());
    QCOMPARE(m_prompter.asked().size(), 6);
}

void TestBrowserApplication::opensAFolderChosenInTheEmptyState()
{
    BrowserApplication app;
    QVERIFY(startAndWait(app, {u"--local"_s, m_dir->filePath(u"first"_s)}));
    const QString second = m_dir->filePath(u"second"_s);
    m_prompter.answerText(second);
    QSignalSpy checked(&app, &BrowserApplication::catalogChecked);
    click(app, u"openFolderButton"_s);
    QVERIFY(checked.wait(20000));
    QCOMPARE(app.catalogTitle(), u"second"_s);
    QCOMPARE(app.window()->environmentBand()->target(), QDir::toNativeSeparators(second));
    QVERIFY(QFileInfo::exists(second));
}

void TestBrowserApplication::aBadServerUrlIsExplainedInTheBanner()
{
    BrowserApplication app;
    QVERIFY(startAndWait(app, {u"--local"_s, m_dir->filePath(u"empty"_s)}));
    m_prompter.answerText(u"catalog.example:2333"_s);
    click(app, u"connectButton"_s);
    lance::ui::MessageBanner *banner = app.window()->messageBanner();
    QVERIFY(banner->isVisible());
    QCOMPARE(banner->severity(), lance::ui::MessageBanner::Severity::Error);
    QVERIFY2(banner->text().contains(u"http://"_s), qPrintable(banner->text()));
    QCOMPARE(app.catalogTitle(), u"empty"_s); // nothing else was opened

    // Retry asks again; cancelling it changes nothing.
    m_prompter.answerText(std::nullopt);
    QTest::mouseClick(banner->findChild<QPushButton *>(u"retryButton"_s), Qt::LeftButton);
    QCOMPARE(m_prompter.asked().size(), 2);
    QCOMPARE(app.catalogTitle(), u"empty"_s);
}

void TestBrowserApplication::anUnreachableServerShowsAnErrorWithRetry()
{
    BrowserApplication app;
    // Port 1 on the loopback: refused at once.
    QVERIFY(startAndWait(app, {u"--url"_s, u"http://127.0.0.1:1"_s}));
    QCOMPARE(app.catalogTitle(), u"127.0.0.1:1"_s);
    lance::ui::MessageBanner *banner = app.window()->messageBanner();
    QVERIFY(banner->isVisible());
    QVERIFY(banner->isRetryable());
    QVERIFY(!banner->details().isEmpty());
    QVERIFY(app.window()->isShowingEmptyState());
    QCOMPARE(app.window()->emptyStatePanel()->situation(),
             lance::ui::EmptyStatePanel::Situation::NoCatalog);

    QSignalSpy failed(&app, &BrowserApplication::catalogFailed);
    QTest::mouseClick(banner->findChild<QPushButton *>(u"retryButton"_s), Qt::LeftButton);
    QVERIFY(failed.wait(20000));
    QVERIFY(banner->isVisible());
}

void TestBrowserApplication::theThemeIsASettingOfTheViewMenu()
{
    using Id = lance::ui::WindowActions::Id;
    using lance::ui::StatusColors;
    const QPalette system = QApplication::palette();
    {
        BrowserApplication first;
        QVERIFY(startAndWait(first, {u"--local"_s, m_dir->filePath(u"empty"_s)}));
        QVERIFY(first.window()->actions().action(Id::ThemeSystem)->isChecked());
        // View > Theme > Dark, as a person chooses it: the window turns dark at once.
        first.window()->actions().action(Id::ThemeDark)->trigger();
        QVERIFY(StatusColors::isDark(QApplication::palette()));
        QTRY_VERIFY(StatusColors::isDark(first.window()->palette()));
        QVERIFY(first.window()->actions().action(Id::ThemeDark)->isChecked());
        QVERIFY(!first.window()->actions().action(Id::ThemeSystem)->isChecked());
    }
    QCOMPARE(QSettings(m_dir->filePath(u"settings.ini"_s), QSettings::IniFormat)
                 .value(u"appearance/theme"_s)
                 .toString(),
             u"dark"_s);
    lance::ui::AppTheme::apply(lance::ui::AppTheme::Theme::System);
    QCOMPARE(QApplication::palette(), system); // System gives back what the app started with
    {
        // The next start comes up dark; System goes back to the desktop's colours.
        BrowserApplication second;
        QVERIFY(startAndWait(second, {u"--local"_s, m_dir->filePath(u"empty"_s)}));
        QVERIFY(second.window()->actions().action(Id::ThemeDark)->isChecked());
        QVERIFY(StatusColors::isDark(QApplication::palette()));
        second.window()->actions().action(Id::ThemeSystem)->trigger();
        QCOMPARE(QApplication::palette(), system);
    }
}

void TestBrowserApplication::theScreenshotWaitsForTheDeclaredOnlyMarks()
{
    // A catalog with a table declared and never written: the tree marks it once a second
    // listing (include_declared=false) has answered, and --screenshot waits for that.
    const QString folder = m_dir->filePath(u"declared"_s);
    QVERIFY(QDir().mkpath(folder));
    {
        // In a namespace: its listing, then its check, come after the root's.
        lance::local::LocalCatalogService catalog(folder);
        lance::api::CreateNamespaceRequest space;
        space.id = lance::api::Identifier({u"plans"_s});
        bool created = false;
        catalog.call(space, this, [&](lance::api::Result<lance::api::CreateNamespaceResponse> r) {
            created = r.hasValue();
        });
        QTRY_VERIFY(created);
        lance::api::DeclareTableRequest declare;
        declare.id = lance::api::Identifier({u"plans"_s, u"planned"_s});
        bool declared = false;
        catalog.call(declare, this, [&](lance::api::Result<lance::api::DeclareTableResponse> r) {
            declared = r.hasValue();
        });
        QTRY_VERIFY(declared);
    }
    BrowserApplication app;
    QSignalSpy finished(&app, &BrowserApplication::finished);
    const QString shot = m_dir->filePath(u"declared.png"_s);
    QVERIFY(startAndWait(app, {u"--local"_s, folder, u"--screenshot"_s, shot}));
    QVERIFY(finished.wait(30000));
    QCOMPARE(finished.first().first().toInt(), 0);
    // When the picture was taken, the mark was in (the check runs once; nothing changes after).
    const lance::catalog::CatalogTreeModel *tree = app.session()->workspace()->treeModel();
    const QModelIndex planned
        = tree->indexForId(lance::api::Identifier({u"plans"_s, u"planned"_s}));
    QVERIFY(planned.isValid());
    QVERIFY(planned.data(lance::catalog::CatalogTreeModel::DeclaredOnlyRole).toBool());
    QVERIFY(QFileInfo::exists(shot));
}

void TestBrowserApplication::readOnlyOffersNoNamespace()
{
    BrowserApplication app;
    QVERIFY(startAndWait(app, {u"--read-only"_s, u"--local"_s, m_dir->filePath(u"empty"_s)}));
    QVERIFY(app.window()->isShowingEmptyState());
    QVERIFY(app.window()->findChild<QWidget *>(u"createNamespaceButton"_s)->isHidden());
    QVERIFY(app.window()->environmentBand()->isReadOnly());
}

void TestBrowserApplication::conflictingOptionsAreRefused()
{
    BrowserApplication app;
    const std::optional<int> code
        = app.start({u"lance-catalog-browser"_s, u"--url"_s, u"http://h"_s, u"--local"_s, u"x"_s});
    QCOMPARE(code, std::optional(1));
    QVERIFY(!app.window());
}

LCB_TEST_MAIN(TestBrowserApplication)
#include "TestBrowserApplication.moc"
