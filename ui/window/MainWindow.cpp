// SPDX-License-Identifier: Apache-2.0
#include "ui/window/MainWindow.h"

#include "ui/activity/ActivityIndicator.h"
#include "ui/common/Icons.h"
#include "ui/common/MessageBanner.h"
#include "ui/connection/EnvironmentBand.h"
#include "ui/window/CatalogPane.h"
#include "ui/window/ItemViewKeys.h"
#include "ui/window/PaneCycler.h"
#include "ui/window/PanePlaceholder.h"
#include "ui/window/ShortcutsDialog.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace lance::ui {

namespace {

constexpr int StateVersion = 1;
const QString GeometryKey = u"MainWindow/geometry"_s;
const QString StateKey = u"MainWindow/state"_s;
const QString SplitterKey = u"MainWindow/splitter"_s;
const QString TabKey = u"MainWindow/detailsTab"_s;
constexpr int DetailsTab = 0;
constexpr int VersionsTab = 1;

} // namespace

MainWindow::MainWindow(QSettings &settings, QWidget *parent)
    : QMainWindow(parent)
    , m_settings(settings)
{
    setObjectName(u"mainWindow"_s);
    setWindowIcon(Icons::icon(Icons::Id::App));
    setCatalogTitle(QString());
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    setDockNestingEnabled(true);

    m_actions = new WindowActions(this);
    createTopArea();
    setCentralWidget(createCentralArea());
    m_requestLogDock
        = createDock(u"requestLogDock"_s, tr("Request Log"),
                     tr("Requests appear here as they are sent."), Qt::BottomDockWidgetArea);
    m_pendingChangesDock = createDock(
        u"pendingChangesDock"_s, tr("Pending Changes"),
        tr("Nothing is staged.\n\nStaged changes are listed here and sent together, as one "
           "atomic commit."),
        Qt::RightDockWidgetArea);
    // Beside the Request Log, as a tab: both are read at the bottom, one at a time.
    m_historyDock = createDock(u"historyDock"_s, tr("History"),
                               tr("The transactions committed to this catalog appear here."),
                               Qt::BottomDockWidgetArea);
    tabifyDockWidget(m_requestLogDock, m_historyDock);
    // Closed until asked for (View > History, or a commit's "Show in History"): the Request
    // Log stays what the bottom shows.
    m_historyDock->hide();
    // Ticked in the View menu, it is what the steward asked to see: in front of its tab mate.
    connect(m_historyDock->toggleViewAction(), &QAction::triggered, m_historyDock,
            [dock = m_historyDock](bool shown) {
                if (shown) {
                    dock->raise();
                }
            });
    resizeDocks({m_pendingChangesDock}, {300}, Qt::Horizontal);
    resizeDocks({m_requestLogDock}, {150}, Qt::Vertical);

    QAction *toolBarToggle = m_toolBar->toggleViewAction();
    toolBarToggle->setText(tr("&Toolbar"));
    m_actions->fillMenuBar(m_menuBar, {m_requestLogDock->toggleViewAction(),
                                       m_pendingChangesDock->toggleViewAction(),
                                       m_historyDock->toggleViewAction(), toolBarToggle});
    m_actions->fillToolBar(m_toolBar);
    createStatusBar();
    connectActions();
    restoreLayout();
}

MainWindow::~MainWindow() = default;

void MainWindow::createTopArea()
{
    m_menuBar = new QMenuBar(this);
    m_menuBar->setObjectName(u"menuBar"_s);
    setMenuBar(m_menuBar);
    m_toolBar = addToolBar(tr("Toolbar"));
    m_toolBar->setObjectName(u"mainToolBar"_s);
    m_toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    addToolBarBreak();
    // The band on a row of its own across the window, above the docks: a bare toolbar that
    // cannot move, float or be hidden.
    auto *bandBar = new QToolBar(tr("Connection"), this);
    bandBar->setObjectName(u"environmentToolBar"_s);
    bandBar->setMovable(false);
    bandBar->setFloatable(false);
    bandBar->setContextMenuPolicy(Qt::PreventContextMenu);
    bandBar->toggleViewAction()->setVisible(false);
    bandBar->setContentsMargins(0, 0, 0, 0);
    bandBar->layout()->setContentsMargins(0, 0, 0, 0);
    bandBar->layout()->setSpacing(0);
    m_band = new EnvironmentBand(bandBar);
    m_band->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    bandBar->addWidget(m_band);
    addToolBar(Qt::TopToolBarArea, bandBar);
}

QWidget *MainWindow::createCentralArea()
{
    m_catalogPane = new CatalogPane(this);
    m_detailsTabs = new QTabWidget(this);
    m_detailsTabs->setObjectName(u"detailsTabs"_s);
    m_detailsTabs->setDocumentMode(true);
    m_detailsTabs->addTab(
        new PanePlaceholder(tr("Select a namespace or a table to see its details.")),
        tr("Details"));
    m_detailsTabs->addTab(new PanePlaceholder(tr("Select a table to see its versions.")),
                          tr("Versions"));
    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->setObjectName(u"centralSplitter"_s);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->addWidget(m_catalogPane);
    m_splitter->addWidget(m_detailsTabs);
    // Both panes give way when the window shrinks, the details twice as much as the tree, so
    // at 1024 px the centre keeps its share instead of shrinking alone.
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setSizes({320, 560});

    m_emptyState = new EmptyStatePanel(this);
    m_centralStack = new QStackedWidget(this);
    m_centralStack->setObjectName(u"centralStack"_s);
    m_centralStack->addWidget(m_splitter);
    m_centralStack->addWidget(m_emptyState);

    m_banner = new MessageBanner(this);
    auto *central = new QWidget(this);
    central->setObjectName(u"centralArea"_s);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(6, 6, 6, 0);
    layout->setSpacing(6);
    layout->addWidget(m_banner);
    layout->addWidget(m_centralStack, 1);
    return central;
}

QDockWidget *MainWindow::createDock(const QString &objectName, const QString &title,
                                    const QString &placeholder, Qt::DockWidgetArea area)
{
    auto *dock = new QDockWidget(title, this);
    dock->setObjectName(objectName);
    dock->setWidget(new PanePlaceholder(placeholder, dock));
    addDockWidget(area, dock);
    return dock;
}

void MainWindow::createStatusBar()
{
    m_activity = new ActivityIndicator(this);
    statusBar()->addPermanentWidget(m_activity);
    statusBar()->showMessage(tr("Ready"));
}

void MainWindow::connectActions()
{
    using Id = WindowActions::Id;
    connect(m_actions->action(Id::Quit), &QAction::triggered, this, &MainWindow::close);
    connect(m_actions->action(Id::Find), &QAction::triggered, m_catalogPane,
            &CatalogPane::focusFilter);
    connect(m_actions->action(Id::KeyboardShortcuts), &QAction::triggered, this,
            &MainWindow::onShortcutsTriggered);
    connect(m_actions->action(Id::About), &QAction::triggered, this, &MainWindow::onAboutTriggered);
    connect(m_actions->action(Id::AboutQt), &QAction::triggered, qApp, &QApplication::aboutQt);
    auto *panes = new PaneCycler(
        [this]() -> QList<QWidget *> {
            QWidget *centre
                = isShowingEmptyState() ? static_cast<QWidget *>(m_emptyState) : m_catalogPane;
            QList<QWidget *> list{centre};
            if (!isShowingEmptyState()) {
                list << m_detailsTabs; // the shown tab's view, or else its tab bar
            }
            list << m_pendingChangesDock->widget() << m_requestLogDock->widget()
                 << m_historyDock->widget();
            return list;
        },
        this);
    qApp->installEventFilter(new ItemViewKeys(this)); // Ctrl+Tab inside lists and tables
    connect(m_actions->action(Id::NextPane), &QAction::triggered, panes, &PaneCycler::next);
    connect(m_actions->action(Id::PreviousPane), &QAction::triggered, panes, &PaneCycler::previous);
    // The window holds the shortcuts, so they work wherever the focus is in it.
    addActions(m_actions->all());
}

void MainWindow::showStatus(const QString &text, int timeoutMs)
{
    statusBar()->showMessage(text, timeoutMs);
}

void MainWindow::clearStatus()
{
    statusBar()->clearMessage();
}

void MainWindow::addStatusWidget(QWidget *widget)
{
    statusBar()->addPermanentWidget(widget);
}

QDockWidget *MainWindow::dock(Pane pane) const
{
    switch (pane) {
    case Pane::RequestLog:
        return m_requestLogDock;
    case Pane::PendingChanges:
        return m_pendingChangesDock;
    case Pane::History:
        return m_historyDock;
    case Pane::Catalog:
    case Pane::Details:
    case Pane::Versions:
        break;
    }
    return nullptr;
}

void MainWindow::setPane(Pane pane, QWidget *widget)
{
    if (QDockWidget *paneDock = dock(pane)) {
        QWidget *old = paneDock->widget();
        paneDock->setWidget(widget);
        delete old;
        return;
    }
    if (pane == Pane::Catalog) {
        m_catalogPane->setView(widget);
        return;
    }
    const int index = pane == Pane::Details ? DetailsTab : VersionsTab;
    const bool current = m_detailsTabs->currentIndex() == index;
    const QString label = m_detailsTabs->tabText(index);
    const QIcon icon = m_detailsTabs->tabIcon(index);
    QWidget *old = m_detailsTabs->widget(index);
    m_detailsTabs->removeTab(index);
    delete old;
    m_detailsTabs->insertTab(index, widget, icon, label);
    if (current) {
        m_detailsTabs->setCurrentIndex(index);
    }
}

void MainWindow::showEmptyState(EmptyStatePanel::Situation situation, const QString &catalogName)
{
    m_emptyState->setSituation(situation, catalogName);
    m_centralStack->setCurrentWidget(m_emptyState);
}

void MainWindow::showCatalog()
{
    m_centralStack->setCurrentWidget(m_splitter);
}

bool MainWindow::isShowingEmptyState() const
{
    return m_centralStack->currentWidget() == m_emptyState;
}

void MainWindow::setCatalogTitle(const QString &title)
{
    // The application's display name is added by Qt where the platform shows it.
    setWindowTitle((title.isEmpty() ? tr("Lance Catalog Browser") : title) + u"[*]"_s);
}

void MainWindow::setReadOnly(bool readOnly)
{
    m_band->setReadOnly(readOnly);
    m_emptyState->setReadOnly(readOnly);
}

void MainWindow::restoreLayout()
{
    const QByteArray geometry = m_settings.value(GeometryKey).toByteArray();
    if (geometry.isEmpty() || !restoreGeometry(geometry)) {
        firstLayout(screen() ? screen()->availableGeometry().size()
                             : QSize(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX));
    }
    restoreState(m_settings.value(StateKey).toByteArray(), StateVersion);
    m_splitter->restoreState(m_settings.value(SplitterKey).toByteArray());
    m_detailsTabs->setCurrentIndex(m_settings.value(TabKey, DetailsTab).toInt());
}

void MainWindow::firstLayout(const QSize &available)
{
    // Room for the tree, the versions and the docks, but never past the screen: a laptop at
    // 1024 x 700 gets a window it can see whole, frame and task bar included.
    const QSize size = QSize(1180, 760).boundedTo(
        QSize(available.width() * 95 / 100, available.height() * 90 / 100));
    resize(size);
    // A quarter of a narrow window at most for Pending Changes, and a quarter of the rest for
    // the tree: at 1024 px the versions list needs the rest for its columns, tags included,
    // without scrolling sideways.
    const int pending = qMin(300, size.width() / 4);
    resizeDocks({m_pendingChangesDock}, {pending}, Qt::Horizontal);
    const int centre = size.width() - pending;
    m_splitter->setSizes({centre / 4, centre - centre / 4});
}

void MainWindow::saveLayout()
{
    m_settings.setValue(GeometryKey, saveGeometry());
    m_settings.setValue(StateKey, saveState(StateVersion));
    m_settings.setValue(SplitterKey, m_splitter->saveState());
    m_settings.setValue(TabKey, m_detailsTabs->currentIndex());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (m_closeGuard && !m_closeGuard()) {
        event->ignore();
        return;
    }
    saveLayout();
    event->accept();
}

void MainWindow::onAboutTriggered()
{
    QMessageBox::about(this, tr("About Lance Catalog Browser"),
                       tr("<p><b>Lance Catalog Browser</b> %1</p>"
                          "<p>Browse Lance namespace catalogs, and change them with staged "
                          "operations sent as one atomic commit.</p>"
                          "<p>Licensed under the Apache License 2.0.</p>")
                           .arg(QApplication::applicationVersion()));
}

void MainWindow::onShortcutsTriggered()
{
    ShortcutsDialog dialog(m_actions->all(), this);
    dialog.exec();
}

} // namespace lance::ui
