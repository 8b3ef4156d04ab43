// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/CatalogSwitcher.h"

#include "activity/ActivityTracker.h"
#include "activity/RequestLog.h"
#include "connection/CatalogConnection.h"
#include "connection/ConnectionOpener.h"
#include "connection/ProfileStore.h"
#include "connection/SecretStore.h"
#include "demo/DemoCatalog.h"
#include "details/VendedAccess.h"
#include "local/LocalCatalogService.h"
#include "settings/AppSettings.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/common/MessageBanner.h"
#include "ui/common/WindowHost.h"
#include "ui/window/WindowActions.h"

#include <QDir>

using namespace Qt::StringLiterals;

namespace lance::ui {

using connection::CatalogConnection;
using connection::ConnectionProfile;

CatalogSwitcher::CatalogSwitcher(QSettings &settings, WindowHost &window, bool readOnly,
                                 QObject *parent)
    : QObject(parent)
    , m_settings(settings)
    , m_window(window)
    , m_readOnly(readOnly)
    , m_profiles(new connection::ProfileStore(settings, this))
    , m_secrets(new connection::SecretStore(connection::SecretStore::DefaultService, this))
    , m_opener(new connection::ConnectionOpener(*m_secrets, this))
    , m_log(new activity::RequestLog(this))
    , m_tracker(new activity::ActivityTracker(this))
{
    connect(m_opener, &connection::ConnectionOpener::opened, this,
            [this] { setSession(m_opener->takeConnection(), true); });
    connect(m_opener, &connection::ConnectionOpener::failed, this, [this](const QString &message) {
        const QString name = m_pendingProfile;
        emit openFailed(api::ApiError::invalidInput(message), [this, name] { openProfile(name); });
    });
    connect(m_profiles, &connection::ProfileStore::updated, this, &CatalogSwitcher::followSaved);
}

CatalogSwitcher::~CatalogSwitcher()
{
    // The session's models may still cancel work the tracker follows.
    m_session.reset();
}

QString CatalogSwitcher::title() const
{
    return m_session ? m_session->connection().profile().name : QString();
}

void CatalogSwitcher::openDefault()
{
    settings::AppSettings(m_settings).setLastProfile({});
    openLocal(local::LocalCatalogService::defaultRoot(), tr("Embedded catalog"));
}

void CatalogSwitcher::openLocal(const QString &folder, const QString &title)
{
    ConnectionProfile profile;
    profile.name = title;
    profile.kind = ConnectionProfile::Kind::Local;
    profile.localFolder = QDir(folder).absolutePath();
    open(profile);
}

void CatalogSwitcher::openUrl(const QUrl &url)
{
    ConnectionProfile profile;
    profile.name = url.port() > 0 ? u"%1:%2"_s.arg(url.host()).arg(url.port()) : url.host();
    profile.kind = ConnectionProfile::Kind::Rest;
    profile.url = url;
    open(profile);
}

void CatalogSwitcher::openProfile(const QString &name)
{
    const std::optional<ConnectionProfile> profile = m_profiles->profile(name);
    if (!profile) {
        emit openFailed(api::ApiError::invalidInput(
                            tr("There is no saved connection named \"%1\". Open Connection > "
                               "Manage Connections to see the saved ones.")
                                .arg(name)),
                        {});
        return;
    }
    m_pendingProfile = profile->name;
    ConnectionProfile effective = *profile;
    effective.readOnly = profile->readOnly || m_readOnly; // `--read-only` wins over the profile
    m_opener->open(effective); // reads the secret first; opened() or failed() follows
}

void CatalogSwitcher::openDemo()
{
    const api::Result<QString> created
        = demo::DemoCatalog::create(demo::DemoCatalog::defaultLocation());
    if (!created) {
        emit openFailed(created.error(), [this] { openDemo(); });
        return;
    }
    // Saved as a profile, so the demo is one click away in the connection list and opens
    // again at the next start.
    ConnectionProfile profile;
    profile.name = tr("Demo catalog");
    profile.kind = ConnectionProfile::Kind::Local;
    profile.localFolder = *created;
    profile.environment = ConnectionProfile::Environment::Development;
    const std::optional<ConnectionProfile> saved = m_profiles->profile(profile.name);
    if (!saved) {
        m_profiles->add(profile); // a refusal only costs the shortcut; the demo still opens
    } else if (saved->kind == ConnectionProfile::Kind::Local
               && QDir(saved->localFolder) == QDir(*created)) {
        profile = *saved; // keep what the user changed in it (read-only, environment)
    }
    open(profile, true);
}

void CatalogSwitcher::open(const ConnectionProfile &profile, bool saved, const QString &secret)
{
    ConnectionProfile effective = profile;
    effective.readOnly = profile.readOnly || m_readOnly;
    api::Result<std::unique_ptr<CatalogConnection>> opened
        = CatalogConnection::open(effective, secret);
    if (!opened) {
        emit openFailed(opened.error(), {});
        return;
    }
    setSession(std::move(*opened), saved);
}

void CatalogSwitcher::followSaved(const QString &oldName, const ConnectionProfile &profile)
{
    if (!m_session || !m_savedProfile || m_session->connection().profile().name != oldName) {
        return; // the open catalog is another profile, or none that is saved
    }
    settings::AppSettings settings(m_settings);
    if (settings.lastProfile() == oldName) { // renamed: the next start finds it again
        settings.setLastProfile(profile.name);
    }
    m_session->connection().followSaved(profile);
}

void CatalogSwitcher::setSession(std::unique_ptr<CatalogConnection> connection, bool saved)
{
    if (m_session && m_leaveGuard && !m_leaveGuard()) {
        return; // the person stays; the new connection goes unused
    }
    m_savedProfile = saved;
    settings::AppSettings settings(m_settings);
    if (saved) { // recorded only once the person has not stayed where they were
        settings.setLastProfile(connection->profile().name);
    }
    connect(connection.get(), &CatalogConnection::exchangeFinished, m_log,
            &activity::RequestLog::append);
    m_session.reset(); // the old workspace goes before the new one takes the panes
    m_session = std::make_unique<CatalogSession>(std::move(connection), m_window, *m_tracker,
                                                 settings.treePageSize(), &m_settings);
    // The requests to tables' stores, beside those to the catalog.
    connect(&m_session->manifests(), &details::VendedAccess::exchangeFinished, m_log,
            &activity::RequestLog::append);
    emit sessionChanged(m_session.get());
}

} // namespace lance::ui
