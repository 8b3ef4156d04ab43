// SPDX-License-Identifier: Apache-2.0
// The real window on a real LanceDB table (`people`, written by LanceDB 0.31.0): the Overview
// says what the table holds, the Schema tab shows its fields with their Arrow types, and the
// Versions view says what each version holds and what made it. A screenshot of the Schema tab
// and one of the Versions view are written (to LCB_SCREENSHOT_DIR when set, for the README).
// Compare Versions on the table LanceDB took through a whole history (`events`): the version
// against the one before it, two selected versions, copied as text and JSON (and a screenshot).
// A manifest dropped on the Versions view shows what it holds before it is committed, and
// compares with the latest version.
#include "BrowserApplication.h"
#include "DropTestSupport.h"
#include "LanceFixture.h"
#include "SettledLayout.h"
#include "StagingTestbed.h"
#include "TestData.h"
#include "TestRegistry.h"
#include "catalog/TableRowsModel.h"
#include "catalog/TableVersionModel.h"
#include "staging/PendingChanges.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/CompareVersionsDialog.h"
#include "ui/catalog/DetailsPanel.h"
#include "ui/catalog/RowsView.h"
#include "ui/catalog/SchemaView.h"
#include "ui/catalog/VersionsPanel.h"
#include "ui/window/MainWindow.h"

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFile>
#include <QFormLayout>
#include <QItemSelectionModel>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStatusBar>
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
    void comparesVersions();
    void aStagedManifestIsSeenBeforeItIsCommitted();
    void theSchemaFollowsTheChosenVersion();

private:
    void saveShot(QWidget &window, const QString &name);
    /// Starts `app` on the catalog, opening on its first table, `events`, selected, in a window
    /// of 1200 x 760 that is active.
    [[nodiscard]] bool startOnEvents(BrowserApplication &app);

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

bool TestTableContents::startOnEvents(BrowserApplication &app)
{
    // Not StagingTestbed::start(), which waits for `people`: the session opens on the first
    // table it finds, `events`.
    QSignalSpy ready(&app, &BrowserApplication::ready);
    app.setPrompter(&m_bed->prompter());
    if (app.start(m_bed->arguments()) // nullopt: running, no early exit
        || !(ready.count() == 1 || ready.wait(StagingTestbed::TimeoutMs))) {
        return false;
    }
    app.window()->resize(1200, 760);
    app.session()->workspace()->select(lance::api::Identifier({u"events"_s}));
    return StagingTestbed::activate(app);
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
    QTRY_COMPARE_WITH_TIMEOUT(overviewField(*details, u"Rows:"_s), u"5"_s,
                              StagingTestbed::TimeoutMs);
    QCOMPARE(overviewField(*details, u"Fragments:"_s), u"3 (3 data files)"_s);
    QCOMPARE(overviewField(*details, u"Deleted rows:"_s), u"0 (in 0 deletion files)"_s);
    QCOMPARE(overviewField(*details, u"Written by:"_s), u"lance 8.0.0"_s);
    QCOMPARE(overviewField(*details, u"Data format:"_s), u"lance 2.1"_s);
    QVERIFY(!overviewField(*details, u"Data size:"_s).isEmpty());

    // The Schema tab: the three columns LanceDB wrote, in Lance's names (as Compare reads them).
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
    QCOMPARE(fields, QStringList({u"id: double, yes, #0"_s, u"name: string, yes, #1"_s,
                                  u"age: double, yes, #2"_s}));
    QVERIFY(!tree->isColumnHidden(SchemaView::IdColumn));
    QVERIFY(lance::test::SettledLayout::wait(*window));
    saveShot(*window, u"browser-schema.png"_s);

    // The Versions view: rows and their change, and the operation of each version.
    window->detailsTabs()->setCurrentWidget(workspace->versionsPanel());
    QTableView *versions = workspace->versionsPanel()->tableView();
    QTRY_COMPARE_WITH_TIMEOUT(versions->model()->rowCount(), 3, StagingTestbed::TimeoutMs);
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
    QVERIFY(lance::test::SettledLayout::wait(*window));
    saveShot(*window, u"browser-versions.png"_s);
}

void TestTableContents::comparesVersions()
{
    QVERIFY(lance::test::LanceFixture::copyInto(u"history/lancedb-0.31.0/events.lance"_s,
                                                m_bed->catalog(), u"events.lance"_s));
    BrowserApplication app;
    QVERIFY(startOnEvents(app));
    lance::ui::MainWindow *window = app.window();
    lance::ui::CatalogWorkspace *workspace = app.session()->workspace();
    TableVersionModel *model = workspace->versionModel();
    QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 13, StagingTestbed::TimeoutMs);
    window->detailsTabs()->setCurrentWidget(workspace->versionsPanel());
    QTableView *versions = workspace->versionsPanel()->tableView();
    QAction *compare = StagingTestbed::action(app, lance::ui::WindowActions::Id::CompareVersions);
    QTRY_VERIFY(compare->isEnabled());

    // The row of a version in the (sorted) view.
    const auto rowOf = [versions, model](qint64 version) {
        for (int row = 0; row < model->rowCount(); ++row) {
            if (model->versionAt(row).version == version) {
                return qobject_cast<QSortFilterProxyModel *>(versions->model())
                    ->mapFromSource(model->index(row, 0));
            }
        }
        return QModelIndex();
    };

    // Enter on version 9: against version 8, the overwrite.
    versions->setFocus();
    versions->setCurrentIndex(rowOf(9));
    QTest::keyClick(versions, Qt::Key_Return);
    lance::ui::CompareVersionsDialog *overwrite = StagingTestbed::shownCompareDialog();
    QVERIFY(overwrite);
    const QString text = overwrite->findChild<QPlainTextEdit *>(u"compareReport"_s)->toPlainText();
    QVERIFY2(text.startsWith(u"Version 8 → version 9\nOperation: Overwrite\n"_s), qPrintable(text));
    QVERIFY2(text.contains(u"table overwritten: 90 rows replaced by 25"_s), qPrintable(text));
    overwrite->close();
    QVERIFY(StagingTestbed::activate(app));

    // Two selected versions (Ctrl+D): 5 and 8, the columns added, renamed and dropped between.
    versions->clearSelection();
    versions->selectionModel()->select(rowOf(5),
                                       QItemSelectionModel::Select | QItemSelectionModel::Rows);
    versions->selectionModel()->select(rowOf(7),
                                       QItemSelectionModel::Select | QItemSelectionModel::Rows);
    StagingTestbed::press(app, QKeySequence(Qt::CTRL | Qt::Key_D));
    lance::ui::CompareVersionsDialog *rename = StagingTestbed::shownCompareDialog();
    QVERIFY(rename);
    QCOMPARE(rename->report()->effects(),
             (QStringList{u"column added: score (int64)"_s, u"column renamed: kind → category"_s}));
    rename->findChild<QPushButton *>(u"copyJson"_s)->click();
    const QJsonObject json
        = QJsonDocument::fromJson(QApplication::clipboard()->text().toUtf8()).object();
    QCOMPARE(json[u"from_version"].toInt(), 5);
    QCOMPARE(json[u"to_version"].toInt(), 7);
    QCOMPARE(json[u"schema"][u"added"].toArray().size(), 1);
    rename->findChild<QPushButton *>(u"copyText"_s)->click();
    QCOMPARE(QApplication::clipboard()->text(), rename->reportText());
    // For the README.
    QVERIFY(lance::test::SettledLayout::wait(*rename));
    const QString folder = qEnvironmentVariable("LCB_SCREENSHOT_DIR", m_bed->filePath({}));
    QVERIFY(rename->grab().toImage().save(QDir(folder).filePath(u"browser-compare.png"_s)));
    rename->close();
    QVERIFY(StagingTestbed::activate(app));

    // Three selected: not a pair, said on the status bar, no dialog.
    versions->selectionModel()->select(rowOf(9),
                                       QItemSelectionModel::Select | QItemSelectionModel::Rows);
    compare->trigger();
    QVERIFY(window->statusBar()->currentMessage().startsWith(u"Select one version"_s));
}

void TestTableContents::aStagedManifestIsSeenBeforeItIsCommitted()
{
    using lance::test::DropTestSupport;
    // The catalog holds `events` as it was after LanceDB's eighth commit (90 rows); version 9,
    // LanceDB's overwrite down to 25 rows, arrives as a manifest dropped on the Versions view
    // from a copy of the dataset outside the catalog.
    const QString history = u"history/lancedb-0.31.0/events.lance"_s;
    QVERIFY(lance::test::LanceFixture::copyInto(history, m_bed->catalog(), u"events.lance"_s));
    const QString drops = m_bed->filePath(u"drops"_s);
    QVERIFY(QDir().mkpath(drops));
    QVERIFY(lance::test::LanceFixture::copyInto(history, drops, u"events.lance"_s));
    const QString inCatalog = QDir(m_bed->catalog()).filePath(u"events.lance"_s);
    const QStringList manifests = DropTestSupport::manifestsOf(inCatalog);
    QCOMPARE(manifests.size(), 13);
    for (const QString &newer : manifests.mid(0, 5)) { // V2 names: newest first, 13 to 9
        QVERIFY(QFile::remove(newer));
    }
    QFile hint(inCatalog + u"/_versions/latest_version_hint.json"_s);
    QVERIFY(hint.open(QIODevice::WriteOnly | QIODevice::Truncate));
    hint.write(R"({"version":8})");
    hint.close();
    const QString ninth = DropTestSupport::manifestsOf(drops + u"/events.lance"_s).at(4);
    QVERIFY2(ninth.endsWith(u"/18446744073709551606.manifest"_s), qPrintable(ninth));

    BrowserApplication app;
    QVERIFY(startOnEvents(app));
    lance::ui::MainWindow *window = app.window();
    lance::ui::CatalogWorkspace *workspace = app.session()->workspace();
    window->detailsTabs()->setCurrentWidget(workspace->versionsPanel());
    TableVersionModel *model = workspace->versionModel();
    QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 8, StagingTestbed::TimeoutMs);
    QTableView *versions = workspace->versionsPanel()->tableView();

    QVERIFY(DropTestSupport::drag(versions->viewport(), {20, 20}, {ninth}, true));
    QVERIFY(DropTestSupport::settle(app));
    lance::staging::PendingChanges &changes = StagingTestbed::changes(app);
    QCOMPARE(changes.count(), 1);
    const auto *create
        = std::get_if<lance::api::CreateTableVersionRequest>(&changes.stagedAt(0).operation);
    QVERIFY(create);
    QCOMPARE(create->version, 9);

    // A row of its own above the eight listed, with what its manifest holds: 25 rows, 65 fewer
    // than version 8, written by LanceDB's overwrite. The eight listed stay as listed.
    QCOMPARE(model->rowCount(), 9);
    QCOMPARE(model->listedVersions().size(), 8);
    const QModelIndex staged = versions->model()->index(0, 0);
    QCOMPARE(staged.data(TableVersionModel::VersionRole).toLongLong(), 9);
    QVERIFY(staged.data(TableVersionModel::StagedRole).toBool());
    const auto cell = [versions](int row, int column) {
        return versions->model()->index(row, column).data().toString();
    };
    QTRY_COMPARE_WITH_TIMEOUT(cell(0, TableVersionModel::RowsColumn), u"25"_s,
                              StagingTestbed::TimeoutMs);
    QCOMPARE(cell(0, TableVersionModel::RowsChangeColumn), u"\u2212"
                                                           "65"_s);
    QCOMPARE(cell(0, TableVersionModel::OperationColumn), u"Overwrite"_s);
    QCOMPARE(cell(1, TableVersionModel::RowsColumn), u"90"_s);
    QVERIFY(workspace->versionsPanel()->statusText().startsWith(u"8 versions"_s));
    // Staged versions are not what Delete Versions starts from.
    versions->selectAll();
    QCOMPARE(workspace->versionsPanel()->selectedVersions().size(), 8);
    versions->clearSelection();

    // Its record says it is staged and what it holds, once read.
    versions->setFocus();
    versions->setCurrentIndex(staged);
    auto *record = workspace->versionsPanel()->findChild<QLabel *>(u"recordVersion"_s);
    QVERIFY(record->text().startsWith(u"9, staged"_s));
    auto *holds = workspace->versionsPanel()->findChild<QLabel *>(u"recordHolds"_s);
    QTRY_VERIFY(holds->text().startsWith(u"rows: 25"_s));
    QVERIFY(lance::test::SettledLayout::wait(*window));
    saveShot(*window, u"browser-staged-version.png"_s);

    // Its rows, read here from the dropped copy's files: no server has seen it yet.
    lance::ui::DetailsPanel *details = workspace->detailsPanel();
    details->findChild<QTabWidget *>(u"detailsTabs"_s)->setCurrentWidget(details->rowsView());
    lance::catalog::TableRowsModel *rows = details->rowsView()->model();
    QTRY_VERIFY_WITH_TIMEOUT(!rows->isLoading() && rows->rowCount() == 25,
                             StagingTestbed::TimeoutMs);
    QVERIFY2(rows->problem().isEmpty(), qPrintable(rows->problem()));
    QCOMPARE(rows->headerData(0, Qt::Horizontal).toString(), u"_rowid"_s);
    const QString status = details->rowsView()->findChild<QLabel *>(u"rowsStatus"_s)->text();
    QVERIFY2(status.startsWith(u"Staged version 9 of events: 25 of 25 rows loaded"_s),
             qPrintable(status));
    // A condition is applied here too, to the staged manifest's own columns.
    auto *condition = details->rowsView()->findChild<QLineEdit *>(u"rowsCondition"_s);
    condition->setText(u"id >= 1020"_s);
    QTest::keyClick(condition, Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(!rows->isLoading() && rows->rowCount() == 5,
                             StagingTestbed::TimeoutMs);
    QVERIFY2(rows->problem().isEmpty(), qPrintable(rows->problem()));
    QCOMPARE(rows->data(rows->index(0, 1)).toString(), u"1020"_s);
    QCOMPARE(rows->data(rows->index(4, 1)).toString(), u"1024"_s);
    condition->clear();
    QTRY_VERIFY_WITH_TIMEOUT(!rows->isLoading() && rows->rowCount() == 25,
                             StagingTestbed::TimeoutMs);

    // Compared with the latest before it is committed: Enter on the staged row.
    QTest::keyClick(versions, Qt::Key_Return);
    lance::ui::CompareVersionsDialog *dialog = StagingTestbed::shownCompareDialog();
    QVERIFY(dialog);
    const QString title = dialog->findChild<QLabel *>(u"compareTitle"_s)->text();
    QVERIFY2(title.contains(u"from version 8 to staged version 9"_s), qPrintable(title));
    const QString text = dialog->reportText();
    QVERIFY2(text.startsWith(u"Version 8 → version 9\nOperation: Overwrite\n"_s), qPrintable(text));
    QVERIFY2(text.contains(u"table overwritten: 90 rows replaced by 25"_s), qPrintable(text));
    // The rows: the overwrite's 25 new ones and the 90 it replaced, the first few of each read
    // from the data files (the staged version's from the dropped copy).
    QVERIFY2(text.contains(u"- 90 rows in version 8 and not in staged version 9; the first 5:"_s),
             qPrintable(text));
    QVERIFY2(text.contains(u"- 25 rows in staged version 9 and not in version 8; the first 5:"_s),
             qPrintable(text));
    QVERIFY2(text.contains(u"  _rowid 0: id: "_s), qPrintable(text));
    dialog->close();
    QVERIFY(StagingTestbed::activate(app));

    // Undone, the row goes; the listed versions are as they were.
    QVERIFY(changes.undo().hasValue());
    QCOMPARE(model->rowCount(), 8);
    QCOMPARE(model->stagedCount(), 0);
    QVERIFY(!versions->model()->index(0, 0).data(TableVersionModel::StagedRole).toBool());
}

// A steward's walk: the Schema tab always showed the latest version without saying so. Each
// version of `events` (a column added, renamed and dropped on the way) is chosen in the
// Versions view; the tab names it and shows the fields LanceDB itself reported for it, in the
// type names Compare uses, with Lance's field ids.
void TestTableContents::theSchemaFollowsTheChosenVersion()
{
    QVERIFY(lance::test::LanceFixture::copyInto(u"history/lancedb-0.31.0/events.lance"_s,
                                                m_bed->catalog(), u"events.lance"_s));
    const QJsonArray reported
        = QJsonDocument::fromJson(
              lance::test::TestData::read(u"lance/history/lancedb-0.31.0/history.json"_s))
              .object()
              .value(u"versions"_s)
              .toArray();
    QVERIFY(reported.size() >= 10);
    BrowserApplication app;
    QVERIFY(startOnEvents(app));
    lance::ui::CatalogWorkspace *workspace = app.session()->workspace();
    QTRY_COMPARE_WITH_TIMEOUT(workspace->versionModel()->rowCount(), 13, StagingTestbed::TimeoutMs);
    auto *schema = workspace->detailsPanel()->findChild<SchemaView *>();
    auto *caption = schema->findChild<QLabel *>(u"schemaCaption"_s);
    QVERIFY(caption);
    // Before anything is chosen: the latest, named as such.
    QTRY_VERIFY_WITH_TIMEOUT(caption->text().startsWith(u"Version 13, the latest"_s),
                             StagingTestbed::TimeoutMs);
    // Arrow's names as LanceDB's Node client reports them, in Lance's spelling.
    const QHash<QString, QString> spelling{{u"Int32"_s, u"int32"_s},   {u"Int64"_s, u"int64"_s},
                                           {u"Utf8"_s, u"string"_s},   {u"Float64"_s, u"double"_s},
                                           {u"Float32"_s, u"float"_s}, {u"Bool"_s, u"bool"_s}};
    int compared = 0;
    for (const QJsonValue &entry : reported) {
        const QJsonObject version = entry.toObject();
        const qint64 number = version.value(u"version"_s).toInteger();
        StagingTestbed::selectVersions(app, {number});
        QTRY_VERIFY_WITH_TIMEOUT(caption->text().startsWith(u"Version %1,"_s.arg(number)),
                                 StagingTestbed::TimeoutMs);
        QVERIFY2(caption->text().contains(u"read from its manifest"_s),
                 qPrintable(caption->text()));
        QStringList expected;
        for (const QJsonValue &field : version.value(u"schema"_s).toArray()) {
            const QJsonObject f = field.toObject();
            const QString type = f.value(u"type"_s).toString();
            expected << u"%1: %2, %3"_s.arg(f.value(u"name"_s).toString(),
                                            spelling.value(type, type),
                                            f.value(u"nullable"_s).toBool() ? u"yes"_s : u"no"_s);
        }
        QStringList shown;
        QTreeWidget *tree = schema->tree();
        for (int i = 0; i < tree->topLevelItemCount(); ++i) {
            const QTreeWidgetItem *item = tree->topLevelItem(i);
            shown << item->text(SchemaView::NameColumn) + u": "_s
                         + item->text(SchemaView::TypeColumn) + u", "_s
                         + item->text(SchemaView::NullableColumn);
            QVERIFY(!item->text(SchemaView::IdColumn).isEmpty()); // Lance's field id
        }
        QCOMPARE(shown, expected);
        ++compared;
    }
    QCOMPARE(compared, reported.size());
}

LCB_TEST_MAIN(TestTableContents)
#include "TestTableContents.moc"
