// SPDX-License-Identifier: Apache-2.0
#include "AccessLog.h"

#include <QByteArray>

namespace lance::server {

namespace {

// Control characters in a path could forge log lines; they are shown as `?`.
QByteArray printable(QByteArrayView text)
{
    QByteArray out = text.toByteArray();
    for (char &c : out) {
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
            c = '?';
        }
    }
    return out;
}

} // namespace

AccessLog::AccessLog(std::FILE *stream)
    : m_stream(stream)
{}

void AccessLog::record(QByteArrayView method, QByteArrayView rawPath, int status,
                       double milliseconds)
{
    const QByteArray line = printable(method) + ' ' + printable(rawPath) + ' '
                            + QByteArray::number(status) + ' '
                            + QByteArray::number(milliseconds, 'f', 1) + " ms\n";
    std::lock_guard lock(m_mutex);
    std::fwrite(line.constData(), 1, std::size_t(line.size()), m_stream);
    std::fflush(m_stream);
}

} // namespace lance::server
