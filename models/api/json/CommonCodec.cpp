// SPDX-License-Identifier: Apache-2.0
// The shared schemas: TableVersion, VersionRange, TagContents, the Arrow schema, TableBasicStats,
// ErrorResponse, and the `id` lists.
#include "api/json/Codecs.h"

using namespace Qt::StringLiterals;

namespace lance::api::json {

namespace detail {

namespace {

using Minimum = JsonReader::Minimum;
using Presence = JsonReader::Presence;

// Struct and list types nest fields in fields; a server answer is read recursively, so a wrong
// or hostile answer must not be able to exhaust the stack. Real schemas are a few levels deep.
constexpr int MaxSchemaDepth = 64;

void decodeField(const JsonReader &reader, JsonArrowField &out, int depth);

void decodeFields(const JsonReader &reader, std::string_view key, Presence presence,
                  std::vector<JsonArrowField> &out, int depth)
{
    reader.objectList(key, presence, [&out, depth](const JsonReader &child) {
        if (depth > MaxSchemaDepth) {
            child.fail(u"schema nested deeper than %1 levels"_s.arg(MaxSchemaDepth));
            return;
        }
        decodeField(child, out.emplace_back(), depth);
    });
}

void decodeDataType(const JsonReader &reader, JsonArrowDataType &out, int depth)
{
    out.type = reader.string("type");
    decodeFields(reader, "fields", Presence::Optional, out.fields, depth + 1);
    out.length = reader.optionalInt64("length", Minimum::Zero);
}

void decodeField(const JsonReader &reader, JsonArrowField &out, int depth)
{
    out.name = reader.string("name");
    reader.object("type", Presence::Required, [&out, depth](const JsonReader &child) {
        decodeDataType(child, out.type, depth);
    });
    out.nullable = reader.boolean("nullable");
    out.metadata = reader.stringMap("metadata");
}

nlohmann::json encodeFields(const std::vector<JsonArrowField> &fields);

nlohmann::json encodeDataType(const JsonArrowDataType &type)
{
    JsonWriter writer;
    writer.set("type", type.type);
    if (!type.fields.empty()) {
        writer.set("fields", encodeFields(type.fields));
    }
    writer.setOptional("length", type.length);
    return writer.take();
}

nlohmann::json encodeFields(const std::vector<JsonArrowField> &fields)
{
    nlohmann::json array = nlohmann::json::array();
    for (const JsonArrowField &field : fields) {
        JsonWriter writer;
        writer.set("name", field.name)
            .set("type", encodeDataType(field.type))
            .set("nullable", field.nullable)
            .setNonEmpty("metadata", field.metadata);
        array.push_back(writer.take());
    }
    return array;
}

} // namespace

Identifier readId(const JsonReader &reader)
{
    return Identifier(reader.stringList("id", Presence::Optional));
}

std::optional<Identifier> readOptionalId(const JsonReader &reader)
{
    std::optional<QStringList> names = reader.optionalStringList("id");
    return names ? std::optional<Identifier>(Identifier(std::move(*names))) : std::nullopt;
}

void decodeValue(const JsonReader &reader, TableVersion &out)
{
    out.version = reader.int64("version", Minimum::Zero);
    out.manifestPath = reader.string("manifest_path");
    out.manifestSize = reader.optionalInt64("manifest_size", Minimum::Zero);
    out.eTag = reader.optionalString("e_tag");
    out.timestampMillis = reader.optionalInt64("timestamp_millis");
    out.metadata = reader.stringMap("metadata");
}

nlohmann::json encodeValue(const TableVersion &value)
{
    return JsonWriter()
        .set("version", value.version)
        .set("manifest_path", value.manifestPath)
        .setOptional("manifest_size", value.manifestSize)
        .setOptional("e_tag", value.eTag)
        .setOptional("timestamp_millis", value.timestampMillis)
        .setNonEmpty("metadata", value.metadata)
        .take();
}

void decodeValue(const JsonReader &reader, VersionRange &out)
{
    // No minimum: end_version -1 means "through the latest version".
    out.startVersion = reader.int64("start_version");
    out.endVersion = reader.int64("end_version");
}

nlohmann::json encodeValue(const VersionRange &value)
{
    return JsonWriter()
        .set("start_version", value.startVersion)
        .set("end_version", value.endVersion)
        .take();
}

void decodeValue(const JsonReader &reader, TagContents &out)
{
    out.version = reader.int64("version", Minimum::Zero);
    out.manifestSize = reader.int64("manifestSize", Minimum::Zero); // camelCase in the spec
    out.branch = reader.optionalString("branch");
}

nlohmann::json encodeValue(const TagContents &value)
{
    return JsonWriter()
        .set("version", value.version)
        .set("manifestSize", value.manifestSize)
        .setOptional("branch", value.branch)
        .take();
}

void decodeValue(const JsonReader &reader, JsonArrowSchema &out)
{
    decodeFields(reader, "fields", Presence::Required, out.fields, 1);
    out.metadata = reader.stringMap("metadata");
}

nlohmann::json encodeValue(const JsonArrowSchema &value)
{
    return JsonWriter()
        .set("fields", encodeFields(value.fields))
        .setNonEmpty("metadata", value.metadata)
        .take();
}

void decodeValue(const JsonReader &reader, TableBasicStats &out)
{
    out.numDeletedRows = reader.int64("num_deleted_rows", Minimum::Zero);
    out.numFragments = reader.int64("num_fragments", Minimum::Zero);
}

nlohmann::json encodeValue(const TableBasicStats &value)
{
    return JsonWriter()
        .set("num_deleted_rows", value.numDeletedRows)
        .set("num_fragments", value.numFragments)
        .take();
}

void decodeValue(const JsonReader &reader, ErrorResponse &out)
{
    out.code = reader.int64("code", Minimum::Zero);
    out.error = reader.optionalString("error");
    out.detail = reader.optionalString("detail");
    out.instance = reader.optionalString("instance");
    out.context = reader.stringMap("context");
}

nlohmann::json encodeValue(const ErrorResponse &value)
{
    return JsonWriter()
        .set("code", value.code)
        .setOptional("error", value.error)
        .setOptional("detail", value.detail)
        .setOptional("instance", value.instance)
        .setNonEmpty("context", value.context)
        .take();
}

} // namespace detail

LCB_JSON_DEFINE_CODEC(TableVersion)
LCB_JSON_DEFINE_CODEC(VersionRange)
LCB_JSON_DEFINE_CODEC(TagContents)
LCB_JSON_DEFINE_CODEC(JsonArrowSchema)
LCB_JSON_DEFINE_CODEC(TableBasicStats)
LCB_JSON_DEFINE_CODEC(ErrorResponse)

} // namespace lance::api::json
