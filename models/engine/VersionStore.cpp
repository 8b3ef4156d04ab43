// SPDX-License-Identifier: Apache-2.0
#include "engine/VersionStore.h"

#include "engine/CatalogDatabase.h"
#include "engine/CatalogNames.h"

using namespace Qt::StringLiterals;
using lance::api::ApiError;
using lance::api::ErrorCode;
using lance::api::Identifier;
using lance::api::Result;
using lance::api::TableVersion;

namespace lance::engine {

namespace {

const QString Columns
    = u"version, manifest_path, manifest_size, e_tag, timestamp_millis, metadata"_s;

std::optional<qint64> optionalNumber(const QVariant &value)
{
    return value.isNull() ? std::nullopt : std::optional<qint64>(value.toLongLong());
}

TableVersion versionFromRow(const CatalogDatabase::Row &row, const RootRelativePaths &paths)
{
    TableVersion version;
    version.version = row.value(0).toLongLong();
    version.manifestPath = paths.resolve(row.value(1).toString());
    version.manifestSize = optionalNumber(row.value(2));
    version.eTag
        = row.value(3).isNull() ? std::nullopt : std::optional<QString>(row.value(3).toString());
    version.timestampMillis = optionalNumber(row.value(4));
    version.metadata = CatalogDatabase::mapFromText(row.value(5).toString());
    return version;
}

Result<QList<TableVersion>> versionsFromRows(Result<QList<CatalogDatabase::Row>> rows,
                                             const RootRelativePaths &paths)
{
    if (!rows) {
        return rows.error();
    }
    QList<TableVersion> versions;
    versions.reserve(rows->size());
    for (const CatalogDatabase::Row &row : *rows) {
        versions.append(versionFromRow(row, paths));
    }
    return versions;
}

Result<std::optional<TableVersion>> firstOf(Result<QList<TableVersion>> versions)
{
    if (!versions) {
        return versions.error();
    }
    return versions->isEmpty() ? std::optional<TableVersion>()
                               : std::optional<TableVersion>(versions->first());
}

} // namespace

Result<void> VersionStore::insertBranches(const Identifier &table,
                                          const QMap<QString, QList<TableVersion>> &branches)
{
    for (auto it = branches.cbegin(); it != branches.cend(); ++it) {
        for (const TableVersion &version : it.value()) {
            if (auto added = insert(table, it.key(), version); !added) {
                return added.error();
            }
        }
    }
    return {};
}

Result<bool> VersionStore::insert(const Identifier &table, const QString &branch,
                                  const TableVersion &version)
{
    return m_database
        .execute(u"INSERT INTO table_versions (table_id, branch, "_s + Columns
                     + u") VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"_s,
                 {CatalogNames::key(table), branch, version.version,
                  m_database.paths().store(version.manifestPath),
                  CatalogDatabase::optionalValue(version.manifestSize),
                  CatalogDatabase::optionalValue(version.eTag),
                  CatalogDatabase::optionalValue(version.timestampMillis),
                  CatalogDatabase::mapToText(version.metadata)})
        .transform([](qint64 added) { return added > 0; }); // 0: it was there already
}

Result<std::optional<TableVersion>> VersionStore::find(const Identifier &table,
                                                       const QString &branch, qint64 version)
{
    return firstOf(versionsFromRows(
        m_database.select(
            u"SELECT "_s + Columns
                + u" FROM table_versions WHERE table_id = ? AND branch = ? AND version = ?"_s,
            {CatalogNames::key(table), branch, version}),
        m_database.paths()));
}

Result<TableVersion> VersionStore::require(const Identifier &table, const QString &branch,
                                           qint64 version)
{
    auto found = find(table, branch, version);
    if (!found) {
        return found.error();
    }
    if (!*found) {
        const QString message
            = branch.isEmpty()
                  ? tr("Table %1 has no version %2.")
                        .arg(CatalogNames::display(table), QString::number(version))
                  : tr("Table %1 has no version %2 on branch %3.")
                        .arg(CatalogNames::display(table), QString::number(version), branch);
        return ApiError::catalog(ErrorCode::TableVersionNotFound, message);
    }
    return std::move(**found);
}

Result<std::optional<TableVersion>> VersionStore::latest(const Identifier &table,
                                                         const QString &branch)
{
    return firstOf(list(table, branch, std::nullopt, 1, true));
}

Result<TableVersion> VersionStore::requireOrLatest(const Identifier &table, const QString &branch,
                                                   std::optional<qint64> version)
{
    if (version) {
        return require(table, branch, *version);
    }
    auto found = latest(table, branch);
    if (!found) {
        return found.error();
    }
    if (!*found) {
        return ApiError::catalog(
            ErrorCode::TableVersionNotFound,
            tr("Table %1 has no versions yet.").arg(CatalogNames::display(table)));
    }
    return std::move(**found);
}

Result<QList<TableVersion>> VersionStore::list(const Identifier &table, const QString &branch,
                                               std::optional<qint64> after, qint64 limit,
                                               bool descending)
{
    const QString select
        = u"SELECT "_s + Columns + u" FROM table_versions WHERE table_id = ? AND branch = ?"_s;
    QVariantList values{CatalogNames::key(table), branch};
    QString sql;
    if (after) {
        sql = select + (descending ? u" AND version < ?"_s : u" AND version > ?"_s);
        values.append(*after);
    } else {
        sql = select;
    }
    sql += descending ? u" ORDER BY version DESC LIMIT ?"_s : u" ORDER BY version LIMIT ?"_s;
    values.append(limit);
    return versionsFromRows(m_database.select(sql, values), m_database.paths());
}

Result<void> VersionStore::setFacts(const Identifier &table, const QString &branch,
                                    const TableVersion &version, const api::StringMap &facts)
{
    // Only where none are kept, and only on the record of these very bytes: a version deleted
    // and recorded again meanwhile names another manifest.
    auto updated = m_database.execute(
        u"UPDATE table_versions SET facts = ? WHERE table_id = ? AND branch = ? AND version = ? "
        "AND manifest_path = ? AND e_tag = ? AND facts IS NULL"_s,
        {CatalogDatabase::mapToText(facts), CatalogNames::key(table), branch, version.version,
         m_database.paths().store(version.manifestPath), version.eTag.value_or(QString())});
    return updated ? Result<void>() : Result<void>(updated.error());
}

Result<QHash<qint64, api::StringMap>>
VersionStore::facts(const Identifier &table, const QString &branch, qint64 first, qint64 last)
{
    auto rows = m_database.select(
        u"SELECT version, facts FROM table_versions WHERE table_id = ? AND branch = ? AND "
        "version >= ? AND version <= ? AND facts IS NOT NULL"_s,
        {CatalogNames::key(table), branch, first, last});
    if (!rows) {
        return rows.error();
    }
    QHash<qint64, api::StringMap> found;
    for (const CatalogDatabase::Row &row : std::as_const(*rows)) {
        found.insert(row.value(0).toLongLong(),
                     CatalogDatabase::mapFromText(row.value(1).toString()));
    }
    return found;
}

Result<qint64> VersionStore::remove(const Identifier &table, const QString &branch,
                                    const api::VersionRange &range)
{
    const QString key = CatalogNames::key(table);
    // Any negative end means "through the latest", as the directory namespace reads it.
    if (range.endVersion < 0) {
        return m_database.execute(
            u"DELETE FROM table_versions WHERE table_id = ? AND branch = ? AND version >= ?"_s,
            {key, branch, range.startVersion});
    }
    return m_database.execute(u"DELETE FROM table_versions WHERE table_id = ? AND branch = ? AND "
                              "version >= ? AND version < ?"_s,
                              {key, branch, range.startVersion, range.endVersion});
}

Result<bool> VersionStore::hasAny(const Identifier &table)
{
    return m_database.selectsAny(u"SELECT 1 FROM table_versions WHERE table_id = ? LIMIT 1"_s,
                                 {CatalogNames::key(table)});
}

} // namespace lance::engine
