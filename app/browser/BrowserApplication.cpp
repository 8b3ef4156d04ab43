// SPDX-License-Identifier: Apache-2.0
#include "BrowserApplication.h"

#include "ActivityIndicator.h"
#include "CatalogProbe.h"
#include "MainWindow.h"
#include "MessageBanner.h"
#include "MessageBoxPrompter.h"
#include "PaletteOverride.h"
#include "ReadinessGate.h"
#include "WindowActions.h"
#include "api/RestClient.h"
#include "demo/DemoCatalog.h"
#include "local/LocalCatalogService.h"

#include <QAction>
#include <QDir>
#include <QImageWriter>
#include <QNetworkAccessManager>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QWindow>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace lance::browser {

namespace {

using Environment = ui::EnvironmentBand::Environment;
using Id = ui::WindowActions::Id;

constexpr int ScreenshotTimeoutMs = 30000;
constexpr int StatusMessageMs = 8000;

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
    // The window first: it may still save its layout to the settings.
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
    PaletteOverride::applyFromEnvironment();
    createWindow();

    m_readiness->require(WindowReady);
    m_readiness->require(CatalogReady);
    if (!m_options.screenshotFile.isEmpty()) {
        QTimer::singleShot(ScreenshotTimeoutMs, this, [this] {
            if (!m_readiness->isReady()) {
                print(stderr, tr("The window was not ready after %1 seconds (still waiting for: "
                                 "%2); no screenshot was written.")
                                  .arg(ScreenshotTimeoutMs / 1000)
                                  .arg(m_readiness->pending().join(u", "_s)));
                emit finished(1);
            }
        });
    }
    switch (m_options.source) {
    case BrowserOptions::Source::Default:
        openDefaultCatalog();
        break;
    case BrowserOptions::Source::Profile:
        openProfile(m_options.profile);
        break;
    case BrowserOptions::Source::Url:
        openUrl(m_options.url);
        break;
    case BrowserOptions::Source::Local:
        openLocal(m_options.localFolder, QDir(m_options.localFolder).dirName());
        break;
    }
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
    connectWindow();
}

void BrowserApplication::connectWindow()
{
    ui::MainWindow *window = m_window.get();
    ui::WindowActions *actions = window->actions();
    connect(actions->action(Id::OpenDemo), &QAction::triggered, this,
            &BrowserApplication::openDemo);
    connect(actions->action(Id::OpenFolder), &QAction::triggered, this,
            &BrowserApplication::onOpenFolderRequested);
    connect(actions->action(Id::Connect), &QAction::triggered, this,
            &BrowserApplication::onConnectRequested);
    connect(actions->action(Id::Refresh), &QAction::triggered, this,
            &BrowserApplication::checkCatalog);

    ui::EmptyStatePanel *steps = window->emptyStatePanel();
    connect(steps, &ui::EmptyStatePanel::demoRequested, this, &BrowserApplication::openDemo);
    connect(steps, &ui::EmptyStatePanel::connectRequested, this,
            &BrowserApplication::onConnectRequested);
    connect(steps, &ui::EmptyStatePanel::openFolderRequested, this,
            &BrowserApplication::onOpenFolderRequested);
    connect(steps, &ui::EmptyStatePanel::createNamespaceRequested, this,
            &BrowserApplication::onCreateNamespaceRequested);

    connect(window->messageBanner(), &ui::MessageBanner::retryRequested, this, [this] {
        if (m_retry) {
            m_retry();
        }
    });
    const auto cancel = [this] {
        if (m_probe) {
            m_probe->cancel();
        }
    };
    connect(window->activityIndicator(), &ui::ActivityIndicator::cancelRequested, this, cancel);
    connect(actions->action(Id::CancelAll), &QAction::triggered, this, cancel);
}

void BrowserApplication::openDefaultCatalog()
{
    openLocal(local::LocalCatalogService::defaultRoot(), tr("Embedded catalog"));
}

void BrowserApplication::openLocal(const QString &folder, const QString &title,
                                   std::optional<Environment> environment)
{
    auto service = std::make_unique<local::LocalCatalogService>(folder);
    api::CatalogService *catalog = service.get();
    setCatalog(std::move(service), catalog, title, environment, QDir::toNativeSeparators(folder));
}

void BrowserApplication::openUrl(const QUrl &url)
{
    api::RestClientConfig config;
    config.baseUrl = url;
    if (const std::optional<QString> problem = config.check()) {
        showError(api::ApiError::invalidInput(*problem), {});
        return;
    }
    if (!m_network) {
        m_network = new QNetworkAccessManager(this);
    }
    auto client = std::make_unique<api::RestClient>(m_network, config);
    api::CatalogService *catalog = client.get();
    const QString title = url.port() > 0 ? u"%1:%2"_s.arg(url.host()).arg(url.port()) : url.host();
    setCatalog(std::move(client), catalog, title, std::nullopt, url.toDisplayString());
}

void BrowserApplication::openProfile(const QString &name)
{
    setCatalog(nullptr, nullptr, name, std::nullopt, QString());
    m_window->showEmptyState(ui::EmptyStatePanel::Situation::NoCatalog);
    m_window->messageBanner()->showMessage(
        ui::MessageBanner::Severity::Warning,
        tr("Connection profiles are not available in this version, so \"%1\" was not opened. "
           "Connect to a server or open a folder instead.")
            .arg(name));
    m_readiness->satisfy(CatalogReady);
}

void BrowserApplication::openDemo()
{
    const QString location = demo::DemoCatalog::defaultLocation();
    const api::Result<QString> created = demo::DemoCatalog::create(location);
    if (!created) {
        showError(created.error(), [this] { openDemo(); });
        return;
    }
    openLocal(*created, tr("Demo catalog"), Environment::Development);
    m_window->statusBar()->showMessage(
        tr("Opened the demo catalog in %1").arg(QDir::toNativeSeparators(*created)),
        StatusMessageMs);
}

void BrowserApplication::setCatalog(std::unique_ptr<QObject> owner, api::CatalogService *catalog,
                                    const QString &title, std::optional<Environment> environment,
                                    const QString &target)
{
    m_probe = nullptr;
    m_catalogOwner = std::move(owner); // the previous catalog and its probe go
    m_catalog = catalog;
    m_title = title;
    m_window->messageBanner()->hide();
    m_window->environmentBand()->setConnection(title, environment, target);
    m_window->setCatalogTitle(title);
    if (m_catalog) {
        m_probe = new CatalogProbe(*m_catalog, m_catalogOwner.get());
        connect(m_probe, &CatalogProbe::finished, this, &BrowserApplication::onCatalogChecked);
        connect(m_probe, &CatalogProbe::failed, this, &BrowserApplication::onCatalogFailed);
        checkCatalog();
    }
}

void BrowserApplication::checkCatalog()
{
    if (!m_probe) {
        return;
    }
    m_probe->start();
    m_window->activityIndicator()->setRunning(1, tr("Reading %1").arg(m_title));
    m_window->actions()->action(Id::CancelAll)->setEnabled(true);
}

void BrowserApplication::onCatalogChecked(bool empty)
{
    m_window->activityIndicator()->setRunning(0, QString());
    m_window->actions()->action(Id::CancelAll)->setEnabled(false);
    if (empty) {
        m_window->showEmptyState(ui::EmptyStatePanel::Situation::EmptyCatalog, m_title);
    } else {
        m_window->showCatalog();
    }
    m_readiness->satisfy(CatalogReady);
    emit catalogChecked(empty);
}

void BrowserApplication::onCatalogFailed(const api::ApiError &error)
{
    m_window->activityIndicator()->setRunning(0, QString());
    m_window->actions()->action(Id::CancelAll)->setEnabled(false);
    m_window->showEmptyState(ui::EmptyStatePanel::Situation::NoCatalog);
    showError(error, [this] { checkCatalog(); });
    m_readiness->satisfy(CatalogReady);
    emit catalogFailed(error);
}

void BrowserApplication::showError(const api::ApiError &error, std::function<void()> retry)
{
    m_retry = std::move(retry);
    m_window->messageBanner()->showError(error, bool(m_retry));
}

void BrowserApplication::onConnectRequested()
{
    ui::Prompter::TextQuestion question;
    question.title = tr("Connect to a Server");
    question.label = tr("URL of the Lance namespace REST server:");
    question.placeholder = u"http://127.0.0.1:2333"_s;
    const std::optional<QString> text = prompter().askText(question);
    if (!text) {
        return;
    }
    const std::optional<QUrl> url = BrowserCommandLine::serverUrl(*text);
    if (!url) {
        showError(api::ApiError::invalidInput(
                      tr("\"%1\" is not the URL of a server: it needs http:// or https:// and a "
                         "host, such as http://127.0.0.1:2333.")
                          .arg(*text)),
                  [this] { onConnectRequested(); });
        return;
    }
    openUrl(*url);
}

void BrowserApplication::onOpenFolderRequested()
{
    const std::optional<QString> folder
        = prompter().chooseFolder(tr("Open a Catalog Folder"), QDir::homePath());
    if (folder) {
        openLocal(*folder, QDir(*folder).dirName());
    }
}

void BrowserApplication::onCreateNamespaceRequested()
{
    if (!m_catalog || m_options.readOnly) {
        return;
    }
    ui::Prompter::TextQuestion question;
    question.title = tr("Create a Namespace");
    question.label = tr("Name of the new namespace (nested names joined with $):");
    question.placeholder = u"analytics"_s;
    const std::optional<QString> name = prompter().askText(question);
    if (!name || name->trimmed().isEmpty()) {
        return;
    }
    const api::Result<api::Identifier> id = api::Identifier::parse(name->trimmed());
    if (!id) {
        showError(id.error(), [this] { onCreateNamespaceRequested(); });
        return;
    }
    api::CreateNamespaceRequest request;
    request.id = *id;
    m_catalog->createNamespace(
        request, m_catalogOwner.get(),
        [this, request](api::Result<api::CreateNamespaceResponse> created) {
            if (!created) {
                showError(created.error(), [this] { onCreateNamespaceRequested(); });
                return;
            }
            m_window->statusBar()->showMessage(
                tr("Created the namespace %1").arg(request.id.toString()), StatusMessageMs);
            checkCatalog();
        });
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
        QTimer::singleShot(0, this, &BrowserApplication::takeScreenshot);
    }
}

void BrowserApplication::takeScreenshot()
{
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
