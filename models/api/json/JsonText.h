// SPDX-License-Identifier: Apache-2.0
// JSON text in and out: parsing with the codec's error messages, printing that never throws.
#pragma once

#include "api/ApiError.h"
#include "api/JsonCodec.h"
#include "api/Result.h"

#include <QByteArray>
#include <QByteArrayView>

#include <nlohmann/json.hpp>
#include <optional>

namespace lance::api::json::detail {

/// Parses `text` into `out`; on failure a Decode error with an empty path naming the byte offset
/// (0-based) and the parser's complaint. Never throws.
Result<void> parseText(QByteArrayView text, nlohmann::json &out);

/// `value` as UTF-8 text, compact or indented by two spaces. Never throws; invalid UTF-8 (which
/// QString never produces) is replaced by U+FFFD.
QByteArray printText(const nlohmann::json &value, Format format);

} // namespace lance::api::json::detail
