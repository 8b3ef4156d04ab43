// SPDX-License-Identifier: Apache-2.0
#include "history/TransactionText.h"

#include "api/Identifier.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace lance::history {

namespace {

QString property(const api::StringMap &properties, const char *key)
{
    return properties.value(QString::fromLatin1(key));
}

} // namespace

QString TransactionText::kind(const api::StringMap &properties)
{
    const QString kind = property(properties, api::TransactionProperties::Kind);
    if (kind == u"batch_commit") {
        return tr("Batch commit");
    }
    if (kind == u"batch_create_table_versions") {
        return tr("Versions created");
    }
    if (kind == u"restore") {
        return tr("Restore");
    }
    if (kind == u"rename_table") {
        return tr("Table renamed");
    }
    if (kind == u"create_table_branch") {
        return tr("Branch created");
    }
    if (kind == u"delete_table_branch") {
        return tr("Branch deleted");
    }
    if (kind == u"declare_table") {
        return tr("Table declared");
    }
    if (kind == u"create_table_version") {
        return tr("Version created");
    }
    if (kind == u"delete_table_versions") {
        return tr("Versions deleted");
    }
    if (kind == u"deregister_table") {
        return tr("Table deregistered");
    }
    return kind.isEmpty() ? tr("Unknown") : kind;
}

QString TransactionText::counts(const api::StringMap &properties)
{
    QStringList parts;
    const auto count = [&properties](const char *key) {
        return properties.value(QString::fromLatin1(key)).toInt();
    };
    if (const int n = count("declare_table")) {
        parts << tr("%n table(s) declared", nullptr, n);
    }
    if (const int n = count("create_table_version")) {
        parts << tr("%n version(s) created", nullptr, n);
    }
    if (const int n = count("delete_table_versions")) {
        parts << tr("%n version deletion(s)", nullptr, n);
    }
    if (const int n = count("deregister_table")) {
        parts << tr("%n table(s) deregistered", nullptr, n);
    }
    if (const int n = count("rename_table")) {
        parts << tr("%n table(s) renamed", nullptr, n);
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
