// SPDX-License-Identifier: Apache-2.0
#include "format/ArrowSchemaConverter.h"

#include <QHash>

#include <functional>

using namespace Qt::StringLiterals;

namespace lance::format {

namespace {

using api::JsonArrowDataType;
using api::JsonArrowField;

// Nesting a fixed-size list's inner spelling deeper than this is not a real schema.
constexpr int MaxInnerDepth = 32;

JsonArrowDataType named(const QString &type)
{
    return JsonArrowDataType{type, {}, std::nullopt};
}

JsonArrowDataType convertSpelling(const QString &lance, int depth)
{
    static const QHash<QString, QString> Plain{
        {u"null"_s, u"null"_s},
        {u"bool"_s, u"bool"_s},
        {u"int8"_s, u"int8"_s},
        {u"int16"_s, u"int16"_s},
        {u"int32"_s, u"int32"_s},
        {u"int64"_s, u"int64"_s},
        {u"uint8"_s, u"uint8"_s},
        {u"uint16"_s, u"uint16"_s},
        {u"uint32"_s, u"uint32"_s},
        {u"uint64"_s, u"uint64"_s},
        {u"halffloat"_s, u"float16"_s},
        {u"float"_s, u"float32"_s},
        {u"double"_s, u"float64"_s},
        {u"string"_s, u"utf8"_s},
        {u"large_string"_s, u"large_utf8"_s},
        {u"binary"_s, u"binary"_s},
        {u"large_binary"_s, u"large_binary"_s},
        {u"json"_s, u"large_binary"_s},
        {u"blob"_s, u"large_binary"_s},
        {u"struct"_s, u"struct"_s},
        {u"list"_s, u"list"_s},
        {u"list.struct"_s, u"list"_s},
        {u"large_list"_s, u"large_list"_s},
        {u"large_list.struct"_s, u"large_list"_s},
        {u"map"_s, u"map"_s},
    };
    if (const auto plain = Plain.constFind(lance); plain != Plain.cend()) {
        return named(*plain);
    }
    const QStringList parts = lance.split(u':');
    const QString &kind = parts.first();
    if (kind == u"date32"_s || kind == u"date64"_s || kind == u"time32"_s || kind == u"time64"_s
        || kind == u"timestamp"_s || kind == u"duration"_s) {
        return named(kind); // the unit and time zone have no place in JsonArrowDataType
    }
    bool ok = false;
    if (kind == u"decimal"_s && parts.size() == 4) {
        const qint64 precision = parts.at(2).toLongLong(&ok);
        bool scaleOk = false;
        const qint64 scale = parts.at(3).toLongLong(&scaleOk);
        if (ok && scaleOk && (parts.at(1) == u"128"_s || parts.at(1) == u"256"_s)) {
            return JsonArrowDataType{u"decimal"_s + parts.at(1), {}, precision * 1000 + scale};
        }
    }
    if (kind == u"fixed_size_binary"_s && parts.size() == 2) {
        const qint64 size = parts.at(1).toLongLong(&ok);
        if (ok) {
            return JsonArrowDataType{kind, {}, size};
        }
    }
    if (kind == u"fixed_size_list"_s && parts.size() >= 3 && depth < MaxInnerDepth) {
        // The inner spelling is everything between the first and the last colon: it nests.
        const qint64 size = parts.last().toLongLong(&ok);
        if (ok) {
            const QString inner = parts.mid(1, parts.size() - 2).join(u':');
            JsonArrowField item{u"item"_s, convertSpelling(inner, depth + 1), true, {}, {}};
            return JsonArrowDataType{kind, {std::move(item)}, size};
        }
    }
    if (kind == u"dict"_s && parts.size() >= 2) {
        return convertSpelling(parts.at(1), depth + 1); // the value type
    }
    return named(lance);
}

JsonArrowField convertField(const ManifestContents::SchemaField &field)
{
    JsonArrowField out{field.name, convertSpelling(field.logicalType, 0), field.nullable,
                       field.metadata, field.id};
    if (field.logicalType == u"json"_s) {
        out.metadata.insert(u"ARROW:extension:name"_s, u"lance.json"_s);
    }
    if (!field.extensionName.isEmpty()) {
        out.metadata.insert(u"ARROW:extension:name"_s, field.extensionName);
    }
    return out;
}

} // namespace

QString ArrowSchemaConverter::typeText(const api::JsonArrowDataType &type)
{
    if (!type.length) {
        return type.type;
    }
    if (type.type.startsWith(u"decimal"_s)) {
        // The spec packs precision and scale into one number: precision * 1000 + scale.
        return u"%1(%2, %3)"_s.arg(type.type).arg(*type.length / 1000).arg(*type.length % 1000);
    }
    return u"%1<%2>"_s.arg(type.type).arg(*type.length);
}

QString ArrowSchemaConverter::lanceSpelling(const api::JsonArrowDataType &type)
{
    static const QHash<QString, QString> Plain{
        {u"float16"_s, u"halffloat"_s},       {u"float32"_s, u"float"_s},
        {u"float64"_s, u"double"_s},          {u"utf8"_s, u"string"_s},
        {u"large_utf8"_s, u"large_string"_s},
    };
    if (const auto plain = Plain.constFind(type.type); plain != Plain.cend()) {
        return *plain;
    }
    if (type.length) {
        if (type.type == u"decimal128"_s || type.type == u"decimal256"_s) {
            return u"decimal:%1:%2:%3"_s.arg(type.type.mid(7))
                .arg(*type.length / 1000)
                .arg(*type.length % 1000);
        }
        if (type.type == u"fixed_size_binary"_s) {
            return u"fixed_size_binary:%1"_s.arg(*type.length);
        }
        if (type.type == u"fixed_size_list"_s && type.fields.size() == 1) {
            return u"fixed_size_list:%1:%2"_s.arg(lanceSpelling(type.fields.front().type))
                .arg(*type.length);
        }
    }
    return type.type;
}

api::JsonArrowDataType ArrowSchemaConverter::convertType(const QString &logicalType)
{
    return convertSpelling(logicalType, 0);
}

api::JsonArrowSchema ArrowSchemaConverter::convert(const ManifestContents &contents)
{
    // Children by parent id, in manifest order (pre-order, so siblings keep their order).
    QHash<qint32, QList<qsizetype>> children;
    QHash<qint32, qsizetype> byId;
    for (qsizetype i = 0; i < contents.fields.size(); ++i) {
        byId.insert(contents.fields.at(i).id, i);
    }
    QList<qsizetype> roots;
    for (qsizetype i = 0; i < contents.fields.size(); ++i) {
        const ManifestContents::SchemaField &field = contents.fields.at(i);
        // A parent that is missing, or the field itself (a loop): top level, not lost.
        if (field.parentId < 0 || !byId.contains(field.parentId) || field.parentId == field.id) {
            roots.append(i);
        } else {
            children[field.parentId].append(i);
        }
    }
    // Built with an explicit depth bound: ids that form a cycle below the roots are cut off.
    std::function<JsonArrowField(qsizetype, int)> build = [&](qsizetype index, int depth) {
        const ManifestContents::SchemaField &field = contents.fields.at(index);
        JsonArrowField out = convertField(field);
        if (depth < MaxInnerDepth * 4) {
            for (const qsizetype child : children.value(field.id)) {
                out.type.fields.push_back(build(child, depth + 1));
            }
        }
        return out;
    };
    api::JsonArrowSchema schema;
    for (const qsizetype root : std::as_const(roots)) {
        schema.fields.push_back(build(root, 0));
    }
    schema.metadata = contents.schemaMetadata;
    return schema;
}

} // namespace lance::format
