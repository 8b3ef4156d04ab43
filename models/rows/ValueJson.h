// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "rows/ColumnArray.h"

#include <nlohmann/json.hpp>

namespace lance::rows {

/// A value as JSON, exactly: what `lance-catalog rows --json` prints and what the tests
/// compare with LanceDB's own reads. Integers (dates, times, timestamps and durations too, in
/// their stored unit) are JSON integers with every digit; floats JSON numbers, except NaN and
/// the infinities, which are the strings "NaN", "Infinity" and "-Infinity"; strings strings;
/// binaries lower-case hex; decimals their unscaled integer as a string; lists arrays; structs
/// objects of their fields in the schema's order; null null. Pure, any thread.
class ValueJson
{
public:
    static nlohmann::ordered_json value(const ColumnArray &array, qint64 row);
};

} // namespace lance::rows
