// SPDX-License-Identifier: Apache-2.0
// Requests and responses of the table version operations (managed versioning).
#include "api/json/Codecs.h"

namespace lance::api::json {

namespace detail {

namespace {

using Minimum = JsonReader::Minimum;

} // namespace

void decodeValue(const JsonReader &reader, ListTableVersionsRequest &out)
{
    out.id = readId(reader);
    out.branch = reader.optionalString("branch");
    out.pageToken = reader.optionalString("page_token");
    out.limit = reader.optionalInt64("limit", Minimum::Zero);
    out.descending = reader.optionalBoolean("descending");
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const ListTableVersionsRequest &value)
{
    return JsonWriter()
        .set("id", value.id)
        .setOptional("branch", value.branch)
        .setOptional("page_token", value.pageToken)
        .setOptional("limit", value.limit)
        .setOptional("descending", value.descending)
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, ListTableVersionsResponse &out)
{
    readObjectList(reader, "versions", out.versions);
    out.pageToken = reader.optionalString("page_token");
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const ListTableVersionsResponse &value)
{
    return JsonWriter()
        .set("versions", encodeList(value.versions))
        .setOptional("page_token", value.pageToken)
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, CreateTableVersionRequest &out)
{
    out.id = readId(reader);
    out.version = reader.int64("version", Minimum::Zero);
    out.manifestPath = reader.string("manifest_path");
    out.manifestSize = reader.optionalInt64("manifest_size", Minimum::Zero);
    out.eTag = reader.optionalString("e_tag");
    out.metadata = reader.stringMap("metadata");
    out.namingScheme = readEnum<ManifestNamingScheme>(reader, "naming_scheme");
    out.branch = reader.optionalString("branch");
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const CreateTableVersionRequest &value)
{
    return JsonWriter()
        .set("id", value.id)
        .set("version", value.version)
        .set("manifest_path", value.manifestPath)
        .setOptional("manifest_size", value.manifestSize)
        .setOptional("e_tag", value.eTag)
        .setNonEmpty("metadata", value.metadata)
        .setOptional("naming_scheme", enumName(value.namingScheme))
        .setOptional("branch", value.branch)
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, CreateTableVersionResponse &out)
{
    out.transactionId = reader.optionalString("transaction_id");
    readObject(reader, "version", out.version);
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const CreateTableVersionResponse &value)
{
    JsonWriter writer;
    writer.setOptional("transaction_id", value.transactionId);
    if (value.version) {
        writer.set("version", encodeValue(*value.version));
    }
    return writer.setNonEmpty("context", value.context).take();
}

void decodeValue(const JsonReader &reader, DescribeTableVersionRequest &out)
{
    out.id = readId(reader);
    out.version = reader.optionalInt64("version", Minimum::Zero);
    out.branch = reader.optionalString("branch");
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const DescribeTableVersionRequest &value)
{
    return JsonWriter()
        .set("id", value.id)
        .setOptional("version", value.version)
        .setOptional("branch", value.branch)
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, DescribeTableVersionResponse &out)
{
    readObject(reader, "version", out.version);
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const DescribeTableVersionResponse &value)
{
    return JsonWriter()
        .set("version", encodeValue(value.version))
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, BatchDeleteTableVersionsRequest &out)
{
    out.id = readId(reader);
    readObjectList(reader, "ranges", out.ranges);
    out.branch = reader.optionalString("branch");
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const BatchDeleteTableVersionsRequest &value)
{
    return JsonWriter()
        .set("id", value.id)
        .set("ranges", encodeList(value.ranges))
        .setOptional("branch", value.branch)
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, BatchDeleteTableVersionsResponse &out)
{
    out.deletedCount = reader.optionalInt64("deleted_count", Minimum::Zero);
    out.transactionId = reader.optionalString("transaction_id");
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const BatchDeleteTableVersionsResponse &value)
{
    return JsonWriter()
        .setOptional("deleted_count", value.deletedCount)
        .setOptional("transaction_id", value.transactionId)
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, CreateTableVersionEntry &out)
{
    // Required here: the batch route has no path id to fall back on.
    if (reader.require("id")) {
        out.id = readId(reader);
    }
    out.version = reader.int64("version", Minimum::Zero);
    out.manifestPath = reader.string("manifest_path");
    out.manifestSize = reader.optionalInt64("manifest_size", Minimum::Zero);
    out.eTag = reader.optionalString("e_tag");
    out.metadata = reader.stringMap("metadata");
    out.namingScheme = readEnum<ManifestNamingScheme>(reader, "naming_scheme");
    out.branch = reader.optionalString("branch");
}

nlohmann::json encodeValue(const CreateTableVersionEntry &value)
{
    return JsonWriter()
        .set("id", value.id)
        .set("version", value.version)
        .set("manifest_path", value.manifestPath)
        .setOptional("manifest_size", value.manifestSize)
        .setOptional("e_tag", value.eTag)
        .setNonEmpty("metadata", value.metadata)
        .setOptional("naming_scheme", enumName(value.namingScheme))
        .setOptional("branch", value.branch)
        .take();
}

void decodeValue(const JsonReader &reader, BatchCreateTableVersionsRequest &out)
{
    readObjectList(reader, "entries", out.entries);
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const BatchCreateTableVersionsRequest &value)
{
    return JsonWriter()
        .set("entries", encodeList(value.entries))
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, BatchCreateTableVersionsResponse &out)
{
    readObjectList(reader, "versions", out.versions);
    out.transactionId = reader.optionalString("transaction_id");
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const BatchCreateTableVersionsResponse &value)
{
    return JsonWriter()
        .set("versions", encodeList(value.versions))
        .setOptional("transaction_id", value.transactionId)
        .setNonEmpty("context", value.context)
        .take();
}

} // namespace detail

LCB_JSON_DEFINE_CODEC(ListTableVersionsRequest)
LCB_JSON_DEFINE_CODEC(ListTableVersionsResponse)
LCB_JSON_DEFINE_CODEC(CreateTableVersionRequest)
LCB_JSON_DEFINE_CODEC(CreateTableVersionResponse)
LCB_JSON_DEFINE_CODEC(DescribeTableVersionRequest)
LCB_JSON_DEFINE_CODEC(DescribeTableVersionResponse)
LCB_JSON_DEFINE_CODEC(BatchDeleteTableVersionsRequest)
LCB_JSON_DEFINE_CODEC(BatchDeleteTableVersionsResponse)
LCB_JSON_DEFINE_CODEC(CreateTableVersionEntry)
LCB_JSON_DEFINE_CODEC(BatchCreateTableVersionsRequest)
LCB_JSON_DEFINE_CODEC(BatchCreateTableVersionsResponse)

} // namespace lance::api::json
