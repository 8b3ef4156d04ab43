// SPDX-License-Identifier: Apache-2.0
// The real window on a small screen, 1024 × 700, as a person with a laptop meets it: the
// centre pane keeps its share, no label is cut without its whole text a tooltip away, and the
// versions and the request log fit their panes (nothing to scroll sideways to); with every dock
// open, a branch selector and a banner, each list still shows five rows and the window does not
// grow. A screenshot of it is written (to LCB_SCREENSHOT_DIR when set, for the README).
#include "AwaitCall.h"
#include "BrowserApplication.h"
#include "SettledLayout.h"
#include "StagingTestbed.h"
#include "TestRegistry.h"
#include "catalog/TableVersionModel.h"
#include "local/LocalCatalogService.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/VersionsPanel.h"
#include "ui/common/MessageBanner.h"
#include "ui/common/PathLabel.h"
#include "ui/common/VisibleRows.h"
#include "ui/window/CatalogPane.h"
#include "ui/window/MainWindow.h"

#include <QAbstractItemView>
#include <QDir>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QScreen>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::browser::BrowserApplication;
using lance::test::StagingTestbed;

namespace {

// The steward's laptop: what its screen has room for.
constexpr QSize Laptop(1024, 700);

} // namespace

class TestSmallScreen : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void nothingIsCutAt1024By700();
    void theFirstWindowFitsTheScreen();
    void everyListShowsFiveRowsWithTheDocksOpen();

private:
    /// Starts `app` and lays its window out as a first start on the Laptop's screen does
    /// (972 x 630), the Versions view shown.
    bool startOnTheLaptop(BrowserApplication &app);
    /// Runs `request` on the catalog as another client, before the window opens it.
    template <typename Request> bool behind(const Request &request);
    // Labels whose text is wider than they are, without the whole text in their tooltip.
    static QStringList cutLabels(const QWidget &window);
    // An item view whose columns run past its viewport.
    static QString overflow(const QTableView &view);

    std::optional<StagingTestbed> m_bed;
};

void TestSmallScreen::init()
{
    m_bed.emplace();
    QVERIFY(m_bed->isValid());
}

void TestSmallScreen::cleanup()
{
    QCOMPARE(m_bed->prompter().unanswered(), 0);
    m_bed.reset();
}

template <typename Request> bool TestSmallScreen::behind(const Request &request)
{
    lance::local::LocalCatalogService other(m_bed->catalog());
    return lance::test::succeeded(lance::test::awaitCall(other, request, StagingTestbed::TimeoutMs),
                                  u"a change behind the window"_s);
}

bool TestSmallScreen::startOnTheLaptop(BrowserApplication &app)
{
    if (!m_bed->start(app)) {
        return false;
    }
    lance::ui::MainWindow *window = app.window();
    window->firstLayout(Laptop);
    window->detailsTabs()->setCurrentWidget(app.session()->workspace()->versionsPanel());
    return QTest::qWaitFor([window] { return window->size() == QSize(972, 630); });
}

QStringList TestSmallScreen::cutLabels(const QWidget &window)
{
    QStringList cut;
    for (const QLabel *label : window.findChildren<QLabel *>()) {
        if (!label->isVisible() || label->wordWrap() || label->textFormat() == Qt::RichText
            || Qt::mightBeRichText(label->text()) || label->text().isEmpty()) {
            continue;
        }
        const QString text = QString(label->text()).remove(u'&');
        const int needed = label->fontMetrics().horizontalAdvance(text);
        const bool clipped = needed > label->contentsRect().width() + 1;
        const bool elided = text.contains(u'…');
        if (clipped) {
            cut << u"%1 \"%2\": %3 px of text in %4 px"_s.arg(label->objectName(), text)
                       .arg(needed)
                       .arg(label->contentsRect().width());
        } else if (elided && label->toolTip().size() <= text.size()) {
            cut << u"%1 \"%2\": elided, and the tooltip does not hold the whole text"_s.arg(
                label->objectName(), text);
        }
    }
    return cut;
}

QString TestSmallScreen::overflow(const QTableView &view)
{
    const int length = view.horizontalHeader()->length();
    return length > view.viewport()->width()
               ? u"%1: %2 px of columns in %3 px"_s.arg(view.objectName())
                     .arg(length)
                     .arg(view.viewport()->width())
               : QString();
}

void TestSmallScreen::nothingIsCutAt1024By700()
{
    // A tag: its column showed "g…n" and pushed the message off with a horizontal scroll bar.
    lance::api::CreateTableTagRequest tag;
    tag.id = lance::api::Identifier({u"people"_s});
    tag.tag = u"golden"_s;
    tag.version = 1;
    QVERIFY(behind(tag));
    BrowserApplication app;
    QVERIFY(startOnTheLaptop(app));
    lance::ui::MainWindow *window = app.window();
    lance::ui::CatalogWorkspace *workspace = app.session()->workspace();
    QVERIFY(lance::test::SettledLayout::wait(*window));

    // The centre pane keeps its share; the tree does not keep all of its width.
    const int tree = window->findChild<lance::ui::CatalogPane *>()->width();
    const int centre = window->detailsTabs()->width();
    QVERIFY2(centre >= tree * 3 / 2,
             qPrintable(u"tree %1 px, centre %2 px"_s.arg(tree).arg(centre)));

    // The version record shows the manifest path elided in the middle, whole in its tooltip.
    const auto *path
        = workspace->versionsPanel()->findChild<lance::ui::PathLabel *>(u"recordManifestPath"_s);
    QVERIFY(path && path->isVisible());
    QVERIFY2(path->path().startsWith(u'/'), qPrintable(path->path())); // a path, not a key
    QCOMPARE(path->toolTip(), path->path());

    QStringList problems = cutLabels(*window);
    const QTableView *versions = workspace->versionsPanel()->tableView();
    QTRY_VERIFY(!versions->isColumnHidden(lance::catalog::TableVersionModel::TagsColumn));
    const QModelIndex golden = versions->model()->index(
        versions->model()->rowCount() - 1, lance::catalog::TableVersionModel::TagsColumn);
    QCOMPARE(golden.data().toString(), u"golden"_s);
    if (versions->visualRect(golden).width()
        < versions->fontMetrics().horizontalAdvance(u"golden"_s)) {
        problems << u"the tag golden is cut to %1 px"_s.arg(versions->visualRect(golden).width());
    }
    for (const QTableView *view : {workspace->versionsPanel()->tableView(),
                                   window->findChild<QTableView *>(u"requestTable"_s)}) {
        if (const QString wide = overflow(*view); !wide.isEmpty()) {
            problems << wide;
        }
    }
    const QImage shot = window->grab().toImage();
    const QString folder = qEnvironmentVariable("LCB_SCREENSHOT_DIR", m_bed->filePath({}));
    QVERIFY(shot.save(QDir(folder).filePath(u"browser-1024x700.png"_s)));
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
}

// A steward's walk: the first window was 1180 x 760 on a 1024 x 700 screen.
void TestSmallScreen::theFirstWindowFitsTheScreen()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app)); // new settings: no saved geometry
    const lance::ui::MainWindow *window = app.window();
    QVERIFY(window->screen());
    const QSize available = window->screen()->availableGeometry().size();
    QVERIFY2(window->width() <= available.width() && window->height() <= available.height(),
             qPrintable(u"window %1 x %2, screen %3 x %4"_s.arg(window->width())
                            .arg(window->height())
                            .arg(available.width())
                            .arg(available.height())));
}

// A steward's walk at 1024 x 700: the Versions view showed 2 to 5 rows, 1.5 with the branch
// selector, a banner and the History open; the History 1 to 2; and the window grew past the
// screen when a banner appeared.
void TestSmallScreen::everyListShowsFiveRowsWithTheDocksOpen()
{
    // A branch, so that the Versions view shows its branch selector.
    lance::api::CreateTableBranchRequest branch;
    branch.id = lance::api::Identifier({u"people"_s});
    branch.name = u"dev"_s;
    QVERIFY(behind(branch));
    BrowserApplication app;
    QVERIFY(startOnTheLaptop(app));
    lance::ui::MainWindow *window = app.window();
    lance::ui::CatalogWorkspace *workspace = app.session()->workspace();
    using Pane = lance::ui::WindowHost::Pane;
    for (const Pane pane : {Pane::PendingChanges, Pane::RequestLog, Pane::History}) {
        window->dock(pane)->show();
    }
    window->messageBanner()->showMessage(
        lance::ui::MessageBanner::Severity::Warning,
        u"Committed 3 operations as one batch. Reading it back does not show all of it; someone "
        "may have changed these tables since. See Details."_s);
    QVERIFY(lance::test::SettledLayout::wait(*window));
    QTRY_VERIFY(
        workspace->versionsPanel()->findChild<QWidget *>(u"branchSelector"_s)
        && workspace->versionsPanel()->findChild<QWidget *>(u"branchSelector"_s)->isVisible());
    QVERIFY(lance::test::SettledLayout::wait(*window));

    QStringList squeezed;
    // It may grow for the banner and the selector, but never past the screen.
    if (window->width() > Laptop.width() || window->height() > Laptop.height()) {
        squeezed << u"the window grew to %1 x %2"_s.arg(window->width()).arg(window->height());
    }
    const auto look = [&squeezed](const QWidget &root) {
        for (const QAbstractItemView *view : root.findChildren<QAbstractItemView *>()) {
            if (!view->isVisible() || !view->model() || view->objectName().isEmpty()) {
                continue;
            }
            if (const int rows = lance::ui::VisibleRows::shown(*view);
                rows < lance::ui::VisibleRows::Minimum) {
                squeezed << u"%1: %2 rows"_s.arg(view->objectName()).arg(rows);
            }
        }
    };
    look(*window);
    // The History shares the bottom with the Request Log, as a tab: it gets the same room.
    window->dock(Pane::RequestLog)->raise();
    QVERIFY(lance::test::SettledLayout::wait(*window));
    look(*window);
    const QString folder = qEnvironmentVariable("LCB_SCREENSHOT_DIR", m_bed->filePath({}));
    QVERIFY(window->grab().toImage().save(QDir(folder).filePath(u"browser-1024x700-docks.png"_s)));
    QVERIFY2(squeezed.isEmpty(), qPrintable(squeezed.join(u'\n')));
}

LCB_TEST_MAIN(TestSmallScreen)
#include "TestSmallScreen.moc"
