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
        fail(tr("%1 is cut short: a field runs past the end of its message.").arg(m_where));
        break;
    case ProtobufReader::Problem::Overlong:
        fail(tr("%1 is damaged: a number is longer than 64 bits.").arg(m_where));
        break;
    case ProtobufReader::Problem::Group:
        fail(tr("%1 holds a protobuf group (wire type %2), which Lance never writes.")
                 .arg(m_where)
                 .arg(reader.badWireType()));
        break;
    case ProtobufReader::Problem::UnknownWireType:
        fail(tr("%1 is damaged: it holds a field of the undefined wire type %2.")
                 .arg(m_where)
                 .arg(reader.badWireType()));
        break;
    case ProtobufReader::Problem::FieldNumberZero:
        fail(tr("%1 is damaged: it holds a field with an invalid number.").arg(m_where));
        break;
    }
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
    // A packed run is varints back to back, with no keys.
    ProtobufReader run(field.bytes);
    while (const std::optional<quint64> value = run.nextVarint()) {
        out.append(*value);
    }
    failOn(run);
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
