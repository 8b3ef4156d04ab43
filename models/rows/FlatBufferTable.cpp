// SPDX-License-Identifier: Apache-2.0
#include "rows/FlatBufferTable.h"

#include <algorithm>

namespace lance::rows {

std::optional<FlatBufferTable> FlatBufferTable::root(QByteArrayView bytes)
{
    if (bytes.size() < 4) {
        return std::nullopt;
    }
    return at(bytes, qsizetype(qFromLittleEndian<quint32>(bytes.data())));
}

std::optional<FlatBufferTable> FlatBufferTable::at(QByteArrayView bytes, qsizetype table)
{
    if (table < 0 || table > bytes.size() - 4) {
        return std::nullopt;
    }
    const qint64 vtable = qint64(table) - qFromLittleEndian<qint32>(bytes.data() + table);
    if (vtable < 0 || vtable > bytes.size() - 4) {
        return std::nullopt;
    }
    const auto size = qFromLittleEndian<quint16>(bytes.data() + vtable);
    if (size < 4 || vtable + size > bytes.size()) {
        return std::nullopt;
    }
    return FlatBufferTable(bytes, table);
}

quint16 FlatBufferTable::fieldOffset(int field) const
{
    const qint64 vtable = qint64(m_table) - qFromLittleEndian<qint32>(m_bytes.data() + m_table);
    const auto size = qFromLittleEndian<quint16>(m_bytes.data() + vtable);
    const qint64 entry = 4 + qint64(field) * 2;
    if (field < 0 || entry + 2 > size) {
        return 0;
    }
    return qFromLittleEndian<quint16>(m_bytes.data() + vtable + entry);
}

qsizetype FlatBufferTable::fieldAt(int field, qsizetype size) const
{
    const quint16 offset = fieldOffset(field);
    if (offset == 0 || m_table + offset + size > m_bytes.size()) {
        return -1;
    }
    return m_table + offset;
}

qsizetype FlatBufferTable::vectorAt(int field, qsizetype elementSize, qsizetype &count) const
{
    const qsizetype at = fieldAt(field, 4);
    if (at < 0) {
        return -1;
    }
    const qint64 vector = qint64(at) + qFromLittleEndian<quint32>(m_bytes.data() + at);
    if (vector > m_bytes.size() - 4) {
        return -1;
    }
    const qint64 length = qFromLittleEndian<quint32>(m_bytes.data() + vector);
    if (length > (m_bytes.size() - vector - 4) / std::max<qsizetype>(elementSize, 1)) {
        return -1;
    }
    count = qsizetype(length);
    return qsizetype(vector);
}

std::optional<FlatBufferTable> FlatBufferTable::table(int field) const
{
    const qsizetype at = fieldAt(field, 4);
    if (at < 0) {
        return std::nullopt;
    }
    return FlatBufferTable::at(m_bytes,
                               at + qsizetype(qFromLittleEndian<quint32>(m_bytes.data() + at)));
}

std::optional<QList<FlatBufferTable>> FlatBufferTable::tables(int field) const
{
    qsizetype count = 0;
    const qsizetype vector = vectorAt(field, 4, count);
    if (vector < 0) {
        return std::nullopt;
    }
    QList<FlatBufferTable> out;
    for (qsizetype i = 0; i < count; ++i) {
        const qsizetype slot = vector + 4 + i * 4;
        auto table
            = at(m_bytes, slot + qsizetype(qFromLittleEndian<quint32>(m_bytes.data() + slot)));
        if (!table) {
            return std::nullopt;
        }
        out.append(*table);
    }
    return out;
}

std::optional<QByteArrayView> FlatBufferTable::structs(int field, qsizetype size,
                                                       qsizetype &count) const
{
    const qsizetype vector = vectorAt(field, size, count);
    if (vector < 0) {
        return std::nullopt;
    }
    return m_bytes.sliced(vector + 4, count * size);
}

std::optional<QString> FlatBufferTable::string(int field) const
{
    qsizetype count = 0;
    const qsizetype vector = vectorAt(field, 1, count);
    if (vector < 0) {
        return std::nullopt;
    }
    return QString::fromUtf8(m_bytes.sliced(vector + 4, count));
}

} // namespace lance::rows
