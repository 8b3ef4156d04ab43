// SPDX-License-Identifier: Apache-2.0
// The Arrow schema of DescribeTable: fields nest in fields, so it is read with a depth limit and
// has the only hand-written codec of the spec's messages.
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

void encodeFields(JsonOutput &out, const std::vector<JsonArrowField> &fields);

void encodeDataType(JsonOutput &out, const JsonArrowDataType &type)
{
    JsonWriter writer(out);
    writer.set("type", type.type);
    if (!type.fields.empty()) {
        encodeFields(writer.field("fields"), type.fields);
    }
    writer.setOptional("length", type.length);
}

void encodeFields(JsonOutput &out, const std::vector<JsonArrowField> &fields)
{
    out.beginArray();
    for (const JsonArrowField &field : fields) {
        JsonWriter writer(out);
        writer.set("name", field.name);
        encodeDataType(writer.field("type"), field.type);
        writer.set("nullable", field.nullable).setNonEmpty("metadata", field.metadata);
    }
    out.endArray();
}

} // namespace

void decodeValue(const JsonReader &reader, JsonArrowSchema &out)
{
    decodeFields(reader, "fields", Presence::Required, out.fields, 1);
    out.metadata = reader.stringMap("metadata");
}

void encodeValue(JsonOutput &out, const JsonArrowSchema &value)
{
    JsonWriter writer(out);
    encodeFields(writer.field("fields"), value.fields);
    writer.setNonEmpty("metadata", value.metadata);
}

} // namespace detail

LCB_JSON_DEFINE_CODEC(JsonArrowSchema)

} // namespace lance::api::json
