// SPDX-License-Identifier: Apache-2.0
#include "catalog/CompactNameList.h"

namespace lance::catalog {

void CompactNameList::append(const QStringList &names)
{
    m_ends.reserve(m_ends.size() + size_t(names.size()));
    for (const QString &name : names) {
        m_utf8.append(name.toUtf8());
        m_ends.push_back(quint32(m_utf8.size()));
    }
}

QByteArrayView CompactNameList::utf8At(qsizetype index) const
{
    const quint32 begin = index == 0 ? 0 : m_ends[size_t(index - 1)];
    return QByteArrayView(m_utf8.constData() + begin, m_ends[size_t(index)] - begin);
}

qsizetype CompactNameList::indexOf(const QString &name, qsizetype from) const
{
    const QByteArray wanted = name.toUtf8();
    for (qsizetype i = from; i < size(); ++i) {
        if (utf8At(i) == QByteArrayView(wanted)) {
            return i;
        }
    }
    return -1;
}

void CompactNameList::squeeze()
{
    m_utf8.squeeze();
    m_ends.shrink_to_fit();
}

qsizetype CompactNameList::memoryUsage() const
{
    return m_utf8.capacity() + qsizetype(m_ends.capacity() * sizeof(quint32));
}

} // namespace lance::catalog
