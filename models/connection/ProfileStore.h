// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "connection/ConnectionProfile.h"
#include "drop/PathMapping.h"

#include <QObject>
#include <QStringList>

#include <optional>

QT_BEGIN_NAMESPACE
class QSettings;
QT_END_NAMESPACE

namespace lance::connection {

/// The saved connection profiles, in the order the user made them, as an array `profiles` in
/// the QSettings it is given (the app's, or an INI file from `--settings` or a test).
///
/// Never writes a secret: a ConnectionProfile has no field for one, and profiles that would
/// smuggle one in (a credential header, a password in the URL) are refused (checkStorable()).
/// Secrets live in the SecretStore under the profile's name; renaming or removing a profile here
/// does not touch them, so the caller also calls SecretStore::renameSecret()/removeSecret().
/// The profile's path mapping (drop::PathMappingStore, in the same QSettings) follows a
/// rename (by rename() or update()) and goes with a removal here, for every caller.
///
/// Names are unique ignoring case, because people type them after `--profile`. Every change is
/// written (and synced) at once, and reading always goes to the QSettings, so two stores on the
/// same settings agree. Lives on the GUI thread, like the QSettings it uses.
class ProfileStore : public QObject
{
    Q_OBJECT

public:
    /// `settings` must outlive the store.
    explicit ProfileStore(QSettings &settings, QObject *parent = nullptr);

    QList<ConnectionProfile> profiles() const;
    QStringList names() const;
    /// The profile named `name`; an exact match first, then one that differs only in case.
    std::optional<ConnectionProfile> profile(const QString &name) const;
    bool contains(const QString &name) const { return profile(name).has_value(); }

    /// Appends `profile`; on refusal nothing changes and the reason comes back in one sentence.
    api::Result<void> add(const ConnectionProfile &profile);
    /// Replaces the profile named `name` by `profile`, which may carry a new name.
    api::Result<void> update(const QString &name, const ConnectionProfile &profile);
    api::Result<void> rename(const QString &from, const QString &to);
    /// False when there was no such profile.
    bool remove(const QString &name);

    /// The path mapping of the profile `name` (drop::PathMappingStore, in the same settings).
    drop::PathMapping mapping(const QString &name) const;
    /// Saves the path mapping of the profile `name`; on refusal (drop::PathMapping::check())
    /// nothing changes and the reason comes back in one sentence.
    api::Result<void> setMapping(const QString &name, const drop::PathMapping &mapping);

    /// The profiles named (all when `names` is empty) as indented JSON, without any secret:
    /// `{"format": "lance-catalog-browser/connections", "version": 1, "connections": [...]}`.
    QByteArray exportJson(const QStringList &names = {}) const;

    struct ImportReport
    {
        QStringList imported; //!< the names as saved (a clash gets " (imported)" appended)
        QStringList problems; //!< one sentence per profile (or file) that was not imported
    };
    /// Adds the profiles of an exportJson() document. Secrets in the file (it may have been
    /// edited) are ignored; profiles that checkStorable() refuses are skipped and reported.
    ImportReport importJson(const QByteArray &json);

signals:
    /// A profile was added, changed, renamed or removed.
    void changed();
    /// The profile saved as `oldName` was replaced by `profile` (renamed when the names
    /// differ), after changed(): a connection opened from it follows what was saved.
    void updated(const QString &oldName, const lance::connection::ConnectionProfile &profile);

private:
    int indexOf(const QString &name, const QList<ConnectionProfile> &profiles) const;
    QString freeName(const QString &wanted, const QList<ConnectionProfile> &profiles) const;
    void save(const QList<ConnectionProfile> &profiles);

    QSettings &m_settings;
};

} // namespace lance::connection
