// SPDX-License-Identifier: Apache-2.0
// Shared value types of the Lance Namespace spec (components/schemas, release 0.11.1). Names follow
// the spec so a reader can go from code to spec; fields are camelCase of the wire's snake_case.
// Conventions for every message type in this folder:
//  - std::optional marks a field the spec makes optional; absent and JSON null both decode to
//    nullopt unless the field is nullable with a meaning for null (then see the field's comment).
//  - An optional map or list whose absence means "empty" is a plain QMap/QList; empty is not sent.
//  - Credentials (spec `identity`) are never part of a message: they travel as HTTP headers only.
#pragma once

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace lance::api {

using StringMap = QMap<QString, QString>;

/// Spec `ManifestNamingScheme`: how `_versions/` files are named.
enum class ManifestNamingScheme {
    V1, //!< `_versions/{version}.manifest`
    V2, //!< `_versions/{u64::MAX - version}.manifest`, 20 digits, newest first when sorted
};

/// Spec `TableVersion`.
struct TableVersion
{
    qint64 version = 0;
    QString manifestPath;
    std::optional<qint64> manifestSize;
    std::optional<QString> eTag;
    std::optional<qint64> timestampMillis;
    StringMap metadata;

    bool operator==(const TableVersion &) const = default;
};

/// Spec `VersionRange`: start inclusive, end exclusive; `endVersion == -1` means through the
/// latest version inclusive, so {0, -1} is every version.
struct VersionRange
{
    static constexpr qint64 ThroughLatest = -1;

    qint64 startVersion = 0;
    qint64 endVersion = ThroughLatest;

    bool operator==(const VersionRange &) const = default;
};

/// Spec `TagContents` (camelCase `manifestSize` on the wire, unlike most fields).
struct TagContents
{
    qint64 version = 0;
    qint64 manifestSize = 0;
    std::optional<QString> branch;

    bool operator==(const TagContents &) const = default;
};

/// Spec `BranchContents` (camelCase on the wire): where a branch of a table started.
struct BranchContents
{
    std::optional<QString> parentBranch; //!< absent: made from the main branch
    qint64 parentVersion = 0;
    qint64 createAt = 0; //!< Unix seconds
    qint64 manifestSize = 0;
    StringMap metadata; //!< absent on the wire reads as none

    bool operator==(const BranchContents &) const = default;
};

struct JsonArrowField;

/// Spec `JsonArrowDataType`: an Arrow type name, with child fields for nested types.
struct JsonArrowDataType
{
    QString type;
    std::vector<JsonArrowField> fields;
    std::optional<qint64> length;

    bool operator==(const JsonArrowDataType &) const;
};

/// Spec `JsonArrowField`.
struct JsonArrowField
{
    QString name;
    JsonArrowDataType type;
    bool nullable = true;
    StringMap metadata;
    /// Not in the spec, never on the wire: Lance's field id, where the schema was read from the
    /// manifest in this process (the local catalog, a manifest the client read itself).
    std::optional<qint32> lanceFieldId;

    bool operator==(const JsonArrowField &) const = default;
};

inline bool JsonArrowDataType::operator==(const JsonArrowDataType &other) const
{
    return type == other.type && fields == other.fields && length == other.length;
}

/// Spec `JsonArrowSchema`.
struct JsonArrowSchema
{
    std::vector<JsonArrowField> fields;
    StringMap metadata;

    bool operator==(const JsonArrowSchema &) const = default;
};

/// Spec `TableBasicStats`.
struct TableBasicStats
{
    qint64 numDeletedRows = 0;
    qint64 numFragments = 0;

    bool operator==(const TableBasicStats &) const = default;
};

} // namespace lance::api
