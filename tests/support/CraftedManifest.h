// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QtEndian>

namespace lance::test {

/// Builds manifest files byte by byte, for the cases no Lance writer produces: the wire format
/// of protobuf and the footer of a Lance manifest, with every number under the test's control.
class CraftedManifest
{
public:
    static QByteArray varint(quint64 value)
    {
        QByteArray bytes;
        do {
            const auto low = char(value & 0x7f);
            value >>= 7;
            bytes.append(value != 0 ? char(low | 0x80) : low);
        } while (value != 0);
        return bytes;
    }
    static QByteArray key(quint64 field, int wireType) { return varint(field << 3 | wireType); }
    static QByteArray varintField(quint64 field, quint64 value)
    {
        return key(field, 0) + varint(value);
    }
    static QByteArray bytesField(quint64 field, const QByteArray &bytes)
    {
        return key(field, 2) + varint(quint64(bytes.size())) + bytes;
    }
    /// A google.protobuf.Timestamp message (int64 and int32 as two's complement varints).
    static QByteArray timestamp(qint64 seconds, qint64 nanos)
    {
        return varintField(1, quint64(seconds)) + varintField(2, quint64(nanos));
    }
    /// The 16-byte footer: u64 offset, u16 major 0, u16 minor 2, "LANC".
    static QByteArray footer(quint64 offset)
    {
        QByteArray bytes(12, '\0');
        qToLittleEndian<quint64>(offset, bytes.data());
        qToLittleEndian<quint16>(2, bytes.data() + 10);
        return bytes + QByteArrayLiteral("LANC");
    }
    static QByteArray length(quint32 size)
    {
        QByteArray bytes(4, '\0');
        qToLittleEndian<quint32>(size, bytes.data());
        return bytes;
    }
    /// A whole file: `before` (as Lance's data before the manifest), the u32 length, `message`,
    /// `gap`, and a footer pointing at the length.
    static QByteArray file(const QByteArray &message, const QByteArray &before = {},
                           const QByteArray &gap = {})
    {
        return before + length(quint32(message.size())) + message + gap
               + footer(quint64(before.size()));
    }
};

} // namespace lance::test
