// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "api/VersionMessages.h"
#include "details/RestoreSpool.h"
#include "drop/ManifestDropPlanner.h"
#include "drop/PathMapping.h"
#include "engine/VersionDetails.h"
#include "rows/ArrowIpcReader.h"
#include "rows/RowChanges.h"
#include "rows/RowsOnlyIn.h"
#include "rows/VersionRows.h"

#include <QCoreApplication>

class QSettings;

namespace lance::connection {
struct ConnectionProfile;
}

namespace lance::details {

/// The client reading a version's manifest itself, for what a server does not say (Lance's own
/// servers vary: some send no facts at all) and for what no server sends (fragments, field
/// ids, the diff of two versions). It reads where this machine can: a local path, a `file://`
/// URI, a server URI under a folder of the profile's PathMapping (the one drag-and-drop
/// uses), the other way round, or an object of the table's store (withStore()). Blocking
/// reads: call it off the GUI thread.
class ManifestAccess
{
    Q_DECLARE_TR_FUNCTIONS(ManifestAccess)

public:
    /// `localPaths`: whether the catalog's paths name this machine's files (a local catalog,
    /// a server here); else only the mapping reaches them.
    explicit ManifestAccess(drop::PathMapping mapping = {}, bool localPaths = true)
        : m_mapping(std::move(mapping))
        , m_localPaths(localPaths)
    {}
    /// What this machine reaches of the catalog `profile` names: a local catalog's paths, and
    /// those of a server on this machine (ConnectionProfile::isOnThisMachine()), are this
    /// machine's; a server's are read through the profile's path mapping
    /// (drop::PathMappingStore in `settings`). A staged restore not yet in its table is read
    /// where the window keeps it (RestoreSpool::forProfile()).
    static ManifestAccess forProfile(const connection::ConnectionProfile &profile,
                                     QSettings &settings);
    /// Reads staged restores that are not in their tables yet from `spool`.
    ManifestAccess withSpool(RestoreSpool spool) const;
    /// Reads the manifests of the table on `table`'s store that no local path reaches there
    /// (VendedTableStore): its tail first, cached by the recorded e-tag.
    ManifestAccess withStore(engine::TableStores::Table table) const;
    /// Says `problem` (why the table's store cannot be read here, and which option to set)
    /// for a manifest that only that store holds, instead of pointing at the path mapping.
    ManifestAccess withStoreProblem(QString problem) const;
    /// Why the table's store cannot be read here; empty when it can, or is not asked about.
    const QString &storeProblem() const { return m_storeProblem; }

    /// `manifestPath` as a person reads it: the object's URI when it is a key of the table's
    /// store (servers name a store's manifests by their keys, which look like relative local
    /// paths), else the path of this machine it names (format::LocalPaths::readable()).
    QString readablePath(const QString &manifestPath) const;
    /// Whether the manifest `manifestPath` names is read here: on the table's store, or in a
    /// local file (localFile()).
    bool reaches(const QString &manifestPath) const;

    /// The local file `manifestPath` (a version record's) names here, if any: where it is in
    /// its table, or a staged restore's kept copy while it is not.
    std::optional<QString> localFile(const QString &manifestPath) const;
    /// The file `manifestPath` names in its table here, if any, kept or not.
    std::optional<QString> tableFile(const QString &manifestPath) const;
    /// The decoded manifest of `version` and its transaction; InvalidInput with the reason
    /// (not reachable from here, missing, damaged).
    api::Result<engine::VersionDetails::Facts> read(const api::TableVersion &version) const;
    /// The bytes of the manifest at `uri`, an object of the table's store (withStore()) in its
    /// `_versions/` folder: what registering a manifest already on a store reads. InvalidInput
    /// naming the URI when it is not in that folder, when the store cannot be read here (the
    /// store problem), or when the object cannot be read.
    api::Result<QByteArray> readOnStore(const QString &uri) const;
    /// The URI of the object `manifestPath` names on the table's store (a server names a
    /// store's manifests by keys or URIs); nothing when it is not one.
    std::optional<QString> storeUriOf(const QString &manifestPath) const;
    /// The bytes of the manifest `manifestPath` names, wherever this access reaches it: a
    /// staged restore's kept copy, the table's store, or a file here. Blocking; InvalidInput
    /// naming the manifest when it cannot be read.
    api::Result<QByteArray> readBytes(const QString &manifestPath) const;
    /// The key of `uri` on the table's store when it names a file of the table's `_versions/`
    /// there; else why not, in one sentence (not on this table's store, or outside that folder).
    api::Result<QString> versionsKeyOnStore(const QString &uri) const;
    /// Rows [offset, offset + limit) of `version`, read here from the table's data files where
    /// its manifest is (a staged manifest no server has seen yet), with `_rowid` first. A
    /// staged restore kept outside its table is refused: its rows are the restored version's.
    /// `condition` (rows::RowFilter's text; empty: none) keeps only the rows that meet it, and
    /// `offset` and `limit` count those. Blocking.
    api::Result<rows::ArrowIpcReader::Table> readRows(const api::TableVersion &version,
                                                      qint64 offset, qint64 limit,
                                                      const QString &condition = {}) const;
    /// The rows `from` holds and `to` does not, and the other way (none `from`: an empty
    /// table before `to`): their counts, and up to `sampleSize` of each read here.
    struct RowComparison
    {
        rows::RowChanges changes;
        rows::VersionRows::Page onlyInFrom; //!< the sample, read from `from`
        rows::VersionRows::Page onlyInTo;   //!< the sample, read from `to`
    };
    api::Result<RowComparison> compareRows(const std::optional<api::TableVersion> &from,
                                           const api::TableVersion &to, qsizetype sampleSize) const;
    /// The rows `leaving` hold and none of `staying` does (what deleting `leaving` takes out
    /// of reach): their count, and up to `sampleSize` of them read here, a page for each
    /// leaving version that holds some of the sample. Refused (InvalidInput) past
    /// MaxVersionsToCompare manifests, each of which is read. Blocking.
    static constexpr qsizetype MaxVersionsToCompare = 1000;
    struct LeavingRows
    {
        rows::RowsOnlyIn rows;
        QList<rows::VersionRows::Page> sample;
    };
    api::Result<LeavingRows> rowsOnlyIn(const QList<api::TableVersion> &leaving,
                                        const QList<api::TableVersion> &staying,
                                        qsizetype sampleSize) const;
    /// The table's store, when this access reads one.
    const engine::TableStores::Table *store() const { return m_store ? &*m_store : nullptr; }
    /// readOnStore() of each of `uris`, as the planner takes them
    /// (drop::ManifestDropPlanner::plan()): what could not be read says why.
    QList<drop::ManifestDropPlanner::StoreManifest> readAllOnStore(const QStringList &uris) const;
    /// Adds to `version.metadata` what its manifest says, where the server sent none of it
    /// (no `total_rows`); the server's answer wins where it gave one. False when nothing
    /// could be added.
    bool complete(api::TableVersion &version) const;

private:
    /// The store a manifest path names an object of, if it is this access's table's.
    const engine::TableStores::Table *storeOf(const QString &manifestPath) const;
    /// Where a version's files are, and its manifest, read: what readRows() and compareRows()
    /// read rows from.
    struct VersionFiles
    {
        std::shared_ptr<storage::ObjectStore> store;
        QString prefix; //!< the table's root, a key ending in `/` (a path here)
        format::ManifestContents manifest;
        format::ManifestReferences::Place place;
    };
    api::Result<VersionFiles> versionFiles(const api::TableVersion &version) const;
    /// The kept copy of the staged restore `manifestPath` names, while the window keeps it.
    std::optional<QString> keptRestore(const QString &manifestPath) const;
    /// Whether `manifestPath` is on the table's store, which cannot be read here.
    bool onUnreadableStore(const QString &manifestPath) const;

    drop::PathMapping m_mapping;
    bool m_localPaths = true;
    std::optional<RestoreSpool> m_spool;
    std::optional<engine::TableStores::Table> m_store;
    QString m_storeProblem;
};

} // namespace lance::details
