// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArrayView>
#include <QList>
#include <QString>
#include <QtEndian>

#include <optional>

namespace lance::rows {

/// One table of a FlatBuffers message (the framing of Arrow IPC's metadata), read in place:
/// a table starts with the signed distance back to its vtable, which gives each field's offset
/// in the table (0 for absent). Every offset is checked against the message before it is
/// followed, so damaged bytes give an absent field or nullopt, never a read past the end.
/// Written from the FlatBuffers format description; small enough not to need the library.
class FlatBufferTable
{
public:
    /// The root table of `bytes` (a u32 offset to it at the start).
    static std::optional<FlatBufferTable> root(QByteArrayView bytes);

    bool has(int field) const { return fieldOffset(field) != 0; }
    /// A scalar field, or `fallback` when absent.
    template <typename T> T scalar(int field, T fallback) const
    {
        const qsizetype at = fieldAt(field, sizeof(T));
        return at < 0 ? fallback : qFromLittleEndian<T>(m_bytes.data() + at);
    }
    /// A field that is a table.
    std::optional<FlatBufferTable> table(int field) const;
    /// A vector of tables.
    std::optional<QList<FlatBufferTable>> tables(int field) const;
    /// A vector of structs of `size` bytes each: their bytes, back to back.
    std::optional<QByteArrayView> structs(int field, qsizetype size, qsizetype &count) const;
    std::optional<QString> string(int field) const;

private:
    FlatBufferTable(QByteArrayView bytes, qsizetype table)
        : m_bytes(bytes)
        , m_table(table)
    {}
    quint16 fieldOffset(int field) const;
    /// Where a field of `size` bytes starts, or -1 when absent or out of bounds.
    qsizetype fieldAt(int field, qsizetype size) const;
    /// Where the vector a field points to starts (its u32 length), or -1.
    qsizetype vectorAt(int field, qsizetype elementSize, qsizetype &count) const;
    static std::optional<FlatBufferTable> at(QByteArrayView bytes, qsizetype table);

    QByteArrayView m_bytes;
    qsizetype m_table = 0;
};

} // namespace lance::rows
