// SPDX-License-Identifier: Apache-2.0
#include "engine/TableInventory.h"

#include "engine/CatalogNames.h"
#include "engine/CatalogTransaction.h"
#include "engine/ConcurrentEach.h"
#include "engine/TableStore.h"
#include "engine/TableStores.h"
#include "engine/TagStore.h"
#include "engine/VersionStore.h"
#include "format/BranchRefs.h"
#include "format/ManifestDecoder.h"
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
                                            const api::Identifier &table)
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

    QList<format::TableHealth::Version> manifests;
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
                manifests.append({path, QString(), {}});
            }
        } else if (path.startsWith(u"tree/"_s)) {
            const qsizetype versions = path.lastIndexOf(u"/_versions/"_s);
            if (versions > 0 && path.indexOf(u'/', versions + 11) < 0) {
                manifests.append({path, path.first(versions + 1), {}});
            }
        }
    }

    QList<std::optional<ApiError>> problems(manifests.size());
    format::TableHealth::Version *first = manifests.data();
    constexpr qsizetype StoreReaders = 32;
    concurrentEach(manifests.size(), out.folder.isLocal() ? 1 : StoreReaders, [&](qsizetype i) {
        format::TableHealth::Version &version = first[i];
        const QString key = out.folder.key(version.manifestPath);
        const auto read = out.folder.store().read(key, storage::CallControl());
        if (!read) {
            problems[i] = TableStores::refusal(read.error());
            return;
        }
        auto decoded = format::ManifestDecoder::decode(read->bytes, out.folder.readable(key));
        if (!decoded) {
            problems[i] = ApiError::catalog(
                ErrorCode::InvalidTableState,
                tr("Every manifest of the table is read to know which files are needed, and "
                   "one cannot be: %1")
                    .arg(decoded.error().userMessage()));
            return;
        }
        version.manifest = std::move(*decoded);
    });
    for (const auto &problem : std::as_const(problems)) {
        if (problem) {
            return *problem;
        }
    }
    for (format::TableHealth::Version &version : manifests) {
        if (version.ownRoot.isEmpty()) {
            const qint64 number = qint64(version.manifest.version);
            out.main.insert(number, std::move(version));
        } else {
            out.branches.append(std::move(version));
        }
    }
    return out;
}

} // namespace lance::engine
