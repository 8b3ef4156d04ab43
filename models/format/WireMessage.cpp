// SPDX-License-Identifier: Apache-2.0
#include "format/WireMessage.h"

#include <utility>

namespace lance::format {

WireMessage::WireMessage(QByteArrayView bytes, QString where, Problem &problem)
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
    if (field || !m_reader.problem()) {
        return field;
    }
    switch (*m_reader.problem()) {
    case ProtobufReader::Problem::CutShort:
        fail(tr("%1 is cut short: a field runs past the end of its message.").arg(m_where));
        break;
    case ProtobufReader::Problem::Overlong:
        fail(tr("%1 is damaged: a number is longer than 64 bits.").arg(m_where));
        break;
    case ProtobufReader::Problem::Group:
        fail(tr("%1 holds a protobuf group (wire type %2), which Lance never writes.")
                 .arg(m_where)
                 .arg(m_reader.badWireType()));
        break;
    case ProtobufReader::Problem::UnknownWireType:
        fail(tr("%1 is damaged: it holds a field of the undefined wire type %2.")
                 .arg(m_where)
                 .arg(m_reader.badWireType()));
        break;
    case ProtobufReader::Problem::FieldNumberZero:
        fail(tr("%1 is damaged: it holds a field with an invalid number.").arg(m_where));
        break;
    }
    return std::nullopt;
}

WireMessage WireMessage::nested(const Field &field, const QString &where)
{
    return WireMessage(expectWireType(field, 2) ? field.bytes : QByteArrayView(), where,
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
             .arg(m_where)
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

void WireMessage::appendInt32s(const Field &field, QList<qint32> &out)
{
    QList<quint64> values;
    appendUInt64s(field, values);
    for (const quint64 value : std::as_const(values)) {
        out.append(qint32(quint32(value & 0xFFFFFFFFU)));
    }
}

void WireMessage::appendUInt64s(const Field &field, QList<quint64> &out)
{
    if (field.wireType == 0) {
        out.append(field.varint);
        return;
    }
    if (!expectWireType(field, 2)) {
        return;
    }
    // A packed run is varints back to back, with no keys: read here with ProtobufReader's
    // checks (no more than ten bytes, nothing beyond 64 bits, nothing past the run's end).
    const QByteArrayView run = field.bytes;
    qsizetype position = 0;
    while (position < run.size()) {
        quint64 value = 0;
        int shift = 0;
        bool done = false;
        while (position < run.size() && shift < 64) {
            const auto byte = static_cast<unsigned char>(run[position++]);
            if (shift == 63 && (byte & 0x7E) != 0) {
                shift = 64; // the tenth byte may only carry the 64th bit
                break;
            }
            value |= quint64(byte & 0x7F) << shift;
            if ((byte & 0x80) == 0) {
                done = true;
                break;
            }
            shift += 7;
        }
        if (!done) {
            fail(shift >= 64 ? tr("%1 is damaged: a number is longer than 64 bits.").arg(m_where)
                             : tr("%1 is cut short: a packed list of numbers ends inside a "
                                  "number.")
                                   .arg(m_where));
            return;
        }
        out.append(value);
    }
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
