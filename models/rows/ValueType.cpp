// SPDX-License-Identifier: Apache-2.0
#include "rows/ValueType.h"

#include "api/ErrorCode.h"

#include <QStringList>

using namespace Qt::StringLiterals;
using lance::api::ApiError;

namespace lance::rows {

namespace {

// A fixed-size list of a fixed-size list nests; Lance writes none deeper than this.
constexpr int MaxTypeDepth = 4;

api::Result<ValueType> parseAt(const QString &spelling, int depth)
{
    using TypeKind = ValueType::Kind;
    ValueType type;
    type.spelling = spelling;
    const auto simple = [&](TypeKind kind, int bytes) {
        type.kind = kind;
        type.bytes = bytes;
        return type;
    };
    static const QList<std::pair<QString, std::pair<TypeKind, int>>> Simple = {
        {u"bool"_s, {TypeKind::Bool, 1}},     {u"int8"_s, {TypeKind::Int, 1}},
        {u"int16"_s, {TypeKind::Int, 2}},     {u"int32"_s, {TypeKind::Int, 4}},
        {u"int64"_s, {TypeKind::Int, 8}},     {u"uint8"_s, {TypeKind::UInt, 1}},
        {u"uint16"_s, {TypeKind::UInt, 2}},   {u"uint32"_s, {TypeKind::UInt, 4}},
        {u"uint64"_s, {TypeKind::UInt, 8}},   {u"halffloat"_s, {TypeKind::Float, 2}},
        {u"float"_s, {TypeKind::Float, 4}},   {u"double"_s, {TypeKind::Float, 8}},
        {u"string"_s, {TypeKind::Utf8, 0}},   {u"binary"_s, {TypeKind::Binary, 0}},
        {u"struct"_s, {TypeKind::Struct, 0}}, {u"list"_s, {TypeKind::List, 0}},
    };
    for (const auto &[name, kindAndBytes] : Simple) {
        if (spelling == name) {
            return simple(kindAndBytes.first, kindAndBytes.second);
        }
    }
    if (spelling == u"large_string"_s || spelling == u"large_binary"_s
        || spelling == u"large_list"_s) {
        type = *parseAt(spelling.mid(6), depth);
        type.spelling = spelling;
        type.large = true;
        return type;
    }
    // A list of structs: its `item` child is the struct.
    if (spelling == u"list.struct"_s || spelling == u"large_list.struct"_s) {
        type.kind = TypeKind::List;
        type.large = spelling.startsWith(u"large"_s);
        return type;
    }
    const QStringList parts = spelling.split(u':');
    const QString &head = parts.front();
    const auto unsupported = [&] {
        return ApiError::catalog(
            api::ErrorCode::Unsupported,
            ValueType::tr("The type “%1” is not one this version reads.").arg(spelling));
    };
    bool ok = parts.size() >= 2;
    if (head == u"date32"_s && parts.size() == 2 && parts[1] == u"day"_s) {
        type.unit = parts[1];
        return simple(TypeKind::Date, 4);
    }
    if (head == u"date64"_s && parts.size() == 2 && parts[1] == u"ms"_s) {
        type.unit = parts[1];
        return simple(TypeKind::Date, 8);
    }
    if ((head == u"time32"_s || head == u"time64"_s) && parts.size() == 2) {
        type.unit = parts[1];
        return simple(TypeKind::Time, head == u"time32"_s ? 4 : 8);
    }
    if (head == u"duration"_s && parts.size() == 2) {
        type.unit = parts[1];
        return simple(TypeKind::Duration, 8);
    }
    if (head == u"timestamp"_s && parts.size() == 3) {
        type.unit = parts[1];
        type.timezone = parts[2] == u"-"_s ? QString() : parts[2];
        return simple(TypeKind::Timestamp, 8);
    }
    if (head == u"decimal"_s && parts.size() == 4) {
        const int bits = parts[1].toInt(&ok);
        type.precision = ok ? parts[2].toInt(&ok) : 0;
        type.scale = ok ? parts[3].toInt(&ok) : 0;
        if (ok && (bits == 128 || bits == 256)) {
            return simple(TypeKind::Decimal, bits / 8);
        }
        return unsupported();
    }
    if (head == u"fixed_size_binary"_s && parts.size() == 2) {
        const int bytes = parts[1].toInt(&ok);
        if (ok && bytes > 0) {
            return simple(TypeKind::FixedSizeBinary, bytes);
        }
        return unsupported();
    }
    if (head == u"fixed_size_list"_s && parts.size() >= 3 && depth < MaxTypeDepth) {
        // Vectors of more than a million items are refused rather than allocated.
        const qint64 size = parts.back().toLongLong(&ok);
        if (!ok || size <= 0 || size > (qint64{1} << 20)) {
            return unsupported();
        }
        auto item = parseAt(parts.mid(1, parts.size() - 2).join(u':'), depth + 1);
        if (!item) {
            return item.error();
        }
        type.kind = TypeKind::FixedSizeList;
        type.listSize = size;
        type.items.push_back(std::move(*item));
        return type;
    }
    return unsupported();
}

} // namespace

api::Result<ValueType> ValueType::parse(const QString &spelling)
{
    return parseAt(spelling, 0);
}

bool ValueType::isFixedWidth() const
{
    return !isVariableWidth() && !isNested();
}

bool ValueType::isNested() const
{
    return kind == Kind::List || kind == Kind::FixedSizeList || kind == Kind::Struct;
}

} // namespace lance::rows
