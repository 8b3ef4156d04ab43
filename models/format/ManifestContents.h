// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>

#include <algorithm>
#include <optional>

namespace lance::format {

/// What a Lance `.manifest` records about one version of a table, as ManifestDecoder reads it.
/// Field numbers are those of `lance.table.Manifest` and `lance.file.Field` in Lance's
/// `protos/table.proto` and `protos/file.proto`.
struct ManifestContents
{
    /// One field of the schema (`lance.file.Field`); the schema is these in pre-order, parents
    /// before their children.
    struct SchemaField
    {
        qint32 id = 0;         //!< 3: unique in the table, kept across renames
        qint32 parentId = -1;  //!< 4: -1 for a top-level field
        QString name;          //!< 2: the field's own name, not a dotted path
        QString logicalType;   //!< 5: Lance's spelling, e.g. `string` or `fixed_size_list:float:4`
        bool nullable = false; //!< 6
        api::StringMap metadata;         //!< 10: Arrow field metadata
        QString extensionName;           //!< 9: deprecated, older writers
        bool primaryKey = false;         //!< 12: unenforced primary key
        std::optional<quint32> keyOrder; //!< 13: 1-based position in the primary key
    };

    struct DataFile
    {
        QString path;                  //!< 1: relative to the table's `data/`
        QList<qint32> fieldIds;        //!< 2: -2 marks a dropped field
        QList<qint32> columnIndices;   //!< 3
        quint32 majorVersion = 0;      //!< 4: the data file format, e.g. 2.1
        quint32 minorVersion = 0;      //!< 5
        quint64 sizeBytes = 0;         //!< 6: 0 is unknown
        std::optional<quint32> baseId; //!< 7

        bool operator==(const DataFile &) const = default;
    };

    struct DeletionFile
    {
        /// 1: 0 is an Arrow array of row offsets (`.arrow`), 1 a Roaring bitmap (`.bin`).
        quint64 fileType = 0;
        quint64 readVersion = 0;       //!< 2
        quint64 id = 0;                //!< 3
        quint64 deletedRows = 0;       //!< 4: 0 is unknown (older writers)
        std::optional<quint32> baseId; //!< 7

        bool operator==(const DeletionFile &) const = default;
    };

    /// Bytes [offset, offset + size) of a file under the table's root (`ExternalFile`).
    struct ExternalFile
    {
        QString path;       //!< 1
        quint64 offset = 0; //!< 2
        quint64 size = 0;   //!< 3

        bool operator==(const ExternalFile &) const = default;
    };

    struct Fragment
    {
        quint64 id = 0;                       //!< 1
        QList<DataFile> files;                //!< 2
        std::optional<DeletionFile> deletion; //!< 3
        quint64 physicalRows = 0;             //!< 4: deleted rows included; 0 is unknown
        bool hasRowIds = false;               //!< 5 or 6: stable row ids
        /// 5: the fragment's stable row ids, an encoded `RowIdSequence`, when small enough
        /// to be kept in the manifest.
        QByteArray inlineRowIds;
        std::optional<ExternalFile> externalRowIds; //!< 6: where they are otherwise

        /// Rows its deletion file marks deleted; 0 without one.
        qint64 deletedRows() const { return deletion ? qint64(deletion->deletedRows) : 0; }
        /// Physical rows less deleted ones; 0 where the writer left the count out.
        qint64 liveRows() const
        {
            return std::max<qint64>(0, qint64(physicalRows) - deletedRows());
        }

        bool operator==(const Fragment &) const = default;
    };

    struct BasePath
    {
        quint32 id = 0;              //!< 1
        std::optional<QString> name; //!< 2
        bool isDatasetRoot = false;  //!< 3
        QString path;                //!< 4

        bool operator==(const BasePath &) const = default;
    };

    /// An index of this version (`IndexMetadata` in the index section).
    struct Index
    {
        /// 1.1: 16 bytes, written as Lance names the index's folder,
        /// `_indices/<8-4-4-4-12 lower-case hex>/`; empty when the manifest gives none.
        QString uuid;
        QString name;               //!< 3
        QList<qint32> fieldIds;     //!< 2
        quint64 datasetVersion = 0; //!< 4: the version it was built from
        /// 5: the fragments the index covers (a Roaring bitmap), ascending; none when the
        /// manifest does not say (older writers), which covers nothing one can count on.
        std::optional<QList<quint32>> fragmentIds;
        QString typeUrl;               //!< 6.1, e.g. `/lance.table.BTreeIndexDetails`
        std::optional<quint32> baseId; //!< 9: the base path its folder is under
        qint64 files = 0;              //!< 10: the index's files (newer writers list them)
        quint64 filesSize = 0;         //!< 10.2 summed over the files
    };

    /// The sums LanceDB's `listVersions()` reports as a version's metadata, computed the way
    /// Lance's `Manifest::summary()` does.
    struct Totals
    {
        qint64 fragments = 0;
        qint64 dataFiles = 0;
        qint64 filesSize = 0; //!< non-zero data file sizes only
        qint64 deletionFiles = 0;
        qint64 deletionFileRows = 0; //!< non-zero deleted counts only
        qint64 rows = 0;             //!< live rows of the fragments where they are known
        bool rowsExact = true;       //!< false when some fragment's live rows are unknown

        qint64 dataFileRows() const { return rows + deletionFileRows; }
        /// The seven keys of LanceDB's version metadata (`total_rows`, ...), decimal strings.
        api::StringMap toMetadata() const;
    };

    quint64 version = 0;                       //!< 3
    std::optional<QDateTime> timestamp;        //!< 7, UTC
    QList<SchemaField> fields;                 //!< 1
    api::StringMap schemaMetadata;             //!< 5
    QList<Fragment> fragments;                 //!< 2
    QString tag;                               //!< 8: an old per-version tag
    quint64 readerFeatureFlags = 0;            //!< 9
    quint64 writerFeatureFlags = 0;            //!< 10
    std::optional<quint32> maxFragmentId;      //!< 11
    QString transactionFile;                   //!< 12: relative to `_transactions/`
    QString writerLibrary;                     //!< 13.1, e.g. `lance`
    QString writerVersion;                     //!< 13.2-4 joined, e.g. `8.0.0` or `2.0.0-rc.1`
    quint64 nextRowId = 0;                     //!< 14
    QString dataFormat;                        //!< 15.1, e.g. `lance`
    QString dataFormatVersion;                 //!< 15.2, e.g. `2.1`
    api::StringMap config;                     //!< 16
    QList<BasePath> basePaths;                 //!< 18
    api::StringMap tableMetadata;              //!< 19
    std::optional<QString> branch;             //!< 20: none is the main branch
    std::optional<quint64> indexSection;       //!< 6: where the index list is in the file
    std::optional<quint64> transactionSection; //!< 21: where the inline transaction is
    QList<Index> indices;                      //!< the index section, when the file has one
    QList<quint32> unknownFields;              //!< fields of Manifest this build does not know
    qint64 fileSize = 0;                       //!< bytes of the whole file

    Totals totals() const;
    /// Every field's dotted path (`address.city`) by id; the schema is in pre-order, so a
    /// parent's path is known before its children's.
    QHash<qint32, QString> fieldPaths() const;
    /// The writer as one reads it, `lance 8.0.0`; empty when the manifest names none.
    QString writer() const;
    /// The data format as one reads it, `lance 2.1`; empty when the manifest names none.
    QString dataFormatText() const;
};

} // namespace lance::format
