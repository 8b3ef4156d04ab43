// SPDX-License-Identifier: Apache-2.0
#include "format/WireMessage.h"

#include <type_traits>
#include <utility>

namespace lance::format {

WireMessage::WireMessage(QByteArrayView bytes, WirePlace where, Problem &problem)
    : m_reader(bytes)
    , m_where(std::move(where))
    , m_problem(&problem)
{}

std::optional<WireMessage::Field> WireMessage::next()
{
    if (failed()) {
        return std::nullopt;
    }
    std::optional<Field> field = m_reader.next();
    if (!field) {
        failOn(m_reader);
    }
    return field;
}

void WireMessage::failOn(const ProtobufReader &reader)
{
    if (!reader.problem()) {
        return;
    }
    switch (*reader.problem()) {
    case ProtobufReader::Problem::CutShort:
        fail(tr("%1 is cut short: a field runs past the end of its message.").arg(m_where.text()));
        break;
    case ProtobufReader::Problem::Overlong:
        fail(tr("%1 is damaged: a number is longer than 64 bits.").arg(m_where.text()));
        break;
    case ProtobufReader::Problem::Group:
        fail(tr("%1 holds a protobuf group (wire type %2), which Lance never writes.")
                 .arg(m_where.text())
                 .arg(reader.badWireType()));
        break;
    case ProtobufReader::Problem::UnknownWireType:
        fail(tr("%1 is damaged: it holds a field of the undefined wire type %2.")
                 .arg(m_where.text())
                 .arg(reader.badWireType()));
        break;
    case ProtobufReader::Problem::FieldNumberZero:
        fail(tr("%1 is damaged: it holds a field with an invalid number.").arg(m_where.text()));
        break;
    }
}

WireMessage WireMessage::nested(const Field &field, WirePlace where)
{
    return WireMessage(expectWireType(field, 2) ? field.bytes : QByteArrayView(), std::move(where),
                       *m_problem);
}

void WireMessage::fail(const QString &text)
{
    if (!failed()) {
        m_problem->text = text;
    }
}

bool WireMessage::expectWireType(const Field &field, int wireType)
{
    if (field.wireType == wireType) {
        return true;
    }
    fail(tr("%1 is not what Lance writes: its field %2 has wire type %3, not %4.")
             .arg(m_where.text())
             .arg(field.number)
             .arg(field.wireType)
             .arg(wireType));
    return false;
}

quint64 WireMessage::uint64(const Field &field)
{
    return expectWireType(field, 0) ? field.varint : 0;
}

qint32 WireMessage::int32(const Field &field)
{
    return expectWireType(field, 0) ? qint32(quint32(field.varint & 0xFFFFFFFFU)) : 0;
}

bool WireMessage::boolean(const Field &field)
{
    return expectWireType(field, 0) && field.varint != 0;
}

QString WireMessage::text(const Field &field)
{
    return expectWireType(field, 2) ? QString::fromUtf8(field.bytes) : QString();
}

QByteArrayView WireMessage::bytes(const Field &field)
{
    return expectWireType(field, 2) ? field.bytes : QByteArrayView();
}

template <typename T> void WireMessage::appendVarints(const Field &field, QList<T> &out)
{
    // int32s are the low 32 bits of a 64-bit varint (two's complement for negatives).
    const auto convert = [](quint64 value) {
        if constexpr (std::is_same_v<T, qint32>) {
            return qint32(quint32(value & 0xFFFFFFFFU));
        } else {
            return value;
        }
    };
    if (field.wireType == 0) {
        out.append(convert(field.varint));
        return;
    }
    if (!expectWireType(field, 2)) {
        return;
    }
    // A packed run is varints back to back, with no keys: at most one a byte.
    out.reserve(out.size() + field.bytes.size());
    ProtobufReader run(field.bytes);
    while (const std::optional<quint64> value = run.nextVarint()) {
        out.append(convert(*value));
    }
    failOn(run);
}

void WireMessage::appendInt32s(const Field &field, QList<qint32> &out)
{
    appendVarints(field, out);
}

void WireMessage::appendUInt64s(const Field &field, QList<quint64> &out)
{
    appendVarints(field, out);
}

void WireMessage::insertMapEntry(const Field &field, api::StringMap &out)
{
    WireMessage entry = nested(field, m_where);
    QString key;
    QString value;
    while (const std::optional<Field> part = entry.next()) {
        if (part->number == 1) {
            key = entry.text(*part);
        } else if (part->number == 2) {
            value = entry.text(*part);
        }
    }
    if (!failed()) {
        out.insert(key, value);
    }
}

} // namespace lance::format
