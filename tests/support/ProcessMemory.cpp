// SPDX-License-Identifier: Apache-2.0
#include "ProcessMemory.h"

#include <QFile>
#include <QString>

namespace lance::test {

qint64 ProcessMemory::residentKilobytes(qint64 pid)
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly)) {
        return -1;
    }
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:")) {
            return line.mid(6).trimmed().split(' ').first().toLongLong();
        }
    }
    return -1;
}

} // namespace lance::test
