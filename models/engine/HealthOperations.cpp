// SPDX-License-Identifier: Apache-2.0
#include "engine/HealthOperations.h"

#include "engine/CatalogNames.h"
#include "engine/CatalogTransaction.h"
#include "engine/ConcurrentEach.h"
#include "engine/TableFolder.h"
#include "engine/TableStore.h"
#include "engine/TableStores.h"
#include "engine/TagStore.h"
#include "engine/VersionStore.h"
#include "format/BranchRefs.h"
#include "format/ManifestDecoder.h"
#include "format/ManifestFileName.h"
#include "format/TableHealth.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>

#include <limits>

using namespace Qt::StringLiterals;
using lance::api::ApiError;
using lance::api::ErrorCode;
using lance::api::Result;

namespace lance::engine {

namespace {

using Mode = CatalogTransaction::Mode;

// What the catalog keeps of a table, read in one transaction.
struct Kept
{
    QString location;
    QList<api::TableVersion> records; //!< the main branch's, ascending
    QList<qint64> tagged;             //!< versions the catalog's tags name on main
};

constexpr qint64 Everything = std::numeric_limits<qint32>::max();

// The version a tag file of `_refs/tags/` names on main; nothing for a tag on a branch or a
// file that is not a tag's.
std::optional<qint64> mainVersionOfTag(const QByteArray &json)
{
    if (json.size() > format::BranchRefs::MaxRefBytes) {
        return std::nullopt;
    }
    const QJsonObject tag = QJsonDocument::fromJson(json).object();
    const QJsonValue branch = tag.value(u"branch"_s);
    if (!(branch.isNull() || branch.isUndefined() || branch.toString() == u"main"_s)) {
        return std::nullopt;
    }
    const qint64 version = tag.value(u"version"_s).toInteger(-1);
    return version >= 0 ? std::optional(version) : std::nullopt;
}

} // namespace

Result<api::GetTableHealthResponse>
HealthOperations::health(const api::GetTableHealthRequest &request)
{
    if (const auto problem = CatalogNames::checkTable(request.id); !problem.hasValue()) {
        return problem.error();
    }
    const qint64 smallRows
        = request.smallFragmentRows.value_or(format::TableHealth::DefaultSmallFragmentRows);
    if (smallRows < 1) {
        return ApiError::catalog(ErrorCode::InvalidInput,
                                 tr("A fragment is small below a number of rows of at least 1, "
                                    "not %1.")
                                     .arg(smallRows));
    }
    auto kept = CatalogTransaction::run<Kept>(
        m_database, Mode::Read, [&](CatalogTransaction &) -> Result<Kept> {
            Kept out;
            auto table = TableStore(m_database).require(request.id);
            if (!table) {
                return table.error();
            }
            out.location = table->location;
            const QString main = CatalogNames::branch(std::nullopt);
            auto records = VersionStore(m_database).list(request.id, main, {}, Everything, false);
            if (!records) {
                return records.error();
            }
            out.records = *records;
            auto tags = TagStore(m_database).list(request.id, {}, Everything);
            if (!tags) {
                return tags.error();
            }
            for (const TagStore::NamedTag &tag : std::as_const(*tags)) {
                if (CatalogNames::branch(tag.second.branch) == main) {
                    out.tagged << tag.second.version;
                }
            }
            return out;
        });
    if (!kept) {
        return kept.error();
    }
    // Outside the transaction: listing a folder and reading its manifests hold no database.
    const auto folder = TableFolder::of(m_locations, kept->location);
    if (!folder) {
        return folder.error();
    }
    const auto listed = folder->listAll({}, storage::CallControl());
    if (!listed) {
        return TableStores::refusal(listed.error());
    }
    format::TableHealth::Input input;
    input.smallFragmentRows = smallRows;
    input.tableRoot = folder->root();
    input.listing.reserve(listed->size());
    QMap<qint64, QString> mainManifests; // every final manifest in `_versions/`, by version
    QStringList tagFiles;
    for (storage::ObjectMeta object : *listed) {
        if (!object.key.startsWith(folder->prefix())) {
            continue;
        }
        object.key = object.key.sliced(folder->prefix().size());
        if (object.key.startsWith(u"_versions/"_s)) {
            const auto name = format::ManifestFileName::parse(object.key);
            if (name.kind == format::ManifestFileName::Kind::Final && name.version) {
                mainManifests.insert(*name.version, object.key);
            }
        } else if (object.key.startsWith(u"_refs/tags/"_s)) {
            tagFiles << object.key;
        }
        input.listing.append(std::move(object));
    }
    for (const QString &tagFile : std::as_const(tagFiles)) {
        // A tag that cannot be read keeps nothing here; Lance's cleanup reads the same files.
        if (const auto read = folder->store().read(folder->key(tagFile), storage::CallControl())) {
            if (const auto version = mainVersionOfTag(read->bytes)) {
                kept->tagged << *version;
            }
        }
    }

    // The manifests kept: main's records (where they name a file of this folder) and tagged
    // versions, then every manifest of every branch.
    QMap<qint64, QString> mainKept;
    for (const api::TableVersion &record : std::as_const(kept->records)) {
        if (const auto key = folder->keyOf(record.manifestPath);
            key && key->startsWith(folder->prefix())) {
            mainKept.insert(record.version, key->sliced(folder->prefix().size()));
        }
    }
    for (const qint64 version : std::as_const(kept->tagged)) {
        if (!mainKept.contains(version) && mainManifests.contains(version)) {
            mainKept.insert(version, mainManifests.value(version));
        }
    }
    const std::optional<qint64> latest
        = kept->records.isEmpty() ? std::nullopt : std::optional(kept->records.last().version);
    for (auto it = mainKept.cbegin(); it != mainKept.cend(); ++it) {
        if (latest && it.key() == *latest) {
            input.latest = input.kept.size();
        }
        input.kept.append({it.value(), QString(), {}});
    }
    for (const storage::ObjectMeta &object : std::as_const(input.listing)) {
        const qsizetype versions = object.key.lastIndexOf(u"/_versions/"_s);
        if (object.key.startsWith(u"tree/"_s) && versions > 0
            && object.key.endsWith(format::ManifestFileName::Suffix)
            && object.key.indexOf(u'/', versions + 11) < 0) {
            input.kept.append({object.key, object.key.first(versions + 1), {}});
        }
    }

    // A kept manifest the folder does not hold is reported missing by TableHealth; one that
    // cannot be read or decoded stops the answer, which would call its files nobody's.
    QSet<QString> present;
    for (const storage::ObjectMeta &object : std::as_const(input.listing)) {
        present.insert(object.key);
    }
    QList<std::optional<ApiError>> problems(input.kept.size());
    format::TableHealth::Version *versions = input.kept.data();
    constexpr qsizetype StoreReaders = 32;
    concurrentEach(input.kept.size(), folder->isLocal() ? 1 : StoreReaders, [&](qsizetype i) {
        format::TableHealth::Version &version = versions[i];
        if (!present.contains(version.manifestPath)) {
            return;
        }
        const QString key = folder->key(version.manifestPath);
        const auto read = folder->store().read(key, storage::CallControl());
        if (!read) {
            problems[i] = TableStores::refusal(read.error());
            return;
        }
        auto decoded = format::ManifestDecoder::decode(read->bytes, folder->readable(key));
        if (!decoded) {
            problems[i] = ApiError::catalog(
                ErrorCode::InvalidTableState,
                tr("The health of a table needs the manifest of every version kept: %1")
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
    return format::TableHealth::of(input);
}

} // namespace lance::engine
