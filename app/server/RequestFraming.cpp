// SPDX-License-Identifier: Apache-2.0
#include "RequestFraming.h"

#include <QByteArray>

#include <limits>

namespace lance::server {

namespace {

// The value of header `name` (lower case, with the colon) on `line`, if the line is that
// header; names compare case-insensitively.
std::optional<QByteArrayView> valueOf(QByteArrayView line, QByteArrayView name)
{
    if (line.size() < name.size()
        || QByteArrayView(line.first(name.size())).compare(name, Qt::CaseInsensitive) != 0) {
        return std::nullopt;
    }
    return line.sliced(name.size()).trimmed();
}

} // namespace

RequestFraming RequestFraming::of(QByteArrayView buffer)
{
    RequestFraming framing;
    const qsizetype end = buffer.indexOf(QByteArrayView("\r\n\r\n"));
    if (end < 0) {
        return framing;
    }
    framing.headerBytes = end + 4;
    std::optional<qint64> length;
    bool streamed = false;
    qsizetype lineStart = buffer.indexOf('\n') + 1; // past the request line
    while (lineStart > 0 && lineStart < end) {
        qsizetype lineEnd = buffer.indexOf('\n', lineStart);
        if (lineEnd < 0 || lineEnd > end) {
            lineEnd = end;
        }
        QByteArrayView line = buffer.sliced(lineStart, lineEnd - lineStart);
        if (line.endsWith('\r')) {
            line.chop(1);
        }
        if (const auto value = valueOf(line, "content-length:")) {
            bool ok = false;
            const qint64 parsed = QByteArray(value->data(), value->size()).toLongLong(&ok);
            if (!ok || parsed < 0 || length) {
                streamed = true; // the parser refuses it
            }
            length = parsed;
        } else if (valueOf(line, "transfer-encoding:") || valueOf(line, "expect:")) {
            streamed = true;
        }
        lineStart = lineEnd + 1;
    }
    if (streamed) {
        framing.state = State::Streamed;
        return framing;
    }
    const qint64 body = length.value_or(0);
    if (body > std::numeric_limits<qint64>::max() - framing.headerBytes) {
        framing.state = State::Streamed;
        return framing;
    }
    framing.totalBytes = framing.headerBytes + body;
    framing.state = buffer.size() >= framing.totalBytes ? State::Complete : State::BodyPending;
    return framing;
}

} // namespace lance::server
