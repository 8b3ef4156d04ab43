// SPDX-License-Identifier: Apache-2.0
#include "engine/TransactionStore.h"

#include "api/TransactionMessages.h"
#include "engine/CatalogDatabase.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;
using namespace lance::api;

namespace lance::engine {

namespace {

const QString SelectRecords
    = u"SELECT t.id, t.sequence, t.committed_millis, t.actor, t.kind, t.status, t.counts, "
      "t.operations, t.tables FROM catalog_transactions t"_s;

QString compactJson(const QJsonValue &value)
{
    return QString::fromUtf8(value.isArray()
                                 ? QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact)
                                 : QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact));
}

TransactionStore::Record recordFromRow(const CatalogDatabase::Row &row)
{
    TransactionStore::Record record;
    record.id = row.value(0).toString();
    record.sequence = row.value(1).toLongLong();
    record.committedMillis = row.value(2).toLongLong();
    record.actor = row.value(3).toString();
    record.kind = row.value(4).toString();
    record.status = row.value(5).toString();
    const QJsonObject counts = QJsonDocument::fromJson(row.value(6).toString().toUtf8()).object();
    for (auto it = counts.begin(); it != counts.end(); ++it) {
        record.counts.insert(it.key(), it.value().toString());
    }
    record.operations = row.value(7).toString();
    const QJsonArray tables = QJsonDocument::fromJson(row.value(8).toString().toUtf8()).array();
    for (const QJsonValue &table : tables) {
        QStringList names;
        for (const QJsonValue &name : table.toArray()) {
            names << name.toString();
        }
        record.tables << names;
    }
    return record;
}

QJsonArray tablesJson(const QList<QStringList> &tables)
{
    QJsonArray out;
    for (const QStringList &names : tables) {
        out.append(QJsonArray::fromStringList(names));
    }
    return out;
}

} // namespace

Result<void> TransactionStore::insert(Record record)
{
    auto last
        = m_database.selectOne(u"SELECT COALESCE(MAX(sequence), 0) FROM catalog_transactions"_s);
    if (!last) {
        return last.error();
    }
    record.sequence = (*last ? (*last)->value(0).toLongLong() : 0) + 1;
    QJsonObject counts;
    for (auto it = record.counts.cbegin(); it != record.counts.cend(); ++it) {
        counts.insert(it.key(), it.value());
    }
    auto inserted = m_database.execute(
        u"INSERT INTO catalog_transactions (id, sequence, committed_millis, actor, kind, status, "
        "counts, operations, tables) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"_s,
        {record.id, record.sequence, record.committedMillis, record.actor, record.kind,
         record.status, compactJson(counts), record.operations,
         compactJson(tablesJson(record.tables))});
    if (!inserted) {
        return inserted.error();
    }
    for (const QStringList &names : std::as_const(record.tables)) {
        auto linked = m_database.execute(
            u"INSERT INTO transaction_tables (table_id, sequence) VALUES (?, ?)"_s,
            {names.join(u'$'), record.sequence});
        if (!linked) {
            return linked.error();
        }
    }
    return {};
}

Result<std::optional<TransactionStore::Record>> TransactionStore::find(const QString &id)
{
    auto row = m_database.selectOne(SelectRecords + u" WHERE t.id = ?"_s, {id});
    if (!row) {
        return row.error();
    }
    if (!*row) {
        return std::optional<Record>();
    }
    return std::optional(recordFromRow(**row));
}

Result<QList<TransactionStore::Record>>
TransactionStore::list(const std::optional<QString> &tableKey, const std::optional<qint64> &before,
                       qint64 limit)
{
    QString sql = SelectRecords;
    QVariantList values;
    if (tableKey) {
        sql += u" JOIN transaction_tables l ON l.sequence = t.sequence AND l.table_id = ?"_s;
        values << *tableKey;
    }
    if (before) {
        sql += u" WHERE t.sequence < ?"_s;
        values << *before;
    }
    sql += u" ORDER BY t.sequence DESC LIMIT ?"_s;
    values << limit;
    auto rows = m_database.select(sql, values);
    if (!rows) {
        return rows.error();
    }
    QList<Record> records;
    records.reserve(rows->size());
    for (const CatalogDatabase::Row &row : *rows) {
        records << recordFromRow(row);
    }
    return records;
}

StringMap TransactionStore::properties(const Record &record)
{
    StringMap out = record.counts;
    out.insert(QString::fromLatin1(TransactionProperties::CommittedAt),
               QDateTime::fromMSecsSinceEpoch(record.committedMillis, Qt::UTC)
                   .toString(Qt::ISODateWithMs));
    out.insert(QString::fromLatin1(TransactionProperties::Actor), record.actor);
    out.insert(QString::fromLatin1(TransactionProperties::Kind), record.kind);
    out.insert(QString::fromLatin1(TransactionProperties::Operations), record.operations);
    out.insert(QString::fromLatin1(TransactionProperties::Tables),
               compactJson(tablesJson(record.tables)));
    return out;
}

} // namespace lance::engine
