// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <utility>

namespace lance::format {

/// Appends protobuf fields in wire format, the few kinds a Lance manifest and transaction
/// need: varints (wire type 0) and length-delimited bytes, strings and nested messages (2).
/// Values are written in their shortest form, as Lance's writer (prost) writes them; a caller
/// that must keep a field as it was copies its bytes with appendRaw().
class ProtobufWriter
{
public:
    void appendVarint(quint32 field, quint64 value);
    void appendBytes(quint32 field, QByteArrayView bytes);
    void appendString(quint32 field, const QString &text) { appendBytes(field, text.toUtf8()); }
    /// A field copied byte for byte from another message (key included).
    void appendRaw(QByteArrayView field) { m_bytes.append(field); }

    const QByteArray &bytes() const { return m_bytes; }
    QByteArray take() { return std::exchange(m_bytes, {}); }

    /// `value` as a bare varint, for length prefixes and packed values.
    static void appendVarintTo(QByteArray &out, quint64 value);

private:
    void appendKey(quint32 field, int wireType);

    QByteArray m_bytes;
};

} // namespace lance::format
