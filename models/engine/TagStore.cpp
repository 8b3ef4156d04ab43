// SPDX-License-Identifier: Apache-2.0
#include "engine/TagStore.h"

#include "engine/CatalogDatabase.h"
#include "engine/CatalogNames.h"

using namespace Qt::StringLiterals;
using lance::api::ApiError;
using lance::api::ErrorCode;
using lance::api::Identifier;
using lance::api::Result;
using lance::api::TagContents;

namespace lance::engine {

namespace {

// The tag's columns and the size of the version it points at.
const QString SelectTags
    = u"SELECT g.tag, g.version, g.branch, COALESCE(v.manifest_size, 0) FROM table_tags g "
      "LEFT JOIN table_versions v ON v.table_id = g.table_id AND v.branch = g.branch "
      "AND v.version = g.version WHERE g.table_id = ?"_s;

TagStore::NamedTag tagFromRow(const CatalogDatabase::Row &row)
{
    TagContents contents;
    contents.version = row.value(1).toLongLong();
    contents.branch = CatalogNames::answeredBranch(row.value(2).toString());
    contents.manifestSize = row.value(3).toLongLong();
    return {row.value(0).toString(), contents};
}

Result<bool> changedAny(const Result<qint64> &changed)
{
    if (!changed) {
        return changed.error();
    }
    return *changed > 0;
}

} // namespace

ApiError TagStore::notFound(const Identifier &table, const QString &tag)
{
    return ApiError::catalog(
        ErrorCode::TableTagNotFound,
        tr("Table %1 has no tag \"%2\".").arg(CatalogNames::display(table), tag));
}

Result<QList<TagStore::NamedTag>> TagStore::list(const Identifier &table, const QString &after,
                                                 qint64 limit)
{
    auto rows = m_database.select(SelectTags + u" AND g.tag > ? ORDER BY g.tag LIMIT ?"_s,
                                  {CatalogNames::key(table), after, limit});
    if (!rows) {
        return rows.error();
    }
    QList<NamedTag> tags;
    tags.reserve(rows->size());
    for (const CatalogDatabase::Row &row : *rows) {
        tags.append(tagFromRow(row));
    }
    return tags;
}

Result<QStringList> TagStore::onBranch(const Identifier &table, const QString &branch)
{
    auto rows = m_database.select(
        u"SELECT tag FROM table_tags WHERE table_id = ? AND branch = ? ORDER BY tag"_s,
        {CatalogNames::key(table), branch});
    if (!rows) {
        return rows.error();
    }
    QStringList tags;
    for (const CatalogDatabase::Row &row : *rows) {
        tags << row.value(0).toString();
    }
    return tags;
}

Result<TagContents> TagStore::require(const Identifier &table, const QString &tag)
{
    auto row
        = m_database.selectOne(SelectTags + u" AND g.tag = ?"_s, {CatalogNames::key(table), tag});
    if (!row) {
        return row.error();
    }
    if (!*row) {
        return notFound(table, tag);
    }
    return tagFromRow(**row).second;
}

Result<bool> TagStore::insert(const Identifier &table, const QString &tag, const QString &branch,
                              qint64 version)
{
    return changedAny(m_database.execute(u"INSERT INTO table_tags (table_id, tag, branch, version) "
                                         "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING"_s,
                                         {CatalogNames::key(table), tag, branch, version}));
}

Result<bool> TagStore::update(const Identifier &table, const QString &tag, const QString &branch,
                              qint64 version)
{
    return changedAny(m_database.execute(
        u"UPDATE table_tags SET branch = ?, version = ? WHERE table_id = ? AND tag = ?"_s,
        {branch, version, CatalogNames::key(table), tag}));
}

Result<bool> TagStore::remove(const Identifier &table, const QString &tag)
{
    return changedAny(m_database.execute(u"DELETE FROM table_tags WHERE table_id = ? AND tag = ?"_s,
                                         {CatalogNames::key(table), tag}));
}

} // namespace lance::engine
