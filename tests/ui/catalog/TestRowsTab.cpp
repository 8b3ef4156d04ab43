// SPDX-License-Identifier: Apache-2.0
// The details' Rows tab on a real local catalog holding LanceDB's `types` table
// (tests/data/lance/rows: every type a catalog holds, four versions): the rows are read only
// when the tab is shown, a page at a time as the view scrolls, of the version the Versions view
// has current; cells show values compactly, nulls quieter, the whole value in the tooltip and
// in the clipboard; a condition reads only the rows that meet it; the search and the column
// picker act on what is loaded.
#include "HeadlessCatalog.h"
#include "TestRegistry.h"
#include "catalog/TableRowsModel.h"
#include "catalog/TableVersionModel.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/DetailsPanel.h"
#include "ui/catalog/RowsView.h"
#include "ui/catalog/VersionsPanel.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QScrollBar>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QToolButton>

using namespace Qt::StringLiterals;
using lance::api::Identifier;
using lance::catalog::TableRowsModel;
using lance::test::HeadlessCatalog;

class TestRowsTab : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void rowsAreReadWhenTheTabIsShownAndPagedAsItScrolls();
    void anEarlierVersionShowsItsOwnRows();
    void copyFilterAndColumns();
    void aConditionReadsOnlyTheRowsThatMeetIt();

private:
    lance::ui::DetailsPanel *panel() const
    {
        return m_catalog->session().workspace()->detailsPanel();
    }
    lance::ui::RowsView *view() const { return panel()->rowsView(); }
    TableRowsModel *model() const { return view()->model(); }
    QString status() const { return view()->findChild<QLabel *>(u"rowsStatus"_s)->text(); }
    /// Shows the Rows tab and waits until its first page is there.
    bool showRowsTab();
    int column(const QString &name) const;

    std::unique_ptr<HeadlessCatalog> m_catalog;
    const Identifier m_types{QStringList{u"types"_s}};
};

void TestRowsTab::init()
{
    m_catalog = std::make_unique<HeadlessCatalog>();
    QVERIFY(m_catalog->open({}, {u"rows/types.lance"_s}));
}

void TestRowsTab::cleanup()
{
    m_catalog.reset();
}

bool TestRowsTab::showRowsTab()
{
    auto *tabs = panel()->findChild<QTabWidget *>(u"detailsTabs"_s);
    tabs->setCurrentWidget(view());
    return QTest::qWaitFor([this] { return model()->rowCount() > 0 && !model()->isLoading(); },
                           HeadlessCatalog::TimeoutMs);
}

int TestRowsTab::column(const QString &name) const
{
    for (int c = 0; c < model()->columnCount(); ++c) {
        if (model()->headerData(c, Qt::Horizontal).toString() == name) {
            return c;
        }
    }
    return -1;
}

void TestRowsTab::rowsAreReadWhenTheTabIsShownAndPagedAsItScrolls()
{
    QVERIFY(m_catalog->select(m_types));
    QCOMPARE(model()->rowCount(), 0); // not read until the tab is shown
    QVERIFY(showRowsTab());
    QCOMPARE(model()->rowCount(), int(TableRowsModel::PageRows));
    QCOMPARE(model()->columnCount(), 29); // _rowid and the 28 columns
    QCOMPARE(model()->headerData(0, Qt::Horizontal).toString(), u"_rowid"_s);
    QCOMPARE(model()->headerData(column(u"vec4"_s), Qt::Horizontal, Qt::ToolTipRole).toString(),
             u"vector<float, 4>"_s);
    // The first row as LanceDB wrote it (read-rows.mjs prints the same values).
    const auto cell = [this](int row, const QString &name, int role = Qt::DisplayRole) {
        return model()->data(model()->index(row, column(name)), role);
    };
    QCOMPARE(cell(0, u"cat"_s).toString(), u"epsilon"_s);
    QCOMPARE(cell(0, u"ts"_s).toString(), u"2024-01-01T00:00:00.000728Z"_s);
    QCOMPARE(cell(0, u"st"_s).toString(), u"{x: -42113, y: jandrevovek}"_s);
    QCOMPARE(cell(0, u"tags"_s).toString(), u"[null, tag0, tag8]"_s);
    QCOMPARE(cell(0, u"vec4"_s).toString(), u"[0.41054618, 0.2850871, 0.039869517, …] (4)"_s);
    QCOMPARE(cell(0, u"nint"_s, TableRowsModel::IsNullRole).toBool(), true);
    QCOMPARE(cell(0, u"id"_s, TableRowsModel::IsNullRole).toBool(), false);
    // The tooltip holds the whole vector.
    QVERIFY(cell(0, u"vec4"_s, Qt::ToolTipRole).toString().endsWith(u", 0.7366242]"_s));
    QVERIFY2(status().startsWith(u"Version 4 of types: 200 of 2,993 rows loaded"_s),
             qPrintable(status()));

    // Scrolled to the end: the next page.
    QTableView *table = view()->tableView();
    panel()->window()->resize(1000, 560);
    panel()->resize(1000, 520);
    panel()->window()->show();
    QVERIFY(QTest::qWaitForWindowExposed(panel()->window()));
    table->scrollToBottom();
    QTRY_COMPARE_WITH_TIMEOUT(model()->rowCount(), int(2 * TableRowsModel::PageRows),
                              HeadlessCatalog::TimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(!model()->isLoading(), HeadlessCatalog::TimeoutMs);

    // Seen as a person sees it (into LCB_SCREENSHOT_DIR when set), with the column picker
    // keeping a few columns of each kind.
    const QStringList shownColumns{u"_rowid"_s, u"id"_s,   u"cat"_s,  u"ts"_s,
                                   u"nint"_s,   u"vec4"_s, u"tags"_s, u"st"_s};
    for (QAction *action : view()->findChild<QToolButton *>(u"rowsColumns"_s)->menu()->actions()) {
        action->setChecked(shownColumns.contains(action->text()));
    }
    table->resizeColumnsToContents();
    table->scrollToTop();
    const QString folder = qEnvironmentVariable("LCB_SCREENSHOT_DIR", m_catalog->stateFolder());
    QVERIFY(panel()->grab().save(QDir(folder).filePath(u"browser-rows.png"_s)));
}

void TestRowsTab::anEarlierVersionShowsItsOwnRows()
{
    QVERIFY(m_catalog->select(m_types));
    QVERIFY(showRowsTab());
    lance::ui::VersionsPanel *versions = m_catalog->session().workspace()->versionsPanel();
    lance::catalog::TableVersionModel *versionModel = versions->model();
    int first = -1;
    for (int row = 0; row < versionModel->rowCount(); ++row) {
        if (versionModel->data(versionModel->index(row, 0)).toString() == u"1"_s) {
            first = row;
        }
    }
    QVERIFY(first >= 0);
    QTableView *versionsTable = versions->tableView();
    const QModelIndex shown = versionsTable->model()->index(0, 0);
    Q_UNUSED(shown)
    // The view sorts: find version 1 through it.
    for (int row = 0; row < versionsTable->model()->rowCount(); ++row) {
        const QModelIndex index = versionsTable->model()->index(row, 0);
        if (index.data().toString() == u"1"_s) {
            versionsTable->setCurrentIndex(index);
        }
    }
    QTRY_VERIFY_WITH_TIMEOUT(status().startsWith(u"Version 1 of types: 200 of 2,000"_s),
                             HeadlessCatalog::TimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(!model()->isLoading() && model()->rowCount() == 200,
                             HeadlessCatalog::TimeoutMs);
    // Version 1 was written before the update: no row says "updated".
    const int cat = column(u"cat"_s);
    for (int row = 0; row < model()->rowCount(); ++row) {
        QVERIFY(model()->data(model()->index(row, cat)).toString() != u"updated"_s);
    }
}

void TestRowsTab::copyFilterAndColumns()
{
    QVERIFY(m_catalog->select(m_types));
    QVERIFY(showRowsTab());
    QTableView *table = view()->tableView();
    const QModelIndex vector = table->model()->index(0, column(u"vec4"_s));
    table->setCurrentIndex(vector);
    // Ctrl+C in the table: the cell's whole value.
    QTest::keyClick(table, Qt::Key_C, Qt::ControlModifier);
    QVERIFY(QApplication::clipboard()->text().startsWith(u"[0.41054618, 0.2850871"_s));
    QVERIFY(QApplication::clipboard()->text().endsWith(u"]"_s));

    // The filter keeps the loaded rows that hold the text.
    auto *filter = view()->findChild<QLineEdit *>(u"rowsFilter"_s);
    // Each name is unique (it ends in its id).
    filter->setText(model()->data(model()->index(0, column(u"name"_s))).toString());
    QCOMPARE(table->model()->rowCount(), 1);
    filter->clear();
    QCOMPARE(table->model()->rowCount(), 200);

    // The column picker hides a column.
    auto *columns = view()->findChild<QToolButton *>(u"rowsColumns"_s);
    QAction *tags = nullptr;
    for (QAction *action : columns->menu()->actions()) {
        if (action->text() == u"tags"_s) {
            tags = action;
        }
    }
    QVERIFY(tags && tags->isChecked());
    tags->setChecked(false);
    QVERIFY(table->isColumnHidden(column(u"tags"_s)));
}

void TestRowsTab::aConditionReadsOnlyTheRowsThatMeetIt()
{
    QVERIFY(m_catalog->select(m_types));
    QVERIFY(showRowsTab());
    auto *condition = view()->findChild<QLineEdit *>(u"rowsCondition"_s);
    QVERIFY(condition);
    // Typing alone reads nothing: Enter applies the condition, through the catalog's QueryTable.
    condition->setText(u"cat = 'updated'"_s);
    QCOMPARE(model()->rowCount(), int(TableRowsModel::PageRows));
    QTest::keyClick(condition, Qt::Key_Return);
    // The four rows version 4's update rewrote, in LanceDB's scan order (their new fragment).
    QTRY_VERIFY_WITH_TIMEOUT(!model()->isLoading() && model()->rowCount() == 4,
                             HeadlessCatalog::TimeoutMs);
    QVERIFY(model()->isComplete());
    QStringList ids;
    for (int row = 0; row < model()->rowCount(); ++row) {
        ids << model()->data(model()->index(row, column(u"id"_s))).toString();
    }
    QCOMPARE(ids, (QStringList{u"5"_s, u"6"_s, u"1000"_s, u"2001"_s}));
    QVERIFY2(status().startsWith(u"Version 4 of types, where cat = 'updated': 4 rows loaded; "
                                 "all read"_s),
             qPrintable(status()));

    // A condition the version cannot meet says why, and shows no rows.
    condition->setText(u"cat > 3"_s);
    QTest::keyClick(condition, Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(!model()->problem().isEmpty(), HeadlessCatalog::TimeoutMs);
    QCOMPARE(model()->rowCount(), 0);
    QVERIFY2(status().contains(u"The rows could not be read: "_s) && status().contains(u"cat"_s),
             qPrintable(status()));
    condition->setText(u"nothere = 1"_s);
    QTest::keyClick(condition, Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(model()->problem().contains(u"nothere"_s), HeadlessCatalog::TimeoutMs);

    // Seen as a person sees it (into LCB_SCREENSHOT_DIR when set), with a condition met.
    condition->setText(u"nint IS NULL"_s);
    QTest::keyClick(condition, Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(!model()->isLoading() && model()->rowCount() > 0
                                 && model()->problem().isEmpty(),
                             HeadlessCatalog::TimeoutMs);
    QCOMPARE(
        model()->data(model()->index(0, column(u"nint"_s)), TableRowsModel::IsNullRole).toBool(),
        true);
    panel()->window()->resize(1000, 560);
    panel()->resize(1000, 520);
    const QString folder = qEnvironmentVariable("LCB_SCREENSHOT_DIR", m_catalog->stateFolder());
    QVERIFY(panel()->grab().save(QDir(folder).filePath(u"browser-rows-where.png"_s)));

    // Cleared: every row again, counted.
    condition->clear();
    QTRY_VERIFY_WITH_TIMEOUT(!model()->isLoading()
                                 && model()->rowCount() == int(TableRowsModel::PageRows)
                                 && model()->problem().isEmpty(),
                             HeadlessCatalog::TimeoutMs);
    QVERIFY2(status().startsWith(u"Version 4 of types: 200 of 2,993 rows loaded"_s),
             qPrintable(status()));
}

LCB_TEST_MAIN(TestRowsTab)
#include "TestRowsTab.moc"
