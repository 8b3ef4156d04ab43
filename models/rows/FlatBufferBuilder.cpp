// SPDX-License-Identifier: Apache-2.0
#include "rows/FlatBufferBuilder.h"

#include <QtEndian>

#include <algorithm>

namespace lance::rows {

namespace {

void pad(QByteArray &out, qsizetype alignment)
{
    while (out.size() % alignment != 0) {
        out.append('\0');
    }
}

template <typename T> void put(QByteArray &out, qsizetype at, T value)
{
    qToLittleEndian<T>(value, out.data() + at);
}

template <typename T> void append(QByteArray &out, T value)
{
    const qsizetype at = out.size();
    out.resize(at + qsizetype(sizeof(T)));
    put<T>(out, at, value);
}

// Writes `object` at the end of `out` and answers where it starts (where an offset to it
// points: a table's start, a vector's or string's length word).
qsizetype write(QByteArray &out, const FlatBufferBuilder::Object &object);

// Writes each pending child after what is written and points its offset field at it.
void writeChildren(QByteArray &out,
                   const QList<std::pair<qsizetype, FlatBufferBuilder::ObjectPointer>> &pending)
{
    for (const auto &[slot, child] : pending) {
        const qsizetype at = write(out, *child);
        put<quint32>(out, slot, quint32(at - slot));
    }
}

qsizetype write(QByteArray &out, const FlatBufferBuilder::Object &object)
{
    QList<std::pair<qsizetype, FlatBufferBuilder::ObjectPointer>> pending;
    if (const auto *text = std::get_if<QString>(&object.content)) {
        const QByteArray utf8 = text->toUtf8();
        pad(out, 4);
        const qsizetype at = out.size();
        append<quint32>(out, quint32(utf8.size()));
        out.append(utf8);
        out.append('\0');
        return at;
    }
    if (const auto *bytes = std::get_if<QByteArray>(&object.content)) {
        // The structs after the length word must sit on 8 bytes.
        pad(out, 4);
        if ((out.size() + 4) % 8 != 0) {
            append<quint32>(out, 0);
        }
        const qsizetype at = out.size();
        append<quint32>(out, quint32(object.structs));
        out.append(*bytes);
        return at;
    }
    if (const auto *list = std::get_if<QList<FlatBufferBuilder::ObjectPointer>>(&object.content)) {
        pad(out, 4);
        const qsizetype at = out.size();
        append<quint32>(out, quint32(list->size()));
        for (const auto &child : *list) {
            pending.append({out.size(), child});
            append<quint32>(out, 0);
        }
        writeChildren(out, pending);
        return at;
    }
    const auto &table = std::get<FlatBufferBuilder::Table>(object.content);
    // The table's layout: the soffset, then the fields largest first, each aligned.
    struct Placed
    {
        int number;
        qsizetype offset;
    };
    auto fields = table.fields();
    std::stable_sort(fields.begin(), fields.end(),
                     [](const auto &a, const auto &b) { return a.size > b.size; });
    QList<Placed> placed;
    qsizetype size = 4;
    for (const auto &field : fields) {
        size = (size + field.size - 1) / field.size * field.size;
        placed.append({field.number, size});
        size += field.size;
    }
    int highest = -1;
    for (const auto &field : fields) {
        highest = std::max(highest, field.number);
    }
    const qsizetype vtableSize = 4 + 2 * (highest + 1);
    pad(out, 2);
    const qsizetype vtable = out.size();
    out.resize(vtable + vtableSize);
    std::fill(out.begin() + vtable, out.end(), '\0');
    // The table on 8 bytes, so that its 8-byte fields are aligned too.
    pad(out, 8);
    const qsizetype start = out.size();
    out.resize(start + size);
    std::fill(out.begin() + start, out.end(), '\0');
    put<quint16>(out, vtable, quint16(vtableSize));
    put<quint16>(out, vtable + 2, quint16(size));
    put<qint32>(out, start, qint32(start - vtable));
    for (qsizetype i = 0; i < fields.size(); ++i) {
        const auto &field = fields.at(i);
        const qsizetype at = start + placed.at(i).offset;
        put<quint16>(out, vtable + 4 + 2 * field.number, quint16(placed.at(i).offset));
        if (field.child) {
            pending.append({at, field.child});
            continue;
        }
        switch (field.size) {
        case 1:
            out[at] = char(field.value);
            break;
        case 2:
            put<qint16>(out, at, qint16(field.value));
            break;
        case 4:
            put<qint32>(out, at, qint32(field.value));
            break;
        default:
            put<qint64>(out, at, field.value);
            break;
        }
    }
    writeChildren(out, pending);
    return start;
}

} // namespace

FlatBufferBuilder::Table &FlatBufferBuilder::Table::scalar8(int field, quint8 value)
{
    m_fields.append({field, 1, value, nullptr});
    return *this;
}

FlatBufferBuilder::Table &FlatBufferBuilder::Table::scalar16(int field, qint16 value)
{
    m_fields.append({field, 2, value, nullptr});
    return *this;
}

FlatBufferBuilder::Table &FlatBufferBuilder::Table::scalar32(int field, qint32 value)
{
    m_fields.append({field, 4, value, nullptr});
    return *this;
}

FlatBufferBuilder::Table &FlatBufferBuilder::Table::scalar64(int field, qint64 value)
{
    m_fields.append({field, 8, value, nullptr});
    return *this;
}

FlatBufferBuilder::Table &FlatBufferBuilder::Table::object(int field, ObjectPointer child)
{
    m_fields.append({field, 4, 0, std::move(child)});
    return *this;
}

FlatBufferBuilder::ObjectPointer FlatBufferBuilder::table(Table table)
{
    return std::make_shared<Object>(Object{std::move(table), 0});
}

FlatBufferBuilder::ObjectPointer FlatBufferBuilder::tables(QList<ObjectPointer> tables)
{
    return std::make_shared<Object>(Object{std::move(tables), 0});
}

FlatBufferBuilder::ObjectPointer FlatBufferBuilder::structs(QByteArray bytes, qsizetype count)
{
    return std::make_shared<Object>(Object{std::move(bytes), count});
}

FlatBufferBuilder::ObjectPointer FlatBufferBuilder::string(const QString &text)
{
    return std::make_shared<Object>(Object{text, 0});
}

QByteArray FlatBufferBuilder::finish(const ObjectPointer &root)
{
    QByteArray out;
    append<quint32>(out, 0);
    const qsizetype at = write(out, *root);
    put<quint32>(out, 0, quint32(at));
    pad(out, 8);
    return out;
}

} // namespace lance::rows
