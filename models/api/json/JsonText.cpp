// SPDX-License-Identifier: Apache-2.0
#include "api/json/JsonText.h"

#include <string>
#include <utility>
#include <vector>

using namespace Qt::StringLiterals;

namespace lance::api::json {

namespace {

// nlohmann prints recursively, so a document nested this deep could exhaust the stack while
// being printed (parsing and destruction are iterative). Generous for any real document.
constexpr std::size_t MaxPrintDepth = 512;

std::size_t depthOf(const nlohmann::json &root)
{
    std::size_t deepest = 0;
    std::vector<std::pair<const nlohmann::json *, std::size_t>> pending{{&root, 1}};
    while (!pending.empty()) {
        const auto [value, depth] = pending.back();
        pending.pop_back();
        deepest = std::max(deepest, depth);
        if (value->is_structured() && depth <= MaxPrintDepth) {
            for (const nlohmann::json &child : *value) {
                pending.emplace_back(&child, depth + 1);
            }
        }
    }
    return deepest;
}

// Error texts are shown to people: the parser quotes what it last read, which can be a whole
// string value, so only its end (where the problem is) is kept.
QString shortenedLastRead(QString complaint)
{
    constexpr qsizetype MaxQuoted = 40;
    const QString marker = u"last read: '"_s;
    const qsizetype start = complaint.indexOf(marker);
    if (start < 0) {
        return complaint;
    }
    const qsizetype tokenStart = start + marker.size();
    qsizetype tokenEnd = complaint.lastIndexOf(u"'; expected "_s);
    if (tokenEnd < tokenStart) {
        tokenEnd = complaint.endsWith(u'\'') ? complaint.size() - 1 : -1;
    }
    if (tokenEnd - tokenStart > MaxQuoted) {
        complaint.replace(tokenStart, tokenEnd - tokenStart - MaxQuoted, QString(QChar(0x2026)));
    }
    return complaint;
}

// "[json.exception.parse_error.101] parse error at line 1, column 7: syntax error ..." keeps
// only the part after the position, which the caller reports as a byte offset instead.
QString parserComplaint(const std::string &what)
{
    std::string_view text = what;
    const std::size_t column = text.find("column ");
    if (column != std::string_view::npos) {
        const std::size_t colon = text.find(": ", column);
        if (colon != std::string_view::npos) {
            text.remove_prefix(colon + 2);
        }
    }
    return shortenedLastRead(QString::fromUtf8(text.data(), qsizetype(text.size())));
}

} // namespace

namespace detail {

Result<void> parseText(QByteArrayView text, nlohmann::json &out)
{
    try {
        out = nlohmann::json::parse(text.begin(), text.end());
        return {};
    } catch (const nlohmann::json::parse_error &error) {
        // nlohmann counts bytes from 1; the offset of the offending byte reads more naturally.
        const std::size_t offset = error.byte > 0 ? error.byte - 1 : 0;
        return ApiError::decode(
            {}, u"invalid JSON at byte %1: %2"_s.arg(offset).arg(parserComplaint(error.what())));
    } catch (const std::exception &error) {
        return ApiError::decode({}, u"invalid JSON: %1"_s.arg(QString::fromUtf8(error.what())));
    }
}

QByteArray printText(const nlohmann::json &value, Format format)
{
    try {
        const std::string text = value.dump(format == Format::Indented ? 2 : -1, ' ', false,
                                            nlohmann::json::error_handler_t::replace);
        return QByteArray(text.data(), qsizetype(text.size()));
    } catch (const std::exception &) {
        // Only allocation can fail here; an empty result is the documented "nothing".
        return {};
    }
}

} // namespace detail

bool isValid(QByteArrayView json)
{
    try {
        return nlohmann::json::accept(json.begin(), json.end());
    } catch (const std::exception &) {
        return false;
    }
}

std::optional<QByteArray> reformat(QByteArrayView json, Format format)
{
    nlohmann::json value;
    if (!detail::parseText(json, value).hasValue() || depthOf(value) > MaxPrintDepth) {
        return std::nullopt;
    }
    QByteArray text = detail::printText(value, format);
    if (text.isEmpty()) {
        return std::nullopt;
    }
    return text;
}

} // namespace lance::api::json
