// SPDX-License-Identifier: Apache-2.0
// Files named on the browser's command line (`lance-catalog-browser people.lance/_versions/*`)
// registered in the real window, on the embedded catalog holding the LanceDB table "people":
// manifests go to the table whose location is their dataset folder (found by walking the
// catalog, not by name alone), versions already listed are flagged before anything is staged,
// a dataset without a table asks which one, and a dataset folder declares a new table. The
// registered versions are committed and read back from the engine.
#include "AwaitCall.h"
#include "BrowserApplication.h"
#include "DropTestSupport.h"
#include "StagingTestbed.h"
#include "TestRegistry.h"
#include "local/LocalCatalogService.h"
#include "staging/PendingChanges.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/commit/CommitController.h"
#include "ui/common/MessageBanner.h"
#include "ui/window/MainWindow.h"

#include <QDir>
#include <QImage>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTest>
#include <QUndoStack>

using namespace Qt::StringLiterals;
using lance::api::Identifier;
using lance::browser::BrowserApplication;
using lance::test::DropTestSupport;
using lance::test::StagingTestbed;
using Id = lance::ui::WindowActions::Id;

class TestCommandLineFiles : public QObject
{
    Q_OBJECT

private slots:
    void init() { DropTestSupport::init(m_bed); }
    void cleanup() { DropTestSupport::cleanup(m_bed); }
    void manifestsGoToTheTableAtTheirLocation();
    void versionsInTheCatalogAreFlagged();
    void withoutATableAtTheLocationItAsks();
    void aDatasetFolderDeclaresATable();
    void theScreenshotWaitsForTheFiles();

private:
    /// Starts `app` with `files` after the testbed's arguments; true once it is ready.
    bool start(BrowserApplication &app, const QStringList &files);
    /// Declares archive$people at `dataset` through the engine.
    bool declareArchive(const QString &dataset);

    std::optional<StagingTestbed> m_bed;
};

bool TestCommandLineFiles::start(BrowserApplication &app, const QStringList &files)
{
    QSignalSpy ready(&app, &BrowserApplication::ready);
    app.setPrompter(&m_bed->prompter());
    return !app.start(m_bed->arguments() + files)
           && (ready.count() == 1 || ready.wait(StagingTestbed::TimeoutMs));
}

bool TestCommandLineFiles::declareArchive(const QString &dataset)
{
    lance::local::LocalCatalogService engine(m_bed->catalog());
    lance::api::CreateNamespaceRequest archive;
    archive.id = Identifier({u"archive"_s});
    lance::api::DeclareTableRequest declare;
    declare.id = Identifier({u"archive"_s, u"people"_s});
    declare.location = dataset;
    return lance::test::succeeded(lance::test::awaitCall(engine, archive), u"create archive"_s)
           && lance::test::succeeded(lance::test::awaitCall(engine, declare),
                                     u"declare archive$people"_s);
}

void TestCommandLineFiles::manifestsGoToTheTableAtTheirLocation()
{
    // The writer's copy is declared as archive$people. The catalog's own "people" has the same
    // name but another location, so a lookup by name alone would pick the wrong one.
    const QString dataset = DropTestSupport::copyDataset(*m_bed, u"people.lance"_s, u"writer"_s);
    QVERIFY(!dataset.isEmpty());
    QVERIFY(declareArchive(dataset));
    QSettings(m_bed->filePath(u"settings.ini"_s), QSettings::IniFormat)
        .setValue(u"staging/skipCommitReview"_s, true);

    BrowserApplication app;
    const QStringList manifests = DropTestSupport::manifestsOf(dataset);
    QCOMPARE(manifests.size(), 3);
    QVERIFY(start(app, manifests));
    const Identifier archived({u"archive"_s, u"people"_s});
    lance::staging::PendingChanges &changes = StagingTestbed::changes(app);
    QVERIFY(m_bed->prompter().asked().isEmpty());
    QCOMPARE(changes.count(), 3);
    QCOMPARE(changes.undoStack()->count(), 1); // one step, undone at once
    QList<qint64> staged;
    for (int row = 0; row < changes.count(); ++row) {
        const auto *create
            = std::get_if<lance::api::CreateTableVersionRequest>(&changes.stagedAt(row).operation);
        QVERIFY(create);
        QCOMPARE(create->id, archived);
        staged << create->version;
    }
    QCOMPARE(staged, (QList<qint64>{1, 2, 3}));
    // The table is shown with its versions, where the staged ones are marked.
    QTRY_COMPARE_WITH_TIMEOUT(app.session()->workspace()->currentIdentifier(),
                              std::optional(archived), StagingTestbed::TimeoutMs);

    auto *commits = app.session()->findChild<lance::ui::CommitController *>();
    QVERIFY(commits);
    QSignalSpy finished(commits, &lance::ui::CommitController::commitFinished);
    StagingTestbed::action(app, Id::Commit)->trigger();
    QVERIFY(finished.wait(StagingTestbed::TimeoutMs));
    QVERIFY2(finished.first().first().toBool(),
             qPrintable(app.window()->messageBanner()->details()));
    QCOMPARE(DropTestSupport::versionsOf(*m_bed, archived), (QList<qint64>{1, 2, 3}));
}

void TestCommandLineFiles::versionsInTheCatalogAreFlagged()
{
    // The catalog's own table: every version is listed already, so there is nothing valid to
    // stage, and the steward is told why before anything changes.
    m_bed->prompter().answerChoice(u"Cancel"_s);
    BrowserApplication app;
    QVERIFY(start(app, DropTestSupport::manifestsOf(m_bed->catalog() + u"/people.lance"_s)));
    QCOMPARE(StagingTestbed::changes(app).count(), 0);
    QCOMPARE(m_bed->prompter().asked().size(), 1);
    const QString details = m_bed->prompter().lastQuestion().details;
    for (const QString &version : {u"version 1 "_s, u"version 2 "_s, u"version 3 "_s}) {
        QVERIFY2(details.contains(version), qPrintable(details));
    }
}

void TestCommandLineFiles::withoutATableAtTheLocationItAsks()
{
    const QString dataset = DropTestSupport::copyDataset(*m_bed, u"visits.lance"_s, u"writer"_s);
    QVERIFY(!dataset.isEmpty());
    m_bed->prompter().answerText(std::nullopt); // the steward cancels the question
    BrowserApplication app;
    QVERIFY(start(app, {dataset + u"/_versions"_s}));
    QCOMPARE(m_bed->prompter().lastTextQuestion().title, u"Register Dropped Manifests"_s);
    QCOMPARE(StagingTestbed::changes(app).count(), 0);
    const QString message = app.window()->statusBar()->currentMessage();
    QVERIFY2(message.contains(u"No table has its location at"_s) && message.contains(dataset),
             qPrintable(message));
}

void TestCommandLineFiles::aDatasetFolderDeclaresATable()
{
    const QString dataset = DropTestSupport::copyDataset(*m_bed, u"visits.lance"_s, u"writer"_s);
    QVERIFY(!dataset.isEmpty());
    m_bed->prompter().answerText(u"site_visits"_s);
    BrowserApplication app;
    QVERIFY(start(app, {dataset}));
    QCOMPARE(m_bed->prompter().lastTextQuestion().text, u"visits"_s); // offered: the folder's
    lance::staging::PendingChanges &changes = StagingTestbed::changes(app);
    QCOMPARE(changes.count(), 4);
    const auto *declare
        = std::get_if<lance::api::DeclareTableRequest>(&changes.stagedAt(0).operation);
    QVERIFY(declare);
    QCOMPARE(declare->id, Identifier({u"site_visits"_s}));
    QCOMPARE(declare->location, std::optional(dataset));
}

void TestCommandLineFiles::theScreenshotWaitsForTheFiles()
{
    // The real executable, as a steward's shell starts it: the picture is taken only once the
    // files are staged, and the journal it keeps holds them.
    const QString dataset = DropTestSupport::copyDataset(*m_bed, u"people.lance"_s, u"writer"_s);
    QVERIFY(!dataset.isEmpty());
    QVERIFY(declareArchive(dataset));
    const QString picture = m_bed->filePath(u"registered.png"_s);
    QProcess browser;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    browser.setProcessEnvironment(environment);
    browser.start(QStringLiteral(LCB_BROWSER_PATH), m_bed->arguments().mid(1)
                                                        + QStringList{u"--screenshot"_s, picture}
                                                        + DropTestSupport::manifestsOf(dataset));
    QVERIFY(browser.waitForFinished(StagingTestbed::TimeoutMs * 2));
    QVERIFY2(browser.exitCode() == 0, browser.readAllStandardError().constData());
    QVERIFY(!QImage(picture).isNull());

    const QDir staged(QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)
                      + u"/LanceCatalogBrowser/lance-catalog-browser/staged"_s);
    const QStringList journals = staged.entryList({u"*.json"_s}, QDir::Files);
    QCOMPARE(journals.size(), 1);
    QFile journal(staged.filePath(journals.first()));
    QVERIFY(journal.open(QIODevice::ReadOnly));
    QCOMPARE(journal.readAll().count("\"create_table_version\""), 3);
}

LCB_TEST_MAIN(TestCommandLineFiles)
#include "TestCommandLineFiles.moc"
