// SPDX-License-Identifier: Apache-2.0
// Which targets in the real window take a drag of Lance files, and how they show it: synthetic
// drag-enter, drag-move and drag-leave events with file URLs on the tree (a table row, a
// namespace row, the empty area), the versions view and the Pending Changes panel, on the
// embedded catalog holding the LanceDB table "people"; the drop highlight, and the tree
// scrolling under a drag near its edges. What drops stage: TestManifestDrop.
#include "BrowserApplication.h"
#include "DropTestSupport.h"
#include "StagingTestbed.h"
#include "TestRegistry.h"
#include "staging/PendingChanges.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogTreeView.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/VersionsPanel.h"
#include "ui/common/AppTheme.h"
#include "ui/common/StatusColors.h"
#include "ui/drop/DragAutoScroller.h"
#include "ui/drop/DropHighlight.h"
#include "ui/drop/ManifestDropController.h"
#include "ui/staging/PendingChangesPanel.h"
#include "ui/window/MainWindow.h"

#include <QApplication>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QMimeData>
#include <QScrollBar>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTreeView>
#include <QUrl>

using namespace Qt::StringLiterals;
using lance::browser::BrowserApplication;
using lance::test::DropTestSupport;
using lance::test::StagingTestbed;
using lance::ui::DragAutoScroller;

class TestDropTargets : public QObject
{
    Q_OBJECT

    std::optional<StagingTestbed> m_bed;

private slots:
    void onlyValidTargetsAcceptTheDrag();
    void aDropHighlightCoversItsTargetVisibly();
    void theVersionsViewAndThePanelLightUpOnlyWhileValid();
    void aDragNearTheTreeEdgesScrollsIt();
    // Run around each test: a new testbed, and nothing left unanswered.
    void init() { DropTestSupport::init(m_bed); }
    void cleanup() { DropTestSupport::cleanup(m_bed); }

private:
    /// Whether the tree scrolls by itself now (a drag near its edge): its next step is due.
    static bool autoScrolling(const BrowserApplication &app);
};

bool TestDropTargets::autoScrolling(const BrowserApplication &app)
{
    const QList<DragAutoScroller *> scrollers = app.session()->findChildren<DragAutoScroller *>();
    return std::any_of(scrollers.cbegin(), scrollers.cend(),
                       [](const DragAutoScroller *each) { return each->isScrolling(); });
}

void TestDropTargets::onlyValidTargetsAcceptTheDrag()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    QVERIFY(DropTestSupport::addNamespace(*m_bed, app));
    lance::ui::CatalogWorkspace *workspace = app.session()->workspace();
    QWidget *tree = workspace->treeView()->viewport();
    const QString dataset = DropTestSupport::copyDataset(*m_bed, u"people.lance"_s);
    QVERIFY(!dataset.isEmpty());
    const QStringList manifests = DropTestSupport::manifestsOf(dataset);
    QCOMPARE(manifests.size(), 3);

    const QPoint table = DropTestSupport::rowCenter(app, {u"people"_s});
    const QPoint sales = DropTestSupport::rowCenter(app, {u"sales"_s});
    QVERIFY(table.x() >= 0 && sales.x() >= 0);
    QVERIFY(!workspace->treeView()->indexAt(DropTestSupport::emptyArea(app)).isValid());
    // Manifests and `_versions/` go to tables; dataset folders to namespaces.
    QVERIFY(DropTestSupport::drag(tree, table, manifests));
    QVERIFY(DropTestSupport::drag(tree, table, {dataset + u"/_versions"_s}));
    QVERIFY(!DropTestSupport::drag(tree, table, {dataset}));
    QVERIFY(DropTestSupport::drag(tree, sales, {dataset}));
    QVERIFY(DropTestSupport::drag(tree, DropTestSupport::emptyArea(app), {dataset}));
    QVERIFY(!DropTestSupport::drag(tree, sales, manifests));
    // Not a local file, or nothing Lance: forbidden everywhere.
    QVERIFY(!DropTestSupport::drag(tree, table, {u"https://example.com/1.manifest"_s}));
    QVERIFY(!DropTestSupport::drag(tree, table, {m_bed->filePath(u"settings.ini"_s)}));

    // The row under the pointer is outlined while a valid drag is over it, and no longer after.
    auto *view = qobject_cast<lance::ui::CatalogTreeView *>(workspace->treeView());
    QVERIFY(view);
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(manifests.first())});
    QDragEnterEvent enter(table, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(tree, &enter);
    QCOMPARE(view->dropHighlight(), view->indexAt(table));
    QDragLeaveEvent leave;
    QCoreApplication::sendEvent(tree, &leave);
    QVERIFY(!qobject_cast<lance::ui::CatalogTreeView *>(app.session()->workspace()->treeView())
                 ->dropHighlight()
                 .isValid());

    // The versions view is the table it shows; the panel asks for one.
    QVERIFY(DropTestSupport::drag(workspace->versionsPanel()->tableView()->viewport(), {20, 20},
                                  manifests));
    QVERIFY(!DropTestSupport::drag(workspace->versionsPanel()->tableView()->viewport(), {20, 20},
                                   {dataset}));
    QVERIFY(DropTestSupport::drag(&StagingTestbed::panel(app), {20, 20}, manifests));
    QCOMPARE(StagingTestbed::changes(app).count(), 0); // dragging stages nothing
}

void TestDropTargets::aDropHighlightCoversItsTargetVisibly()
{
    using lance::ui::DropHighlight;
    using lance::ui::StatusColors;
    using Theme = lance::ui::AppTheme::Theme;
    for (const Theme theme : {Theme::Light, Theme::Dark}) {
        // The app's own palettes (View > Theme): both must show the frame.
        const char *name = theme == Theme::Dark ? "dark" : "light";
        lance::ui::AppTheme::apply(theme);
        QWidget target;
        target.setAutoFillBackground(true);
        target.resize(200, 120);
        auto *overlay = new DropHighlight(&target);
        target.show();
        QVERIFY(QTest::qWaitForWindowExposed(&target));
        QVERIFY(!overlay->isVisible()); // until a drag shows it
        overlay->show();
        QCOMPARE(overlay->geometry(), target.rect());
        target.resize(260, 90);
        QCOMPARE(overlay->geometry(), target.rect());
        QVERIFY(overlay->testAttribute(Qt::WA_TransparentForMouseEvents));

        for (const QPalette::ColorRole role : {QPalette::Base, QPalette::Window}) {
            const QColor background = target.palette().color(role);
            const QColor frame = DropHighlight::frameColour(target.palette(), background);
            QVERIFY2(StatusColors::contrastRatio(frame, background) >= 3.0,
                     qPrintable(u"%1 on %2 in %3"_s.arg(frame.name(), background.name(),
                                                        QString::fromLatin1(name))));
        }
        // Painted over the target: its edge in the frame colour, its middle tinted with it.
        const QColor background = target.palette().color(target.backgroundRole());
        const QColor frame = DropHighlight::frameColour(target.palette(), background);
        const QImage shown = target.grab().toImage();
        QCOMPARE(shown.pixelColor(1, 1), frame);
        QCOMPARE(shown.pixelColor(258, 88), frame);
        QVERIFY(shown.pixelColor(130, 45) != background);
        overlay->hide();
        QCOMPARE(target.grab().toImage().pixelColor(1, 1), background);
    }
    lance::ui::AppTheme::apply(Theme::System); // what the test started with
}

void TestDropTargets::theVersionsViewAndThePanelLightUpOnlyWhileValid()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    const QString dataset = DropTestSupport::copyDataset(*m_bed, u"people.lance"_s);
    QVERIFY(!dataset.isEmpty());
    QMimeData manifests;
    manifests.setUrls({QUrl::fromLocalFile(DropTestSupport::manifestsOf(dataset).first())});
    QMimeData folder; // a dataset goes to a namespace only
    folder.setUrls({QUrl::fromLocalFile(dataset)});
    QWidget *versions = app.session()->workspace()->versionsPanel()->tableView()->viewport();
    QWidget *panel = &StagingTestbed::panel(app);
    app.window()->detailsTabs()->setCurrentIndex(1); // Versions
    app.window()->dock(lance::ui::MainWindow::Pane::PendingChanges)->show();
    QTRY_VERIFY(versions->isVisible() && panel->isVisible());
    // The tree outlines a row, and lights up as a whole only for its empty area (the root,
    // which takes datasets).
    QWidget *tree = app.session()->workspace()->treeView()->viewport();
    auto *treeOverlay = tree->findChild<lance::ui::DropHighlight *>(u"dropHighlight"_s,
                                                                    Qt::FindDirectChildrenOnly);
    QVERIFY(treeOverlay);
    const QPoint row = DropTestSupport::rowCenter(app, {u"people"_s});
    DropTestSupport::send(tree, QEvent::DragEnter, row, &folder); // a dataset on a table row
    QVERIFY(!treeOverlay->isVisible());
    QVERIFY(!qobject_cast<lance::ui::CatalogTreeView *>(app.session()->workspace()->treeView())
                 ->dropHighlight()
                 .isValid());
    QVERIFY(
        DropTestSupport::send(tree, QEvent::DragMove, DropTestSupport::emptyArea(app), &folder));
    QVERIFY(treeOverlay->isVisible());
    DropTestSupport::send(tree, QEvent::DragLeave, {}, nullptr);
    QVERIFY(!treeOverlay->isVisible());

    for (QWidget *target : {versions, panel}) {
        auto *overlay = target->findChild<lance::ui::DropHighlight *>(u"dropHighlight"_s);
        QVERIFY(overlay);
        QCOMPARE(overlay->parentWidget(), target);
        QVERIFY(!overlay->isVisible());
        const QPoint pos(20, 20);

        // A valid drag lights it up, over the whole target; leaving puts it out.
        QVERIFY(DropTestSupport::send(target, QEvent::DragEnter, pos, &manifests));
        QVERIFY(overlay->isVisible());
        QCOMPARE(overlay->geometry(), target->rect());
        QVERIFY(DropTestSupport::send(target, QEvent::DragMove, pos, &manifests));
        QVERIFY(overlay->isVisible());
        DropTestSupport::send(target, QEvent::DragLeave, pos, &manifests);
        QVERIFY(!overlay->isVisible());

        // An invalid one never does.
        QVERIFY(!DropTestSupport::send(target, QEvent::DragEnter, pos, &folder));
        QVERIFY(!overlay->isVisible());
        QVERIFY(!DropTestSupport::send(target, QEvent::DragMove, pos, &folder));
        QVERIFY(!overlay->isVisible());
        DropTestSupport::send(target, QEvent::DragLeave, pos, &folder);

        // Dropped, it goes out before anything is asked: the question is cancelled here.
        QVERIFY(DropTestSupport::send(target, QEvent::DragEnter, pos, &manifests));
        QVERIFY(overlay->isVisible());
        if (target == panel) {
            m_bed->prompter().answerText(std::nullopt); // which table: none
        } else {
            m_bed->prompter().answerChoice(u"Cancel"_s); // versions "people" already has
        }
        QVERIFY(DropTestSupport::send(target, QEvent::Drop, pos, &manifests));
        QVERIFY(DropTestSupport::settle(app));
        QVERIFY(!overlay->isVisible());
        QCOMPARE(m_bed->prompter().unanswered(), 0);
    }
    QCOMPARE(StagingTestbed::changes(app).count(), 0);
}

void TestDropTargets::aDragNearTheTreeEdgesScrollsIt()
{
    using lance::ui::ManifestDropController;
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    QVERIFY(DropTestSupport::addNamespaces(*m_bed, app, 60));
    QTreeView *tree = app.session()->workspace()->treeView();
    QWidget *viewport = tree->viewport();
    QScrollBar *bar = tree->verticalScrollBar();
    QTRY_VERIFY(bar->maximum() >= 10); // far more rows than the viewport shows
    bar->setValue(0);
    const QString dataset = DropTestSupport::copyDataset(*m_bed, u"people.lance"_s);
    QVERIFY(!dataset.isEmpty());
    QMimeData manifests;
    manifests.setUrls({QUrl::fromLocalFile(DropTestSupport::manifestsOf(dataset).first())});
    const int bottom = viewport->height() - ManifestDropController::AutoScrollMargin / 2;
    const QPoint middle(20, viewport->height() / 2);

    // Near the bottom edge it scrolls down, step after step, over rows it may not drop on.
    DropTestSupport::send(viewport, QEvent::DragEnter, middle, &manifests);
    DropTestSupport::send(viewport, QEvent::DragMove, {20, bottom}, &manifests);
    QTRY_VERIFY(bar->value() >= 3);
    // Back in the middle it stops.
    DropTestSupport::send(viewport, QEvent::DragMove, middle, &manifests);
    QVERIFY(!autoScrolling(app)); // no step is due any more
    int value = bar->value();
    // Near the top edge it scrolls up.
    DropTestSupport::send(viewport, QEvent::DragMove,
                          {20, ManifestDropController::AutoScrollMargin / 2}, &manifests);
    QTRY_VERIFY(bar->value() < value);
    // Leaving stops it.
    DropTestSupport::send(viewport, QEvent::DragLeave, {}, &manifests);
    QVERIFY(!autoScrolling(app));
    bar->setValue(5);

    // A drag no row can take (nothing Lance) does not scroll.
    QMimeData web;
    web.setUrls({QUrl(u"https://example.com/1.manifest"_s)});
    DropTestSupport::send(viewport, QEvent::DragEnter, middle, &web);
    DropTestSupport::send(viewport, QEvent::DragMove, {20, bottom}, &web);
    QVERIFY(!autoScrolling(app));
    QCOMPARE(bar->value(), 5);
    DropTestSupport::send(viewport, QEvent::DragLeave, {}, &web);

    // Nor does a drop leave it running.
    DropTestSupport::send(viewport, QEvent::DragEnter, middle, &manifests);
    DropTestSupport::send(viewport, QEvent::DragMove, {20, bottom}, &manifests);
    QTRY_VERIFY(bar->value() > 5);
    QVERIFY(
        !DropTestSupport::send(viewport, QEvent::Drop, {20, bottom}, &manifests)); // on a namespace
    QVERIFY(!autoScrolling(app));
    QCOMPARE(StagingTestbed::changes(app).count(), 0);
}

LCB_TEST_MAIN(TestDropTargets)
#include "TestDropTargets.moc"
