// SPDX-License-Identifier: Apache-2.0
#include "storage/CallControl.h"

#include <algorithm>
#include <limits>
#include <utility>

namespace lance::storage {

CallControl::CallControl(int milliseconds)
    : m_deadline(milliseconds)
    , m_cancellation(std::make_shared<Cancellation>())
{}

CallControl::CallControl(QDeadlineTimer deadline, std::shared_ptr<Cancellation> cancellation)
    : m_deadline(deadline)
    , m_cancellation(cancellation ? std::move(cancellation) : std::make_shared<Cancellation>())
{}

int CallControl::remainingMilliseconds() const
{
    if (m_deadline.isForever()) {
        return std::numeric_limits<int>::max();
    }
    if (m_deadline.hasExpired()) {
        return 0;
    }
    return static_cast<int>(
        std::clamp<qint64>(m_deadline.remainingTime(), 1, std::numeric_limits<int>::max()));
}

} // namespace lance::storage
