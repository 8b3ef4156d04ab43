// SPDX-License-Identifier: Apache-2.0
#include "details/ManifestAccess.h"

#include "api/VersionFacts.h"
#include "connection/ConnectionProfile.h"
#include "drop/PathMappingStore.h"
#include "format/LocalPaths.h"
#include "format/ManifestDecoder.h"
#include "rows/FieldTree.h"
#include "rows/RowChanges.h"
#include "rows/RowFilter.h"
#include "rows/VersionRows.h"
#include "storage/LocalStore.h"

#include <QFile>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace lance::details {

ManifestAccess ManifestAccess::forProfile(const connection::ConnectionProfile &profile,
                                          QSettings &settings)
{
    return ManifestAccess(profile.kind == connection::ConnectionProfile::Kind::Local
                              ? drop::PathMapping()
                              : drop::PathMappingStore(settings).mapping(profile.name),
                          profile.isOnThisMachine())
        .withSpool(RestoreSpool::forProfile(profile));
}

ManifestAccess ManifestAccess::withSpool(RestoreSpool spool) const
{
    ManifestAccess access = *this;
    access.m_spool = std::move(spool);
    return access;
}

ManifestAccess ManifestAccess::withStore(engine::TableStores::Table table) const
{
    ManifestAccess access = *this;
    access.m_store = std::move(table);
    return access;
}

ManifestAccess ManifestAccess::withStoreProblem(QString problem) const
{
    ManifestAccess access = *this;
    access.m_storeProblem = std::move(problem);
    return access;
}

bool ManifestAccess::reaches(const QString &manifestPath) const
{
    return storeOf(manifestPath)
           || (!onUnreadableStore(manifestPath) && localFile(manifestPath).has_value());
}

QString ManifestAccess::readablePath(const QString &manifestPath) const
{
    return storeUriOf(manifestPath).value_or(format::LocalPaths::readable(manifestPath));
}

std::optional<QString> ManifestAccess::storeUriOf(const QString &manifestPath) const
{
    if (const engine::TableStores::Table *store = storeOf(manifestPath)) {
        if (const auto key = engine::TableStores::keyOf(*store, manifestPath)) {
            return storage::StorageUri::remote(store->uri.scheme(), store->uri.bucket(), *key)
                .toString();
        }
    }
    return std::nullopt;
}

std::optional<QString> ManifestAccess::keptRestore(const QString &manifestPath) const
{
    if (!m_spool || !RestoreSpool::uuidOf(manifestPath)) {
        return std::nullopt;
    }
    return m_spool->keptFile(manifestPath);
}

api::Result<QByteArray> ManifestAccess::readBytes(const QString &manifestPath) const
{
    std::optional<QString> file = keptRestore(manifestPath);
    const engine::TableStores::Table *store = file ? nullptr : storeOf(manifestPath);
    if (const auto key = store ? engine::TableStores::keyOf(*store, manifestPath) : std::nullopt) {
        auto read = store->store->read(*key, storage::CallControl());
        if (!read) {
            return api::ApiError::invalidInput(
                tr("The manifest cannot be read on the table's store: %1")
                    .arg(read.error().message()));
        }
        return read->bytes;
    }
    if (!file && onUnreadableStore(manifestPath)) {
        return api::ApiError::invalidInput(m_storeProblem);
    }
    if (!file) {
        file = localFile(manifestPath);
    }
    QFile manifest(file.value_or(QString()));
    if (!file || !manifest.open(QIODevice::ReadOnly)) {
        return api::ApiError::invalidInput(
            tr("The manifest %1 cannot be read here.").arg(readablePath(manifestPath)));
    }
    return manifest.readAll();
}

bool ManifestAccess::onUnreadableStore(const QString &manifestPath) const
{
    // The table is on a store this machine cannot read: its manifests are nowhere else, unless
    // the mapping names a mounted copy. (A store's key looks like a relative local path.)
    return !m_storeProblem.isEmpty() && !m_mapping.localPath(manifestPath);
}

const engine::TableStores::Table *ManifestAccess::storeOf(const QString &manifestPath) const
{
    // A folder the mapping names is where this machine sees that path, a store or not; else a
    // table on a store names its manifests by their keys there (or their URIs), never by a
    // path of this machine.
    if (!m_store || m_mapping.localPath(manifestPath)) {
        return nullptr;
    }
    return engine::TableStores::keyOf(*m_store, manifestPath) ? &*m_store : nullptr;
}

std::optional<QString> ManifestAccess::localFile(const QString &manifestPath) const
{
    std::optional<QString> file = tableFile(manifestPath);
    // Only a staged restore's name is looked for on disk: listing thousands of versions
    // costs no file system call each.
    if (file && m_spool && RestoreSpool::uuidOf(*file) && !QFileInfo::exists(*file)) {
        if (std::optional<QString> kept = m_spool->keptFile(*file)) {
            return kept;
        }
    }
    return file;
}

std::optional<QString> ManifestAccess::tableFile(const QString &manifestPath) const
{
    // The mapping first: a folder it names is where this machine sees that path.
    if (std::optional<QString> mapped = m_mapping.localPath(manifestPath)) {
        return mapped;
    }
    return m_localPaths ? format::LocalPaths::manifestFile(manifestPath) : std::nullopt;
}

api::Result<ManifestAccess::VersionFiles>
ManifestAccess::versionFiles(const api::TableVersion &version) const
{
    if (keptRestore(version.manifestPath)) {
        return api::ApiError::invalidInput(
            tr("A staged restore shows the rows of the version it restores; select that "
               "version to see them."));
    }
    // Where the manifest is: a key of the table's store, or a file here.
    VersionFiles out;
    QString key;
    bool local = false;
    if (const engine::TableStores::Table *onStore = storeOf(version.manifestPath)) {
        const auto found = engine::TableStores::keyOf(*onStore, version.manifestPath);
        if (!found) {
            return api::ApiError::invalidInput(
                tr("%1 is not on the table's store.").arg(readablePath(version.manifestPath)));
        }
        out.store = onStore->store;
        key = *found;
    } else if (onUnreadableStore(version.manifestPath)) {
        return api::ApiError::invalidInput(m_storeProblem);
    } else if (const std::optional<QString> file = localFile(version.manifestPath)) {
        out.store = std::make_shared<storage::LocalStore>();
        key = *file;
        local = true;
    } else {
        return api::ApiError::invalidInput(
            tr("%1 cannot be read from this machine.").arg(readablePath(version.manifestPath)));
    }
    const auto bytes = out.store->read(key, storage::CallControl());
    if (!bytes) {
        return api::ApiError::invalidInput(bytes.error().message());
    }
    auto manifest = format::ManifestDecoder::decode(bytes->bytes, out.store->uriOf(key).toString());
    if (!manifest) {
        return manifest.error();
    }
    out.manifest = std::move(*manifest);
    // The table's root holds `_versions/`, or `tree/<branch>/_versions/` for a branch.
    const qsizetype versions = key.lastIndexOf(u"_versions/"_s);
    if (versions < 0) {
        return api::ApiError::invalidInput(
            tr("%1 is not in a table's _versions folder.").arg(out.store->uriOf(key).toString()));
    }
    out.prefix = key.first(versions);
    QString ownRoot;
    if (const qsizetype tree = out.prefix.lastIndexOf(u"tree/"_s); tree >= 0) {
        ownRoot = out.prefix.sliced(tree);
        out.prefix.truncate(tree);
    }
    // How Lance names the table's root in base paths: its path here, its URI on a store.
    const QString root = out.prefix.endsWith(u'/') ? out.prefix.chopped(1) : out.prefix;
    out.place = {key.sliced(out.prefix.size()), ownRoot,
                 local ? root : out.store->uriOf(root).toString()};
    return out;
}

api::Result<rows::ArrowIpcReader::Table> ManifestAccess::readRows(const api::TableVersion &version,
                                                                  qint64 offset, qint64 limit,
                                                                  const QString &condition) const
{
    const auto files = versionFiles(version);
    if (!files) {
        return files.error();
    }
    rows::VersionRows::Request request;
    request.offset = quint64(std::max<qint64>(0, offset));
    request.limit = quint64(std::max<qint64>(0, limit));
    if (!condition.trimmed().isEmpty()) {
        // Parsed against this version's own schema, as the catalog's QueryTable parses it.
        auto tree = rows::FieldTree::build(files->manifest.fields);
        if (!tree) {
            return tree.error();
        }
        auto filter = rows::RowFilter::parse(condition, *tree);
        if (!filter) {
            return filter.error();
        }
        request.filter = std::move(*filter);
    }
    const auto page = rows::VersionRows::read(*files->store, files->prefix, files->manifest,
                                              files->place, request, storage::CallControl());
    if (!page) {
        return page.error();
    }
    rows::ArrowIpcReader::Table table;
    table.columns = QList<rows::ColumnArray>{page->rowIdColumn()} + page->columns;
    table.rows = page->rowAddresses.size();
    return table;
}

api::Result<ManifestAccess::RowComparison>
ManifestAccess::compareRows(const std::optional<api::TableVersion> &from,
                            const api::TableVersion &to, qsizetype sampleSize) const
{
    const auto after = versionFiles(to);
    if (!after) {
        return after.error();
    }
    // Without `from`: against an empty table, in the same folder.
    VersionFiles before{after->store, after->prefix, {}, after->place};
    if (from) {
        auto read = versionFiles(*from);
        if (!read) {
            return read.error();
        }
        before = std::move(*read);
    }
    const storage::CallControl control;
    auto changes = rows::RowChanges::compute(
        {*before.store, before.prefix, before.manifest, before.place},
        {*after->store, after->prefix, after->manifest, after->place}, sampleSize, control);
    if (!changes) {
        return changes.error();
    }
    RowComparison out{*changes, {}, {}};
    auto removed = rows::VersionRows::readAt(*before.store, before.prefix, before.manifest,
                                             before.place, changes->onlyInFrom.sample, {}, control);
    if (!removed) {
        return removed.error();
    }
    auto added = rows::VersionRows::readAt(*after->store, after->prefix, after->manifest,
                                           after->place, changes->onlyInTo.sample, {}, control);
    if (!added) {
        return added.error();
    }
    out.onlyInFrom = std::move(*removed);
    out.onlyInTo = std::move(*added);
    return out;
}

api::Result<ManifestAccess::LeavingRows>
ManifestAccess::rowsOnlyIn(const QList<api::TableVersion> &leaving,
                           const QList<api::TableVersion> &staying, qsizetype sampleSize) const
{
    if (leaving.size() + staying.size() > MaxVersionsToCompare) {
        return api::ApiError::invalidInput(
            tr("The table has %1 versions; their rows are compared for at most %2.")
                .arg(leaving.size() + staying.size())
                .arg(MaxVersionsToCompare));
    }
    const auto readAll
        = [this](const QList<api::TableVersion> &versions) -> api::Result<QList<VersionFiles>> {
        QList<VersionFiles> out;
        for (const api::TableVersion &version : versions) {
            auto files = versionFiles(version);
            if (!files) {
                return files.error();
            }
            out.append(std::move(*files));
        }
        return out;
    };
    auto gone = readAll(leaving);
    if (!gone) {
        return gone.error();
    }
    auto kept = readAll(staying);
    if (!kept) {
        return kept.error();
    }
    const auto asVersions = [](const QList<VersionFiles> &files) {
        std::vector<rows::RowChanges::Version> out;
        for (const VersionFiles &one : files) {
            out.push_back({*one.store, one.prefix, one.manifest, one.place});
        }
        return out;
    };
    const storage::CallControl control;
    auto rows
        = rows::RowsOnlyIn::compute(asVersions(*gone), asVersions(*kept), sampleSize, control);
    if (!rows) {
        return rows.error();
    }
    LeavingRows out{*rows, {}};
    // The sample comes grouped by version: one read of each.
    for (qsizetype at = 0; at < rows->sample.size();) {
        const qsizetype version = rows->sample.at(at).version;
        QList<quint64> addresses;
        for (; at < rows->sample.size() && rows->sample.at(at).version == version; ++at) {
            addresses.append(rows->sample.at(at).address);
        }
        const VersionFiles &files = gone->at(version);
        auto page = rows::VersionRows::readAt(*files.store, files.prefix, files.manifest,
                                              files.place, addresses, {}, control);
        if (!page) {
            return page.error();
        }
        out.sample.append(std::move(*page));
    }
    return out;
}

api::Result<engine::VersionDetails::Facts>
ManifestAccess::read(const api::TableVersion &version) const
{
    // A staged restore of a table on a store is kept here until the commit writes it there.
    if (const std::optional<QString> kept = keptRestore(version.manifestPath)) {
        api::TableVersion local = version;
        local.manifestPath = *kept;
        return engine::VersionDetails::read(local);
    }
    if (const engine::TableStores::Table *store = storeOf(version.manifestPath)) {
        return engine::VersionDetails::read(version, store);
    }
    if (onUnreadableStore(version.manifestPath)) {
        return api::ApiError::invalidInput(m_storeProblem);
    }
    const std::optional<QString> file = localFile(version.manifestPath);
    if (!file) {
        return api::ApiError::invalidInput(
            tr("The manifest of version %1 is at %2, which this machine cannot read; if that "
               "storage is mounted here, map it in the connection's path mapping (--map "
               "LOCAL=URI on the command line).")
                .arg(version.version)
                .arg(version.manifestPath));
    }
    api::TableVersion local = version;
    local.manifestPath = *file;
    return engine::VersionDetails::read(local);
}

api::Result<QByteArray> ManifestAccess::readOnStore(const QString &uri) const
{
    if (!m_store) {
        return api::ApiError::invalidInput(
            m_storeProblem.isEmpty()
                ? tr("%1 cannot be read here: the table's files are not on an object store "
                     "this machine reaches.")
                      .arg(uri)
                : m_storeProblem);
    }
    const api::Result<QString> key = versionsKeyOnStore(uri);
    if (!key) {
        return key.error();
    }
    auto read = m_store->store->read(*key, storage::CallControl());
    if (!read) {
        // Not the store's sentence alone: it starts with the URI, which must keep its case.
        return api::ApiError::invalidInput(
            tr("The manifest cannot be read on the table's store: %1").arg(read.error().message()));
    }
    return read->bytes;
}

api::Result<QString> ManifestAccess::versionsKeyOnStore(const QString &uri) const
{
    if (!m_store) {
        return api::ApiError::invalidInput(
            tr("%1 is not on an object store this machine reaches.").arg(uri));
    }
    const std::optional<QString> key = engine::TableStores::keyOf(*m_store, uri);
    const QString versions = m_store->uri.keyAsPrefix() + u"_versions/"_s;
    if (!key || !key->startsWith(versions) || key->mid(versions.size()).contains(u'/')) {
        return api::ApiError::invalidInput(
            tr("%1 is not a manifest of this table: its manifests are in %2.")
                .arg(uri, m_store->uri.child(u"_versions"_s).toString() + u'/'));
    }
    return *key;
}

QList<drop::ManifestDropPlanner::StoreManifest>
ManifestAccess::readAllOnStore(const QStringList &uris) const
{
    QList<drop::ManifestDropPlanner::StoreManifest> read;
    for (const QString &uri : uris) {
        drop::ManifestDropPlanner::StoreManifest manifest{uri, {}, {}};
        if (const api::Result<QByteArray> bytes = readOnStore(uri)) {
            manifest.bytes = *bytes;
        } else {
            manifest.unreadable = bytes.error().userMessage();
        }
        read.append(std::move(manifest));
    }
    return read;
}

bool ManifestAccess::complete(api::TableVersion &version) const
{
    if (version.metadata.contains(QString::fromLatin1(api::VersionFacts::TotalRows))) {
        return false; // the server said what it knows
    }
    const std::optional<QString> kept = keptRestore(version.manifestPath);
    const engine::TableStores::Table *store = kept ? nullptr : storeOf(version.manifestPath);
    const std::optional<QString> file = kept ? kept
                                        : store || onUnreadableStore(version.manifestPath)
                                            ? std::nullopt
                                            : localFile(version.manifestPath);
    if (!file && !store) {
        return false;
    }
    api::TableVersion local = version;
    if (file) {
        local.manifestPath = *file;
    }
    engine::VersionDetails::annotate(local, store);
    bool added = false;
    for (auto it = local.metadata.cbegin(); it != local.metadata.cend(); ++it) {
        if (!version.metadata.contains(it.key())) {
            version.metadata.insert(it.key(), it.value());
            added = true;
        }
    }
    return added;
}

} // namespace lance::details
