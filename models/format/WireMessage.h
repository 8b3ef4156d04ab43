// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"
#include "format/ProtobufReader.h"
#include "format/WirePlace.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

namespace lance::format {

/// One protobuf message of a Lance file being decoded: ProtobufReader's walk plus what every
/// field needs, the check of its wire type and its conversion, and the first problem found, as
/// a sentence that names where it is ("fragment 3 of the manifest").
///
/// Problems are shared by a message and the messages nested in it (one Problem per decode):
/// after the first, next() ends every walk and the getters answer defaults, so a decoder reads
/// straight on and asks failed() once at the end.
class WireMessage
{
    Q_DECLARE_TR_FUNCTIONS(WireMessage)

public:
    using Field = ProtobufReader::Field;

    /// The first problem of one decode.
    struct Problem
    {
        std::optional<QString> text;
    };

    /// `where` names the message in problems, e.g. "the manifest" or "fragment 3".
    WireMessage(QByteArrayView bytes, WirePlace where, Problem &problem);

    /// The next field; nothing at the end, on a malformed field, or after any problem.
    std::optional<Field> next();
    /// A message nested in `field` (wire type 2), sharing this decode's problem.
    WireMessage nested(const Field &field, WirePlace where);

    quint64 uint64(const Field &field);
    /// int32 fields travel as 64-bit two's complement: -1 is ten bytes.
    qint32 int32(const Field &field);
    bool boolean(const Field &field);
    /// A string field; invalid UTF-8 (in `bytes` metadata values) is replaced, not refused.
    QString text(const Field &field);
    QByteArrayView bytes(const Field &field);
    /// A repeated int32 or uint64, packed (wire type 2) or one value per field (wire type 0).
    void appendInt32s(const Field &field, QList<qint32> &out);
    void appendUInt64s(const Field &field, QList<quint64> &out);
    /// One entry `{1 key, 2 value}` of a map of strings (or of bytes, read as text). A repeated
    /// key: the last one wins, as protobuf says.
    void insertMapEntry(const Field &field, api::StringMap &out);

    bool failed() const { return m_problem->text.has_value(); }
    /// Records `text` unless a problem was recorded already.
    void fail(const QString &text);
    QString where() const { return m_where.text(); }

private:
    bool expectWireType(const Field &field, int wireType);
    /// Records why `reader` stopped, when it stopped on a problem.
    void failOn(const ProtobufReader &reader);
    /// appendInt32s() and appendUInt64s().
    template <typename T> void appendVarints(const Field &field, QList<T> &out);

    ProtobufReader m_reader;
    WirePlace m_where;
    Problem *m_problem;
};

} // namespace lance::format
