// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ui/common/Prompter.h"
#include "ui/connection/ProfilesDialog.h"

#include <QObject>
#include <QPointer>

#include <functional>

namespace lance::api {
class ApiError;
}
namespace lance::ui {
class WindowHost;
} // namespace lance::ui

namespace lance::ui {

class CatalogSwitcher;
class NamespaceCreator;

/// The window's commands that are about connections rather than the catalog shown: connect to
/// a URL, open a folder, manage the saved connections, test the open one, disconnect, create
/// the first namespace of an empty catalog (NamespaceCreator, as New Namespace… does), save the
/// request log. Each asks through the Prompter (dialogs, or a script in tests) and reports
/// through the window's banner.
class ConnectionCommands : public QObject
{
    Q_OBJECT

public:
    using ErrorSink = std::function<void(const api::ApiError &, std::function<void()> retry)>;

    ConnectionCommands(WindowHost &window, CatalogSwitcher &switcher, PrompterSource prompter,
                       ErrorSink showError, QObject *parent = nullptr);

    /// Asks for a server URL and opens it.
    void connectToUrl();
    void openFolder();
    /// Opens "Manage Connections" on the open profile; Connect there opens the chosen one.
    void manageConnections();
    /// Runs ConnectionTester on the open connection and says what works in the banner.
    void testConnection();
    /// Back to the embedded local catalog.
    void disconnect();
    /// A top-level namespace in the open catalog; namespaceCreated() once it is.
    void createNamespace();
    void saveRequestLog();

    ProfilesDialog *profilesDialog() const { return m_profilesDialog; }
    NamespaceCreator &namespaceCreator() const { return *m_creator; }

signals:
    /// A namespace was created in the open catalog.
    void namespaceCreated();

private:
    WindowHost &m_window;
    CatalogSwitcher &m_switcher;
    PrompterSource m_prompter;
    ErrorSink m_showError;
    QPointer<ProfilesDialog> m_profilesDialog;
    NamespaceCreator *m_creator = nullptr;
};

} // namespace lance::ui
