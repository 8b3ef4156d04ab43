// SPDX-License-Identifier: Apache-2.0
// ConnectionCommands on its own: a real CatalogSwitcher opening real local catalogs in
// temporary folders, a HeadlessWindow in place of the main window, the questions answered by a
// ScriptedPrompter and the errors caught where the browser's banner would show them.
#include "AwaitCall.h"
#include "HeadlessWindow.h"
#include "LanceFixture.h"
#include "PostedEvents.h"
#include "ScriptedPrompter.h"
#include "TestConnections.h"
#include "TestRegistry.h"
#include "activity/RequestLog.h"
#include "connection/CatalogConnection.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogSwitcher.h"
#include "ui/catalog/NamespaceCreator.h"
#include "ui/common/ImmediateAction.h"
#include "ui/common/MessageBanner.h"
#include "ui/connection/ConnectionCommands.h"

#include <QDir>
#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::api::Identifier;
using lance::test::HeadlessWindow;
using lance::test::ScriptedPrompter;
using lance::ui::CatalogSession;
using lance::ui::CatalogSwitcher;
using lance::ui::ConnectionCommands;

class TestConnectionCommands : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void aChosenFolderBecomesTheOpenCatalog();
    void aNamespaceIsCreatedInTheOpenCatalog();
    void aNameThatIsNoIdentifierIsRefused();
    void anotherCatalogOpenedMeanwhileCreatesNothing();
    void textThatIsNoServerUrlOpensNothing();
    void testingTheConnectionSaysWhatWorks();
    void theRequestLogIsSavedWhereAsked();

private:
    /// Opens `folder` through the Open Folder command; false when no session came of it.
    bool openFolder(const QString &folder);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QSettings> m_settings;
    std::unique_ptr<HeadlessWindow> m_window;
    std::unique_ptr<CatalogSwitcher> m_switcher;
    std::unique_ptr<ConnectionCommands> m_commands;
    ScriptedPrompter m_prompter;
    QList<lance::api::ApiError> m_errors;
    int m_retries = 0; //!< errors that came with a Retry
};

void TestConnectionCommands::initTestCase()
{
    lance::test::TestConnections::disableKeychain();
}

void TestConnectionCommands::init()
{
    m_prompter = ScriptedPrompter();
    m_errors.clear();
    m_retries = 0;
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_settings
        = std::make_unique<QSettings>(m_dir->filePath(u"settings.ini"_s), QSettings::IniFormat);
    m_window = std::make_unique<HeadlessWindow>();
    m_switcher = std::make_unique<CatalogSwitcher>(*m_settings, *m_window, false);
    m_commands = std::make_unique<ConnectionCommands>(
        *m_window, *m_switcher, [this]() -> lance::ui::Prompter & { return m_prompter; },
        [this](const lance::api::ApiError &error, const std::function<void()> &retry) {
            m_errors << error;
            m_retries += retry ? 1 : 0;
        });
}

void TestConnectionCommands::cleanup()
{
    m_commands.reset();
    m_switcher.reset(); // the sessions before the window they fill
    m_window.reset();
    m_settings.reset();
    m_dir.reset();
}

bool TestConnectionCommands::openFolder(const QString &folder)
{
    // As the composition root does: a new session is asked whether its catalog is empty.
    bool answered = false;
    QObject context;
    connect(m_switcher.get(), &CatalogSwitcher::sessionChanged, &context,
            [&answered, &context](CatalogSession *session) {
                connect(session, &CatalogSession::checked, &context,
                        [&answered] { answered = true; });
                session->check();
            });
    m_prompter.answerText(folder);
    m_commands->openFolder();
    return QTest::qWaitFor([&] { return answered; }, 10000) && m_switcher->session();
}

void TestConnectionCommands::aChosenFolderBecomesTheOpenCatalog()
{
    const QString folder = m_dir->filePath(u"lake"_s);
    QVERIFY(QDir().mkpath(folder));
    QVERIFY(lance::test::LanceFixture::copyInto(u"people.lance"_s, folder));
    QVERIFY(openFolder(folder));
    QCOMPARE(m_switcher->title(), u"lake"_s);
    QCOMPARE(QDir(m_switcher->session()->connection().profile().localFolder).absolutePath(),
             QDir(folder).absolutePath());
    QVERIFY(m_switcher->session()->workspace()); // the table was registered: not empty
    QVERIFY(m_errors.isEmpty());
    // Cancelled: what is open stays.
    CatalogSession *open = m_switcher->session();
    m_prompter.answerText(std::nullopt);
    m_commands->openFolder();
    QCOMPARE(m_switcher->session(), open);
}

void TestConnectionCommands::aNamespaceIsCreatedInTheOpenCatalog()
{
    const QString folder = m_dir->filePath(u"empty"_s);
    QVERIFY(QDir().mkpath(folder));
    QVERIFY(openFolder(folder));
    QVERIFY(!m_switcher->session()->workspace()); // empty: the window's empty state shows
    QSignalSpy created(m_commands.get(), &ConnectionCommands::namespaceCreated);
    QSignalSpy finished(&m_commands->namespaceCreator().action(),
                        &lance::ui::ImmediateAction::finished);
    // Immediate, not staged: asked first (the questions New Namespace… asks), and nothing is
    // created on Cancel.
    m_prompter.answerText(u"sales"_s);
    m_prompter.answerText(u"owner=finance"_s);
    m_prompter.answerChoice(u"Cancel"_s);
    m_commands->createNamespace();
    QVERIFY(finished.wait(10000));
    QCOMPARE(created.count(), 0);
    QCOMPARE(m_prompter.asked().mid(1), // after Open Folder's
             (QStringList{u"New Namespace"_s, u"New Namespace"_s, u"Create the Namespace Now"_s}));
    m_prompter.answerText(u"sales"_s);
    m_prompter.answerText(u"owner=finance"_s);
    m_prompter.answerChoice(u"Create Now"_s);
    m_commands->createNamespace();
    QVERIFY(created.wait(10000));
    QCOMPARE(m_window->status(), u"Created the namespace sales."_s);
    lance::api::DescribeNamespaceRequest describe;
    describe.id = Identifier(QStringList{u"sales"_s});
    const auto found = lance::test::awaitCall(m_switcher->session()->catalog(), describe);
    QVERIFY(found);
    QCOMPARE(found->properties, std::optional(lance::api::StringMap{{u"owner"_s, u"finance"_s}}));
    QVERIFY(m_errors.isEmpty());
}

void TestConnectionCommands::aNameThatIsNoIdentifierIsRefused()
{
    const QString folder = m_dir->filePath(u"empty"_s);
    QVERIFY(QDir().mkpath(folder));
    QVERIFY(openFolder(folder));
    QSignalSpy created(m_commands.get(), &ConnectionCommands::namespaceCreated);
    QSignalSpy finished(&m_commands->namespaceCreator().action(),
                        &lance::ui::ImmediateAction::finished);
    m_prompter.answerText(u"a$b"_s); // a name, not a path: the delimiter is not in one
    m_commands->createNamespace();
    QVERIFY(finished.count() == 1 || finished.wait(10000));
    QVERIFY2(m_prompter.lastTextProblem().contains(u"contains the delimiter"_s),
             qPrintable(m_prompter.lastTextProblem()));
    QCOMPARE(created.count(), 0);
}

void TestConnectionCommands::anotherCatalogOpenedMeanwhileCreatesNothing()
{
    const QString first = m_dir->filePath(u"first"_s);
    const QString second = m_dir->filePath(u"second"_s);
    QVERIFY(QDir().mkpath(first));
    QVERIFY(QDir().mkpath(second));
    QVERIFY(openFolder(first));
    QSignalSpy created(m_commands.get(), &ConnectionCommands::namespaceCreated);
    QSignalSpy finished(&m_commands->namespaceCreator().action(),
                        &lance::ui::ImmediateAction::finished);
    m_prompter.answerText(u"sales"_s);
    m_prompter.answerText(QString());
    m_prompter.answerChoice(u"Create Now"_s);
    m_prompter.answerChoice(u"OK"_s);
    // While the confirmation is open, another catalog is opened (from the Connection menu).
    m_prompter.whileOpen([&] { QVERIFY(openFolder(second)); }, 2);
    m_commands->createNamespace();
    QVERIFY(finished.wait(10000));
    QCOMPARE(finished.first().at(0).toBool(), false);
    QCOMPARE(m_prompter.lastQuestion().informativeText, u"The catalog was closed meanwhile."_s);
    QCOMPARE(created.count(), 0);
    for (const QString &folder : {first, second}) {
        QVERIFY(openFolder(folder));
        lance::api::NamespaceExistsRequest exists;
        exists.id = Identifier(QStringList{u"sales"_s});
        const auto found = lance::test::awaitCall(m_switcher->session()->catalog(), exists);
        QVERIFY(found && !found->exists);
    }
}

void TestConnectionCommands::textThatIsNoServerUrlOpensNothing()
{
    QSignalSpy changed(m_switcher.get(), &CatalogSwitcher::sessionChanged);
    m_prompter.answerText(u"localhost:2333"_s);
    m_commands->connectToUrl();
    QCOMPARE(m_errors.size(), 1);
    QVERIFY2(m_errors.first().userMessage().contains(u"http://"_s),
             qPrintable(m_errors.first().userMessage()));
    QCOMPARE(m_retries, 1);
    lance::test::PostedEvents::deliver();
    QCOMPARE(changed.count(), 0);
}

void TestConnectionCommands::testingTheConnectionSaysWhatWorks()
{
    const QString folder = m_dir->filePath(u"lake"_s);
    QVERIFY(QDir().mkpath(folder));
    QVERIFY(openFolder(folder));
    m_commands->testConnection();
    QVERIFY(m_window->status().startsWith(u"Testing the connection to "_s));
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->bannerText().isEmpty(), 10000);
    QCOMPARE(m_window->banner().severity(), lance::ui::MessageBanner::Severity::Positive);
    QVERIFY(m_window->status().isEmpty());
}

void TestConnectionCommands::theRequestLogIsSavedWhereAsked()
{
    const QString folder = m_dir->filePath(u"lake"_s);
    QVERIFY(QDir().mkpath(folder));
    QVERIFY(openFolder(folder));
    QVERIFY(m_switcher->requestLog().rowCount() > 0); // the emptiness check, at least
    const QString file = m_dir->filePath(u"requests.jsonl"_s);
    m_prompter.answerText(file);
    m_commands->saveRequestLog();
    QVERIFY(QFile::exists(file));
    QVERIFY2(m_window->status().startsWith(u"Saved "_s), qPrintable(m_window->status()));
    QVERIFY(m_window->bannerText().isEmpty());
}

LCB_TEST_MAIN(TestConnectionCommands)
#include "TestConnectionCommands.moc"
