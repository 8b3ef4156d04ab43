// SPDX-License-Identifier: Apache-2.0
#include "demo/ManifestTimestamp.h"

#include <QtEndian>

namespace lance::demo {

namespace {

constexpr qsizetype FooterSize = 16;
constexpr int TimestampField = 7;

// Just enough of the protobuf wire format to walk one message's fields.
class WireReader
{
public:
    explicit WireReader(QByteArrayView bytes)
        : m_bytes(bytes)
    {}

    bool atEnd() const { return m_position >= m_bytes.size(); }

    std::optional<quint64> varint()
    {
        quint64 value = 0;
        for (int shift = 0; shift < 64 && m_position < m_bytes.size(); shift += 7) {
            const auto byte = quint8(m_bytes[m_position++]);
            value |= quint64(byte & 0x7f) << shift;
            if ((byte & 0x80) == 0) {
                return value;
            }
        }
        return std::nullopt;
    }

    /// Skips a field's value of `wireType`, or answers its bytes when it is length-delimited.
    std::optional<QByteArrayView> value(int wireType)
    {
        qsizetype length = 0;
        switch (wireType) {
        case 0:
            return varint() ? std::optional(QByteArrayView()) : std::nullopt;
        case 1:
            length = 8;
            break;
        case 2: {
            const std::optional<quint64> size = varint();
            if (!size || *size > quint64(m_bytes.size() - m_position)) {
                return std::nullopt;
            }
            length = qsizetype(*size);
            break;
        }
        case 5:
            length = 4;
            break;
        default:
            return std::nullopt;
        }
        if (length > m_bytes.size() - m_position) {
            return std::nullopt;
        }
        const QByteArrayView bytes = m_bytes.sliced(m_position, length);
        m_position += length;
        return bytes;
    }

private:
    QByteArrayView m_bytes;
    qsizetype m_position = 0;
};

// The protobuf message a manifest file carries, or nothing.
std::optional<QByteArrayView> manifestMessage(QByteArrayView file)
{
    if (file.size() < FooterSize || !file.endsWith("LANC")) {
        return std::nullopt;
    }
    const quint64 offset = qFromLittleEndian<quint64>(file.data() + file.size() - FooterSize);
    const quint64 footer = quint64(file.size() - FooterSize);
    if (offset > footer || footer - offset < 4) {
        return std::nullopt;
    }
    const quint32 length = qFromLittleEndian<quint32>(file.data() + offset);
    if (length > footer - offset - 4) {
        return std::nullopt;
    }
    return file.sliced(qsizetype(offset) + 4, qsizetype(length));
}

std::optional<QDateTime> timestampOf(QByteArrayView message)
{
    qint64 seconds = 0;
    qint64 nanos = 0;
    WireReader reader(message);
    while (!reader.atEnd()) {
        const std::optional<quint64> key = reader.varint();
        if (!key) {
            return std::nullopt;
        }
        const int field = int(*key >> 3);
        if ((field == 1 || field == 2) && (*key & 7) == 0) {
            const std::optional<quint64> number = reader.varint();
            if (!number) {
                return std::nullopt;
            }
            (field == 1 ? seconds : nanos) = qint64(*number);
        } else if (!reader.value(int(*key & 7))) {
            return std::nullopt;
        }
    }
    return QDateTime::fromMSecsSinceEpoch(seconds * 1000 + nanos / 1000000, Qt::UTC);
}

} // namespace

std::optional<QDateTime> ManifestTimestamp::read(QByteArrayView manifest)
{
    const std::optional<QByteArrayView> message = manifestMessage(manifest);
    if (!message) {
        return std::nullopt;
    }
    WireReader reader(*message);
    while (!reader.atEnd()) {
        const std::optional<quint64> key = reader.varint();
        if (!key) {
            return std::nullopt;
        }
        const std::optional<QByteArrayView> value = reader.value(int(*key & 7));
        if (!value) {
            return std::nullopt;
        }
        if (int(*key >> 3) == TimestampField && (*key & 7) == 2) {
            return timestampOf(*value);
        }
    }
    return std::nullopt;
}

} // namespace lance::demo
