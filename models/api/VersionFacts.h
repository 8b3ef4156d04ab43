// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/VersionMessages.h"

#include <QStringList>

#include <optional>

namespace lance::api {

/// The keys a version record's metadata carries when the catalog could read the version's
/// manifest: the seven of LanceDB's listVersions() (Lance's Manifest::summary()), and the
/// operation, commit message and writer this catalog adds. The engine writes them, the
/// version views read them; a server that sends none leaves them empty.
class VersionFacts
{
public:
    VersionFacts() = delete;

    static constexpr auto TotalRows = "total_rows";
    static constexpr auto TotalFragments = "total_fragments";
    static constexpr auto TotalDataFiles = "total_data_files";
    static constexpr auto TotalFilesSize = "total_files_size";
    static constexpr auto TotalDeletionFiles = "total_deletion_files";
    static constexpr auto TotalDeletionFileRows = "total_deletion_file_rows";
    static constexpr auto TotalDataFileRows = "total_data_file_rows";
    static constexpr auto Operation = "operation";            //!< `Append`, `Delete`, ...
    static constexpr auto CommitMessage = "commit_message";   //!< when the writer left one
    static constexpr auto Writer = "writer";                  //!< e.g. `lance 8.0.0`
    static constexpr auto DataFormat = "data_format";         //!< e.g. `lance 2.1`
    static constexpr auto Unreadable = "manifest_unreadable"; //!< why the rest is missing

    /// Every key above: what a view shows in columns of its own, not among the metadata.
    static const QStringList &keys();
    /// The text at `key` of `metadata` (a version record's, or DescribeTable's), or empty.
    static QString text(const StringMap &metadata, const char *key);
    /// The number at `key`, when there is one and it is a number.
    static std::optional<qint64> number(const StringMap &metadata, const char *key);
    static QString text(const TableVersion &version, const char *key)
    {
        return text(version.metadata, key);
    }
    static std::optional<qint64> number(const TableVersion &version, const char *key)
    {
        return number(version.metadata, key);
    }
};

} // namespace lance::api
