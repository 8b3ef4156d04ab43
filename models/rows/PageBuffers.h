// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "format/DataFileLayout.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>

#include <functional>

namespace lance::rows {

/// Some buffers of a data file (a page's, a column's, or the file's global ones) and the means
/// to read them: a range of one is read only when asked for, so that a decoder reads no more of
/// a page than the rows it is asked for need. Every range is checked against its buffer and
/// against what this version reads at once before a byte is read, and what comes back against
/// what was asked. Keeps references: it lives no longer than one decode.
class PageBuffers
{
    Q_DECLARE_TR_FUNCTIONS(PageBuffers)

public:
    /// Bytes [position, position + size) of the file.
    using ReadRange = std::function<api::Result<QByteArray>(quint64 position, quint64 size)>;

    /// `where` names the page in problems.
    PageBuffers(const QList<format::DataFileLayout::Buffer> &buffers, const ReadRange &read,
                const QString &where)
        : m_buffers(buffers)
        , m_read(read)
        , m_where(where)
    {}

    qsizetype count() const { return m_buffers.size(); }
    quint64 size(qsizetype index) const { return m_buffers.at(index).size; }

    /// Bytes [offset, offset + size) of buffer `index` (< count()).
    api::Result<QByteArray> read(qsizetype index, quint64 offset, quint64 size) const;
    /// All of buffer `index`.
    api::Result<QByteArray> whole(qsizetype index) const { return read(index, 0, size(index)); }

private:
    const QList<format::DataFileLayout::Buffer> &m_buffers;
    const ReadRange &m_read;
    const QString &m_where;
};

} // namespace lance::rows
