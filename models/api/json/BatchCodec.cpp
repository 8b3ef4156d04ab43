// SPDX-License-Identifier: Apache-2.0
// BatchCommitTables: operations and results that are "exactly one of" four kinds.
#include "api/json/Codecs.h"

#include <array>
#include <utility>

using namespace Qt::StringLiterals;

namespace lance::api::json {

namespace detail {

namespace {

using Presence = JsonReader::Presence;

// The wire keys in the variants' alternative order (the same order as commitOperationKey()).
constexpr std::array<std::string_view, 4> KindKeys
    = {"declare_table", "create_table_version", "delete_table_versions", "deregister_table"};
static_assert(std::variant_size_v<CommitTableOperation> == KindKeys.size());
static_assert(std::variant_size_v<CommitTableResult> == KindKeys.size());

QString oneOfProblem()
{
    QStringList keys;
    for (const std::string_view key : KindKeys) {
        keys << QString::fromLatin1(key.data(), qsizetype(key.size()));
    }
    return u"expected exactly one of "_s + keys.join(u", "_s);
}

template <typename Variant, std::size_t... Index>
void emplaceKind(Variant &out, std::size_t kind, std::index_sequence<Index...>)
{
    ((kind == Index ? void(out.template emplace<Index>()) : void()), ...);
}

// Reads an object with exactly one of the four keys into the matching alternative. A nested
// request must carry its table's `id`: the batch route has no path id to fall back on.
template <typename Variant>
void decodeOneOf(const JsonReader &reader, Variant &out, bool requireNestedId)
{
    std::size_t present = 0;
    std::size_t kind = 0;
    for (std::size_t i = 0; i < KindKeys.size(); ++i) {
        if (reader.has(KindKeys[i])) {
            ++present;
            kind = i;
        }
    }
    if (present != 1) {
        reader.fail(oneOfProblem());
        return;
    }
    emplaceKind(out, kind, std::make_index_sequence<KindKeys.size()>());
    std::visit(
        [&](auto &value) {
            reader.object(KindKeys[kind], Presence::Required, [&](const JsonReader &child) {
                if (!requireNestedId || child.require("id")) {
                    decodeValue(child, value);
                }
            });
        },
        out);
}

template <typename Variant> nlohmann::json encodeOneOf(const Variant &value)
{
    const std::string_view key = KindKeys[value.index()];
    return std::visit(
        [key](const auto &alternative) {
            return JsonWriter().set(key, encodeValue(alternative)).take();
        },
        value);
}

} // namespace

void decodeValue(const JsonReader &reader, BatchCommitTablesRequest &out)
{
    reader.objectList("operations", Presence::Required, [&out](const JsonReader &child) {
        decodeOneOf(child, out.operations.emplace_back(), true);
    });
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const BatchCommitTablesRequest &value)
{
    nlohmann::json operations = nlohmann::json::array();
    for (const CommitTableOperation &operation : value.operations) {
        operations.push_back(encodeOneOf(operation));
    }
    return JsonWriter()
        .set("operations", std::move(operations))
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, BatchCommitTablesResponse &out)
{
    reader.objectList("results", Presence::Required, [&out](const JsonReader &child) {
        decodeOneOf(child, out.results.emplace_back(), false);
    });
    out.transactionId = reader.optionalString("transaction_id");
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const BatchCommitTablesResponse &value)
{
    nlohmann::json results = nlohmann::json::array();
    for (const CommitTableResult &result : value.results) {
        results.push_back(encodeOneOf(result));
    }
    return JsonWriter()
        .set("results", std::move(results))
        .setOptional("transaction_id", value.transactionId)
        .setNonEmpty("context", value.context)
        .take();
}

} // namespace detail

LCB_JSON_DEFINE_CODEC(BatchCommitTablesRequest)
LCB_JSON_DEFINE_CODEC(BatchCommitTablesResponse)

} // namespace lance::api::json
