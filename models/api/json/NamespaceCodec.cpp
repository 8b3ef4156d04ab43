// SPDX-License-Identifier: Apache-2.0
// Requests and responses of the namespace operations.
#include "api/json/Codecs.h"

namespace lance::api::json {

namespace detail {

namespace {

using Items = JsonReader::Items;
using Minimum = JsonReader::Minimum;
using Presence = JsonReader::Presence;

} // namespace

void decodeValue(const JsonReader &reader, ListNamespacesRequest &out)
{
    out.id = readId(reader);
    out.pageToken = reader.optionalString("page_token");
    out.limit = reader.optionalInt64("limit", Minimum::Zero);
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const ListNamespacesRequest &value)
{
    return JsonWriter()
        .set("id", value.id)
        .setOptional("page_token", value.pageToken)
        .setOptional("limit", value.limit)
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, ListNamespacesResponse &out)
{
    out.namespaces = reader.stringList("namespaces", Presence::Required, Items::Unique);
    out.pageToken = reader.optionalString("page_token");
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const ListNamespacesResponse &value)
{
    return JsonWriter()
        .set("namespaces", value.namespaces)
        .setOptional("page_token", value.pageToken)
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, DescribeNamespaceRequest &out)
{
    out.id = readId(reader);
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const DescribeNamespaceRequest &value)
{
    return JsonWriter().set("id", value.id).setNonEmpty("context", value.context).take();
}

void decodeValue(const JsonReader &reader, DescribeNamespaceResponse &out)
{
    out.properties = reader.nullableStringMap("properties");
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const DescribeNamespaceResponse &value)
{
    return JsonWriter()
        .setNullable("properties", value.properties)
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, CreateNamespaceRequest &out)
{
    out.id = readId(reader);
    out.mode = readEnum<CreateNamespaceMode>(reader, "mode");
    out.properties = reader.stringMap("properties");
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const CreateNamespaceRequest &value)
{
    return JsonWriter()
        .set("id", value.id)
        .setOptional("mode", enumName(value.mode))
        .setNonEmpty("properties", value.properties)
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, CreateNamespaceResponse &out)
{
    out.transactionId = reader.optionalString("transaction_id");
    out.properties = reader.stringMap("properties");
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const CreateNamespaceResponse &value)
{
    return JsonWriter()
        .setOptional("transaction_id", value.transactionId)
        .setNonEmpty("properties", value.properties)
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, DropNamespaceRequest &out)
{
    out.id = readId(reader);
    out.mode = readEnum<DropNamespaceMode>(reader, "mode");
    out.behavior = readEnum<DropNamespaceBehavior>(reader, "behavior");
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const DropNamespaceRequest &value)
{
    return JsonWriter()
        .set("id", value.id)
        .setOptional("mode", enumName(value.mode))
        .setOptional("behavior", enumName(value.behavior))
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, DropNamespaceResponse &out)
{
    out.properties = reader.stringMap("properties");
    out.transactionId = reader.stringList("transaction_id", Presence::Optional);
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const DropNamespaceResponse &value)
{
    return JsonWriter()
        .setNonEmpty("properties", value.properties)
        .setNonEmpty("transaction_id", value.transactionId)
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, NamespaceExistsRequest &out)
{
    out.id = readId(reader);
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const NamespaceExistsRequest &value)
{
    return JsonWriter().set("id", value.id).setNonEmpty("context", value.context).take();
}

} // namespace detail

LCB_JSON_DEFINE_CODEC(ListNamespacesRequest)
LCB_JSON_DEFINE_CODEC(ListNamespacesResponse)
LCB_JSON_DEFINE_CODEC(DescribeNamespaceRequest)
LCB_JSON_DEFINE_CODEC(DescribeNamespaceResponse)
LCB_JSON_DEFINE_CODEC(CreateNamespaceRequest)
LCB_JSON_DEFINE_CODEC(CreateNamespaceResponse)
LCB_JSON_DEFINE_CODEC(DropNamespaceRequest)
LCB_JSON_DEFINE_CODEC(DropNamespaceResponse)
LCB_JSON_DEFINE_CODEC(NamespaceExistsRequest)

} // namespace lance::api::json
