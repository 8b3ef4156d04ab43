// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArrayView>

#include <optional>

namespace lance::format {

/// Walks the fields of one protobuf message in wire format, trusting nothing in it: every
/// varint, length and fixed-size value is checked against the bytes that are really there.
///
/// Only what a Lance manifest needs: varints (wire type 0), fixed64 (1), length-delimited (2)
/// and fixed32 (5). Groups (3, 4), which Lance never writes, and the undefined wire types 6 and
/// 7 stop the walk with a Problem, as does field number 0.
class ProtobufReader
{
public:
    enum class Problem {
        CutShort,        //!< a key, varint or value runs past the end of the message
        Overlong,        //!< a varint of more than 10 bytes, or one that does not fit 64 bits
        Group,           //!< wire type 3 or 4 (start or end of a group)
        UnknownWireType, //!< wire type 6 or 7
        FieldNumberZero, //!< field number 0, or a key beyond 32 bits
    };

    struct Field
    {
        quint32 number = 0;
        int wireType = 0;
        quint64 varint = 0;   //!< the value of wire type 0, or of 1 and 5 read little-endian
        QByteArrayView bytes; //!< the value of wire type 2 (empty for the others)
    };

    /// `message` must outlive the reader and every Field it hands out.
    explicit ProtobufReader(QByteArrayView message)
        : m_bytes(message)
    {}

    bool atEnd() const { return m_position >= m_bytes.size(); }
    /// Where the next field starts, in bytes from the message's start: the bytes between two
    /// positions are one field exactly as it was written, for a writer that keeps them.
    qsizetype position() const { return m_position; }
    /// The next field, or nothing when the message ends or is malformed there (see problem()).
    /// After a problem the reader stays at its end.
    std::optional<Field> next();
    /// The next bare varint, for the values of a packed repeated field (varints with no keys):
    /// nothing at the end, or with problem() set when it is cut short or too long.
    std::optional<quint64> nextVarint();
    /// Why next() answered nothing; nothing when the message simply ended.
    std::optional<Problem> problem() const { return m_problem; }
    /// The wire type that stopped the walk with Group or UnknownWireType.
    int badWireType() const { return m_badWireType; }

private:
    std::optional<quint64> varint();
    std::optional<quint64> fixed(qsizetype size);
    std::nullopt_t fail(Problem problem);

    QByteArrayView m_bytes;
    qsizetype m_position = 0;
    std::optional<Problem> m_problem;
    int m_badWireType = 0;
};

} // namespace lance::format
