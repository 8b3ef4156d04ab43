// SPDX-License-Identifier: Apache-2.0
// Requests and responses of the table metadata operations.
#include "api/json/Codecs.h"

namespace lance::api::json {

namespace detail {

namespace {

using Items = JsonReader::Items;
using Minimum = JsonReader::Minimum;
using Presence = JsonReader::Presence;

} // namespace

void decodeValue(const JsonReader &reader, ListTablesRequest &out)
{
    out.id = readId(reader);
    out.pageToken = reader.optionalString("page_token");
    out.limit = reader.optionalInt64("limit", Minimum::Zero);
    out.includeDeclared = reader.optionalBoolean("include_declared");
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const ListTablesRequest &value)
{
    return JsonWriter()
        .set("id", value.id)
        .setOptional("page_token", value.pageToken)
        .setOptional("limit", value.limit)
        .setOptional("include_declared", value.includeDeclared)
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, ListTablesResponse &out)
{
    out.tables = reader.stringList("tables", Presence::Required, Items::Unique);
    out.pageToken = reader.optionalString("page_token");
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const ListTablesResponse &value)
{
    return JsonWriter()
        .set("tables", value.tables)
        .setOptional("page_token", value.pageToken)
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, DescribeTableRequest &out)
{
    out.id = readId(reader);
    out.version = reader.optionalInt64("version", Minimum::Zero);
    out.tag = reader.optionalString("tag");
    out.branch = reader.optionalString("branch");
    out.withTableUri = reader.optionalBoolean("with_table_uri");
    out.loadDetailedMetadata = reader.optionalBoolean("load_detailed_metadata");
    out.checkDeclared = reader.optionalBoolean("check_declared");
    out.vendCredentials = reader.optionalBoolean("vend_credentials");
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const DescribeTableRequest &value)
{
    return JsonWriter()
        .set("id", value.id)
        .setOptional("version", value.version)
        .setOptional("tag", value.tag)
        .setOptional("branch", value.branch)
        .setOptional("with_table_uri", value.withTableUri)
        .setOptional("load_detailed_metadata", value.loadDetailedMetadata)
        .setOptional("check_declared", value.checkDeclared)
        .setOptional("vend_credentials", value.vendCredentials)
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, DescribeTableResponse &out)
{
    out.table = reader.optionalString("table");
    out.namespacePath = reader.optionalStringList("namespace");
    out.version = reader.optionalInt64("version", Minimum::Zero);
    out.location = reader.optionalString("location");
    out.tableUri = reader.optionalString("table_uri");
    readObject(reader, "schema", out.schema);
    out.storageOptions = reader.stringMap("storage_options");
    readObject(reader, "stats", out.stats); // nullable: null is "not loaded", like absent
    out.metadata = reader.stringMap("metadata");
    out.properties = reader.nullableStringMap("properties");
    out.managedVersioning = reader.optionalBoolean("managed_versioning");
    out.isOnlyDeclared = reader.optionalBoolean("is_only_declared");
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const DescribeTableResponse &value)
{
    JsonWriter writer;
    writer.setOptional("table", value.table)
        .setOptional("namespace", value.namespacePath)
        .setOptional("version", value.version)
        .setOptional("location", value.location)
        .setOptional("table_uri", value.tableUri);
    if (value.schema) {
        writer.set("schema", encodeValue(*value.schema));
    }
    writer.setNonEmpty("storage_options", value.storageOptions);
    if (value.stats) {
        writer.set("stats", encodeValue(*value.stats));
    }
    return writer.setNonEmpty("metadata", value.metadata)
        .setNullable("properties", value.properties)
        .setOptional("managed_versioning", value.managedVersioning)
        .setOptional("is_only_declared", value.isOnlyDeclared)
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, TableExistsRequest &out)
{
    out.id = readId(reader);
    out.version = reader.optionalInt64("version", Minimum::Zero);
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const TableExistsRequest &value)
{
    return JsonWriter()
        .set("id", value.id)
        .setOptional("version", value.version)
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, RegisterTableRequest &out)
{
    out.id = readId(reader);
    out.location = reader.string("location");
    out.mode = readEnum<RegisterTableMode>(reader, "mode");
    out.properties = reader.stringMap("properties");
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const RegisterTableRequest &value)
{
    return JsonWriter()
        .set("id", value.id)
        .set("location", value.location)
        .setOptional("mode", enumName(value.mode))
        .setNonEmpty("properties", value.properties)
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, RegisterTableResponse &out)
{
    out.transactionId = reader.optionalString("transaction_id");
    out.location = reader.optionalString("location");
    out.properties = reader.stringMap("properties");
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const RegisterTableResponse &value)
{
    return JsonWriter()
        .setOptional("transaction_id", value.transactionId)
        .setOptional("location", value.location)
        .setNonEmpty("properties", value.properties)
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, DeclareTableRequest &out)
{
    out.id = readId(reader);
    out.location = reader.optionalString("location");
    out.vendCredentials = reader.optionalBoolean("vend_credentials");
    out.properties = reader.stringMap("properties");
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const DeclareTableRequest &value)
{
    return JsonWriter()
        .set("id", value.id)
        .setOptional("location", value.location)
        .setOptional("vend_credentials", value.vendCredentials)
        .setNonEmpty("properties", value.properties)
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, DeclareTableResponse &out)
{
    out.transactionId = reader.optionalString("transaction_id");
    out.location = reader.optionalString("location");
    out.storageOptions = reader.stringMap("storage_options");
    out.properties = reader.nullableStringMap("properties");
    out.managedVersioning = reader.optionalBoolean("managed_versioning");
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const DeclareTableResponse &value)
{
    return JsonWriter()
        .setOptional("transaction_id", value.transactionId)
        .setOptional("location", value.location)
        .setNonEmpty("storage_options", value.storageOptions)
        .setNullable("properties", value.properties)
        .setOptional("managed_versioning", value.managedVersioning)
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, DeregisterTableRequest &out)
{
    out.id = readId(reader);
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const DeregisterTableRequest &value)
{
    return JsonWriter().set("id", value.id).setNonEmpty("context", value.context).take();
}

void decodeValue(const JsonReader &reader, DeregisterTableResponse &out)
{
    out.transactionId = reader.optionalString("transaction_id");
    out.id = readOptionalId(reader);
    out.location = reader.optionalString("location");
    out.properties = reader.nullableStringMap("properties");
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const DeregisterTableResponse &value)
{
    return JsonWriter()
        .setOptional("transaction_id", value.transactionId)
        .setOptional("id", value.id)
        .setOptional("location", value.location)
        .setNullable("properties", value.properties)
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, DropTableRequest &out)
{
    out.id = readId(reader);
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const DropTableRequest &value)
{
    return JsonWriter().set("id", value.id).setNonEmpty("context", value.context).take();
}

void decodeValue(const JsonReader &reader, DropTableResponse &out)
{
    out.transactionId = reader.optionalString("transaction_id");
    out.id = readOptionalId(reader);
    out.location = reader.optionalString("location");
    out.properties = reader.nullableStringMap("properties");
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const DropTableResponse &value)
{
    return JsonWriter()
        .setOptional("transaction_id", value.transactionId)
        .setOptional("id", value.id)
        .setOptional("location", value.location)
        .setNullable("properties", value.properties)
        .setNonEmpty("context", value.context)
        .take();
}

} // namespace detail

LCB_JSON_DEFINE_CODEC(ListTablesRequest)
LCB_JSON_DEFINE_CODEC(ListTablesResponse)
LCB_JSON_DEFINE_CODEC(DescribeTableRequest)
LCB_JSON_DEFINE_CODEC(DescribeTableResponse)
LCB_JSON_DEFINE_CODEC(TableExistsRequest)
LCB_JSON_DEFINE_CODEC(RegisterTableRequest)
LCB_JSON_DEFINE_CODEC(RegisterTableResponse)
LCB_JSON_DEFINE_CODEC(DeclareTableRequest)
LCB_JSON_DEFINE_CODEC(DeclareTableResponse)
LCB_JSON_DEFINE_CODEC(DeregisterTableRequest)
LCB_JSON_DEFINE_CODEC(DeregisterTableResponse)
LCB_JSON_DEFINE_CODEC(DropTableRequest)
LCB_JSON_DEFINE_CODEC(DropTableResponse)

} // namespace lance::api::json
