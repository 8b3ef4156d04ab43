// SPDX-License-Identifier: Apache-2.0
// The branch selector over the Versions view, in the real window, on a table LanceDB branched
// itself (tests/data/lance/branches): hidden for a table without branches, it lists main and
// the table's branches, and choosing one lists that branch's versions; staging that acts on a
// selected version refuses while another branch is shown; another table starts on main.
#include "BrowserApplication.h"
#include "LanceFixture.h"
#include "StagingTestbed.h"
#include "catalog/CatalogTreeModel.h"
#include "catalog/TableVersionModel.h"
#include "engine/CatalogEngine.h"
#include "staging/PendingChanges.h"
#include "ui/catalog/BranchSelector.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/VersionsPanel.h"
#include "ui/window/MainWindow.h"

#include <QComboBox>
#include <QDir>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTabWidget>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::api::Identifier;
using lance::browser::BrowserApplication;
using lance::test::StagingTestbed;
using Id = lance::ui::WindowActions::Id;

namespace {

constexpr int TimeoutMs = 20000;

QList<qint64> listed(const lance::catalog::TableVersionModel &model)
{
    QList<qint64> numbers;
    for (const lance::api::TableVersion &version : model.listedVersions()) {
        numbers << version.version;
    }
    return numbers;
}

} // namespace

class TestBranchSelector : public QObject
{
    Q_OBJECT

private slots:
    void branchesAreChosenAboveTheVersions();
};

void TestBranchSelector::branchesAreChosenAboveTheVersions()
{
    StagingTestbed bed;
    QVERIFY(bed.isValid());
    BrowserApplication app;
    QVERIFY(bed.start(app));
    lance::ui::CatalogWorkspace *workspace = app.session()->workspace();
    auto *selector = workspace->versionsPanel()->findChild<lance::ui::BranchSelector *>();
    QVERIFY(selector);
    QVERIFY(!selector->isVisibleTo(workspace->versionsPanel())); // people has no branches

    // orders, with the branches LanceDB made, registered behind the window's back.
    QVERIFY(lance::test::LanceFixture::copyInto(u"branches/orders.lance"_s, bed.catalog(),
                                                u"orders.lance"_s));
    {
        lance::engine::CatalogEngine::Options options;
        options.root = bed.catalog();
        auto engine = lance::engine::CatalogEngine::open(options);
        QVERIFY(engine);
        lance::api::RegisterTableRequest orders;
        orders.id = Identifier({u"orders"_s});
        orders.location = QDir(bed.catalog()).filePath(u"orders.lance"_s);
        QVERIFY((*engine)->run(orders));
    }
    workspace->refresh();
    QTRY_VERIFY_WITH_TIMEOUT(
        workspace->treeModel()->indexForId(Identifier({u"orders"_s})).isValid(), TimeoutMs);
    QSignalSpy loaded(selector, &lance::ui::BranchSelector::branchesLoaded);
    workspace->select(Identifier({u"orders"_s}));
    QVERIFY(loaded.count() == 1 || loaded.wait(TimeoutMs));
    lance::catalog::TableVersionModel &model = *workspace->versionModel();
    QTRY_COMPARE_WITH_TIMEOUT(listed(model), (QList<qint64>{3, 2, 1}), TimeoutMs);
    QVERIFY(selector->isVisibleTo(workspace->versionsPanel()));
    QComboBox *combo = selector->comboBox();
    QCOMPARE(combo->count(), 3);
    QCOMPARE(combo->itemText(0), u"main"_s);
    QCOMPARE(combo->itemText(1), u"dev"_s);
    QCOMPARE(combo->itemText(2), u"dev/fix"_s);
    QCOMPARE(combo->itemData(2, Qt::ToolTipRole).toString(), u"Made from dev at version 3"_s);

    // dev: its own versions, 2 (where it began) and 3 (its append).
    combo->setCurrentIndex(1);
    emit combo->activated(1);
    QCOMPARE(model.branch(), std::optional(u"dev"_s));
    QTRY_COMPARE_WITH_TIMEOUT(listed(model), (QList<qint64>{3, 2}), TimeoutMs);
    QCOMPARE(combo->currentText(), u"dev"_s); // listing again keeps the choice
    QTRY_VERIFY_WITH_TIMEOUT(model.state() == lance::catalog::TableVersionModel::State::Loaded,
                             TimeoutMs);
    app.window()->detailsTabs()->setCurrentWidget(workspace->versionsPanel());
    QTest::qWait(50);
    const QString folder = qEnvironmentVariable("LCB_SCREENSHOT_DIR", bed.filePath({}));
    QVERIFY(app.window()->grab().toImage().save(QDir(folder).filePath(u"browser-branches.png"_s)));

    // Changes are staged on main: deleting versions refuses here, saying why.
    app.window()->actions().action(Id::DeleteVersions)->trigger();
    QVERIFY2(app.window()->statusBar()->currentMessage().contains(u"shows the branch dev"_s),
             qPrintable(app.window()->statusBar()->currentMessage()));
    QVERIFY(StagingTestbed::changes(app).isEmpty());

    // Back to main; and another table starts on main, with the selector hidden.
    combo->setCurrentIndex(0);
    emit combo->activated(0);
    QCOMPARE(model.branch(), std::nullopt);
    QTRY_COMPARE_WITH_TIMEOUT(listed(model), (QList<qint64>{3, 2, 1}), TimeoutMs);
    combo->setCurrentIndex(2);
    emit combo->activated(2);
    QTRY_COMPARE_WITH_TIMEOUT(listed(model), QList<qint64>{3}, TimeoutMs);
    workspace->select(Identifier({u"people"_s}));
    QTRY_VERIFY_WITH_TIMEOUT(!selector->isVisibleTo(workspace->versionsPanel()), TimeoutMs);
    QCOMPARE(model.branch(), std::nullopt);
    QTRY_COMPARE_WITH_TIMEOUT(listed(model), (QList<qint64>{3, 2, 1}), TimeoutMs);
    QCOMPARE(bed.prompter().unanswered(), 0);
    QVERIFY(bed.close(app, {}));
}

QTEST_MAIN(TestBranchSelector)
#include "TestBranchSelector.moc"
