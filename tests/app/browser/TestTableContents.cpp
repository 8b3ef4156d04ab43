// SPDX-License-Identifier: Apache-2.0
// The real window on a real LanceDB table (`people`, written by LanceDB 0.31.0): the Overview
// says what the table holds, the Schema tab shows its fields with their Arrow types, and the
// Versions view says what each version holds and what made it. A screenshot of the Schema tab
// and one of the Versions view are written (to LCB_SCREENSHOT_DIR when set, for the README).
#include "BrowserApplication.h"
#include "StagingTestbed.h"
#include "catalog/TableVersionModel.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/DetailsPanel.h"
#include "ui/catalog/SchemaView.h"
#include "ui/catalog/VersionsPanel.h"
#include "ui/window/MainWindow.h"

#include <QDir>
#include <QFormLayout>
#include <QLabel>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTreeWidget>

using namespace Qt::StringLiterals;
using lance::browser::BrowserApplication;
using lance::catalog::TableVersionModel;
using lance::test::StagingTestbed;
using lance::ui::SchemaView;

namespace {

constexpr int TimeoutMs = 20000;

// The field of the Overview form whose label is `label`, or empty.
QString overviewField(const QWidget &panel, const QString &label)
{
    for (const QFormLayout *form : panel.findChildren<QFormLayout *>()) {
        for (int row = 0; row < form->rowCount(); ++row) {
            const QLayoutItem *labelItem = form->itemAt(row, QFormLayout::LabelRole);
            const QLayoutItem *fieldItem = form->itemAt(row, QFormLayout::FieldRole);
            const auto *name = labelItem ? qobject_cast<QLabel *>(labelItem->widget()) : nullptr;
            const auto *value = fieldItem ? qobject_cast<QLabel *>(fieldItem->widget()) : nullptr;
            if (name && value && name->text() == label) {
                return value->text();
            }
        }
    }
    return {};
}

} // namespace

class TestTableContents : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void showsWhatTheTableAndEachVersionHold();

private:
    void saveShot(QWidget &window, const QString &name);

    std::optional<StagingTestbed> m_bed;
};

void TestTableContents::init()
{
    m_bed.emplace();
    QVERIFY(m_bed->isValid());
}

void TestTableContents::cleanup()
{
    QCOMPARE(m_bed->prompter().unanswered(), 0);
    m_bed.reset();
}

void TestTableContents::saveShot(QWidget &window, const QString &name)
{
    const QString folder = qEnvironmentVariable("LCB_SCREENSHOT_DIR", m_bed->filePath({}));
    QVERIFY(window.grab().toImage().save(QDir(folder).filePath(name)));
}

void TestTableContents::showsWhatTheTableAndEachVersionHold()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    lance::ui::MainWindow *window = app.window();
    window->resize(1200, 760);
    lance::ui::CatalogWorkspace *workspace = app.session()->workspace();
    lance::ui::DetailsPanel *details = workspace->detailsPanel();
    window->detailsTabs()->setCurrentWidget(details);

    // The Overview: 5 rows in 3 fragments, written by Lance 8.0.0 in data format 2.1.
    QTRY_COMPARE_WITH_TIMEOUT(overviewField(*details, u"Rows:"_s), u"5"_s, TimeoutMs);
    QCOMPARE(overviewField(*details, u"Fragments:"_s), u"3 (3 data files)"_s);
    QCOMPARE(overviewField(*details, u"Deleted rows:"_s), u"0 (in 0 deletion files)"_s);
    QCOMPARE(overviewField(*details, u"Written by:"_s), u"lance 8.0.0"_s);
    QCOMPARE(overviewField(*details, u"Data format:"_s), u"lance 2.1"_s);
    QVERIFY(!overviewField(*details, u"Data size:"_s).isEmpty());

    // The Schema tab: the three columns LanceDB wrote, in Arrow's names.
    auto *schema = details->findChild<SchemaView *>();
    QVERIFY(schema);
    auto *tabs = details->findChild<QTabWidget *>(u"detailsTabs"_s);
    QVERIFY(tabs && tabs->isTabEnabled(tabs->indexOf(schema)));
    tabs->setCurrentWidget(schema);
    QTreeWidget *tree = schema->tree();
    QCOMPARE(tree->topLevelItemCount(), 3);
    QStringList fields;
    for (int i = 0; i < tree->topLevelItemCount(); ++i) {
        const QTreeWidgetItem *item = tree->topLevelItem(i);
        fields << item->text(SchemaView::NameColumn) + u": "_s + item->text(SchemaView::TypeColumn)
                      + u", "_s + item->text(SchemaView::NullableColumn) + u", #"_s
                      + item->text(SchemaView::IdColumn);
    }
    // The local catalog read the manifest in this process: Lance's field ids are known.
    QCOMPARE(fields, QStringList({u"id: float64, yes, #0"_s, u"name: utf8, yes, #1"_s,
                                  u"age: float64, yes, #2"_s}));
    QVERIFY(!tree->isColumnHidden(SchemaView::IdColumn));
    QTest::qWait(50);
    saveShot(*window, u"browser-schema.png"_s);

    // The Versions view: rows and their change, and the operation of each version.
    window->detailsTabs()->setCurrentWidget(workspace->versionsPanel());
    QTableView *versions = workspace->versionsPanel()->tableView();
    QTRY_COMPARE_WITH_TIMEOUT(versions->model()->rowCount(), 3, TimeoutMs);
    const auto cell = [versions](int row, int column) {
        return versions->model()->index(row, column).data().toString();
    };
    QCOMPARE(cell(0, TableVersionModel::RowsColumn), u"5"_s);
    QCOMPARE(cell(0, TableVersionModel::RowsChangeColumn), u"+2"_s);
    QCOMPARE(cell(0, TableVersionModel::OperationColumn), u"Append"_s);
    QCOMPARE(cell(2, TableVersionModel::OperationColumn), u"Overwrite"_s);
    auto *holds = workspace->versionsPanel()->findChild<QLabel *>(u"recordHolds"_s);
    QVERIFY(holds);
    QTRY_VERIFY(holds->text().startsWith(u"rows: 5, fragments: 3"_s));
    auto *madeBy = workspace->versionsPanel()->findChild<QLabel *>(u"recordMadeBy"_s);
    QCOMPARE(madeBy->text(), u"Append, written by lance 8.0.0"_s);
    QTest::qWait(50);
    saveShot(*window, u"browser-versions.png"_s);
}

QTEST_MAIN(TestTableContents)
#include "TestTableContents.moc"
