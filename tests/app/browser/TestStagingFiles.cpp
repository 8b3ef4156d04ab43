// SPDX-License-Identifier: Apache-2.0
// Staged work in files, from the real window on the embedded catalog holding a real LanceDB
// table: the batch exported from the Pending Changes dock is committed by the real
// `lance-catalog commit FILE` and imported again in a fresh window; a file that is not a
// usable batch is refused and changes nothing; and what was staged survives the app being
// killed with SIGKILL (StagingKillHelper), restored by the next start from its journal.
#include "BrowserApplication.h"
#include "CliRun.h"
#include "NextDialog.h"
#include "StagingKillWork.h"
#include "StagingOperations.h"
#include "StagingTestbed.h"
#include "TestFiles.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "api/JsonCodec.h"
#include "staging/PendingChanges.h"
#include "staging/StagingJournal.h"
#include "ui/common/MessageBanner.h"
#include "ui/staging/CreateVersionDialog.h"
#include "ui/staging/PendingChangesPanel.h"
#include "ui/staging/StagingController.h"
#include "ui/window/MainWindow.h"

#include <QAbstractButton>
#include <QAction>
#include <QFileInfo>
#include <QProcess>
#include <QPushButton>
#include <QScopeGuard>
#include <QStatusBar>
#include <QTest>
#include <QUndoStack>

using namespace Qt::StringLiterals;
using lance::api::CommitTableOperation;
using lance::api::Identifier;
using lance::browser::BrowserApplication;
using lance::staging::PendingChanges;
using lance::test::CliRun;
using lance::test::StagingTestbed;
using lance::test::TestFiles;
using Id = lance::ui::WindowActions::Id;
using Operations = QList<CommitTableOperation>;
using Ops = lance::test::StagingOperations;

class TestStagingFiles : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void anExportIsCommittedByTheCommandLineAndImportedAgain();
    void aFileThatIsNotABatchChangesNothing_data();
    void aFileThatIsNotABatchChangesNothing();
    void stagedWorkSurvivesSigkill();

private:
    std::optional<StagingTestbed> m_bed;
};

void TestStagingFiles::init()
{
    m_bed.emplace();
    QVERIFY(m_bed->isValid());
}

void TestStagingFiles::cleanup()
{
    QCOMPARE(m_bed->prompter().unanswered(), 0);
    m_bed.reset();
}

void TestStagingFiles::anExportIsCommittedByTheCommandLineAndImportedAgain()
{
    const QString file = m_bed->filePath(u"exports/batch.json"_s);
    Operations exported;
    {
        BrowserApplication app;
        QVERIFY(m_bed->start(app));
        PendingChanges &changes = StagingTestbed::changes(app);
        LCB_VERIFY_OK(changes.stage(Ops::declare(u"orders"_s)));
        // A new version from a staged manifest, as the Create Version dialog describes it.
        m_bed->prompter().answerText(TestFiles::stageManifest(m_bed->catalog(), u"people"_s, 4));
        lance::test::NextDialog::handle<lance::ui::CreateVersionDialog>(
            app.window(), [](QDialog *dialog) {
                QTest::mouseClick(dialog->findChild<QPushButton *>(u"chooseManifestButton"_s),
                                  Qt::LeftButton);
                QTest::mouseClick(dialog->findChild<QPushButton *>(u"stageButton"_s),
                                  Qt::LeftButton);
            });
        StagingTestbed::action(app, Id::CreateVersion)->trigger();
        LCB_VERIFY_OK(changes.stage(Ops::remove(u"people"_s, 1, 2)));
        exported = changes.operations();
        QCOMPARE(exported.size(), 3);

        m_bed->prompter().answerText(file);
        QAbstractButton *exportButton = StagingTestbed::panelButton(app, u"exportAction"_s);
        QVERIFY(exportButton && exportButton->isEnabled());
        QTest::mouseClick(exportButton, Qt::LeftButton);
        QVERIFY(QFileInfo::exists(file));
        const auto written
            = lance::api::json::decode<lance::api::BatchCommitTablesRequest>(TestFiles::read(file));
        QVERIFY(written);
        QCOMPARE(written->operations, exported);
        QVERIFY(m_bed->close(app, u"Discard"_s)); // the next window starts empty
    }

    {
        BrowserApplication fresh;
        QVERIFY(m_bed->start(fresh));
        PendingChanges &changes = StagingTestbed::changes(fresh);
        QCOMPARE(changes.count(), 0);
        m_bed->prompter().answerText(file);
        QAbstractButton *importButton = StagingTestbed::panelButton(fresh, u"importAction"_s);
        QVERIFY(importButton && importButton->isEnabled());
        QTest::mouseClick(importButton, Qt::LeftButton);
        QCOMPARE(changes.operations(), exported);
        QVERIFY(fresh.window()->isWindowModified());
        QCOMPARE(changes.undoStack()->count(), 1); // the import is one step
        QVERIFY(m_bed->close(fresh, u"Discard"_s));
    }

    // The same file, as the command line commits it.
    const CliRun commit = CliRun::runLocal(m_bed->catalog(), {u"commit"_s, file});
    QVERIFY2(commit.exitCode == 0, qPrintable(commit.err));
    QVERIFY2(commit.err.contains(u"Committed atomically"_s), qPrintable(commit.err));
    const CliRun tables = CliRun::runLocal(m_bed->catalog(), {u"tables"_s});
    QVERIFY2(tables.out.contains(u"orders"_s), qPrintable(tables.out));
    const CliRun versions = CliRun::runLocal(m_bed->catalog(), {u"versions"_s, u"people"_s});
    QVERIFY2(versions.exitCode == 0, qPrintable(versions.err));
    QStringList listed;
    for (const QString &line : versions.out.split(u'\n', Qt::SkipEmptyParts).mid(1)) {
        listed << line.section(u' ', 0, 0);
    }
    QCOMPARE(listed, (QStringList{u"4"_s, u"3"_s, u"2"_s})); // 4 created, 1 deleted
}

void TestStagingFiles::aFileThatIsNotABatchChangesNothing_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("message");
    QTest::newRow("garbage") << QByteArray("\x89PNG\r\n\x1a\n not a batch at all", 27)
                             << u"batch.json is not a valid batch commit request"_s;
    QTest::newRow("JSON of another shape")
        << QByteArray(R"({"tables": [{"name": "orders", "version": 4}]})") << u"batch.json"_s;
    QTest::newRow("a list") << QByteArray(R"([{"declare_table": {"id": ["orders"]}}])")
                            << u"batch.json is not a valid batch commit request"_s;
    QTest::newRow("an empty identifier")
        << QByteArray(R"({"operations": [{"declare_table": {"id": ["orders"]}},
                                         {"deregister_table": {"id": []}}]})")
        << u"batch.json"_s;
    QTest::newRow("an empty name")
        << QByteArray(R"({"operations": [{"create_table_version": {"id": ["people", ""],
            "version": 9, "manifest_path": "lake/people.lance/_versions/9.manifest"}}]})")
        << u"batch.json"_s;
}

void TestStagingFiles::aFileThatIsNotABatchChangesNothing()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, message);
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    PendingChanges &changes = StagingTestbed::changes(app);
    LCB_VERIFY_OK(changes.stage(Ops::declare(u"returns"_s)));
    StagingTestbed::action(app, Id::DeregisterTable)->trigger();
    const Operations staged = changes.operations();
    QCOMPARE(staged.size(), 2);
    const QList<quint64> rowIds{changes.stagedAt(0).rowId, changes.stagedAt(1).rowId};
    const int steps = changes.undoStack()->count();

    m_bed->prompter().answerText(TestFiles::write(m_bed->filePath(u"batch.json"_s), content));
    QTest::mouseClick(StagingTestbed::panelButton(app, u"importAction"_s), Qt::LeftButton);
    // Exactly as before: the same operations in the same rows, and no new undo step.
    QCOMPARE(changes.operations(), staged);
    QCOMPARE((QList<quint64>{changes.stagedAt(0).rowId, changes.stagedAt(1).rowId}), rowIds);
    QCOMPARE(changes.undoStack()->count(), steps);
    QCOMPARE(StagingTestbed::panel(app).commitButton()->text(), u"Commit (2)"_s);
    // And the window says why.
    lance::ui::MessageBanner *banner = app.window()->messageBanner();
    QVERIFY(banner->isVisible());
    QCOMPARE(banner->severity(), lance::ui::MessageBanner::Severity::Warning);
    QVERIFY2(banner->text().contains(message), qPrintable(banner->text()));
}

void TestStagingFiles::stagedWorkSurvivesSigkill()
{
    // The helper is lance-catalog-browser in all but its main(): same names, same folders.
    const QString application = QCoreApplication::applicationName();
    const QString organization = QCoreApplication::organizationName();
    const auto restoreNames = qScopeGuard([&] {
        QCoreApplication::setApplicationName(application);
        QCoreApplication::setOrganizationName(organization);
    });
    QCoreApplication::setApplicationName(u"lance-catalog-browser"_s);
    QCoreApplication::setOrganizationName(u"LanceCatalogBrowser"_s);

    QProcess helper; // XDG_DATA_HOME and XDG_CONFIG_HOME come from this process
    helper.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    helper.start(QStringLiteral(LCB_STAGING_KILL_HELPER_PATH), m_bed->arguments().mid(1));
    QVERIFY2(helper.waitForStarted(10000), qPrintable(helper.errorString()));
    QByteArray output;
    const QByteArray ready = lance::test::StagingKillWork::readyLine();
    QTRY_VERIFY_WITH_TIMEOUT((output += helper.readAllStandardOutput()).contains('\n')
                                 || helper.state() == QProcess::NotRunning,
                             StagingTestbed::TimeoutMs);
    QVERIFY2(output.startsWith(ready), output.constData());
    const QString journal = QString::fromUtf8(output.mid(ready.size()).trimmed());

    helper.kill(); // SIGKILL: no destructor, no flush, no question about staged work
    QVERIFY(helper.waitForFinished(10000));
    QCOMPARE(helper.exitStatus(), QProcess::CrashExit);
    QVERIFY2(QFileInfo::exists(journal), qPrintable(journal));

    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    lance::ui::StagingController &staging = StagingTestbed::staging(app);
    QCOMPARE(staging.journal().fileName(), journal);
    QCOMPARE(staging.changes().operations(), lance::test::StagingKillWork::operations());
    QVERIFY(app.window()->isWindowModified());
    QCOMPARE(StagingTestbed::panel(app).commitButton()->text(), u"Commit (3)"_s);
    QVERIFY(app.window()->statusBar()->currentMessage().contains(u"Restored 3 staged"_s));
    QVERIFY(!staging.changes().canUndo()); // restored is where undo starts
    QVERIFY(m_bed->close(app, u"Discard"_s));
    staging.journal().flush();
    QVERIFY(!QFileInfo::exists(journal)); // discarded: nothing left to restore
}

LCB_TEST_MAIN(TestStagingFiles)
#include "TestStagingFiles.moc"
