// SPDX-License-Identifier: Apache-2.0
// GetTableHealth, this product's extension: what a table's files cost and what no kept version
// needs of them (the spec has GetTableStats, of one version's rows and fragments, but nothing
// of the files in a table's folder).
#pragma once

#include "api/CommonTypes.h"
#include "api/Identifier.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace lance::api {

/// A count of files and their bytes.
struct FileTally
{
    qint64 files = 0;
    qint64 bytes = 0;

    bool operator==(const FileTally &) const = default;
};

/// Files by what they are (format::ManifestReferences::Kind).
struct FilesByKind
{
    FileTally data;
    FileTally deletion;
    FileTally index;
    FileTally manifest;
    FileTally transaction;
    FileTally other; //!< the version hint, `_refs/`, …: never a version's

    bool operator==(const FilesByKind &) const = default;
};

/// What a set of versions holds: the latest alone, or every version kept.
struct TableHealthScope
{
    qint64 versions = 0;
    /// Distinct fragments (one counted once however many versions hold it).
    qint64 fragments = 0;
    /// Fragments with fewer physical rows than the threshold: what Lance's compaction would
    /// merge with their neighbours.
    qint64 smallFragments = 0;
    qint64 physicalRows = 0; //!< deleted rows included, as the data files hold them
    qint64 deletedRows = 0;  //!< deleted but still stored in the data files
    FilesByKind referenced;  //!< the files these versions need that the folder holds
    FileTally total;         //!< the sum of `referenced`

    bool operator==(const TableHealthScope &) const = default;
};

/// An index of the latest version and the rows it does not cover.
struct TableHealthIndex
{
    QString name;
    QString uuid;
    QStringList columns;           //!< dotted paths of its fields
    std::optional<qint64> version; //!< the table version it was built from
    /// Fragments of the latest version the index was not built on, and their live rows; none
    /// when the manifest does not say which fragments it covers.
    std::optional<qint64> uncoveredFragments;
    std::optional<qint64> uncoveredRows;
    FileTally files; //!< its folder, `_indices/<uuid>/`

    bool operator==(const TableHealthIndex &) const = default;
};

/// One file of the table's folder.
struct TableHealthFile
{
    QString path; //!< relative to the table's folder
    QString kind; //!< "data", "deletion", "index", "manifest", "transaction"
    qint64 size = 0;
    std::optional<qint64> modifiedMillis; //!< when the store or disk says

    bool operator==(const TableHealthFile &) const = default;
};

/// `POST /v1/table/{id}/health` (extension): the table's health on its main branch, from the
/// manifests of the versions the catalog keeps (its version records, the versions Lance's tags
/// and the catalog's name, every branch's versions) and the listing of the table's folder; no
/// data file is read.
struct GetTableHealthRequest
{
    Identifier id;
    /// Fewer physical rows than this make a fragment small; none: Lance's compaction target,
    /// 1,048,576 rows (`target_rows_per_fragment`).
    std::optional<qint64> smallFragmentRows;
    StringMap context;

    bool operator==(const GetTableHealthRequest &) const = default;
};

struct GetTableHealthResponse
{
    std::optional<qint64> latestVersion; //!< none: declared, no version yet
    qint64 smallFragmentRows = 0;        //!< the threshold that was applied
    TableHealthScope latest;
    TableHealthScope kept;
    /// Files of the folder no kept version needs, by kind; `unreferencedFiles` lists them.
    FilesByKind unreferenced;
    QList<TableHealthFile> unreferencedFiles;
    /// Files a kept version needs that the folder does not hold: a damaged table.
    QStringList missingFiles;
    FileTally folder;        //!< everything the table's folder holds
    qint64 outsideFiles = 0; //!< files kept versions read from outside the folder
    QList<TableHealthIndex> indices;
    StringMap context;

    bool operator==(const GetTableHealthResponse &) const = default;
};

} // namespace lance::api
