// SPDX-License-Identifier: Apache-2.0
#include "format/ProtobufReader.h"

#include <limits>

namespace lance::format {

namespace {

constexpr int MaxVarintBytes = 10; // 64 bits in 7-bit groups
constexpr quint64 MaxKey = std::numeric_limits<quint32>::max();

} // namespace

std::optional<quint64> ProtobufReader::nextVarint()
{
    return atEnd() ? std::nullopt : varint();
}

std::optional<ProtobufReader::Field> ProtobufReader::next()
{
    if (atEnd()) {
        return std::nullopt;
    }
    const std::optional<quint64> key = varint();
    if (!key) {
        return std::nullopt;
    }
    // Field numbers are at most 2^29-1, so a valid key always fits 32 bits.
    if (*key > MaxKey || (*key >> 3) == 0) {
        return fail(Problem::FieldNumberZero);
    }
    Field field;
    field.number = quint32(*key >> 3);
    field.wireType = int(*key & 7);
    switch (field.wireType) {
    case 0: {
        const std::optional<quint64> value = varint();
        if (!value) {
            return std::nullopt;
        }
        field.varint = *value;
        return field;
    }
    case 1:
    case 5: {
        const std::optional<quint64> value = fixed(field.wireType == 1 ? 8 : 4);
        if (!value) {
            return std::nullopt;
        }
        field.varint = *value;
        return field;
    }
    case 2: {
        const std::optional<quint64> length = varint();
        if (!length) {
            return std::nullopt;
        }
        // Compared as unsigned before any conversion: a length near 2^64 must not wrap.
        if (*length > quint64(m_bytes.size() - m_position)) {
            return fail(Problem::CutShort);
        }
        field.bytes = m_bytes.sliced(m_position, qsizetype(*length));
        m_position += qsizetype(*length);
        return field;
    }
    case 3:
    case 4:
        m_badWireType = field.wireType;
        return fail(Problem::Group);
    default:
        m_badWireType = field.wireType;
        return fail(Problem::UnknownWireType);
    }
}

std::optional<quint64> ProtobufReader::varint()
{
    // Most varints (keys, lengths of small messages) are one byte.
    if (m_position < m_bytes.size() && quint8(m_bytes[m_position]) < 0x80) {
        return quint8(m_bytes[m_position++]);
    }
    quint64 value = 0;
    for (int index = 0; index < MaxVarintBytes; ++index) {
        if (m_position >= m_bytes.size()) {
            return fail(Problem::CutShort);
        }
        const auto byte = quint8(m_bytes[m_position++]);
        // The tenth byte carries bit 63 only; anything more would not fit 64 bits.
        if (index == MaxVarintBytes - 1 && byte > 1) {
            return fail(Problem::Overlong);
        }
        value |= quint64(byte & 0x7f) << (7 * index);
        if ((byte & 0x80) == 0) {
            return value;
        }
    }
    return fail(Problem::Overlong);
}

std::optional<quint64> ProtobufReader::fixed(qsizetype size)
{
    if (size > m_bytes.size() - m_position) {
        return fail(Problem::CutShort);
    }
    quint64 value = 0;
    for (qsizetype index = 0; index < size; ++index) {
        value |= quint64(quint8(m_bytes[m_position + index])) << (8 * index);
    }
    m_position += size;
    return value;
}

std::nullopt_t ProtobufReader::fail(Problem problem)
{
    m_problem = problem;
    m_position = m_bytes.size();
    return std::nullopt;
}

} // namespace lance::format
