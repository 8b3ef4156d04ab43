// SPDX-License-Identifier: Apache-2.0
#include "rest/SendOnceBody.h"

#include <algorithm>
#include <cstring>

namespace lance::rest {

SendOnceBody::SendOnceBody(QByteArray data, QObject *parent)
    : QIODevice(parent)
    , m_data(std::move(data))
{
    open(QIODevice::ReadOnly);
}

qint64 SendOnceBody::bytesAvailable() const
{
    return (m_data.size() - m_offset) + QIODevice::bytesAvailable();
}

bool SendOnceBody::atEnd() const
{
    return m_offset >= m_data.size() && QIODevice::bytesAvailable() == 0;
}

qint64 SendOnceBody::readData(char *data, qint64 maxSize)
{
    const qint64 count = std::min<qint64>(maxSize, m_data.size() - m_offset);
    if (count <= 0) {
        return m_offset >= m_data.size() ? -1 : 0;
    }
    std::memcpy(data, m_data.constData() + m_offset, std::size_t(count));
    m_offset += count;
    return count;
}

qint64 SendOnceBody::writeData(const char *, qint64)
{
    return -1;
}

} // namespace lance::rest
