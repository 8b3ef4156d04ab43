// SPDX-License-Identifier: Apache-2.0
#include "engine/TableInventory.h"

#include "engine/CatalogNames.h"
#include "engine/CatalogTransaction.h"
#include "engine/ConcurrentEach.h"
#include "engine/ManifestIndexCache.h"
#include "engine/TableStore.h"
#include "engine/TableStores.h"
#include "engine/TagStore.h"
#include "engine/VersionStore.h"
#include "format/BranchRefs.h"
#include "format/ManifestFileName.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <limits>

using namespace Qt::StringLiterals;
using lance::api::ApiError;
using lance::api::ErrorCode;
using lance::api::Result;

namespace lance::engine {

namespace {

using Mode = CatalogTransaction::Mode;
constexpr qint64 Everything = std::numeric_limits<qint32>::max();

struct Recorded
{
    QString location;
    QList<api::TableVersion> records;
    QMap<qint64, QStringList> tags;
};

// A ref file of `_refs/` as JSON; nothing for one that is too large or not an object.
std::optional<QJsonObject> refJson(const TableFolder &folder, const QString &path)
{
    const auto read = folder.store().read(folder.key(path), storage::CallControl());
    if (!read || read->bytes.size() > format::BranchRefs::MaxRefBytes) {
        return std::nullopt;
    }
    const QJsonDocument document = QJsonDocument::fromJson(read->bytes);
    return document.isObject() ? std::optional(document.object()) : std::nullopt;
}

bool onMain(const QJsonValue &branch)
{
    return branch.isNull() || branch.isUndefined() || branch.toString() == u"main"_s;
}

} // namespace

std::optional<qint64> TableInventory::latest() const
{
    return records.isEmpty() ? std::nullopt : std::optional(records.last().version);
}

Result<TableInventory> TableInventory::read(CatalogDatabase &database,
                                            const CatalogLocations &locations,
                                            const api::Identifier &table, ManifestIndexCache *cache)
{
    auto recorded = CatalogTransaction::run<Recorded>(
        database, Mode::Read, [&](CatalogTransaction &) -> Result<Recorded> {
            Recorded out;
            auto found = TableStore(database).require(table);
            if (!found) {
                return found.error();
            }
            out.location = found->location;
            const QString main = CatalogNames::branch(std::nullopt);
            auto records = VersionStore(database).list(table, main, {}, Everything, false);
            if (!records) {
                return records.error();
            }
            out.records = *records;
            auto tags = TagStore(database).list(table, {}, Everything);
            if (!tags) {
                return tags.error();
            }
            for (const TagStore::NamedTag &tag : std::as_const(*tags)) {
                if (CatalogNames::branch(tag.second.branch) == main) {
                    out.tags[tag.second.version] << tag.first;
                }
            }
            return out;
        });
    if (!recorded) {
        return recorded.error();
    }
    // Outside the transaction: listing a folder and reading its manifests hold no database.
    auto folder = TableFolder::of(locations, recorded->location);
    if (!folder) {
        return folder.error();
    }
    const auto listed = folder->listAll({}, storage::CallControl());
    if (!listed) {
        return TableStores::refusal(listed.error());
    }
    TableInventory out(std::move(*folder));
    out.records = std::move(recorded->records);
    out.tags = std::move(recorded->tags);
    const QString prefix = out.folder.prefix();
    out.listing.reserve(listed->size());
    for (storage::ObjectMeta object : *listed) {
        if (!object.key.startsWith(prefix)) {
            continue;
        }
        object.key = object.key.sliced(prefix.size());
        out.listing.append(std::move(object));
    }

    // Where each manifest is: main's by their names' versions, then each branch's.
    struct Manifest
    {
        QString path;
        QString ownRoot;
        std::optional<qint64> version; //!< main's
        storage::ObjectMeta listed;
        std::optional<format::ReferenceIndex::Version> read;
        std::optional<format::ManifestContents> rest; //!< the catalog's latest's
    };
    QList<Manifest> manifests;
    for (const storage::ObjectMeta &object : std::as_const(out.listing)) {
        const QString &path = object.key;
        if (path.startsWith(u"_refs/tags/"_s) && path.endsWith(u".json"_s)) {
            // A tag that cannot be read keeps nothing here; Lance's cleanup reads the same.
            const auto tag = refJson(out.folder, path);
            if (tag && onMain(tag->value(u"branch"_s))) {
                const qint64 version = tag->value(u"version"_s).toInteger(-1);
                if (version >= 0) {
                    out.tags[version]
                        << tr("%1 (Lance's)")
                               .arg(format::BranchRefs::nameOfRefFile(path.section(u'/', -1))
                                        .value_or(path));
                }
            }
        } else if (path.startsWith(u"_refs/branches/"_s) && path.endsWith(u".json"_s)) {
            const auto branch = refJson(out.folder, path);
            if (branch && onMain(branch->value(u"parentBranch"_s))) {
                const qint64 version = branch->value(u"parentVersion"_s).toInteger(-1);
                if (version >= 0) {
                    out.branchStarts[version]
                        << format::BranchRefs::nameOfRefFile(path.section(u'/', -1)).value_or(path);
                }
            }
        }
        if (!path.endsWith(format::ManifestFileName::Suffix)) {
            continue;
        }
        if (path.startsWith(u"_versions/"_s) && path.indexOf(u'/', 10) < 0) {
            const auto name = format::ManifestFileName::parse(path);
            if (name.kind == format::ManifestFileName::Kind::Final && name.version) {
                manifests.append({path, QString(), qint64(*name.version), object, {}, {}});
            }
        } else if (path.startsWith(u"tree/"_s)) {
            const qsizetype versions = path.lastIndexOf(u"/_versions/"_s);
            if (versions > 0 && path.indexOf(u'/', versions + 11) < 0) {
                manifests.append({path, path.first(versions + 1), std::nullopt, object, {}, {}});
            }
        }
    }

    const std::optional<qint64> latest = out.latest();
    const auto isLatest = [&latest](const Manifest &manifest) {
        return latest && manifest.version == latest;
    };
    // What an earlier read found, while most of it is still listed (its index only grows: a
    // table whose versions were mostly cleaned up since is read afresh).
    const ManifestIndexCache::Table kept
        = cache ? cache->find(recorded->location) : ManifestIndexCache::Table();
    QList<const ManifestIndexCache::Manifest *> known(manifests.size(), nullptr);
    qsizetype stillListed = 0;
    for (qsizetype i = 0; i < manifests.size(); ++i) {
        const auto hit = kept.manifests.constFind(manifests.at(i).path);
        if (hit != kept.manifests.cend() && hit->isStill(manifests.at(i).listed)) {
            known[i] = &*hit;
            ++stillListed;
        }
    }
    const bool reuse = kept.index && stillListed * 2 >= kept.manifests.size();
    QList<qsizetype> toRead;
    for (qsizetype i = 0; i < manifests.size(); ++i) {
        Manifest &manifest = manifests[i];
        const ManifestIndexCache::Manifest *hit = reuse ? known.at(i) : nullptr;
        if (hit && (!isLatest(manifest) || hit->rest)) {
            manifest.read = hit->version;
            manifest.rest = isLatest(manifest) ? hit->rest : std::nullopt;
        } else {
            toRead << i;
        }
    }

    std::shared_ptr<const format::ReferenceIndex> index = reuse ? kept.index : nullptr;
    if (!toRead.isEmpty() || !index) {
        std::shared_ptr<format::ReferenceIndex> growing
            = index ? std::shared_ptr<format::ReferenceIndex>(index->clone())
                    : std::make_shared<format::ReferenceIndex>();
        QList<std::optional<ApiError>> problems(toRead.size());
        Manifest *first = manifests.data();
        // A disk's reads are quick: a few readers keep the cores decoding while others wait
        // on the disk. A store's wait on the network.
        constexpr qsizetype DiskReaders = 4;
        constexpr qsizetype StoreReaders = 32;
        const QString tableRoot = out.folder.root();
        concurrentEach(toRead.size(), out.folder.isLocal() ? DiskReaders : StoreReaders,
                       [&](qsizetype k) {
                           Manifest &manifest = first[toRead.at(k)];
                           const QString key = out.folder.key(manifest.path);
                           const auto read = out.folder.store().read(key, storage::CallControl());
                           if (!read) {
                               problems[k] = TableStores::refusal(read.error());
                               return;
                           }
                           format::ManifestContents rest;
                           auto added = growing->add(read->bytes, out.folder.readable(key),
                                                     {manifest.path, manifest.ownRoot, tableRoot},
                                                     isLatest(manifest) ? &rest : nullptr);
                           if (!added) {
                               problems[k] = ApiError::catalog(
                                   ErrorCode::InvalidTableState,
                                   tr("Every manifest of the table is read to know which files are "
                                      "needed, and one cannot be: %1")
                                       .arg(added.error().userMessage()));
                               return;
                           }
                           manifest.read = std::move(*added);
                           if (isLatest(manifest)) {
                               manifest.rest = std::move(rest);
                           }
                       });
        for (const auto &problem : std::as_const(problems)) {
            if (problem) {
                return *problem;
            }
        }
        index = growing;
    }

    out.index = index;
    ManifestIndexCache::Table next{index, {}};
    next.manifests.reserve(manifests.size());
    for (Manifest &manifest : manifests) {
        if (cache) {
            next.manifests.insert(manifest.path,
                                  {manifest.listed.size, manifest.listed.lastModified,
                                   manifest.listed.eTag, *manifest.read, manifest.rest});
        }
        if (manifest.rest) {
            out.latestManifest = *manifest.rest;
        }
        if (manifest.ownRoot.isEmpty()) {
            const qint64 number = manifest.read->version;
            out.main.insert(number, std::move(*manifest.read));
        } else {
            out.branches.append(std::move(*manifest.read));
        }
    }
    if (cache) {
        cache->keep(recorded->location, std::move(next));
    }
    return out;
}

} // namespace lance::engine
