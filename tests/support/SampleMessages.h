// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/TableMessages.h"
#include "api/VersionMessages.h"

#include <limits>

namespace lance::test {

/// Fully populated protocol values the JSON tests share. Every field is set (designated
/// initializers must name every member or the build warns), so a field the codec drops breaks a
/// round trip, and a wire-name check sees every key. One definition, so the round-trip and the
/// wire-format tests cannot drift apart on what "fully populated" means.
class SampleMessages
{
public:
    /// The extremes of the 64-bit integers the protocol carries: JSON parsers that go through
    /// double lose them.
    static constexpr qint64 Max = std::numeric_limits<qint64>::max();
    static constexpr qint64 Min = std::numeric_limits<qint64>::min();

    /// Accents, CJK and a character outside the BMP (a surrogate pair in UTF-16), so an encoding
    /// slip shows.
    static QString unicode();

    static api::StringMap someMap();
    /// A header entry (sent as an HTTP header by the REST client) and a plain one.
    static api::StringMap someContext();
    static api::Identifier someTable();

    static api::TableVersion fullTableVersion();
    /// Nested three deep: a fixed-size list of structs, with metadata on both levels.
    static api::JsonArrowSchema fullSchema();

    static api::DeclareTableRequest fullDeclareRequest();
    static api::CreateTableVersionRequest fullCreateVersionRequest();
    static api::BatchDeleteTableVersionsRequest fullDeleteVersionsRequest();
    static api::DeclareTableResponse fullDeclareResponse();
    static api::CreateTableVersionResponse fullCreateVersionResponse();
    static api::BatchDeleteTableVersionsResponse fullDeleteVersionsResponse();
    static api::DeregisterTableResponse fullDeregisterResponse();
};

} // namespace lance::test
