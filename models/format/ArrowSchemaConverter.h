// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"
#include "format/ManifestContents.h"

namespace lance::format {

/// A manifest's schema as the spec's JsonArrowSchema, the way Lance's namespace code converts
/// its own (`lance-namespace/src/schema.rs`): Lance's type spellings become Arrow's JSON
/// names (`string` is `utf8`, `double` is `float64`, `fixed_size_list:float:4` is a
/// `fixed_size_list` of length 4 with an `item` child), children are nested under their
/// parents by field id, and the manifest's schema metadata becomes the schema's.
///
/// A type this build does not know is passed on as Lance spells it, not refused; a field whose
/// parent is missing is placed at the top level rather than lost. Pure, any thread.
class ArrowSchemaConverter
{
public:
    static api::JsonArrowSchema convert(const ManifestContents &contents);
    /// One Lance type spelling, without children (for `fixed_size_list`, the `item` it names).
    static api::JsonArrowDataType convertType(const QString &logicalType);
    /// How `type` reads in a schema listing: `utf8`, `fixed_size_list<4>`, `decimal128(10, 2)`.
    static QString typeText(const api::JsonArrowDataType &type);
    /// The other way: how Lance spells `type` in a manifest (`double`, `string`,
    /// `fixed_size_list:float:4`, `decimal:128:10:2`), the names Compare Versions shows, so a
    /// schema reads the same whether a server described it or a manifest was read. Date and
    /// time types keep their kind only (JSON names no unit); an unknown type stays as named.
    static QString lanceSpelling(const api::JsonArrowDataType &type);
};

} // namespace lance::format
