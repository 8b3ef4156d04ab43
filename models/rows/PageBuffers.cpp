// SPDX-License-Identifier: Apache-2.0
#include "rows/PageBuffers.h"

#include "rows/PageDecoder.h"
#include "rows/ValueDecoder.h"

using lance::api::ApiError;

namespace lance::rows {

api::Result<QByteArray> PageBuffers::read(qsizetype index, quint64 offset, quint64 size) const
{
    const auto &buffer = m_buffers.at(index);
    if (offset > buffer.size || size > buffer.size - offset) {
        return ValueDecoder::damaged(m_where, tr("a read runs past the end of its buffer"));
    }
    if (size > PageDecoder::MaxReadBytes) {
        return ApiError::invalidInput(
            tr("%1 takes %2 bytes, more than this version reads at once.").arg(m_where).arg(size));
    }
    auto got = m_read(buffer.position + offset, size);
    if (got && quint64(got->size()) != size) {
        return ApiError::invalidInput(tr("%1 could not be read whole.").arg(m_where));
    }
    return got;
}

} // namespace lance::rows
