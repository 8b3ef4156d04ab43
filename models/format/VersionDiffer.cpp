// SPDX-License-Identifier: Apache-2.0
#include "format/VersionDiffer.h"

#include <QHash>
#include <QSet>

using namespace Qt::StringLiterals;

namespace lance::format {

namespace {

using Fragment = ManifestContents::Fragment;
using Operation = TransactionContents::Operation;

// Every field by id, with its dotted path.
QHash<qint32, VersionDiff::Field> fieldsOf(const ManifestContents &manifest)
{
    const QHash<qint32, QString> paths = manifest.fieldPaths();
    QHash<qint32, VersionDiff::Field> fields;
    fields.reserve(manifest.fields.size());
    for (const ManifestContents::SchemaField &field : manifest.fields) {
        fields.insert(field.id,
                      {field.id, paths.value(field.id), field.logicalType, field.nullable});
    }
    return fields;
}

QHash<qint32, const ManifestContents::SchemaField *> fieldIndex(const ManifestContents &manifest)
{
    QHash<qint32, const ManifestContents::SchemaField *> index;
    for (const ManifestContents::SchemaField &field : manifest.fields) {
        index.insert(field.id, &field);
    }
    return index;
}

void compareSchemas(const ManifestContents &from, const ManifestContents &to, VersionDiff &diff)
{
    const QHash<qint32, VersionDiff::Field> before = fieldsOf(from);
    const QHash<qint32, VersionDiff::Field> after = fieldsOf(to);
    const auto beforeFields = fieldIndex(from);
    const auto afterFields = fieldIndex(to);
    // In schema order, so that the report reads like the table's columns.
    for (const ManifestContents::SchemaField &field : to.fields) {
        const VersionDiff::Field &now = after[field.id];
        const auto old = before.constFind(field.id);
        if (old == before.cend()) {
            diff.addedFields.append(now);
            continue;
        }
        const bool metadataChanged = beforeFields[field.id]->metadata != field.metadata;
        if (old->path != now.path || old->type != now.type || old->nullable != now.nullable
            || metadataChanged) {
            diff.changedFields.append({*old, now, metadataChanged});
        }
    }
    for (const ManifestContents::SchemaField &field : from.fields) {
        if (!afterFields.contains(field.id)) {
            diff.removedFields.append(before[field.id]);
        }
    }
}

QList<VersionDiff::KeyChange> compareMaps(const api::StringMap &before, const api::StringMap &after)
{
    QList<VersionDiff::KeyChange> changes;
    for (auto it = after.cbegin(); it != after.cend(); ++it) {
        const auto old = before.constFind(it.key());
        if (old == before.cend()) {
            changes.append({it.key(), std::nullopt, it.value()});
        } else if (*old != it.value()) {
            changes.append({it.key(), *old, it.value()});
        }
    }
    for (auto it = before.cbegin(); it != before.cend(); ++it) {
        if (!after.contains(it.key())) {
            changes.append({it.key(), it.value(), std::nullopt});
        }
    }
    return changes;
}

QSet<QString> fileSet(const Fragment &fragment)
{
    QSet<QString> paths;
    for (const ManifestContents::DataFile &file : fragment.files) {
        paths.insert(file.path);
    }
    return paths;
}

bool sameDeletion(const Fragment &a, const Fragment &b)
{
    if (a.deletion.has_value() != b.deletion.has_value()) {
        return false;
    }
    return !a.deletion
           || (a.deletion->id == b.deletion->id
               && a.deletion->deletedRows == b.deletion->deletedRows);
}

struct RowCounts
{
    qint64 added = 0;   // live rows of fragments only `to` has
    qint64 removed = 0; // live rows (in `from`) of fragments only `from` has
    qint64 deleted = 0; // rows newly deleted in fragments both have
};

RowCounts compareFragments(const ManifestContents &from, const ManifestContents &to,
                           VersionDiff &diff)
{
    QHash<quint64, const Fragment *> old;
    old.reserve(from.fragments.size());
    QHash<QString, qint64> oldFiles;
    for (const Fragment &fragment : from.fragments) {
        old.insert(fragment.id, &fragment);
        for (const ManifestContents::DataFile &file : fragment.files) {
            oldFiles.insert(file.path, qint64(file.sizeBytes));
        }
    }
    RowCounts rows;
    QSet<QString> newFiles;
    newFiles.reserve(oldFiles.size());
    for (const Fragment &fragment : to.fragments) {
        for (const ManifestContents::DataFile &file : fragment.files) {
            newFiles.insert(file.path);
            if (!oldFiles.contains(file.path)) {
                ++diff.dataFilesAdded;
                diff.bytesAdded += qint64(file.sizeBytes);
            }
        }
        const Fragment *before = old.take(fragment.id);
        const QSet<QString> files = before ? fileSet(fragment) : QSet<QString>();
        const QSet<QString> oldFileSet = before ? fileSet(*before) : QSet<QString>();
        // An overwrite may give its new fragments the old ids (Lance numbers them from 0
        // again): a fragment that shares no data file with the old one replaced it.
        if (before && !files.isEmpty() && !files.intersects(oldFileSet)) {
            ++diff.fragmentsRemoved;
            rows.removed += before->liveRows();
            before = nullptr;
        }
        if (!before) {
            ++diff.fragmentsAdded;
            rows.added += fragment.liveRows();
            continue;
        }
        rows.deleted += std::max<qint64>(0, fragment.deletedRows() - before->deletedRows());
        if (!sameDeletion(*before, fragment) || files != oldFileSet) {
            ++diff.fragmentsChanged;
        }
    }
    for (const Fragment *gone : std::as_const(old)) {
        ++diff.fragmentsRemoved;
        rows.removed += gone->liveRows();
    }
    for (auto it = oldFiles.cbegin(); it != oldFiles.cend(); ++it) {
        if (!newFiles.contains(it.key())) {
            ++diff.dataFilesRemoved;
            diff.bytesRemoved += it.value();
        }
    }
    return rows;
}

QStringList namesMissingFrom(const ManifestContents &in, const ManifestContents &other)
{
    QSet<QString> there;
    for (const ManifestContents::Index &index : other.indices) {
        there.insert(index.name);
    }
    QStringList names;
    for (const ManifestContents::Index &index : in.indices) {
        if (!there.contains(index.name) && !names.contains(index.name)) {
            names.append(index.name);
        }
    }
    return names;
}

} // namespace

VersionDiff VersionDiffer::compare(const ManifestContents &from, const ManifestContents &to,
                                   const std::optional<TransactionContents> &transaction)
{
    VersionDiff diff;
    diff.fromVersion = from.version;
    diff.toVersion = to.version;
    // A transaction says what made `to` out of its read version; it explains the step from
    // `from` only when there is no version between them.
    const bool direct = transaction && to.version == from.version + 1;
    const Operation operation = direct ? transaction->operation : Operation::None;
    if (direct) {
        diff.operation = transaction->operationName();
        diff.commitMessage = transaction->commitMessage();
    }
    compareSchemas(from, to, diff);
    diff.before = from.totals();
    diff.after = to.totals();

    const RowCounts rows = compareFragments(from, to, diff);
    const qint64 gone = rows.removed + rows.deleted;
    // These operations write again the rows they take away; the rest add and remove rows.
    const bool rewrites = operation == Operation::Rewrite || operation == Operation::Update
                          || operation == Operation::DataReplacement;
    diff.rowsRewritten = rewrites ? std::min(rows.added, gone) : 0;
    diff.rowsAppended = rows.added - diff.rowsRewritten;
    diff.rowsDeleted = gone - diff.rowsRewritten;
    if (operation == Operation::None) {
        // Without the transaction, judge by shape: every fragment replaced by fewer ones holding
        // the same rows is a compaction; every fragment replaced otherwise, an overwrite.
        const bool allReplaced = diff.fragmentsRemoved == qint64(from.fragments.size())
                                 && diff.fragmentsRemoved > 0 && diff.fragmentsAdded > 0;
        diff.compacted = diff.fragmentsRemoved > diff.fragmentsAdded && diff.fragmentsAdded > 0
                         && rows.added == gone && diff.addedFields.isEmpty()
                         && diff.removedFields.isEmpty();
        diff.overwritten = allReplaced && !diff.compacted;
        if (diff.compacted) {
            diff.rowsRewritten = rows.added;
            diff.rowsAppended = diff.rowsDeleted = 0;
        }
    } else {
        diff.compacted = operation == Operation::Rewrite;
        diff.overwritten = operation == Operation::Overwrite;
    }

    diff.indicesAdded = namesMissingFrom(to, from);
    diff.indicesRemoved = namesMissingFrom(from, to);
    diff.config = compareMaps(from.config, to.config);
    diff.schemaMetadata = compareMaps(from.schemaMetadata, to.schemaMetadata);
    diff.tableMetadata = compareMaps(from.tableMetadata, to.tableMetadata);
    diff.writerBefore = from.writer();
    diff.writerAfter = to.writer();
    diff.formatBefore = from.dataFormatText();
    diff.formatAfter = to.dataFormatText();
    return diff;
}

} // namespace lance::format
