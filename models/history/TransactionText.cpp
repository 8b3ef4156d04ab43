// SPDX-License-Identifier: Apache-2.0
#include "history/TransactionText.h"

#include "api/Identifier.h"
#include "api/RecordKinds.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace lance::history {

namespace {

QString property(const api::StringMap &properties, const char *key)
{
    return properties.value(QString::fromLatin1(key));
}

// The record's operations (a JSON array as text), parsed: only for what the counts cannot say.
QJsonArray operationsOf(const api::StringMap &properties)
{
    return QJsonDocument::fromJson(
               property(properties, api::TransactionProperties::Operations).toUtf8())
        .array();
}

// The ranges the deletes of a record name, as people read them: "3–5", "7", "9 onwards" (the
// wire's end is exclusive, -1 through the latest).
QString deletedRanges(const QJsonArray &operations)
{
    QStringList out;
    const QString key = api::RecordKinds::text(api::RecordKinds::DeleteTableVersions);
    for (const QJsonValue &operation : operations) {
        const QJsonArray ranges
            = operation.toObject().value(key).toObject().value(u"ranges"_s).toArray();
        for (const QJsonValue &value : ranges) {
            const QJsonObject range = value.toObject();
            const qint64 start = range.value(u"start_version"_s).toInteger();
            const qint64 end = range.value(u"end_version"_s).toInteger(-1);
            if (end < 0) {
                out << TransactionText::tr("%1 onwards").arg(start);
            } else if (end == start + 1) {
                out << QString::number(start);
            } else if (end > start + 1) {
                out << TransactionText::tr("%1\u2013%2").arg(start).arg(end - 1);
            }
        }
    }
    return out.join(u", "_s);
}

} // namespace

QString TransactionText::kind(const api::StringMap &properties)
{
    using Kinds = api::RecordKinds;
    const QString kind = property(properties, api::TransactionProperties::Kind);
    const std::pair<std::string_view, QString> names[] = {
        {Kinds::BatchCommit, tr("Batch commit")},
        {Kinds::BatchCreateTableVersions, tr("Versions created")},
        {Kinds::Restore, tr("Restore")},
        {Kinds::RenameTable, tr("Table renamed")},
        {Kinds::CreateTableBranch, tr("Branch created")},
        {Kinds::DeleteTableBranch, tr("Branch deleted")},
        {Kinds::CleanupOldVersions, tr("Old versions cleaned up")},
        {Kinds::DeclareTable, tr("Table declared")},
        {Kinds::CreateTableVersion, tr("Version created")},
        {Kinds::DeleteTableVersions, tr("Versions deleted")},
        {Kinds::DeregisterTable, tr("Table deregistered")},
        {Kinds::CreateTableTag, tr("Tag created")},
        {Kinds::UpdateTableTag, tr("Tag moved")},
        {Kinds::DeleteTableTag, tr("Tag deleted")},
    };
    for (const auto &[key, name] : names) {
        if (kind == Kinds::text(key)) {
            return name;
        }
    }
    return kind.isEmpty() ? tr("Unknown") : kind;
}

QString TransactionText::counts(const api::StringMap &properties)
{
    QStringList parts;
    using Kinds = api::RecordKinds;
    const auto count = [&properties](std::string_view key) {
        return properties.value(Kinds::text(key)).toInt();
    };
    if (const int n = count(Kinds::DeclareTable)) {
        parts << tr("%n table(s) declared", nullptr, n);
    }
    if (const int n = count(Kinds::CreateTableVersion)) {
        parts << tr("%n version(s) created", nullptr, n);
    }
    if (const int n = count(Kinds::DeleteTableVersions)) {
        const QString deleted = property(properties, api::TransactionProperties::VersionsDeleted);
        if (deleted.isEmpty()) {
            parts << tr("%n version deletion(s)", nullptr, n); // a record from before the count
        } else {
            const QString counted = tr("%n version(s) deleted", nullptr, deleted.toInt());
            const QString ranges = deletedRanges(operationsOf(properties));
            parts << (ranges.isEmpty() ? counted : tr("%1 (%2)").arg(counted, ranges));
        }
    }
    if (const int n = count(Kinds::DeregisterTable)) {
        parts << tr("%n table(s) deregistered", nullptr, n);
    }
    if (const int n = count(Kinds::RenameTable)) {
        parts << tr("%n table(s) renamed", nullptr, n);
    }
    // A tag's change is one tag: named, with the version it points at. Only a tag's record,
    // a single small operation, is parsed for it.
    const QString kind = property(properties, api::TransactionProperties::Kind);
    const bool tagged = kind == Kinds::text(Kinds::CreateTableTag)
                        || kind == Kinds::text(Kinds::UpdateTableTag)
                        || kind == Kinds::text(Kinds::DeleteTableTag);
    const QJsonArray operations = tagged ? operationsOf(properties) : QJsonArray();
    for (const QJsonValue &value : operations) {
        const QJsonObject operation = value.toObject();
        const QString type = operation.value(u"type"_s).toString();
        const QString tag = operation.value(u"tag"_s).toString();
        const QString version = QString::number(operation.value(u"version"_s).toInteger());
        if (type == u"CreateTableTag"_s) {
            parts << tr("tag %1 on version %2").arg(tag, version);
        } else if (type == u"UpdateTableTag"_s) {
            parts << tr("tag %1 moved to version %2").arg(tag, version);
        } else if (type == u"DeleteTableTag"_s) {
            parts << tr("tag %1 deleted").arg(tag);
        }
    }
    return parts.join(u", "_s);
}

QString TransactionText::tables(const api::StringMap &properties, const QString &delimiter)
{
    QStringList out;
    const QJsonArray tables
        = QJsonDocument::fromJson(property(properties, api::TransactionProperties::Tables).toUtf8())
              .array();
    for (const QJsonValue &table : tables) {
        QStringList names;
        for (const QJsonValue &name : table.toArray()) {
            names << name.toString();
        }
        out << api::Identifier(names).toString(delimiter);
    }
    return out.join(u", "_s);
}

QString TransactionText::committedAt(const api::StringMap &properties)
{
    const QDateTime time = QDateTime::fromString(
        property(properties, api::TransactionProperties::CommittedAt), Qt::ISODateWithMs);
    return time.isValid() ? time.toLocalTime().toString(u"yyyy-MM-dd HH:mm:ss"_s)
                          : property(properties, api::TransactionProperties::CommittedAt);
}

QString TransactionText::report(const api::TransactionSummary &transaction,
                                const QString &delimiter)
{
    const api::StringMap &properties = transaction.properties;
    QStringList lines;
    lines << tr("Transaction %1").arg(transaction.id) << tr("Status: %1").arg(transaction.status)
          << tr("Committed: %1 (%2 UTC)")
                 .arg(committedAt(properties),
                      property(properties, api::TransactionProperties::CommittedAt))
          << tr("By: %1").arg(property(properties, api::TransactionProperties::Actor))
          << tr("Kind: %1").arg(kind(properties)) << tr("Changes: %1").arg(counts(properties))
          << tr("Tables: %1").arg(tables(properties, delimiter));
    const QJsonDocument operations = QJsonDocument::fromJson(
        property(properties, api::TransactionProperties::Operations).toUtf8());
    if (operations.isArray()) {
        lines << QString() << tr("Operations, as committed:")
              << QString::fromUtf8(operations.toJson(QJsonDocument::Indented)).trimmed();
    }
    return lines.join(u'\n');
}

} // namespace lance::history
