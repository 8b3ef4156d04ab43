// SPDX-License-Identifier: Apache-2.0
// CatalogWorkspace when things go wrong, over the real engine: an unusable catalog folder and a
// namespace dropped behind the tree's back show error rows, painted apart and retried with
// Enter, a double-click or the context menu's Retry; Cancel (ActivityTracker::cancelAll) stops
// loading quietly and for good; a workspace replaced by the next one lets go of the window.
#include "ScriptedPrompter.h"
#include "SeededCatalog.h"
#include "TestRegistry.h"
#include "WorkspaceHarness.h"
#include "catalog/CatalogTreeModel.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/DetailsPanel.h"
#include "ui/catalog/VersionsPanel.h"
#include "ui/common/MessageBanner.h"
#include "ui/window/CatalogPane.h"
#include "ui/window/MainWindow.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QCoreApplication>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTreeView>

using namespace Qt::StringLiterals;
using lance::catalog::CatalogNode;
using lance::catalog::CatalogTreeModel;
using lance::test::SeededCatalog;
using lance::test::WorkspaceHarness;
using lance::ui::CatalogWorkspace;
using Id = lance::ui::WindowActions::Id;
using Kind = CatalogNode::Kind;

namespace {

Kind kindOf(const QModelIndex &index)
{
    return Kind(index.data(CatalogTreeModel::KindRole).toInt());
}

// Lets every zero-timer and posted event run: what the view would do on its own after a
// change happens now, or not at all.
void settle()
{
    for (int pass = 0; pass < 5; ++pass) {
        QCoreApplication::processEvents();
        QCoreApplication::sendPostedEvents();
    }
}

} // namespace

class TestCatalogWorkspaceFailures : public QObject
{
    Q_OBJECT

private slots:
    void cleanup();

    void unusableFolderShowsAnErrorRowThatEnterRetries();
    void droppedNamespaceErrorRowRetriesOnDoubleClick();
    void cancelStopsTheFirstPageForGood();
    void cancelStopsANamespacePageForGood();
    void versionsAndDetailsFailInPlaceAndRetry();
    void cancelStopsTheVersionsUntilLoadAll();
    void replacedWorkspaceLetsGoOfTheWindow();

private:
    QAction *action(Id id) const { return m_harness->window().actions().action(id); }

    std::unique_ptr<SeededCatalog> m_catalog;
    std::unique_ptr<WorkspaceHarness> m_harness;
};

void TestCatalogWorkspaceFailures::cleanup()
{
    m_harness.reset();
    m_catalog.reset();
}

void TestCatalogWorkspaceFailures::unusableFolderShowsAnErrorRowThatEnterRetries()
{
    m_catalog = std::make_unique<SeededCatalog>();
    m_catalog->breakRoot(); // a file where the catalog folder should be
    m_harness = std::make_unique<WorkspaceHarness>(m_catalog->service());
    QVERIFY(m_harness->waitForFirstPage());
    const QModelIndex error = m_harness->syntheticRow({});
    QVERIFY(error.isValid());
    QCOMPARE(kindOf(error), Kind::Error);

    // Painted apart: the error icon, a tinted row, and the way out in its text.
    const QStyleOptionViewItem option = WorkspaceHarness::styleOf(error);
    QVERIFY(!option.icon.isNull());
    QCOMPARE(option.backgroundBrush.style(), Qt::SolidPattern);
    QVERIFY2(option.text.endsWith(u"Retry"_s), qPrintable(option.text));
    QVERIFY(error.data(Qt::ToolTipRole).toString().contains(u"Retry"_s));
    // A steward's walk: the narrow tree cut its own error row. Its tooltip holds it whole.
    const QString message = error.data(lance::catalog::CatalogTreeModel::ErrorRole).toString();
    QVERIFY(!message.isEmpty());
    QVERIFY2(error.data(Qt::ToolTipRole).toString().startsWith(message),
             qPrintable(error.data(Qt::ToolTipRole).toString()));
    QVERIFY(m_harness->workspace().retryAction()->isEnabled()); // the root failed

    m_catalog->repairRoot();
    QVERIFY(m_catalog->declareTables(QString(), {u"kept"_s}));
    QVERIFY(m_harness->click(error));
    QVERIFY(m_harness->workspace().retryAction()->isEnabled());
    QVERIFY(!action(Id::Copy)->isEnabled()); // an error row is not something to copy
    QTest::keyClick(&m_harness->tree(), Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(m_harness->names(), QStringList{u"kept"_s},
                              WorkspaceHarness::TimeoutMs);
    QVERIFY(!m_harness->syntheticRow({}).isValid());
}

void TestCatalogWorkspaceFailures::droppedNamespaceErrorRowRetriesOnDoubleClick()
{
    m_catalog = std::make_unique<SeededCatalog>();
    QVERIFY(m_catalog->createNamespace(u"doomed"_s));
    QVERIFY(m_catalog->createNamespace(u"other"_s));
    m_harness = std::make_unique<WorkspaceHarness>(m_catalog->service());
    QTRY_COMPARE_WITH_TIMEOUT(m_harness->names(), (QStringList{u"doomed"_s, u"other"_s}),
                              WorkspaceHarness::TimeoutMs);
    QVERIFY(m_catalog->dropNamespace(u"doomed"_s)); // the tree does not know yet

    QVERIFY(m_harness->expand({u"doomed"_s}));
    const QPersistentModelIndex doomed = m_harness->row({u"doomed"_s});
    const QPersistentModelIndex error = m_harness->syntheticRow(doomed);
    QVERIFY(error.isValid());
    QCOMPARE(kindOf(error), Kind::Error);
    QVERIFY(m_harness->click(error));
    QVERIFY(m_harness->workspace().retryAction()->isEnabled());
    QVERIFY(!action(Id::LoadAll)->isEnabled());

    // Retrying while it is still missing fails again, in place.
    QSignalSpy failed(m_harness->workspace().treeModel(), &CatalogTreeModel::loadFailed);
    m_harness->workspace().retryAction()->trigger(); // the context menu's Retry
    QVERIFY(failed.wait(WorkspaceHarness::TimeoutMs));
    QCOMPARE(kindOf(m_harness->syntheticRow(doomed)), Kind::Error);

    QVERIFY(m_catalog->createNamespace(u"doomed"_s));
    QVERIFY(m_catalog->declareTables(u"doomed"_s, {u"back"_s}));
    const QRect rect = m_harness->tree()
                           .visualRect(m_harness->syntheticRow(doomed))
                           .intersected(m_harness->tree().viewport()->rect());
    QTest::mouseDClick(m_harness->tree().viewport(), Qt::LeftButton, {}, rect.center());
    QTRY_COMPARE_WITH_TIMEOUT(m_harness->names(doomed), QStringList{u"back"_s},
                              WorkspaceHarness::TimeoutMs);
    QVERIFY(!m_harness->syntheticRow(doomed).isValid());
}

void TestCatalogWorkspaceFailures::cancelStopsTheFirstPageForGood()
{
    m_catalog = std::make_unique<SeededCatalog>();
    QVERIFY(m_catalog->declareTables(QString(), {u"a"_s, u"b"_s}));
    m_catalog->pauseWorker(); // the first page stays on its way
    m_harness = std::make_unique<WorkspaceHarness>(m_catalog->service());
    QCOMPARE(m_harness->tracker().runningCount(), 1);
    QVERIFY(m_harness->isLoading({}));

    m_harness->tracker().cancelAll();
    m_catalog->resumeWorker();
    QTRY_COMPARE_WITH_TIMEOUT(m_harness->tracker().runningCount(), 0, WorkspaceHarness::TimeoutMs);
    QCOMPARE(m_harness->firstPageCount(), 1);
    // Nothing shown, no error row, and the view does not ask again by itself.
    settle();
    QCOMPARE(m_harness->tracker().runningCount(), 0);
    QCOMPARE(m_harness->shown().rowCount(), 0);

    // Refresh is how to go on.
    action(Id::Refresh)->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(m_harness->names(), (QStringList{u"a"_s, u"b"_s}),
                              WorkspaceHarness::TimeoutMs);
}

void TestCatalogWorkspaceFailures::cancelStopsANamespacePageForGood()
{
    m_catalog = std::make_unique<SeededCatalog>();
    QVERIFY(m_catalog->createNamespace(u"big"_s));
    QVERIFY(m_catalog->declareTables(u"big"_s, SeededCatalog::numbered(u"t"_s, 30)));
    m_harness = std::make_unique<WorkspaceHarness>(m_catalog->service());
    QTRY_COMPARE_WITH_TIMEOUT(m_harness->names(), QStringList{u"big"_s},
                              WorkspaceHarness::TimeoutMs);
    QVERIFY(m_harness->waitUntilLoaded({}));

    m_catalog->pauseWorker();
    const QPersistentModelIndex big = m_harness->row({u"big"_s});
    m_harness->tree().expand(big);
    QTRY_VERIFY_WITH_TIMEOUT(m_harness->isLoading(big), WorkspaceHarness::TimeoutMs);
    QCOMPARE(m_harness->tracker().runningCount(), 1);
    m_harness->tracker().cancelAll();
    m_catalog->resumeWorker();
    QTRY_VERIFY_WITH_TIMEOUT(!m_harness->isLoading(big), WorkspaceHarness::TimeoutMs);
    QTRY_COMPARE_WITH_TIMEOUT(m_harness->tracker().runningCount(), 0, WorkspaceHarness::TimeoutMs);
    settle();
    QCOMPARE(m_harness->tracker().runningCount(), 0);
    QVERIFY(!m_harness->syntheticRow(big).isValid()); // no error row
    const int listed = m_harness->names(big).size();
    QVERIFY2(listed < 30, qPrintable(QString::number(listed)));

    // Load All goes on from there.
    QVERIFY(m_harness->click(big));
    QVERIFY(action(Id::LoadAll)->isEnabled());
    action(Id::LoadAll)->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(m_harness->names(big).size(), 30, WorkspaceHarness::TimeoutMs);
}

void TestCatalogWorkspaceFailures::versionsAndDetailsFailInPlaceAndRetry()
{
    m_catalog = std::make_unique<SeededCatalog>();
    QVERIFY(m_catalog->createNamespace(u"ns"_s));
    QVERIFY(m_catalog->declareTables(u"ns"_s, {u"t"_s}));
    m_harness = std::make_unique<WorkspaceHarness>(m_catalog->service());
    QVERIFY(m_harness->waitForFirstPage());
    QVERIFY(m_harness->expand({u"ns"_s}));
    QVERIFY(m_catalog->dropNamespace(u"ns"_s)); // the table is gone behind the tree's back
    m_harness->window().detailsTabs()->setCurrentIndex(1); // Versions

    QVERIFY(m_harness->select({u"ns"_s, u"t"_s}));
    auto *versions = m_harness->workspace().versionsPanel();
    auto *versionsBanner = versions->findChild<lance::ui::MessageBanner *>(u"versionsBanner"_s);
    auto *detailsBanner
        = m_harness->workspace().detailsPanel()->findChild<lance::ui::MessageBanner *>(
            u"detailsBanner"_s);
    QTRY_VERIFY_WITH_TIMEOUT(versionsBanner->isVisible(), WorkspaceHarness::TimeoutMs);
    QVERIFY(versionsBanner->isRetryable());
    QCOMPARE(versions->statusText(), u"The versions could not be listed."_s);
    QVERIFY(detailsBanner->isVisibleTo(m_harness->workspace().detailsPanel()));
    QVERIFY(detailsBanner->isRetryable());
    QVERIFY(!action(Id::CopyLocation)->isEnabled());

    QVERIFY(m_catalog->createNamespace(u"ns"_s));
    QVERIFY(m_catalog->declareTables(u"ns"_s, {u"t"_s}));
    QVERIFY(m_catalog->addVersions(u"ns$t"_s, 3));
    QTest::mouseClick(versionsBanner->findChild<QPushButton *>(u"retryButton"_s), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(versions->tableView()->model()->rowCount(), 3,
                              WorkspaceHarness::TimeoutMs);
    QVERIFY(!versionsBanner->isVisible());
    QSignalSpy settled(&m_harness->workspace(), &CatalogWorkspace::detailsSettled);
    m_harness->window().detailsTabs()->setCurrentIndex(0); // Details
    QTest::mouseClick(detailsBanner->findChild<QPushButton *>(u"retryButton"_s), Qt::LeftButton);
    QVERIFY(settled.wait(WorkspaceHarness::TimeoutMs));
    QVERIFY(!detailsBanner->isVisible());
    QVERIFY(action(Id::CopyLocation)->isEnabled());
}

void TestCatalogWorkspaceFailures::cancelStopsTheVersionsUntilLoadAll()
{
    m_catalog = std::make_unique<SeededCatalog>();
    QVERIFY(m_catalog->createNamespace(u"ns"_s));
    QVERIFY(m_catalog->declareTables(u"ns"_s, {u"t"_s}));
    QVERIFY(m_catalog->addVersions(u"ns$t"_s, 12));
    m_harness = std::make_unique<WorkspaceHarness>(m_catalog->service());
    QVERIFY(m_harness->waitForFirstPage());
    QVERIFY(m_harness->expand({u"ns"_s}));
    QTRY_COMPARE_WITH_TIMEOUT(m_harness->tracker().runningCount(), 0, WorkspaceHarness::TimeoutMs);

    m_harness->window().detailsTabs()->setCurrentIndex(1); // Versions
    m_catalog->pauseWorker();
    QVERIFY(m_harness->click(m_harness->row({u"ns"_s, u"t"_s})));
    QVERIFY(m_harness->tracker().runningCount() >= 2); // the description and the versions
    m_harness->tracker().cancelAll();
    m_catalog->resumeWorker();
    QTRY_COMPARE_WITH_TIMEOUT(m_harness->tracker().runningCount(), 0, WorkspaceHarness::TimeoutMs);
    settle();
    auto *versions = m_harness->workspace().versionsPanel();
    QCOMPARE(m_harness->tracker().runningCount(), 0); // the table view did not ask again
    QCOMPARE(versions->tableView()->model()->rowCount(), 0);
    QCOMPARE(versions->statusText(), u"Listing stopped: 0 versions listed."_s);

    auto *loadAll = versions->findChild<QToolButton *>(u"versionsLoadAll"_s);
    QVERIFY(loadAll->isVisible());
    QTest::mouseClick(loadAll, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(versions->tableView()->model()->rowCount(), 12,
                              WorkspaceHarness::TimeoutMs);
    QCOMPARE(versions->statusText(), u"12 versions in all."_s);
}

void TestCatalogWorkspaceFailures::replacedWorkspaceLetsGoOfTheWindow()
{
    m_catalog = std::make_unique<SeededCatalog>();
    QVERIFY(m_catalog->declareTables(QString(), {u"a"_s}));
    SeededCatalog second;
    QVERIFY(second.declareTables(QString(), {u"z"_s}));
    QTemporaryDir dir;
    QSettings settings(dir.filePath(u"settings.ini"_s), QSettings::IniFormat);
    lance::ui::MainWindow window(settings);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    lance::activity::ActivityTracker tracker;

    auto first
        = std::make_unique<CatalogWorkspace>(window, m_catalog->service(), u"$"_s, &tracker, 5);
    QSignalSpy firstLoaded(first.get(), &CatalogWorkspace::firstPageLoaded);
    QVERIFY(firstLoaded.wait(WorkspaceHarness::TimeoutMs));
    first->select(SeededCatalog::id(u"a"_s));
    QTRY_VERIFY(window.actions().action(Id::Copy)->isEnabled());

    // The next catalog takes the panes before the first one goes.
    auto next = std::make_unique<CatalogWorkspace>(window, second.service(), u"$"_s, &tracker, 5);
    QSignalSpy nextLoaded(next.get(), &CatalogWorkspace::firstPageLoaded);
    QVERIFY(nextLoaded.wait(WorkspaceHarness::TimeoutMs));
    // Only the workspace showing its tree answers the window's commands.
    lance::test::ScriptedPrompter prompter;
    first->setPrompter(&prompter);
    next->setPrompter(&prompter);
    prompter.answerText(u"z"_s);
    window.actions().action(Id::GoToIdentifier)->trigger();
    QCOMPARE(prompter.asked().size(), 1);
    QTRY_COMPARE(next->currentIdentifier(), SeededCatalog::id(u"z"_s));
    QVERIFY(window.actions().action(Id::Copy)->isEnabled());
    first.reset();
    QVERIFY(window.actions().action(Id::Copy)->isEnabled()); // still the next one's

    // The last one going disables the commands it had enabled; its panes stay until replaced.
    QWidget *tree = next->treeView();
    next.reset();
    QCOMPARE(window.catalogPane().view(), tree);
    QVERIFY(!window.actions().action(Id::Copy)->isEnabled());
    QVERIFY(!window.actions().action(Id::GoToIdentifier)->isEnabled());
}

LCB_TEST_MAIN(TestCatalogWorkspaceFailures)
#include "TestCatalogWorkspaceFailures.moc"
