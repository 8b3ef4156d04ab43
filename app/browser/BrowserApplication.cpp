// SPDX-License-Identifier: Apache-2.0
#include "BrowserApplication.h"

#include "CatalogActions.h"
#include "CommandLineFiles.h"
#include "ReadinessGate.h"
#include "activity/ActivityTracker.h"
#include "activity/RequestLog.h"
#include "connection/CatalogConnection.h"
#include "connection/ConnectionTester.h"
#include "connection/ProfileStore.h"
#include "connection/SecretStore.h"
#include "settings/AppSettings.h"
#include "ui/activity/ActivityIndicator.h"
#include "ui/activity/RequestLogView.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogSwitcher.h"
#include "ui/commit/CommitController.h"
#include "ui/common/AppTheme.h"
#include "ui/common/MessageBanner.h"
#include "ui/common/MessageBoxPrompter.h"
#include "ui/connection/ConnectionCommands.h"
#include "ui/connection/EnvironmentBand.h"
#include "ui/drop/ManifestDropController.h"
#include "ui/staging/PendingChangesPanel.h"
#include "ui/staging/StagedManifestChecker.h"
#include "ui/staging/StagingController.h"
#include "ui/window/MainWindow.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QDir>
#include <QImageWriter>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTimer>
#include <QWindow>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace lance::browser {

namespace {

using Id = ui::WindowActions::Id;

constexpr int ScreenshotTimeoutMs = 30000;
// How long the status bar says that secrets are kept in memory only.
constexpr int KeychainNoticeMs = 15000;

void print(std::FILE *stream, const QString &text)
{
    std::fputs(qPrintable(text.endsWith(u'\n') ? text : text + u'\n'), stream);
    std::fflush(stream);
}

} // namespace

BrowserApplication::BrowserApplication(QObject *parent)
    : QObject(parent)
    , m_readiness(new ReadinessGate(this))
{
    connect(m_readiness, &ReadinessGate::ready, this, &BrowserApplication::onReady);
}

BrowserApplication::~BrowserApplication()
{
    // The sessions before the window their workspaces fill, then the window while the
    // settings it saves its layout to are still there.
    delete m_commands;
    m_commands = nullptr;
    delete m_switcher;
    m_switcher = nullptr;
    m_window.reset();
}

std::optional<int> BrowserApplication::start(const QStringList &arguments)
{
    const BrowserCommandLine::Parsed parsed = BrowserCommandLine::parse(arguments);
    switch (parsed.action) {
    case BrowserCommandLine::Action::ShowHelp:
    case BrowserCommandLine::Action::ShowVersion:
        print(stdout, parsed.text);
        return 0;
    case BrowserCommandLine::Action::Fail:
        print(stderr, parsed.text);
        return 1;
    case BrowserCommandLine::Action::Run:
        break;
    }
    m_options = parsed.options;
    m_settings = m_options.settingsFile.isEmpty()
                     ? std::make_unique<QSettings>()
                     : std::make_unique<QSettings>(m_options.settingsFile, QSettings::IniFormat);
    // View > Theme as saved, before the window shows; LCB_TEST_PALETTE (screenshots, tests)
    // chooses above it without changing it. System leaves the desktop's style untouched.
    const settings::AppSettings::Theme theme
        = ui::AppTheme::fromEnvironment().value_or(settings::AppSettings(*m_settings).theme());
    if (theme != settings::AppSettings::Theme::System) {
        ui::AppTheme::apply(theme);
    }
    createWindow();

    for (const QString &condition : {WindowReady, CatalogReady, TreeReady, DetailsReady}) {
        m_readiness->require(condition);
    }
    if (!m_options.files.isEmpty()) {
        m_readiness->require(FilesReady);
    }
    if (!m_options.screenshotFile.isEmpty()) {
        QTimer::singleShot(ScreenshotTimeoutMs, this, [this] {
            if (!m_readiness->isReady()) {
                print(stderr, tr("The window was not ready after %1 seconds (still waiting for: "
                                 "%2); no screenshot was written.")
                                  .arg(ScreenshotTimeoutMs / 1000)
                                  .arg(m_readiness->pending().join(u", "_s)));
                emit finished(1);
            } else if (!m_screenshotTaken) { // ready, but some request never answered
                takeScreenshot(false);
            }
        });
    }
    openFromOptions();
    m_window->show();
    m_window->windowHandle()->installEventFilter(this);
    if (m_window->windowHandle()->isExposed()) {
        onWindowExposed();
    }
    return std::nullopt;
}

void BrowserApplication::setPrompter(ui::Prompter *prompter)
{
    m_prompter = prompter;
}

ui::Prompter &BrowserApplication::prompter() const
{
    if (m_prompter) {
        return *m_prompter;
    }
    return *m_dialogs;
}

void BrowserApplication::createWindow()
{
    m_window = std::make_unique<ui::MainWindow>(*m_settings);
    m_window->setReadOnly(m_options.readOnly);
    m_dialogs = std::make_unique<ui::MessageBoxPrompter>(m_window.get());
    m_switcher = new ui::CatalogSwitcher(*m_settings, *m_window, m_options.readOnly, this);
    connect(m_switcher, &ui::CatalogSwitcher::sessionChanged, this,
            &BrowserApplication::onSessionChanged);
    connect(m_switcher, &ui::CatalogSwitcher::openFailed, this, &BrowserApplication::onOpenFailed);
    m_switcher->setLeaveGuard([this] {
        auto *staging = session() ? session()->findChild<ui::StagingController *>() : nullptr;
        return !staging || staging->confirmClose();
    });
    m_commands = new ui::ConnectionCommands(
        *m_window, *m_switcher, [this]() -> ui::Prompter & { return prompter(); },
        [this](const api::ApiError &error, std::function<void()> retry) {
            showError(error, std::move(retry));
        },
        this);
    connect(m_commands, &ui::ConnectionCommands::namespaceCreated, this,
            &BrowserApplication::checkCatalog);
    m_window->setPane(ui::MainWindow::Pane::RequestLog,
                      new ui::RequestLogView(&m_switcher->requestLog(), prompter()));
    connectWindow();
}

void BrowserApplication::connectWindow()
{
    ui::MainWindow *window = m_window.get();
    ui::WindowActions *actions = &window->actions();
    const auto on = [this, actions](Id id, auto slot) {
        connect(actions->action(id), &QAction::triggered, m_commands, slot);
    };
    connect(actions->action(Id::OpenDemo), &QAction::triggered, m_switcher,
            &ui::CatalogSwitcher::openDemo);
    on(Id::OpenFolder, &ui::ConnectionCommands::openFolder);
    on(Id::Connect, &ui::ConnectionCommands::manageConnections);
    on(Id::ManageProfiles, &ui::ConnectionCommands::manageConnections);
    on(Id::TestConnection, &ui::ConnectionCommands::testConnection);
    on(Id::Disconnect, &ui::ConnectionCommands::disconnect);
    on(Id::SaveRequestLog, &ui::ConnectionCommands::saveRequestLog);
    using Theme = settings::AppSettings::Theme;
    for (const auto &[id, theme] :
         {std::pair{Id::ThemeSystem, Theme::System}, std::pair{Id::ThemeLight, Theme::Light},
          std::pair{Id::ThemeDark, Theme::Dark}}) {
        actions->action(id)->setChecked(theme == ui::AppTheme::current());
        const Theme chosen = theme; // a structured binding cannot be captured before C++20
        connect(actions->action(id), &QAction::triggered, this, [this, chosen] {
            settings::AppSettings(*m_settings).setTheme(chosen);
            ui::AppTheme::apply(chosen);
        });
    }
    connect(actions->action(Id::Refresh), &QAction::triggered, this, [this] {
        if (session() && !session()->workspace()) { // the workspace refreshes itself
            checkCatalog();
        }
    });

    ui::EmptyStatePanel *steps = window->emptyStatePanel();
    connect(steps, &ui::EmptyStatePanel::demoRequested, m_switcher, &ui::CatalogSwitcher::openDemo);
    connect(steps, &ui::EmptyStatePanel::connectRequested, m_commands,
            &ui::ConnectionCommands::connectToUrl);
    connect(steps, &ui::EmptyStatePanel::openFolderRequested, m_commands,
            &ui::ConnectionCommands::openFolder);
    connect(steps, &ui::EmptyStatePanel::createNamespaceRequested, m_commands,
            &ui::ConnectionCommands::createNamespace);

    activity::ActivityTracker *tracker = &m_switcher->tracker();
    window->activityIndicator()->setTracker(tracker);
    QAction *cancelAll = actions->action(Id::CancelAll);
    connect(cancelAll, &QAction::triggered, tracker, &activity::ActivityTracker::cancelAll);
    connect(tracker, &activity::ActivityTracker::changed, cancelAll,
            [cancelAll, tracker] { cancelAll->setEnabled(tracker->runningCount() > 0); });
    activity::RequestLog *log = &m_switcher->requestLog();
    QAction *saveLog = actions->action(Id::SaveRequestLog);
    const auto updateSaveLog = [saveLog, log] {
        saveLog->setEnabled(log->rowCount() > 0);
    };
    connect(log, &QAbstractItemModel::rowsInserted, saveLog, updateSaveLog);
    connect(log, &QAbstractItemModel::modelReset, saveLog, updateSaveLog);
    connect(log, &QAbstractItemModel::rowsRemoved, saveLog, updateSaveLog);
    // Said once, where it matters: the secrets typed this session are forgotten at exit. Not
    // for a connection that has no secret, and not for good: it is news, not a state.
    connect(&m_switcher->secrets(), &connection::SecretStore::memoryOnly, window,
            [this, window](const QString &reason) {
                const ui::CatalogSession *session = m_switcher->session();
                if (session && session->connection().profile().needsSecret()) {
                    window->statusBar()->showMessage(reason, KeychainNoticeMs);
                }
            });
}

void BrowserApplication::openFromOptions()
{
    switch (m_options.source) {
    case BrowserOptions::Source::Default: {
        const QString last = settings::AppSettings(*m_settings).lastProfile();
        if (!last.isEmpty() && m_switcher->profiles().contains(last)) {
            m_switcher->openProfile(last);
        } else {
            m_switcher->openDefault();
        }
        break;
    }
    case BrowserOptions::Source::Profile:
        m_switcher->openProfile(m_options.profile);
        break;
    case BrowserOptions::Source::Url:
        m_switcher->openUrl(m_options.url);
        break;
    case BrowserOptions::Source::Local:
        m_switcher->openLocal(m_options.localFolder, QDir(m_options.localFolder).dirName());
        break;
    case BrowserOptions::Source::Demo:
        m_switcher->openDemo();
        break;
    }
}

ui::CatalogSession *BrowserApplication::session() const
{
    return m_switcher ? m_switcher->session() : nullptr;
}

api::CatalogService *BrowserApplication::catalog() const
{
    return session() ? &session()->catalog() : nullptr;
}

QString BrowserApplication::catalogTitle() const
{
    return m_switcher ? m_switcher->title() : QString();
}

void BrowserApplication::onSessionChanged(ui::CatalogSession *session)
{
    m_window->messageBanner()->hide();
    showConnection(*session);
    // Saving the open profile again changes its environment or name at once, not at the next
    // connect: a connection just marked Production must look and commit like one.
    connect(&session->connection(), &connection::CatalogConnection::profileChanged, this,
            [this, session] { showConnection(*session); });
    m_window->setReadOnly(session->connection().isReadOnly());
    for (const Id id : {Id::TestConnection, Id::Disconnect}) {
        m_window->actions().action(id)->setEnabled(true);
    }

    settings::AppSettings settings(*m_settings);
    const api::Result<api::Identifier> last
        = api::Identifier::parse(settings.lastIdentifier(), session->connection().delimiter());
    if (last && !settings.lastIdentifier().isEmpty()) {
        session->setRestoreIdentifier(*last);
    }
    createStaging(session);
    connect(session, &ui::CatalogSession::checked, this, &BrowserApplication::onCatalogChecked);
    connect(session, &ui::CatalogSession::failed, this, &BrowserApplication::onCatalogFailed);
    // While the first start swaps the empty catalog for the demo, only the demo counts.
    connect(session, &ui::CatalogSession::treeReady, m_readiness, [this] {
        if (!m_introducingDemo) {
            m_readiness->satisfy(TreeReady);
        }
    });
    connect(session, &ui::CatalogSession::detailsReady, m_readiness, [this] {
        if (!m_introducingDemo) {
            m_readiness->satisfy(DetailsReady);
        }
    });
    connect(session, &ui::CatalogSession::currentChanged, this,
            [this, delimiter
                   = session->connection().delimiter()](const std::optional<api::Identifier> &id) {
                settings::AppSettings(*m_settings)
                    .setLastIdentifier(id ? id->toString(delimiter) : QString());
            });
    checkCatalog();
}

void BrowserApplication::showConnection(const ui::CatalogSession &session)
{
    const connection::ConnectionProfile &profile = session.connection().profile();
    m_window->environmentBand()->setConnection(
        profile.name,
        m_switcher->isSavedProfile() ? std::optional(profile.environment) : std::nullopt,
        profile.kind == connection::ConnectionProfile::Kind::Local
            ? QDir::toNativeSeparators(profile.localFolder)
            : profile.location());
    m_window->setCatalogTitle(profile.name);
}

void BrowserApplication::createStaging(ui::CatalogSession *session)
{
    // Both live as long as the session: the staged work belongs to this profile.
    const QDir data(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation));
    const auto prompterSource = [this]() -> ui::Prompter & {
        return prompter();
    };
    auto *staging = new ui::StagingController(*m_window, *session, prompterSource,
                                              data.filePath(u"staged"_s), session);
    // What the catalog would refuse of a staged version's manifest blocks its row at once.
    new ui::StagedManifestChecker(staging->changes(), *session, *m_settings, session);
    auto *commits = new ui::CommitController(*m_window, *session, staging->changes(), *m_settings,
                                             prompterSource, data.filePath(u"audit"_s), session);
    connect(staging->panel(), &ui::PendingChangesPanel::commitRequested, commits,
            &ui::CommitController::commit);
    CatalogActions::attach(*m_window, *session, staging->changes(), *commits, *m_settings,
                           prompterSource);
    // Files dragged from a file manager onto the tree, the versions view or the panel.
    auto *drops
        = new ui::ManifestDropController(*m_window, *session, staging->changes(), staging->panel(),
                                         *m_settings, prompterSource, session);
    if (!m_options.files.isEmpty() && !m_filesStarted) {
        m_files = new CommandLineFiles(m_options.files, *m_window, *session, *drops, session);
        connect(m_files, &CommandLineFiles::finished, m_readiness,
                [this] { m_readiness->satisfy(FilesReady); });
    }
    // A key typed again after a 401 replaces a saved profile's keychain entry; an unsaved one
    // (`--url` with the key from the environment) keeps it for this session only.
    commits->setSecretSink([this](const QString &profile, const QString &secret) {
        if (m_switcher->profiles().contains(profile)) {
            m_switcher->secrets().writeSecret(profile, secret);
        }
    });
}

void BrowserApplication::onOpenFailed(const api::ApiError &error,
                                      const std::function<void()> &retry)
{
    showError(error, retry);
    if (m_introducingDemo) { // the first start keeps its empty catalog
        m_introducingDemo = false;
        m_window->showEmptyState(ui::EmptyStatePanel::Situation::EmptyCatalog, catalogTitle());
    }
    if (!session() || !m_readiness->isReady()) { // nothing else will answer readiness
        m_window->showEmptyState(ui::EmptyStatePanel::Situation::NoCatalog);
        for (const QString &condition : {CatalogReady, TreeReady, DetailsReady, FilesReady}) {
            m_readiness->satisfy(condition);
        }
    }
}

void BrowserApplication::checkCatalog()
{
    if (session()) {
        session()->check();
    }
}

void BrowserApplication::onCatalogChecked(bool empty)
{
    settings::AppSettings settings(*m_settings);
    if (empty && m_options.source == BrowserOptions::Source::Default
        && !settings.demoCatalogOffered() && !m_switcher->isSavedProfile()) {
        // The very first start: an empty window teaches nothing, so show real data at once.
        // Later (once the event loop is back: the empty session is still emitting).
        settings.setDemoCatalogOffered(true);
        m_introducingDemo = true;
        QTimer::singleShot(0, m_switcher, &ui::CatalogSwitcher::openDemo);
        return;
    }
    if (m_introducingDemo && !empty) {
        m_introducingDemo = false;
        m_window->messageBanner()->showMessage(
            ui::MessageBanner::Severity::Information,
            tr("This is the demo catalog: real LanceDB tables to look around in safely. Your "
               "embedded catalog is still empty; Connection > Disconnect goes back to it."));
    }
    if (empty) {
        m_window->showEmptyState(ui::EmptyStatePanel::Situation::EmptyCatalog, catalogTitle());
    } else {
        m_window->showCatalog();
    }
    m_readiness->satisfy(CatalogReady);
    if (m_files && !std::exchange(m_filesStarted, true)) {
        // Later: registering may ask questions, and the session is still emitting.
        QTimer::singleShot(0, m_files, &CommandLineFiles::start);
    }
    emit catalogChecked(empty);
}

void BrowserApplication::onCatalogFailed(const api::ApiError &error)
{
    m_window->showEmptyState(ui::EmptyStatePanel::Situation::NoCatalog);
    // Worded for this connection: "401: the API key was refused." says what to fix.
    const connection::ConnectionProfile &profile = session()->connection().profile();
    // A saved profile is opened again: its secret may have been corrected meanwhile.
    std::function<void()> retry;
    if (m_switcher->isSavedProfile()) {
        retry = [this, name = profile.name] {
            m_switcher->openProfile(name);
        };
    } else {
        retry = [this] {
            checkCatalog();
        };
    }
    m_window->messageBanner()->showRetryable(
        ui::MessageBanner::Severity::Error,
        tr("Could not open %1. %2")
            .arg(profile.name, connection::ConnectionTester::explain(error, profile)),
        error.details(), std::move(retry));
    for (const QString &condition : {CatalogReady, TreeReady, DetailsReady, FilesReady}) {
        m_readiness->satisfy(condition);
    }
    emit catalogFailed(error);
}

void BrowserApplication::showError(const api::ApiError &error, std::function<void()> retry)
{
    m_window->messageBanner()->showRetryable(
        ui::MessageBanner::Severity::Error, error.userMessage(), error.details(), std::move(retry));
}

bool BrowserApplication::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Expose && m_window && watched == m_window->windowHandle()
        && m_window->windowHandle()->isExposed()) {
        onWindowExposed();
    }
    return QObject::eventFilter(watched, event);
}

void BrowserApplication::onWindowExposed()
{
    m_window->windowHandle()->removeEventFilter(this);
    // Once the layouts that showing queued have run.
    QTimer::singleShot(0, this, [this] { m_readiness->satisfy(WindowReady); });
}

void BrowserApplication::onReady()
{
    emit ready();
    if (!m_options.screenshotFile.isEmpty()) {
        QTimer::singleShot(0, this, [this] { takeScreenshot(); });
    }
}

void BrowserApplication::takeScreenshot(bool waitForRequests)
{
    // A selection changed after start-up (files on the command line select their table) may
    // still be loading: the picture shows the window once its requests have answered.
    if (m_screenshotTaken) {
        return;
    }
    activity::ActivityTracker &tracker = m_switcher->tracker();
    if (waitForRequests && tracker.runningCount() > 0) {
        // Checked again a turn later: an answer often starts the next request (a namespace's
        // listing, the check of which tables are declared only), after the count fell to 0.
        connect(
            &tracker, &activity::ActivityTracker::changed, this,
            [this] { QTimer::singleShot(0, this, [this] { takeScreenshot(); }); },
            Qt::SingleShotConnection);
        return;
    }
    m_screenshotTaken = true;
    const QImage image = m_window->grab().toImage();
    QImageWriter writer(m_options.screenshotFile, "png");
    if (!writer.write(image)) {
        print(stderr,
              tr("Could not write the screenshot %1: %2.")
                  .arg(QDir::toNativeSeparators(m_options.screenshotFile), writer.errorString()));
        emit finished(1);
        return;
    }
    emit finished(0);
}

} // namespace lance::browser
