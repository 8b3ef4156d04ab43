// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Identifier.h"
#include "api/VersionMessages.h"
#include "details/ManifestAccess.h"
#include "details/RestoreSpool.h"
#include "drop/PathMapper.h"
#include "format/RestoredVersionWriter.h"

#include <QCoreApplication>

#include <functional>
#include <optional>

class QObject;
class QSettings;

namespace lance::details {

/// The window's "Restore Version": builds the restored manifest (format::RestoredVersionWriter)
/// named beside the restored version's, where this machine reaches the table's files (a
/// folder here, or the table's object store, by its URI), keeps it
/// aside (RestoreSpool) and answers the CreateTableVersion that stages it, named as the catalog
/// names files (drop::PathMapper), with `restored_from_version` in its metadata. Nothing is
/// written into the table until the commit places the files (RestoreSpool::place()); the
/// catalog then moves the staged manifest into place with the rest of the batch.
class VersionRestorer
{
    Q_DECLARE_TR_FUNCTIONS(VersionRestorer)

public:
    using Done = std::function<void(api::Result<api::CreateTableVersionRequest>)>;

    VersionRestorer(ManifestAccess access, drop::PathMapper mapper, RestoreSpool spool)
        : m_access(std::move(access))
        , m_mapper(std::move(mapper))
        , m_spool(std::move(spool))
    {}

    /// How this machine reaches, and names for the catalog, the files of `profile`'s tables.
    static VersionRestorer forProfile(const connection::ConnectionProfile &profile,
                                      QSettings &settings);

    /// This restorer reading through `access` (the session's VendedAccess: a table's store).
    VersionRestorer withAccess(ManifestAccess access) const
    {
        return {std::move(access), m_mapper, m_spool};
    }

    /// Restores `restored` of `table` on top of `latest` (the newest version, listed or
    /// staged), as version `latest.version + 1`. Blocking file work: see start().
    api::Result<api::CreateTableVersionRequest> stage(const api::Identifier &table,
                                                      const api::TableVersion &restored,
                                                      const api::TableVersion &latest) const;
    /// stage() on Qt's global thread pool; `done` gets the answer on the GUI thread, unless
    /// `context` was destroyed first.
    void start(api::Identifier table, api::TableVersion restored, api::TableVersion latest,
               QObject *context, Done done) const;

private:
    /// stage() of a table on an object store (ManifestAccess::storeUriOf()).
    api::Result<api::CreateTableVersionRequest> stageOnStore(const api::Identifier &table,
                                                             const api::TableVersion &restored,
                                                             const api::TableVersion &latest,
                                                             const QString &restoredUri) const;
    /// Why a restore built on `latest` cannot be staged: its manifest is of another version.
    static std::optional<api::ApiError>
    checkLatest(const format::RestoredVersionWriter::Staged &staged,
                const api::TableVersion &latest);
    static api::CreateTableVersionRequest
    requestFor(const api::Identifier &table, const format::RestoredVersionWriter::Staged &staged,
               const QString &manifestPath);

    ManifestAccess m_access;
    drop::PathMapper m_mapper;
    RestoreSpool m_spool;
};

} // namespace lance::details
