// SPDX-License-Identifier: Apache-2.0
#include "format/ProtobufWriter.h"

namespace lance::format {

void ProtobufWriter::appendVarintTo(QByteArray &out, quint64 value)
{
    while (value >= 0x80) {
        out.append(char((value & 0x7f) | 0x80));
        value >>= 7;
    }
    out.append(char(value));
}

void ProtobufWriter::appendKey(quint32 field, int wireType)
{
    appendVarintTo(m_bytes, (quint64(field) << 3) | quint64(wireType));
}

void ProtobufWriter::appendVarint(quint32 field, quint64 value)
{
    appendKey(field, 0);
    appendVarintTo(m_bytes, value);
}

void ProtobufWriter::appendBytes(quint32 field, QByteArrayView bytes)
{
    appendKey(field, 2);
    appendVarintTo(m_bytes, quint64(bytes.size()));
    m_bytes.append(bytes);
}

} // namespace lance::format
