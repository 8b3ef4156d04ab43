// SPDX-License-Identifier: Apache-2.0
// CatalogWorkspace in a real MainWindow over the real engine (LocalCatalogService in a
// temporary folder), driven through its widgets: the tree pages as it is expanded and
// scrolled, shows icons and declared-only marks, filters loaded names in collapsed namespaces,
// shows a table's details and versions, copies, goes to an identifier, loads everything, and
// refreshes keeping what was expanded and selected. Failures, Retry and Cancel are in
// TestCatalogWorkspaceFailures.
#include "ScriptedPrompter.h"
#include "SeededCatalog.h"
#include "TestRegistry.h"
#include "WorkspaceHarness.h"
#include "catalog/CatalogFilterModel.h"
#include "catalog/CatalogTreeModel.h"
#include "catalog/TableVersionModel.h"
#include "ui/catalog/CatalogItemDelegate.h"
#include "ui/catalog/CatalogTreeView.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/DetailsPanel.h"
#include "ui/catalog/VersionRecordView.h"
#include "ui/catalog/VersionsPanel.h"
#include "ui/common/MessageBanner.h"
#include "ui/common/PathLabel.h"
#include "ui/window/CatalogPane.h"
#include "ui/window/MainWindow.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QClipboard>
#include <QGuiApplication>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTest>
#include <QTreeView>

using namespace Qt::StringLiterals;
using lance::api::Identifier;
using lance::catalog::CatalogTreeModel;
using lance::catalog::TableVersionModel;
using lance::test::SeededCatalog;
using lance::test::WorkspaceHarness;
using lance::ui::CatalogWorkspace;
using Id = lance::ui::WindowActions::Id;

namespace {

template <typename T> T *child(const QWidget *parent, const QString &name)
{
    T *found = parent->findChild<T *>(name);
    if (!found) {
        QTest::qFail(qPrintable(u"no widget named %1"_s.arg(name)), __FILE__, __LINE__);
    }
    return found;
}

} // namespace

class TestCatalogWorkspace : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void showsTheRootWithIconsAndDeclaredOnlyMarks();
    void pagesWhenTheEndOfANamespaceShows();
    void filterFindsLoadedNamesInCollapsedNamespaces();
    void selectingATableShowsItsDetailsAndVersions();
    void copiesNamesIdentifiersAndLocations();
    void goToIdentifierLoadsTheWayAndSelects();
    void loadAllListsEveryPageOfTheSelectedNamespace();
    void refreshKeepsExpansionAndSelection();

private:
    QAction *action(Id id) const { return m_harness->window().actions().action(id); }
    [[nodiscard]] bool open(QSize windowSize = QSize(1100, 760));

    std::unique_ptr<SeededCatalog> m_catalog;
    std::unique_ptr<WorkspaceHarness> m_harness;
};

void TestCatalogWorkspace::init()
{
    // ops: a declared-only table and one with data. sales: a nested namespace, `orders` with 7
    // versions and 40 more tables (pages of 5). readme: declared only, in the root.
    m_catalog = std::make_unique<SeededCatalog>();
    QVERIFY(m_catalog->createNamespace(u"ops"_s));
    QVERIFY(m_catalog->declareTables(u"ops"_s, {u"jobs"_s, u"pending"_s}));
    QVERIFY(m_catalog->addVersions(u"ops$jobs"_s, 1));
    QVERIFY(m_catalog->createNamespace(u"sales"_s));
    QVERIFY(m_catalog->createNamespace(u"sales$eu"_s));
    QVERIFY(m_catalog->createNamespace(u"sales$eu$archive"_s));
    QVERIFY(m_catalog->declareTables(u"sales$eu"_s, {u"customers"_s, u"invoices"_s}));
    QVERIFY(m_catalog->declareTables(u"sales$eu$archive"_s, {u"old_orders"_s}));
    QVERIFY(m_catalog->declareTables(u"sales"_s, SeededCatalog::numbered(u"t"_s, 40)));
    QVERIFY(m_catalog->declareTables(u"sales"_s, {u"orders"_s}));
    QVERIFY(m_catalog->addVersions(u"sales$orders"_s, 7));
    QVERIFY(m_catalog->declareTables(QString(), {u"readme"_s}));
}

void TestCatalogWorkspace::cleanup()
{
    m_harness.reset();
    m_catalog.reset();
}

bool TestCatalogWorkspace::open(QSize windowSize)
{
    m_harness = std::make_unique<WorkspaceHarness>(m_catalog->service(), 5, windowSize);
    return m_harness->waitForFirstPage() && m_harness->waitUntilLoaded({});
}

void TestCatalogWorkspace::showsTheRootWithIconsAndDeclaredOnlyMarks()
{
    QVERIFY(open());
    QCOMPARE(m_harness->names(), (QStringList{u"ops"_s, u"sales"_s, u"readme"_s}));
    QVERIFY(qobject_cast<lance::ui::CatalogItemDelegate *>(m_harness->tree().itemDelegate()));
    QVERIFY(m_harness->window().catalogPane().view() == &m_harness->tree());

    QSignalSpy checked(m_harness->workspace().treeModel(), &CatalogTreeModel::declaredOnlyChecked);
    QVERIFY(m_harness->expand({u"ops"_s}));
    QTRY_VERIFY_WITH_TIMEOUT(
        m_harness->row({u"ops"_s, u"pending"_s}).data(CatalogTreeModel::DeclaredOnlyRole).isValid(),
        WorkspaceHarness::TimeoutMs);
    const QStyleOptionViewItem ops = WorkspaceHarness::styleOf(m_harness->row({u"ops"_s}));
    const QStyleOptionViewItem jobs
        = WorkspaceHarness::styleOf(m_harness->row({u"ops"_s, u"jobs"_s}));
    const QStyleOptionViewItem pending
        = WorkspaceHarness::styleOf(m_harness->row({u"ops"_s, u"pending"_s}));
    QVERIFY(!ops.icon.isNull());
    QVERIFY(!jobs.icon.isNull());
    QVERIFY(!pending.icon.isNull());
    QVERIFY(ops.icon.cacheKey() != jobs.icon.cacheKey());
    QVERIFY(pending.icon.cacheKey() != jobs.icon.cacheKey()); // the declared-table icon
    QVERIFY(pending.font.italic());
    QVERIFY(!jobs.font.italic());
    QVERIFY(m_harness->row({u"ops"_s, u"pending"_s})
                .data(Qt::ToolTipRole)
                .toString()
                .contains(u"Declared only"_s));
}

void TestCatalogWorkspace::pagesWhenTheEndOfANamespaceShows()
{
    // The tree shows fewer rows than `sales` holds (1 namespace, 41 tables).
    QVERIFY(open(QSize(900, 420)));
    QTreeView &tree = m_harness->tree();
    const int visibleRows = tree.viewport()->height() / tree.sizeHintForRow(0);
    QVERIFY2(visibleRows < 30, qPrintable(u"%1 rows fit"_s.arg(visibleRows)));

    QVERIFY(m_harness->expand({u"sales"_s}));
    const QPersistentModelIndex sales = m_harness->row({u"sales"_s});
    // Pages come while the end of `sales` shows, then stop: not everything is listed.
    QTRY_VERIFY_WITH_TIMEOUT(!m_harness->isLoading(sales)
                                 && m_harness->tracker().runningCount() == 0,
                             WorkspaceHarness::TimeoutMs);
    const int firstRows = m_harness->shown().rowCount(sales);
    QVERIFY2(firstRows >= 6 && firstRows < 42, qPrintable(QString::number(firstRows)));
    QVERIFY(m_harness->shown().canFetchMore(sales));

    // Scrolling down brings the end into view: the next pages come, until all are in.
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            tree.verticalScrollBar()->setValue(tree.verticalScrollBar()->maximum());
            return m_harness->names(sales).size() == 42 && !m_harness->isLoading(sales);
        }(),
        WorkspaceHarness::TimeoutMs);
    QCOMPARE(m_harness->names(sales).first(), u"eu"_s);
    QCOMPARE(m_harness->names(sales).last(), u"t0039"_s);
    QVERIFY(!m_harness->shown().canFetchMore(sales));
}

void TestCatalogWorkspace::filterFindsLoadedNamesInCollapsedNamespaces()
{
    QVERIFY(open());
    QTreeView &tree = m_harness->tree();
    QVERIFY(m_harness->expand({u"sales"_s}));
    QVERIFY(m_harness->expand({u"sales"_s, u"eu"_s}));
    QVERIFY(m_harness->expand({u"sales"_s, u"eu"_s, u"archive"_s}));
    QVERIFY(m_harness->expand({u"ops"_s}));
    tree.collapse(m_harness->row({u"sales"_s}));

    // Ctrl+F focuses the box; typing filters.
    QLineEdit *filter = m_harness->window().catalogPane().filterEdit();
    m_harness->window().activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&m_harness->window()));
    action(Id::Find)->trigger();
    QTRY_VERIFY(filter->hasFocus());
    QTest::keyClicks(filter, u"OLD_"_s);
    QCOMPARE(m_harness->workspace().filterModel()->filterText(), u"OLD_"_s);
    QCOMPARE(m_harness->names(), QStringList{u"sales"_s});
    const QModelIndex match = m_harness->row({u"sales"_s, u"eu"_s, u"archive"_s, u"old_orders"_s});
    QVERIFY(match.isValid());
    QVERIFY(tree.isExpanded(m_harness->row({u"sales"_s})));
    QVERIFY(tree.isExpanded(m_harness->row({u"sales"_s, u"eu"_s})));
    QVERIFY(tree.isExpanded(m_harness->row({u"sales"_s, u"eu"_s, u"archive"_s})));
    QVERIFY(!m_harness->row({u"sales"_s, u"eu"_s, u"customers"_s}).isValid());
    // Beside the box: how many loaded names match, of how many are loaded.
    const auto *count = m_harness->window().catalogPane().findChild<QLabel *>(u"filterCount"_s);
    QVERIFY(count && count->isVisible());
    const lance::catalog::CatalogFilterModel::MatchCount counted
        = m_harness->workspace().filterModel()->matchCount();
    QCOMPARE(counted.matching, 1);
    QVERIFY(counted.loaded > 5);
    QCOMPARE(count->text(), u"1 of %1"_s.arg(counted.loaded));

    // A namespace that matches keeps its content browsable; the match alone is not expanded.
    filter->setText(u"eu"_s);
    QVERIFY(m_harness->row({u"sales"_s, u"eu"_s, u"customers"_s}).isValid());
    QVERIFY(tree.isExpanded(m_harness->row({u"sales"_s})));

    // Escape clears it: every row is back, `sales` collapsed again as it was.
    QTest::keyClick(filter, Qt::Key_Escape);
    QVERIFY(filter->text().isEmpty());
    QVERIFY(count->isHidden());
    QCOMPARE(m_harness->names(), (QStringList{u"ops"_s, u"sales"_s, u"readme"_s}));
    QVERIFY(!tree.isExpanded(m_harness->row({u"sales"_s})));
    QVERIFY(tree.isExpanded(m_harness->row({u"ops"_s})));
    QVERIFY(tree.isExpanded(m_harness->row({u"sales"_s, u"eu"_s})));

    // No loaded match: the empty tree says so and where to look instead; Escape in the tree
    // clears the filter too.
    auto &view = static_cast<lance::ui::CatalogTreeView &>(tree);
    filter->setText(u"zzz"_s);
    QCOMPARE(tree.model()->rowCount(), 0);
    QVERIFY2(view.placeholderText().contains(u"zzz"_s), qPrintable(view.placeholderText()));
    tree.setFocus();
    QTest::keyClick(&tree, Qt::Key_Escape);
    QVERIFY(filter->text().isEmpty());
    QVERIFY(view.placeholderText().isEmpty());
}

void TestCatalogWorkspace::selectingATableShowsItsDetailsAndVersions()
{
    QVERIFY(open());
    CatalogWorkspace &workspace = m_harness->workspace();
    auto *versions = workspace.versionsPanel();
    auto *pages = child<QStackedWidget>(versions, u"versionsPages"_s);
    QCOMPARE(pages->currentWidget()->objectName(), u"versionsPlaceholder"_s);

    QVERIFY(m_harness->expand({u"sales"_s}));
    QSignalSpy changed(&workspace, &CatalogWorkspace::currentChanged);
    QVERIFY(m_harness->select({u"sales"_s, u"orders"_s}));
    QCOMPARE(changed.size(), 1);
    QCOMPARE(workspace.currentIdentifier(), SeededCatalog::id(u"sales$orders"_s));
    QCOMPARE(child<QLabel>(workspace.detailsPanel(), u"detailsTitle"_s)->text(),
             u"Table sales$orders"_s); // whole: sales$eu$orders is "orders" too

    // Versions: newest first, a page of 5, the newest selected and its record shown. A view
    // that shows all five rows (it keeps room for them) may ask for the next page at once.
    QTableView *table = versions->tableView();
    QTRY_VERIFY_WITH_TIMEOUT(table->model()->rowCount() >= 5, WorkspaceHarness::TimeoutMs);
    QCOMPARE(pages->currentWidget()->objectName(), u"versionsPage"_s);
    QCOMPARE(table->model()->index(0, TableVersionModel::VersionColumn).data().toString(), u"7"_s);
    QCOMPARE(table->model()->headerData(TableVersionModel::ManifestPathColumn, Qt::Horizontal),
             QVariant(u"Manifest path"_s));
    QTRY_COMPARE(child<QLabel>(versions, u"recordVersion"_s)->text(), u"7"_s);

    // Scrolling to the end lists the rest; the status line says so.
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            table->verticalScrollBar()->setValue(table->verticalScrollBar()->maximum());
            if (table->model()->canFetchMore({})) {
                table->model()->fetchMore({}); // what the view does at the end, if it all fits
            }
            return table->model()->rowCount() == 7;
        }(),
        WorkspaceHarness::TimeoutMs);
    QTRY_COMPARE(versions->statusText(), u"7 versions in all."_s);

    // Sorted by clicking the header: oldest first.
    QHeaderView *header = table->horizontalHeader();
    QTest::mouseClick(header->viewport(), Qt::LeftButton, {},
                      QPoint(header->sectionViewportPosition(TableVersionModel::VersionColumn)
                                 + header->sectionSize(TableVersionModel::VersionColumn) / 2,
                             header->height() / 2));
    QCOMPARE(table->model()->index(0, TableVersionModel::VersionColumn).data().toString(), u"1"_s);

    // A clicked version shows its whole record.
    const QModelIndex third = table->model()->index(2, TableVersionModel::VersionColumn);
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(third).center());
    QCOMPARE(child<QLabel>(versions, u"recordVersion"_s)->text(), u"3"_s);
    // The path whole in its tooltip (and on Ctrl+C), elided only when the pane is narrow.
    QCOMPARE(child<lance::ui::PathLabel>(versions, u"recordManifestPath"_s)->path(),
             u"s3://seeded/sales$orders/_versions/3.manifest"_s);
    QCOMPARE(child<QLabel>(versions, u"recordManifestPath"_s)->toolTip(),
             u"s3://seeded/sales$orders/_versions/3.manifest"_s);
    QVERIFY(child<QLabel>(versions, u"recordSize"_s)->text().contains(u"49 bytes"_s));
    QCOMPARE(child<QLabel>(versions, u"recordETag"_s)->text(), u"etag-3"_s);
    auto *metadata = child<QTableWidget>(versions, u"recordMetadata"_s);
    QCOMPARE(metadata->rowCount(), 1);
    QCOMPARE(metadata->item(0, 0)->text(), u"n"_s);
    QCOMPARE(metadata->item(0, 1)->text(), u"3"_s);

    // The file's own facts are columns a right click on the header shows.
    QVERIFY(header->isSectionHidden(TableVersionModel::ManifestPathColumn));
    QVERIFY(!header->isSectionHidden(TableVersionModel::RowsColumn));
    QMetaObject::invokeMethod(header, "customContextMenuRequested",
                              Q_ARG(QPoint, QPoint(10, header->height() / 2)));
    QMenu *columns = nullptr;
    QTRY_VERIFY((columns = header->findChild<QMenu *>(u"headerColumnsMenu"_s)) != nullptr);
    QAction *path = nullptr;
    for (QAction *each : columns->actions()) {
        QVERIFY(each->text() != u"Version"_s); // the key column is always shown
        if (each->text() == u"Manifest path"_s) {
            path = each;
        }
    }
    QVERIFY(path && path->isCheckable() && !path->isChecked());
    path->trigger();
    QVERIFY(!header->isSectionHidden(TableVersionModel::ManifestPathColumn));
    columns->close();

    // A namespace: its details, and the versions' hint again.
    QVERIFY(m_harness->select({u"sales"_s, u"eu"_s}));
    QCOMPARE(child<QLabel>(workspace.detailsPanel(), u"detailsTitle"_s)->text(),
             u"Namespace sales$eu"_s);
    QCOMPARE(pages->currentWidget()->objectName(), u"versionsPlaceholder"_s);
    QCOMPARE(changed.size(), 2);
}

void TestCatalogWorkspace::copiesNamesIdentifiersAndLocations()
{
    QVERIFY(open());
    for (const Id id : {Id::Copy, Id::CopyIdentifier, Id::CopyLocation}) {
        QVERIFY(!action(id)->isEnabled()); // nothing selected
    }
    QVERIFY(action(Id::GoToIdentifier)->isEnabled());
    QVERIFY(m_harness->expand({u"sales"_s}));
    QVERIFY(m_harness->select({u"sales"_s, u"orders"_s}));
    QVERIFY(action(Id::Copy)->isEnabled());
    QVERIFY(action(Id::CopyLocation)->isEnabled()); // the details are in

    QClipboard *clipboard = QGuiApplication::clipboard();
    action(Id::Copy)->trigger();
    QCOMPARE(clipboard->text(), u"orders"_s);
    action(Id::CopyIdentifier)->trigger();
    QCOMPARE(clipboard->text(), u"sales$orders"_s);
    action(Id::CopyLocation)->trigger();
    const auto &loaded = m_harness->workspace().loadedDetails();
    QVERIFY(loaded && loaded->tableDescription && loaded->tableDescription->location);
    QCOMPARE(clipboard->text(), *loaded->tableDescription->location);
    QVERIFY(!clipboard->text().isEmpty());

    // Ctrl+Shift+C from the tree; a namespace has no location.
    QVERIFY(m_harness->select({u"sales"_s, u"eu"_s}));
    QVERIFY(!action(Id::CopyLocation)->isEnabled());
    m_harness->tree().setFocus();
    QTest::keyClick(&m_harness->tree(), Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(clipboard->text(), u"sales$eu"_s);

    // The context menu offers the same, with Retry, Load All and Refresh.
    auto *view = qobject_cast<lance::ui::CatalogTreeView *>(&m_harness->tree());
    QVERIFY(view);
    std::unique_ptr<QMenu> menu(view->createContextMenu(nullptr));
    const QList<QAction *> actions = menu->actions();
    QVERIFY(actions.contains(action(Id::Copy)));
    QVERIFY(actions.contains(action(Id::CopyIdentifier)));
    QVERIFY(actions.contains(action(Id::CopyLocation)));
    QVERIFY(actions.contains(action(Id::LoadAll)));
    QVERIFY(actions.contains(action(Id::Refresh)));
    QVERIFY(actions.contains(m_harness->workspace().retryAction()));
    QVERIFY(!m_harness->workspace().retryAction()->isEnabled());
}

void TestCatalogWorkspace::goToIdentifierLoadsTheWayAndSelects()
{
    QVERIFY(open());
    lance::test::ScriptedPrompter prompter;
    m_harness->workspace().setPrompter(&prompter);
    QSignalSpy changed(&m_harness->workspace(), &CatalogWorkspace::currentChanged);

    // Nothing below the root is loaded: the namespaces on the way load, page by page.
    prompter.answerText(u"sales$eu$archive$old_orders"_s);
    action(Id::GoToIdentifier)->trigger();
    QCOMPARE(prompter.asked(), QStringList{u"Go to Identifier"_s});
    QVERIFY(changed.wait(WorkspaceHarness::TimeoutMs));
    QCOMPARE(m_harness->workspace().currentIdentifier(),
             SeededCatalog::id(u"sales$eu$archive$old_orders"_s));
    const QModelIndex found = m_harness->row({u"sales"_s, u"eu"_s, u"archive"_s, u"old_orders"_s});
    QCOMPARE(m_harness->tree().currentIndex(), found);
    QVERIFY(m_harness->tree().isExpanded(found.parent()));
    QVERIFY(m_harness->tree().viewport()->rect().intersects(m_harness->tree().visualRect(found)));

    // A table past the first page of `sales`.
    prompter.answerText(u"sales$t0031"_s);
    action(Id::GoToIdentifier)->trigger();
    QVERIFY(changed.wait(WorkspaceHarness::TimeoutMs));
    QCOMPARE(m_harness->workspace().currentIdentifier(), SeededCatalog::id(u"sales$t0031"_s));

    // Missing, and not an identifier: said in the banner; the selection stays.
    lance::ui::MessageBanner *banner = m_harness->window().messageBanner();
    prompter.answerText(u"sales$nope"_s);
    action(Id::GoToIdentifier)->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(banner->isVisible(), WorkspaceHarness::TimeoutMs);
    QVERIFY2(banner->text().contains(u"sales$nope"_s), qPrintable(banner->text()));
    prompter.answerText(u"sales$$x"_s);
    action(Id::GoToIdentifier)->trigger();
    QVERIFY2(banner->text().contains(u"sales$$x"_s), qPrintable(banner->text()));
    prompter.answerText(std::nullopt); // cancelled
    action(Id::GoToIdentifier)->trigger();
    QCOMPARE(m_harness->workspace().currentIdentifier(), SeededCatalog::id(u"sales$t0031"_s));
    QCOMPARE(prompter.unanswered(), 0);
}

void TestCatalogWorkspace::loadAllListsEveryPageOfTheSelectedNamespace()
{
    QVERIFY(open(QSize(900, 420)));
    QVERIFY(m_harness->select({u"sales"_s}));
    QVERIFY(action(Id::LoadAll)->isEnabled()); // nothing of `sales` is listed yet
    action(Id::LoadAll)->trigger();
    const QPersistentModelIndex sales = m_harness->row({u"sales"_s});
    QVERIFY(m_harness->tree().isExpanded(sales));
    QTRY_COMPARE_WITH_TIMEOUT(m_harness->names(sales).size(), 42, WorkspaceHarness::TimeoutMs);
    QVERIFY(m_harness->waitUntilLoaded(sales));
    QVERIFY(!action(Id::LoadAll)->isEnabled());
    // The root is listed already: with a table of it selected, there is nothing more to load.
    QVERIFY(m_harness->select({u"readme"_s}));
    QVERIFY(!action(Id::LoadAll)->isEnabled());
}

void TestCatalogWorkspace::refreshKeepsExpansionAndSelection()
{
    QVERIFY(open());
    QVERIFY(m_harness->expand({u"sales"_s}));
    QVERIFY(m_harness->expand({u"sales"_s, u"eu"_s}));
    QVERIFY(m_harness->select({u"sales"_s, u"eu"_s, u"customers"_s}));
    QVERIFY(m_catalog->declareTables(u"sales$eu"_s, {u"added"_s}));
    QVERIFY(m_catalog->createNamespace(u"new"_s));

    CatalogWorkspace &workspace = m_harness->workspace();
    QSignalSpy finished(workspace.treeModel(), &CatalogTreeModel::refreshFinished);
    QSignalSpy settled(&workspace, &CatalogWorkspace::detailsSettled);
    QSignalSpy changed(&workspace, &CatalogWorkspace::currentChanged);
    m_harness->tree().setFocus();
    QTest::keyClick(&m_harness->tree(), Qt::Key_F5);
    QVERIFY(finished.wait(WorkspaceHarness::TimeoutMs));
    QCOMPARE(m_harness->names(), (QStringList{u"new"_s, u"ops"_s, u"sales"_s, u"readme"_s}));
    const QModelIndex eu = m_harness->row({u"sales"_s, u"eu"_s});
    QVERIFY(m_harness->tree().isExpanded(m_harness->row({u"sales"_s})));
    QVERIFY(m_harness->tree().isExpanded(eu));
    QTRY_VERIFY_WITH_TIMEOUT(m_harness->names(eu).contains(u"added"_s),
                             WorkspaceHarness::TimeoutMs);
    QCOMPARE(m_harness->tree().currentIndex(),
             m_harness->row({u"sales"_s, u"eu"_s, u"customers"_s}));
    QVERIFY(m_harness->tree().selectionModel()->isSelected(m_harness->tree().currentIndex()));
    QCOMPARE(workspace.currentIdentifier(), SeededCatalog::id(u"sales$eu$customers"_s));
    QVERIFY(settled.size() == 1
            || settled.wait(WorkspaceHarness::TimeoutMs)); // the details were read again
    QCOMPARE(changed.size(), 0);
    QVERIFY(action(Id::Copy)->isEnabled());

    // A selection that is gone from the catalog is let go.
    QVERIFY(m_catalog->dropNamespace(u"sales$eu"_s));
    action(Id::Refresh)->trigger();
    QVERIFY(finished.wait(WorkspaceHarness::TimeoutMs));
    QTRY_COMPARE_WITH_TIMEOUT(changed.size(), 1, WorkspaceHarness::TimeoutMs);
    QCOMPARE(workspace.currentIdentifier(), std::nullopt);
    QVERIFY(!m_harness->row({u"sales"_s, u"eu"_s}).isValid());
}

LCB_TEST_MAIN(TestCatalogWorkspace)
#include "TestCatalogWorkspace.moc"
