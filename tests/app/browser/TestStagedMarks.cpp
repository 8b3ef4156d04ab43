// SPDX-License-Identifier: Apache-2.0
// Staged work drawn over what was loaded. The tree's delegate strikes out a table staged for
// deregistration, counts other staged changes and notes the tables staged to be declared in a
// namespace; the tree's header notes those staged at the top level; the versions table strikes
// out the versions staged for deletion and says what is staged above them. Then in the real
// window on the demo catalog, painted and compared with what it painted before, and a staged
// delete edited through the window's staging controller.
#include "BrowserApplication.h"
#include "StagingOperations.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "catalog/CatalogTreeModel.h"
#include "catalog/TableVersionModel.h"
#include "staging/PendingChanges.h"
#include "staging/StagedMarks.h"
#include "ui/catalog/CatalogItemDelegate.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/VersionsPanel.h"
#include "ui/staging/DeleteVersionsDialog.h"
#include "ui/staging/StagedTreeHeader.h"
#include "ui/staging/StagedVersionsDelegate.h"
#include "ui/staging/StagingController.h"
#include "ui/window/MainWindow.h"

#include <QApplication>
#include <QHeaderView>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeView>

using namespace Qt::StringLiterals;
using lance::api::Identifier;
using lance::api::VersionRange;
using lance::browser::BrowserApplication;
using lance::catalog::CatalogNode;
using lance::catalog::CatalogTreeModel;
using lance::staging::StagedMarks;
using lance::ui::StagingController;
using Ops = lance::test::StagingOperations;

namespace {

// initStyleOption() is what the view paints from; the probe makes it reachable.
class DelegateProbe : public lance::ui::CatalogItemDelegate
{
public:
    using CatalogItemDelegate::CatalogItemDelegate;
    QStyleOptionViewItem optionFor(const QModelIndex &index) const
    {
        QStyleOptionViewItem option;
        initStyleOption(&option, index);
        return option;
    }
};

QStandardItem *catalogItem(const QString &name, const QStringList &id, CatalogNode::Kind kind)
{
    auto *item = new QStandardItem(name);
    item->setData(int(kind), CatalogTreeModel::KindRole);
    item->setData(id, CatalogTreeModel::IdRole);
    item->setToolTip(id.join(u'$'));
    return item;
}

// The row of `view` (all its columns) as painted now.
QImage paintedRow(QAbstractItemView &view, const QRect &rowRect)
{
    return view.viewport()->grab().toImage().copy(rowRect);
}

QRect rowRect(const QAbstractItemView &view, const QModelIndex &index)
{
    const QRect cell = view.visualRect(index);
    return QRect(0, cell.top(), view.viewport()->width(), cell.height());
}

} // namespace

class TestStagedMarks : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void marksFollowTheOperations();
    void theTreeShowsThem();
    void namespacesNoteTheTablesDeclaredInThem();
    void theWindowDrawsStagedWorkOverWhatItLoaded();
    void aStagedDeleteIsEditedInPlace();
    void aDeregistrationHasNothingToEdit();

private:
    bool start(BrowserApplication &app);
    static StagingController *staging(BrowserApplication &app)
    {
        return app.session()->findChild<StagingController *>();
    }
    /// The row of the versions table showing `version`.
    static QModelIndex versionRow(const QTableView &view, qint64 version);

    std::optional<QTemporaryDir> m_dir;
};

void TestStagedMarks::init()
{
    m_dir.emplace();
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_dir->filePath(u"data"_s)));
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_dir->filePath(u"config"_s)));
}

void TestStagedMarks::cleanup()
{
    m_dir.reset();
}

bool TestStagedMarks::start(BrowserApplication &app)
{
    // The Versions tab in front, so its table is laid out and painted.
    QSettings(m_dir->filePath(u"settings.ini"_s), QSettings::IniFormat)
        .setValue(u"MainWindow/detailsTab"_s, 1);
    QSignalSpy ready(&app, &BrowserApplication::ready);
    const std::optional<int> code = app.start({u"lance-catalog-browser"_s, u"--settings"_s,
                                               m_dir->filePath(u"settings.ini"_s), u"--demo"_s});
    if (code || !(ready.count() == 1 || ready.wait(30000)) || !app.session()->workspace()) {
        return false;
    }
    // A desktop window, as these pictures were made at (the test screen is 800 wide).
    app.window()->resize(1180, 760);
    // The demo opens on its first table, hr$contractors: versions 1 to 3.
    lance::ui::CatalogWorkspace *workspace = app.session()->workspace();
    const Identifier contractors({u"hr"_s, u"contractors"_s});
    return QTest::qWaitFor(
        [&] {
            return workspace->currentIdentifier() == contractors
                   && workspace->versionModel()->state()
                          == lance::catalog::TableVersionModel::State::Loaded
                   && workspace->versionsPanel()->tableView()->model()->rowCount() == 3;
        },
        20000);
}

QModelIndex TestStagedMarks::versionRow(const QTableView &view, qint64 version)
{
    for (int row = 0; row < view.model()->rowCount(); ++row) {
        const QModelIndex index = view.model()->index(row, 0);
        if (index.data(lance::catalog::TableVersionModel::VersionRole).toLongLong() == version) {
            return index;
        }
    }
    return {};
}

void TestStagedMarks::marksFollowTheOperations()
{
    const StagedMarks marks = StagedMarks::fromOperations({Ops::create(u"sales$orders"_s, 4),
                                                           Ops::remove(u"sales$orders"_s, 1, 2),
                                                           Ops::deregister(u"hr$people"_s)});
    QCOMPARE(marks.markOf({u"sales"_s, u"orders"_s}).changes, 2);
    QVERIFY(!marks.markOf({u"sales"_s, u"orders"_s}).deregistered);
    QVERIFY(marks.markOf({u"hr"_s, u"people"_s}).deregistered);
    QCOMPARE(marks.markOf({u"hr"_s, u"other"_s}).changes, 0);
    QVERIFY(StagedMarks::fromOperations({}).isEmpty());
}

void TestStagedMarks::theTreeShowsThem()
{
    QStandardItemModel model;
    using Kind = CatalogNode::Kind;
    model.appendRow(catalogItem(u"orders"_s, {u"sales"_s, u"orders"_s}, Kind::Table));
    model.appendRow(catalogItem(u"people"_s, {u"hr"_s, u"people"_s}, Kind::Table));
    model.appendRow(catalogItem(u"quiet"_s, {u"hr"_s, u"quiet"_s}, Kind::Table));

    DelegateProbe delegate;
    delegate.setStagedMarks(StagedMarks::fromOperations(
        {Ops::create(u"sales$orders"_s, 4), Ops::deregister(u"hr$people"_s)}));
    const QStyleOptionViewItem orders = delegate.optionFor(model.index(0, 0));
    QCOMPARE(orders.text, u"orders  (1 staged)"_s);
    QVERIFY(!orders.font.strikeOut());
    const QStyleOptionViewItem people = delegate.optionFor(model.index(1, 0));
    QVERIFY(people.font.strikeOut());
    QCOMPARE(people.text, u"people"_s);
    const QStyleOptionViewItem quiet = delegate.optionFor(model.index(2, 0));
    QCOMPARE(quiet.text, u"quiet"_s);

    // A staged rename: the name it is to have beside the one it has, with any count.
    StagedMarks renamed = StagedMarks::fromOperations({Ops::create(u"sales$orders"_s, 4)});
    renamed.addRenames({lance::api::renameRequest(Identifier({u"hr"_s, u"quiet"_s}),
                                                  Identifier({u"hr"_s, u"calm"_s})),
                        lance::api::renameRequest(Identifier({u"sales"_s, u"orders"_s}),
                                                  Identifier({u"archive"_s, u"orders"_s}))},
                       u"$"_s);
    delegate.setStagedMarks(renamed);
    QCOMPARE(delegate.optionFor(model.index(2, 0)).text, u"quiet  → hr$calm"_s);
    QCOMPARE(delegate.optionFor(model.index(0, 0)).text, u"orders  (1 staged)  → archive$orders"_s);
    QCOMPARE(renamed.markOf({u"hr"_s, u"quiet"_s}).changes, 0);
    QVERIFY(!quiet.font.strikeOut());
}

void TestStagedMarks::namespacesNoteTheTablesDeclaredInThem()
{
    QStandardItemModel model;
    using Kind = CatalogNode::Kind;
    model.appendRow(catalogItem(u"sales"_s, {u"sales"_s}, Kind::Namespace));
    model.appendRow(catalogItem(u"hr"_s, {u"hr"_s}, Kind::Namespace));
    // A table named like a namespace is not one.
    model.appendRow(catalogItem(u"sales"_s, {u"sales"_s}, Kind::Table));

    DelegateProbe delegate;
    QVERIFY(delegate.stagedNote(model.index(0, 0)).isEmpty());
    delegate.setStagedMarks(StagedMarks::fromOperations({Ops::declare(u"sales$returns"_s),
                                                         Ops::declare(u"sales$new_orders"_s),
                                                         Ops::declare(u"sales$eu$refunds"_s)}));
    QCOMPARE(delegate.stagedNote(model.index(0, 0)), u"+ new_orders, returns"_s);
    QCOMPARE(delegate.toolTip(model.index(0, 0)),
             u"sales\nStaged to be declared here: new_orders, returns"_s);
    // The name itself is painted as loaded; the note comes after it.
    QCOMPARE(delegate.optionFor(model.index(0, 0)).text, u"sales"_s);
    QVERIFY(delegate.stagedNote(model.index(1, 0)).isEmpty());
    QCOMPARE(delegate.toolTip(model.index(1, 0)), u"hr"_s);
    QVERIFY(delegate.stagedNote(model.index(2, 0)).isEmpty());
}

void TestStagedMarks::theWindowDrawsStagedWorkOverWhatItLoaded()
{
    BrowserApplication app;
    QVERIFY(start(app));
    lance::ui::CatalogWorkspace *workspace = app.session()->workspace();
    lance::staging::PendingChanges &changes = staging(app)->changes();
    QTreeView *tree = workspace->treeView();
    auto *delegate = qobject_cast<lance::ui::CatalogItemDelegate *>(tree->itemDelegate());
    auto *header = qobject_cast<lance::ui::StagedTreeHeader *>(tree->header());
    QVERIFY(delegate && header);
    QVERIFY(tree->isHeaderHidden());
    const QModelIndex hr = tree->model()->index(0, 0);
    const QModelIndex sales = tree->model()->index(1, 0);
    QCOMPARE(hr.data().toString(), u"hr"_s);
    QCOMPARE(sales.data().toString(), u"sales"_s);
    const int viewportTop = tree->viewport()->geometry().top();
    const int hrRows = tree->model()->rowCount(hr);
    QCOMPARE(hrRows, 2); // contractors and people

    lance::ui::VersionsPanel *panel = workspace->versionsPanel();
    QTableView *versions = panel->tableView();
    QVERIFY(versions->isVisible());
    const QImage hrBefore = paintedRow(*tree, rowRect(*tree, hr));
    const QImage salesBefore = paintedRow(*tree, rowRect(*tree, sales));
    const QImage versionsBefore = versions->viewport()->grab().toImage();
    QVERIFY(panel->stagedText().isEmpty());

    LCB_VERIFY_OK(changes.stage(Ops::declare(u"hr$interns"_s)));
    LCB_VERIFY_OK(changes.stage(Ops::declare(u"hr$temps"_s)));
    LCB_VERIFY_OK(changes.stage(Ops::create(u"hr$contractors"_s, 4)));
    // The version to be created is a row of its own, above the listed ones, said to be staged.
    QCOMPARE(versions->model()->rowCount(), 4);
    const QModelIndex staged = versionRow(*versions, 4);
    QVERIFY(staged.data(lance::catalog::TableVersionModel::StagedRole).toBool());
    QVERIFY(!versionRow(*versions, 3).data(lance::catalog::TableVersionModel::StagedRole).toBool());
    QCOMPARE(staged.row(), 0);
    QVERIFY(panel->statusText().startsWith(u"3 versions"_s)); // listed: the staged one is not
    const QImage versionsCreated = versions->viewport()->grab().toImage();
    LCB_VERIFY_OK(changes.stage(Ops::remove(u"hr$contractors"_s, 1, 3)));

    // The tree: the namespace notes its new tables; what was loaded is as it was.
    QCOMPARE(delegate->stagedNote(hr), u"+ interns, temps"_s);
    QVERIFY(delegate->toolTip(hr).endsWith(u"Staged to be declared here: interns, temps"_s));
    QVERIFY(delegate->stagedNote(sales).isEmpty());
    QCOMPARE(tree->model()->rowCount(hr), hrRows);
    QVERIFY(tree->isHeaderHidden()); // nothing at the top level
    QVERIFY(paintedRow(*tree, rowRect(*tree, hr)) != hrBefore);
    QCOMPARE(paintedRow(*tree, rowRect(*tree, sales)), salesBefore);

    // The versions: 1 and 2 struck out on a tint, 3 as it was; what is staged is also said
    // above the table.
    QCOMPARE(panel->stagedText(), u"Staged: create version 4; delete versions 1–2."_s);
    QCOMPARE(versions->model()->rowCount(), 4);
    lance::ui::StagedVersionsDelegate *marks = panel->stagedDelegate();
    QVERIFY(marks->isStagedForDeletion(versionRow(*versions, 1)));
    QVERIFY(marks->isStagedForDeletion(versionRow(*versions, 2)));
    QVERIFY(!marks->isStagedForDeletion(versionRow(*versions, 3)));
    const QImage versionsAfter = versions->viewport()->grab().toImage();
    const QRect one = rowRect(*versions, versionRow(*versions, 1));
    const QRect three = rowRect(*versions, versionRow(*versions, 3));
    QVERIFY(versionsAfter.copy(one) != versionsCreated.copy(one));
    QCOMPARE(versionsAfter.copy(three), versionsCreated.copy(three));

    // A table staged at the top level has no namespace row: the header says it.
    LCB_VERIFY_OK(changes.stage(Ops::declare(u"scratch"_s)));
    QVERIFY(!tree->isHeaderHidden());
    QCOMPARE(header->text(), u"Staged at the top level: + scratch"_s);
    QVERIFY(header->toolTip().contains(u"scratch"_s));
    // It takes its own place above the rows rather than covering the first.
    QTRY_VERIFY(tree->viewport()->geometry().top() >= viewportTop + header->sizeHint().height());

    LCB_VERIFY_OK(changes.stage(Ops::deregister(u"hr$contractors"_s)));
    QVERIFY2(panel->stagedText().startsWith(u"Staged for deregistration"_s),
             qPrintable(panel->stagedText()));
    QVERIFY(panel->stagedText().contains(u"create version 4"_s));

    // Nothing staged: everything paints as loaded again.
    LCB_VERIFY_OK(changes.discardAll());
    QVERIFY(tree->isHeaderHidden());
    QTRY_COMPARE(tree->viewport()->geometry().top(), viewportTop);
    QCOMPARE(paintedRow(*tree, rowRect(*tree, hr)), hrBefore);
    QVERIFY(panel->stagedText().isEmpty());
    // The note above the table is gone: the table gets its height back once laid out (which
    // took more than the default 5 s on a loaded 2-core CI machine once).
    QTRY_COMPARE_WITH_TIMEOUT(versions->viewport()->grab().toImage().size(), versionsBefore.size(),
                              30000);
    QCOMPARE(versions->viewport()->grab().toImage(), versionsBefore);
}

void TestStagedMarks::aStagedDeleteIsEditedInPlace()
{
    BrowserApplication app;
    QVERIFY(start(app));
    lance::staging::PendingChanges &changes = staging(app)->changes();
    LCB_VERIFY_OK(changes.stage(Ops::declare(u"hr$interns"_s)));
    const QList<VersionRange> staged{{1, 2}, {3, VersionRange::ThroughLatest}};
    LCB_VERIFY_OK(changes.stage(Ops::removeRanges(u"hr$contractors"_s, staged)));
    const quint64 rowId = changes.stagedAt(1).rowId;

    // The dialog is modal: it is answered from inside its own event loop.
    QString shown;
    bool rangesShown = false;
    QTimer::singleShot(0, this, [&] {
        auto *dialog
            = qobject_cast<lance::ui::DeleteVersionsDialog *>(QApplication::activeModalWidget());
        if (!dialog) {
            return; // edit() fails below: no dialog opened
        }
        auto *ranges = dialog->findChild<QLineEdit *>(u"rangesEdit"_s);
        rangesShown = !ranges->isHidden();
        shown = ranges->text();
        ranges->setText(u"1-2"_s);
        dialog->findChild<QPushButton *>(u"stageButton"_s)->click();
    });
    staging(app)->edit(rowId);
    QCOMPARE(shown, u"1, 3-latest"_s);
    QVERIFY(rangesShown);

    // The same row, in the same place, with the new ranges; one undo step.
    QCOMPARE(changes.count(), 2);
    QCOMPARE(changes.stagedAt(1).rowId, rowId);
    const auto edited
        = std::get<lance::api::BatchDeleteTableVersionsRequest>(changes.stagedAt(1).operation);
    QCOMPARE(edited.ranges, (QList<VersionRange>{{1, 3}}));
    QCOMPARE(app.session()->workspace()->versionsPanel()->stagedText(),
             u"Staged: delete versions 1–2."_s);
    LCB_VERIFY_OK(changes.undo());
    QCOMPARE(
        std::get<lance::api::BatchDeleteTableVersionsRequest>(changes.stagedAt(1).operation).ranges,
        staged);
    LCB_VERIFY_OK(changes.discardAll());
}

void TestStagedMarks::aDeregistrationHasNothingToEdit()
{
    BrowserApplication app;
    QVERIFY(start(app));
    lance::staging::PendingChanges &changes = staging(app)->changes();
    LCB_VERIFY_OK(changes.stage(Ops::deregister(u"hr$people"_s)));
    const lance::staging::StagedOperation before = changes.stagedAt(0);

    // Nothing may open: a dialog here would be closed, and the test would say so.
    bool dialogOpened = false;
    QTimer::singleShot(0, this, [&dialogOpened] {
        if (QWidget *dialog = QApplication::activeModalWidget()) {
            dialogOpened = true;
            dialog->close();
        }
    });
    staging(app)->edit(before.rowId);
    QVERIFY(!dialogOpened);
    QVERIFY2(app.window()->statusBar()->currentMessage().contains(u"nothing to change"_s),
             qPrintable(app.window()->statusBar()->currentMessage()));
    QCOMPARE(changes.count(), 1);
    QCOMPARE(changes.stagedAt(0), before);
    LCB_VERIFY_OK(changes.discardAll());
}

LCB_TEST_MAIN(TestStagedMarks)
#include "TestStagedMarks.moc"
