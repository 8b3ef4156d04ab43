// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "BrowserCommandLine.h"

#include <QObject>
#include <QPointer>

#include <functional>
#include <memory>
#include <optional>

class QSettings;

namespace lance::api {
class ApiError;
class CatalogService;
} // namespace lance::api

namespace lance::ui {
class CatalogSession;
class CatalogSwitcher;
class ConnectionCommands;
class MainWindow;
class MessageBoxPrompter;
class Prompter;
} // namespace lance::ui

namespace lance::browser {

class CommandLineFiles;
class ReadinessGate;

/// The composition root of `lance-catalog-browser`: reads the command line, makes the settings
/// and the window, opens the catalog asked for (the last profile, else the embedded local
/// catalog) through the ui::CatalogSwitcher and wires the window's steps to what does them.
/// main() only makes the QApplication.
///
/// What is open is shown in the window's band and title. An empty catalog, or none, shows the
/// EmptyStatePanel: open the demo catalog, connect to a server, open a folder, create a
/// namespace. Failures show in the window's MessageBanner, with Retry.
///
/// Readiness: ready() is emitted once every condition of readiness() is satisfied: "window"
/// (shown, exposed and laid out), "catalog" (the open catalog answered whether it is empty, or
/// failed), "tree" (its first page is shown) and "details" (the table selected at start shows
/// its details), plus "files" when files were named on the command line (CommandLineFiles
/// registered them). `--screenshot` waits for it, grabs the window to the PNG file and emits
/// finished(): 0 when the file was written, 1 when not (or when the window was not ready in
/// 30 seconds).
class BrowserApplication : public QObject
{
    Q_OBJECT

public:
    static inline const QString WindowReady = QStringLiteral("window");
    static inline const QString CatalogReady = QStringLiteral("catalog");
    static inline const QString TreeReady = QStringLiteral("tree");
    static inline const QString DetailsReady = QStringLiteral("details");
    /// Only with files on the command line: they were registered (or refused).
    static inline const QString FilesReady = QStringLiteral("files");

    explicit BrowserApplication(QObject *parent = nullptr);
    ~BrowserApplication() override;

    /// Parses `arguments` (program name first) and shows the window. Answers an exit code when
    /// there is nothing to run: help or version printed (0), or the arguments refused (1, the
    /// reason printed to standard error).
    std::optional<int> start(const QStringList &arguments);

    const BrowserOptions &options() const { return m_options; }
    ui::MainWindow *window() const { return m_window.get(); }
    ReadinessGate *readiness() const { return m_readiness; }
    QSettings *settings() const { return m_settings.get(); }
    ui::CatalogSwitcher *switcher() const { return m_switcher; }
    ui::ConnectionCommands *commands() const { return m_commands; }
    /// The open catalog's session; null before start() or when none could be opened.
    ui::CatalogSession *session() const;
    /// The catalog open now; null before start() or when none could be opened.
    api::CatalogService *catalog() const;
    QString catalogTitle() const;
    /// Asks `prompter` instead of showing dialogs (tests); null goes back to dialogs.
    void setPrompter(ui::Prompter *prompter);

    /// Asks the open catalog again whether it is empty.
    void checkCatalog();

signals:
    void ready();
    /// The open catalog answered: `empty` when it holds no namespace and no table.
    void catalogChecked(bool empty);
    void catalogFailed(const lance::api::ApiError &error);
    /// The app is done (after `--screenshot`); exit with `exitCode`.
    void finished(int exitCode);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void createWindow();
    void connectWindow();
    void openFromOptions();
    void onSessionChanged(ui::CatalogSession *session);
    /// The band and the title: the open profile's name, environment and location.
    void showConnection(const ui::CatalogSession &session);
    void createStaging(ui::CatalogSession *session);
    void onOpenFailed(const api::ApiError &error, const std::function<void()> &retry);
    void showError(const api::ApiError &error, std::function<void()> retry);
    void onCatalogChecked(bool empty);
    void onCatalogFailed(const api::ApiError &error);
    void onWindowExposed();
    void onReady();
    /// Grabs the window to the `--screenshot` file, once; by default after the requests in
    /// flight have answered.
    void takeScreenshot(bool waitForRequests = true);
    ui::Prompter &prompter() const;

    BrowserOptions m_options;
    std::unique_ptr<QSettings> m_settings;
    std::unique_ptr<ui::MessageBoxPrompter> m_dialogs;
    ui::Prompter *m_prompter = nullptr;
    ui::CatalogSwitcher *m_switcher = nullptr;
    ui::ConnectionCommands *m_commands = nullptr;
    bool m_introducingDemo = false;     //!< the first start is opening the demo catalog
    QPointer<CommandLineFiles> m_files; //!< the command line's files, until registered
    bool m_filesStarted = false;        //!< they are registered in one catalog only
    bool m_screenshotTaken = false;
    ReadinessGate *m_readiness = nullptr;
    std::unique_ptr<ui::MainWindow> m_window;
};

} // namespace lance::browser
