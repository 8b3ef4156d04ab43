// SPDX-License-Identifier: Apache-2.0
// Requests and responses of the tag operations.
#include "api/json/Codecs.h"

namespace lance::api::json {

namespace detail {

namespace {

using Minimum = JsonReader::Minimum;
using Presence = JsonReader::Presence;

} // namespace

void decodeValue(const JsonReader &reader, ListTableTagsRequest &out)
{
    out.id = readId(reader);
    out.pageToken = reader.optionalString("page_token");
    out.limit = reader.optionalInt64("limit", Minimum::Zero);
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const ListTableTagsRequest &value)
{
    return JsonWriter()
        .set("id", value.id)
        .setOptional("page_token", value.pageToken)
        .setOptional("limit", value.limit)
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, ListTableTagsResponse &out)
{
    reader.objectMap("tags", Presence::Required,
                     [&out](const QString &name, const JsonReader &child) {
                         decodeValue(child, out.tags[name]);
                     });
    out.pageToken = reader.optionalString("page_token");
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const ListTableTagsResponse &value)
{
    nlohmann::json tags = nlohmann::json::object();
    for (auto it = value.tags.cbegin(); it != value.tags.cend(); ++it) {
        tags[it.key().toStdString()] = encodeValue(it.value());
    }
    return JsonWriter()
        .set("tags", std::move(tags))
        .setOptional("page_token", value.pageToken)
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, GetTableTagVersionRequest &out)
{
    out.id = readId(reader);
    out.tag = reader.string("tag");
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const GetTableTagVersionRequest &value)
{
    return JsonWriter()
        .set("id", value.id)
        .set("tag", value.tag)
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, GetTableTagVersionResponse &out)
{
    out.version = reader.int64("version", Minimum::Zero);
    out.branch = reader.optionalString("branch");
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const GetTableTagVersionResponse &value)
{
    return JsonWriter()
        .set("version", value.version)
        .setOptional("branch", value.branch)
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, CreateTableTagRequest &out)
{
    out.id = readId(reader);
    out.tag = reader.string("tag");
    out.version = reader.int64("version", Minimum::Zero);
    out.branch = reader.optionalString("branch");
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const CreateTableTagRequest &value)
{
    return JsonWriter()
        .set("id", value.id)
        .set("tag", value.tag)
        .set("version", value.version)
        .setOptional("branch", value.branch)
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, UpdateTableTagRequest &out)
{
    out.id = readId(reader);
    out.tag = reader.string("tag");
    out.version = reader.int64("version", Minimum::Zero);
    out.branch = reader.optionalString("branch");
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const UpdateTableTagRequest &value)
{
    return JsonWriter()
        .set("id", value.id)
        .set("tag", value.tag)
        .set("version", value.version)
        .setOptional("branch", value.branch)
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, DeleteTableTagRequest &out)
{
    out.id = readId(reader);
    out.tag = reader.string("tag");
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const DeleteTableTagRequest &value)
{
    return JsonWriter()
        .set("id", value.id)
        .set("tag", value.tag)
        .setNonEmpty("context", value.context)
        .take();
}

void decodeValue(const JsonReader &reader, TableTagChangeResponse &out)
{
    out.transactionId = reader.optionalString("transaction_id");
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const TableTagChangeResponse &value)
{
    return JsonWriter()
        .setOptional("transaction_id", value.transactionId)
        .setNonEmpty("context", value.context)
        .take();
}

} // namespace detail

LCB_JSON_DEFINE_CODEC(ListTableTagsRequest)
LCB_JSON_DEFINE_CODEC(ListTableTagsResponse)
LCB_JSON_DEFINE_CODEC(GetTableTagVersionRequest)
LCB_JSON_DEFINE_CODEC(GetTableTagVersionResponse)
LCB_JSON_DEFINE_CODEC(CreateTableTagRequest)
LCB_JSON_DEFINE_CODEC(UpdateTableTagRequest)
LCB_JSON_DEFINE_CODEC(DeleteTableTagRequest)
LCB_JSON_DEFINE_CODEC(TableTagChangeResponse)

} // namespace lance::api::json
