// SPDX-License-Identifier: Apache-2.0
#include "format/VersionDiffReport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace lance::format {

namespace {

QString fieldText(const VersionDiff::Field &field)
{
    return u"%1 (%2%3)"_s.arg(field.path, field.type,
                              field.nullable ? VersionDiffReport::tr(", nullable") : QString());
}

QString number(qint64 value)
{
    return QLocale().toString(value);
}

QJsonObject fieldJson(const VersionDiff::Field &field)
{
    return {{u"id"_s, field.id},
            {u"path"_s, field.path},
            {u"type"_s, field.type},
            {u"nullable"_s, field.nullable}};
}

QJsonArray keyChangesJson(const QList<VersionDiff::KeyChange> &changes)
{
    QJsonArray array;
    for (const VersionDiff::KeyChange &change : changes) {
        QJsonObject object{{u"key"_s, change.key}};
        object.insert(u"before"_s, change.before ? QJsonValue(*change.before) : QJsonValue());
        object.insert(u"after"_s, change.after ? QJsonValue(*change.after) : QJsonValue());
        array.append(object);
    }
    return array;
}

QJsonObject totalsJson(const ManifestContents::Totals &totals)
{
    return {{u"rows"_s, totals.rows},
            {u"deleted_rows"_s, totals.deletionFileRows},
            {u"fragments"_s, totals.fragments},
            {u"data_files"_s, totals.dataFiles},
            {u"bytes"_s, totals.filesSize}};
}

} // namespace

QStringList VersionDiffReport::effects() const
{
    const VersionDiff &d = m_diff;
    QStringList effects;
    if (d.overwritten) {
        effects << tr("table overwritten: %1 rows replaced by %2")
                       .arg(number(d.before.rows), number(d.after.rows));
    } else {
        if (d.rowsAppended > 0) {
            effects << tr("rows appended: %1").arg(number(d.rowsAppended));
        }
        if (d.rowsDeleted > 0) {
            effects << tr("rows deleted: %1").arg(number(d.rowsDeleted));
        }
        if (d.rowsRewritten > 0) {
            effects << tr("rows rewritten: %1").arg(number(d.rowsRewritten));
        }
    }
    effects << schemaEffects();
    if (d.compacted) {
        effects << tr("fragments compacted: %1 → %2")
                       .arg(number(d.before.fragments), number(d.after.fragments));
    } else if (!d.overwritten) {
        if (d.fragmentsAdded > 0) {
            effects << tr("fragments added: %1").arg(number(d.fragmentsAdded));
        }
        if (d.fragmentsRemoved > 0) {
            effects << tr("fragments removed: %1").arg(number(d.fragmentsRemoved));
        }
    }
    for (const QString &name : d.indicesAdded) {
        effects << tr("index created: %1").arg(name);
    }
    for (const QString &name : d.indicesRemoved) {
        effects << tr("index removed: %1").arg(name);
    }
    effects << keyEffects(d.config, tr("config"));
    effects << keyEffects(d.schemaMetadata, tr("schema metadata"));
    effects << keyEffects(d.tableMetadata, tr("table metadata"));
    if (d.writerBefore != d.writerAfter) {
        effects << tr("writer: %1 → %2").arg(d.writerBefore, d.writerAfter);
    }
    if (d.formatBefore != d.formatAfter) {
        effects << tr("data format: %1 → %2").arg(d.formatBefore, d.formatAfter);
    }
    if (effects.isEmpty()) {
        effects << tr("no change");
    }
    return effects;
}

QStringList VersionDiffReport::schemaEffects() const
{
    QStringList effects;
    for (const VersionDiff::Field &field : m_diff.addedFields) {
        effects << tr("column added: %1").arg(fieldText(field));
    }
    for (const VersionDiff::Field &field : m_diff.removedFields) {
        effects << tr("column removed: %1").arg(field.path);
    }
    for (const VersionDiff::FieldChange &change : m_diff.changedFields) {
        if (change.renamed()) {
            effects << tr("column renamed: %1 → %2").arg(change.before.path, change.after.path);
        }
        if (change.retyped()) {
            effects << tr("column type changed: %1 %2 → %3")
                           .arg(change.after.path, change.before.type, change.after.type);
        }
        if (change.nullabilityChanged()) {
            effects << (change.after.nullable ? tr("column made nullable: %1")
                                              : tr("column made non-nullable: %1"))
                           .arg(change.after.path);
        }
        if (change.metadataChanged) {
            effects << tr("column metadata changed: %1").arg(change.after.path);
        }
    }
    return effects;
}

QStringList VersionDiffReport::keyEffects(const QList<VersionDiff::KeyChange> &changes,
                                          const QString &what) const
{
    QStringList effects;
    for (const VersionDiff::KeyChange &change : changes) {
        if (!change.after) {
            effects << tr("%1 removed: %2").arg(what, change.key);
        } else {
            effects << tr("%1 set: %2 = %3").arg(what, change.key, *change.after);
        }
    }
    return effects;
}

QString VersionDiffReport::text() const
{
    const VersionDiff &d = m_diff;
    QStringList lines;
    lines << tr("Version %1 → version %2").arg(d.fromVersion).arg(d.toVersion);
    if (!d.operation.isEmpty()) {
        lines << tr("Operation: %1").arg(d.operation);
    }
    if (!d.commitMessage.isEmpty()) {
        lines << tr("Message: %1").arg(d.commitMessage);
    }
    lines << QString();
    for (const QString &effect : effects()) {
        lines << u"  • "_s + effect;
    }
    lines << QString();
    const auto row = [&lines](const QString &label, qint64 before, qint64 after) {
        lines << u"  %1 %2 → %3"_s.arg(label, -16).arg(number(before), number(after));
    };
    row(tr("Rows:"), d.before.rows, d.after.rows);
    row(tr("Deleted rows:"), d.before.deletionFileRows, d.after.deletionFileRows);
    row(tr("Fragments:"), d.before.fragments, d.after.fragments);
    row(tr("Data files:"), d.before.dataFiles, d.after.dataFiles);
    row(tr("Bytes:"), d.before.filesSize, d.after.filesSize);
    lines << tr("  Data files written: %1 (%2 bytes); no longer used: %3 (%4 bytes)")
                 .arg(number(d.dataFilesAdded), number(d.bytesAdded), number(d.dataFilesRemoved),
                      number(d.bytesRemoved));
    return lines.join(u'\n') + u'\n';
}

QByteArray VersionDiffReport::json() const
{
    const VersionDiff &d = m_diff;
    QJsonArray added;
    for (const VersionDiff::Field &field : d.addedFields) {
        added.append(fieldJson(field));
    }
    QJsonArray removed;
    for (const VersionDiff::Field &field : d.removedFields) {
        removed.append(fieldJson(field));
    }
    QJsonArray changed;
    for (const VersionDiff::FieldChange &change : d.changedFields) {
        changed.append(QJsonObject{{u"before"_s, fieldJson(change.before)},
                                   {u"after"_s, fieldJson(change.after)},
                                   {u"metadata_changed"_s, change.metadataChanged}});
    }
    QJsonObject object{
        {u"from_version"_s, qint64(d.fromVersion)},
        {u"to_version"_s, qint64(d.toVersion)},
        {u"operation"_s, d.operation.isEmpty() ? QJsonValue() : QJsonValue(d.operation)},
        {u"commit_message"_s,
         d.commitMessage.isEmpty() ? QJsonValue() : QJsonValue(d.commitMessage)},
        {u"effects"_s, QJsonArray::fromStringList(effects())},
        {u"schema"_s,
         QJsonObject{{u"added"_s, added}, {u"removed"_s, removed}, {u"changed"_s, changed}}},
        {u"rows"_s, QJsonObject{{u"appended"_s, d.rowsAppended},
                                {u"deleted"_s, d.rowsDeleted},
                                {u"rewritten"_s, d.rowsRewritten},
                                {u"overwritten"_s, d.overwritten}}},
        {u"fragments"_s, QJsonObject{{u"added"_s, d.fragmentsAdded},
                                     {u"removed"_s, d.fragmentsRemoved},
                                     {u"changed"_s, d.fragmentsChanged},
                                     {u"compacted"_s, d.compacted}}},
        {u"data_files"_s, QJsonObject{{u"added"_s, d.dataFilesAdded},
                                      {u"removed"_s, d.dataFilesRemoved},
                                      {u"bytes_added"_s, d.bytesAdded},
                                      {u"bytes_removed"_s, d.bytesRemoved}}},
        {u"before"_s, totalsJson(d.before)},
        {u"after"_s, totalsJson(d.after)},
        {u"indices"_s, QJsonObject{{u"added"_s, QJsonArray::fromStringList(d.indicesAdded)},
                                   {u"removed"_s, QJsonArray::fromStringList(d.indicesRemoved)}}},
        {u"config"_s, keyChangesJson(d.config)},
        {u"schema_metadata"_s, keyChangesJson(d.schemaMetadata)},
        {u"table_metadata"_s, keyChangesJson(d.tableMetadata)},
        {u"writer"_s, QJsonObject{{u"before"_s, d.writerBefore}, {u"after"_s, d.writerAfter}}},
        {u"data_format"_s, QJsonObject{{u"before"_s, d.formatBefore}, {u"after"_s, d.formatAfter}}},
    };
    return QJsonDocument(object).toJson(QJsonDocument::Indented);
}

} // namespace lance::format
