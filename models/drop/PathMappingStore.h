// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "drop/PathMapping.h"

QT_BEGIN_NAMESPACE
class QSettings;
QT_END_NAMESPACE

namespace lance::drop {

/// The path mapping of each connection profile, in the QSettings it is given (the app's, or an
/// INI file from `--settings` or a test), under `pathMappings/<profile>/rules`. A mapping names
/// folders and storage URIs, never credentials: setMapping() refuses what PathMapping::check()
/// refuses.
///
/// Profiles are named as ProfileStore names them; names that differ only in case are the same
/// profile, as there. ProfileStore calls rename() and remove() when a profile is renamed or
/// removed. Every change is written (and synced) at once.
class PathMappingStore
{
public:
    /// `settings` must outlive the store.
    explicit PathMappingStore(QSettings &settings);

    /// The mapping saved for `profile`; empty when there is none.
    PathMapping mapping(const QString &profile) const;
    /// Saves `mapping` for `profile` (an empty mapping removes it); on refusal nothing changes
    /// and the reason comes back in one sentence.
    api::Result<void> setMapping(const QString &profile, const PathMapping &mapping);
    void remove(const QString &profile);
    /// Moves the mapping of `from` to `to`, replacing any mapping `to` had.
    void rename(const QString &from, const QString &to);

private:
    static QString group(const QString &profile);
    void write(const QString &profile, const PathMapping &mapping);

    QSettings &m_settings;
};

} // namespace lance::drop
