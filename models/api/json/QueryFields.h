// SPDX-License-Identifier: Apache-2.0
// The JSON fields of QueryTable (api/QueryMessages.h), described as MessageFields.h describes
// the spec's messages. Its answer is an Arrow IPC file, not JSON: QueryTableResponse has only
// the context its headers give.
#pragma once

#include "api/QueryMessages.h"
#include "api/json/Field.h"
#include "api/json/JsonReader.h"
#include "api/json/JsonWriter.h"
#include "api/json/MessageFields.h"

#include <tuple>

namespace lance::api::json::detail {

/// `vector` and `full_text_query`: whether any member is there; written as `{}`.
inline void readField(const JsonReader &reader, std::string_view key, SearchTerms &out,
                      const FieldOptions &)
{
    const nlohmann::json *found = reader.find(key);
    out.given = false;
    if (found && found->is_object()) {
        for (const auto &member : found->items()) {
            out.given = out.given || !member.value().is_null();
        }
    }
}
inline void readField(const JsonReader &reader, std::string_view key,
                      std::optional<SearchTerms> &out, const FieldOptions &options)
{
    SearchTerms terms;
    readField(reader, key, terms, options);
    out = terms.given ? std::optional<SearchTerms>(terms) : std::nullopt;
}
inline void writeField(JsonWriter &writer, std::string_view key, const SearchTerms &,
                       const FieldOptions &)
{
    writer.set(key, StringMap{});
}
inline void writeField(JsonWriter &writer, std::string_view key,
                       const std::optional<SearchTerms> &value, const FieldOptions &)
{
    if (value) {
        writer.set(key, StringMap{});
    }
}

template <> struct Fields<QueryColumns>
{
    static constexpr auto list = std::tuple{
        field("column_names", &QueryColumns::columnNames),
        field("column_aliases", &QueryColumns::columnAliases),
    };
};

template <> struct Fields<QueryTableRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &QueryTableRequest::id),
        field("branch", &QueryTableRequest::branch),
        field("columns", &QueryTableRequest::columns),
        field("filter", &QueryTableRequest::filter),
        field("k", &QueryTableRequest::k, Minimum::Zero),
        field("offset", &QueryTableRequest::offset, Minimum::Zero),
        field("version", &QueryTableRequest::version, Minimum::Zero),
        field("with_row_id", &QueryTableRequest::withRowId),
        field("vector", &QueryTableRequest::vector),
        field("vector_column", &QueryTableRequest::vectorColumn),
        field("full_text_query", &QueryTableRequest::fullTextQuery),
        field("context", &QueryTableRequest::context),
    };
};

template <> struct Fields<QueryTableResponse>
{
    static constexpr auto list = std::tuple{
        field("context", &QueryTableResponse::context),
    };
};

} // namespace lance::api::json::detail
