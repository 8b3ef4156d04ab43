// SPDX-License-Identifier: Apache-2.0
// The entries of BatchCommitTables and of its answer: each "exactly one of" four kinds.
#include "api/RecordKinds.h"
#include "api/json/Codecs.h"

#include <array>
#include <utility>

using namespace Qt::StringLiterals;

namespace lance::api::json {

namespace detail {

namespace {

using Presence = JsonReader::Presence;

// The wire keys in the variants' alternative order (the same order as commitOperationKey()).
constexpr const std::array<std::string_view, 4> &KindKeys = RecordKinds::BatchOperations;
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
void decodeKind(const JsonReader &reader, Variant &out, bool requireNestedId)
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

template <typename Variant> void encodeKind(JsonOutput &out, const Variant &value)
{
    const std::string_view key = KindKeys[value.index()];
    std::visit(
        [&out, key](const auto &alternative) {
            JsonWriter writer(out);
            encodeValue(writer.field(key), alternative);
        },
        value);
}

} // namespace

void decodeOneOf(const JsonReader &reader, CommitTableOperation &out)
{
    decodeKind(reader, out, true);
}

void decodeOneOf(const JsonReader &reader, CommitTableResult &out)
{
    decodeKind(reader, out, false);
}

void encodeOneOf(JsonOutput &out, const CommitTableOperation &value)
{
    encodeKind(out, value);
}

void encodeOneOf(JsonOutput &out, const CommitTableResult &value)
{
    encodeKind(out, value);
}

} // namespace detail

} // namespace lance::api::json
