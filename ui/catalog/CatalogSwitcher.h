// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/ApiError.h"
#include "connection/ConnectionProfile.h"

#include <QObject>

#include <functional>
#include <memory>

class QSettings;

namespace lance::activity {
class ActivityTracker;
class RequestLog;
} // namespace lance::activity
namespace lance::connection {
class CatalogConnection;
class ConnectionOpener;
class ProfileStore;
class SecretStore;
} // namespace lance::connection
namespace lance::ui {
class WindowHost;
}

namespace lance::ui {

class CatalogSession;

/// Opens catalogs and swaps the window's CatalogSession: the embedded catalog, a folder, a
/// server URL, a saved connection profile (its secret read from the keychain first) or the
/// demo catalog. Every way in becomes a ConnectionProfile, so a URL typed in the Connect box
/// and a saved profile behave the same.
///
/// Holds what outlives one catalog: the saved profiles, the secrets, the request log (every
/// exchange of every session) and the work in flight. The previous session is destroyed only
/// once the next connection is made, so a mistyped URL does not close what was open. When the
/// open profile is saved again (Manage Connections), the session follows it at once in what
/// needs no reconnecting (CatalogConnection::followSaved(): its name and environment).
class CatalogSwitcher : public QObject
{
    Q_OBJECT

public:
    using Retry = std::function<void()>;

    CatalogSwitcher(QSettings &settings, WindowHost &window, bool readOnly,
                    QObject *parent = nullptr);
    ~CatalogSwitcher() override;

    CatalogSession *session() const { return m_session.get(); }
    connection::ProfileStore &profiles() const { return *m_profiles; }
    connection::SecretStore &secrets() const { return *m_secrets; }
    activity::RequestLog &requestLog() const { return *m_log; }
    activity::ActivityTracker &tracker() const { return *m_tracker; }
    /// The title of the catalog open now (the profile's name).
    QString title() const;
    /// True when the open catalog is a saved profile (its environment is meant), false for
    /// the embedded catalog, a folder or a URL opened as they are.
    bool isSavedProfile() const { return m_savedProfile; }

    void openDefault();
    /// Opens the catalog folder `folder` (made on first use) under the name `title`.
    void openLocal(const QString &folder, const QString &title);
    void openUrl(const QUrl &url);
    /// Opens the saved profile `name`, reading its secret first.
    void openProfile(const QString &name);
    /// Builds the demo catalog (or finds it), saves a profile for it and opens it.
    void openDemo();
    /// Asked before the open session is replaced (staged work there); answering false keeps
    /// it and drops the connection just made.
    void setLeaveGuard(std::function<bool()> guard) { m_leaveGuard = std::move(guard); }

    /// Opens `profile`, saved or not: the entry point all others end in.
    void open(const connection::ConnectionProfile &profile, bool saved = false,
              const QString &secret = {});

signals:
    /// A new session replaced the previous one; whoever shows it asks it (check()) whether its
    /// catalog is empty.
    void sessionChanged(lance::ui::CatalogSession *session);
    /// Nothing was opened; what was open before stays.
    void openFailed(const lance::api::ApiError &error, const Retry &retry);

private:
    /// The profile saved as `oldName` is now `profile`: the open session follows it if it was
    /// opened from it.
    void followSaved(const QString &oldName, const connection::ConnectionProfile &profile);
    void setSession(std::unique_ptr<connection::CatalogConnection> connection, bool saved);

    QSettings &m_settings;
    WindowHost &m_window;
    bool m_readOnly;
    connection::ProfileStore *m_profiles;
    connection::SecretStore *m_secrets;
    connection::ConnectionOpener *m_opener;
    activity::RequestLog *m_log;
    activity::ActivityTracker *m_tracker;
    std::unique_ptr<CatalogSession> m_session;
    QString m_pendingProfile; //!< the profile ConnectionOpener is opening, for its Retry
    bool m_savedProfile = false;
    std::function<bool()> m_leaveGuard;
};

} // namespace lance::ui
