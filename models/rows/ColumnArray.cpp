// SPDX-License-Identifier: Apache-2.0
#include "rows/ColumnArray.h"

#include <algorithm>

namespace lance::rows {

namespace {
using ArrayKind = ValueType::Kind;
} // namespace

qint64 ColumnArray::nullCount() const
{
    return validity.isEmpty() ? 0 : validity.count('\0');
}

ColumnArray ColumnArray::take(const QList<qint64> &rows) const
{
    ColumnArray out;
    out.name = name;
    out.fieldId = fieldId;
    out.type = type;
    out.length = rows.size();
    if (!validity.isEmpty()) {
        out.validity.resize(rows.size());
        for (qsizetype i = 0; i < rows.size(); ++i) {
            out.validity[i] = validity.at(rows.at(i));
        }
        if (!out.validity.contains('\0')) {
            out.validity.clear();
        }
    }
    if (type.isFixedWidth()) {
        const qsizetype width = type.bytes;
        out.values.resize(rows.size() * width);
        char *to = out.values.data();
        for (const qint64 row : rows) {
            std::copy_n(values.constData() + row * width, width, to);
            to += width;
        }
        return out;
    }
    if (type.kind == ArrayKind::FixedSizeList) {
        QList<qint64> items;
        items.reserve(rows.size() * type.listSize);
        for (const qint64 row : rows) {
            for (qint64 i = 0; i < type.listSize; ++i) {
                items.append(row * type.listSize + i);
            }
        }
        out.children.append(children.front().take(items));
        return out;
    }
    if (type.kind == ArrayKind::Struct) {
        for (const ColumnArray &child : children) {
            out.children.append(child.take(rows));
        }
        return out;
    }
    // Strings, binaries and lists: new offsets over what the rows span.
    out.offsets.reserve(rows.size() + 1);
    out.offsets.append(0);
    QList<qint64> items;
    for (const qint64 row : rows) {
        const qint64 from = offsets.at(row);
        const qint64 to = offsets.at(row + 1);
        if (type.kind == ArrayKind::List) {
            for (qint64 i = from; i < to; ++i) {
                items.append(i);
            }
        } else {
            out.values.append(values.constData() + from, to - from);
        }
        out.offsets.append(out.offsets.back() + (to - from));
    }
    if (type.kind == ArrayKind::List) {
        out.children.append(children.front().take(items));
    }
    return out;
}

ColumnArray ColumnArray::slice(qint64 from, qint64 count) const
{
    QList<qint64> rows(count);
    for (qint64 i = 0; i < count; ++i) {
        rows[i] = from + i;
    }
    return take(rows);
}

void ColumnArray::append(const ColumnArray &other)
{
    if (!validity.isEmpty() || !other.validity.isEmpty()) {
        if (validity.isEmpty()) {
            validity.fill('\1', length);
        }
        if (other.validity.isEmpty()) {
            validity.append(QByteArray(other.length, '\1'));
        } else {
            validity.append(other.validity);
        }
    }
    if (type.kind == ArrayKind::List || type.isVariableWidth()) {
        if (offsets.isEmpty()) {
            offsets.append(0);
        }
        const qint64 base = offsets.back() - other.offsets.value(0);
        for (qsizetype i = 1; i < other.offsets.size(); ++i) {
            offsets.append(base + other.offsets.at(i));
        }
    }
    if (type.kind != ArrayKind::List && type.kind != ArrayKind::Struct
        && type.kind != ArrayKind::FixedSizeList) {
        values.append(other.values);
    }
    if (children.isEmpty()) {
        children = other.children;
    } else {
        for (qsizetype i = 0; i < children.size() && i < other.children.size(); ++i) {
            children[i].append(other.children.at(i));
        }
    }
    length += other.length;
}

ColumnArray ColumnArray::nullsLike(qint64 count) const
{
    ColumnArray out;
    out.name = name;
    out.fieldId = fieldId;
    out.type = type;
    out.length = count;
    out.validity.fill('\0', count);
    if (type.isFixedWidth()) {
        out.values.fill('\0', count * type.bytes);
    } else if (type.kind == ArrayKind::List || type.isVariableWidth()) {
        out.offsets.fill(0, count + 1);
    }
    for (const ColumnArray &child : children) {
        out.children.append(child.nullsLike(type.kind == ArrayKind::FixedSizeList
                                                ? count * type.listSize
                                            : type.kind == ArrayKind::Struct ? count
                                                                             : 0));
    }
    return out;
}

} // namespace lance::rows
