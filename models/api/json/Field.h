// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/json/JsonReader.h"

#include <optional>
#include <string_view>

namespace lance::api::json::detail {

/// What a field's C++ type does not say about its JSON. Everything else follows from the type
/// (FieldCodec.h): a plain value is required, a std::optional may be absent, a map or a list
/// that defaults to empty may be absent and is left out when empty, a std::optional map is the
/// spec's nullable map.
struct FieldOptions
{
    JsonReader::Minimum minimum = JsonReader::Minimum::None; //!< integers: Zero refuses < 0
    JsonReader::Items items = JsonReader::Items::Any; //!< string lists: Unique refuses repeats
    /// Lists and identifiers: whether the field must be there. Unset: the type's default (a list
    /// is required, a request's `id` is not: absent is the root namespace).
    std::optional<JsonReader::Presence> presence;
};

/// One JSON field of message `T`: its key and the member it fills. A message's fields are a
/// tuple of these (MessageFields.h), walked in order by both decoding and encoding.
template <typename T, typename Member> struct Field
{
    std::string_view key;
    Member T::*member;
    FieldOptions options;
};

constexpr void setOption(FieldOptions &options, JsonReader::Minimum minimum)
{
    options.minimum = minimum;
}
constexpr void setOption(FieldOptions &options, JsonReader::Items items)
{
    options.items = items;
}
constexpr void setOption(FieldOptions &options, JsonReader::Presence presence)
{
    options.presence = presence;
}

/// `field("limit", &ListTablesRequest::limit, Minimum::Zero)`.
template <typename T, typename Member, typename... Options>
constexpr Field<T, Member> field(std::string_view key, Member T::*member, Options... options)
{
    FieldOptions set;
    (setOption(set, options), ...);
    return Field<T, Member>{key, member, set};
}

/// The fields of a message; specialised for every message in MessageFields.h.
template <typename T> struct Fields;

template <typename T>
concept Described = requires
{
    Fields<T>::list;
};

} // namespace lance::api::json::detail
