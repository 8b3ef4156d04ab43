// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"
#include "format/ManifestContents.h"

#include <QList>
#include <QString>

#include <optional>

namespace lance::format {

/// What changed from one version of a table to another, as VersionDiffer finds it by comparing
/// the two manifests: fields by id (so a rename is a rename, not a drop and an add), fragments
/// by id, data files by path. VersionDiffReport says it in words and as JSON.
struct VersionDiff
{
    struct Field
    {
        qint32 id = 0;
        QString path; //!< dotted from the top-level field, `address.city`
        QString type; //!< Lance's logical type
        bool nullable = false;
    };
    /// A field with the same id in both versions whose name, type, nullability or metadata
    /// differ.
    struct FieldChange
    {
        Field before;
        Field after;
        bool metadataChanged = false;
        bool renamed() const { return before.path != after.path; }
        bool retyped() const { return before.type != after.type; }
        bool nullabilityChanged() const { return before.nullable != after.nullable; }
    };
    /// A key of a string map (config, schema or table metadata) that was set, changed or
    /// removed.
    struct KeyChange
    {
        QString key;
        std::optional<QString> before; //!< none: the key was set
        std::optional<QString> after;  //!< none: the key was removed
    };

    quint64 fromVersion = 0;
    quint64 toVersion = 0;
    /// The operation and message of `toVersion`'s transaction, when the two versions are
    /// consecutive and it was found; empty otherwise.
    QString operation;
    QString commitMessage;

    QList<Field> addedFields;
    QList<Field> removedFields;
    QList<FieldChange> changedFields;

    ManifestContents::Totals before;
    ManifestContents::Totals after;
    // Rows, split by what happened to them. Rewritten rows were removed and written again
    // (an update, a compaction); only counted so when the operation says it rewrites.
    qint64 rowsAppended = 0;
    qint64 rowsDeleted = 0;
    qint64 rowsRewritten = 0;
    bool overwritten = false; //!< the operation replaced the whole table

    qint64 fragmentsAdded = 0;
    qint64 fragmentsRemoved = 0;
    qint64 fragmentsChanged = 0; //!< same id, other data files or deletion file
    bool compacted = false;      //!< fragments were rewritten into fewer or larger ones
    qint64 dataFilesAdded = 0;
    qint64 dataFilesRemoved = 0;
    qint64 bytesAdded = 0;   //!< of the data files `toVersion` has and `fromVersion` lacks
    qint64 bytesRemoved = 0; //!< of the data files `fromVersion` has and `toVersion` lacks

    QStringList indicesAdded;
    QStringList indicesRemoved;
    QList<KeyChange> config;
    QList<KeyChange> schemaMetadata;
    QList<KeyChange> tableMetadata;
    QString writerBefore;
    QString writerAfter;
    QString formatBefore;
    QString formatAfter;
};

} // namespace lance::format
