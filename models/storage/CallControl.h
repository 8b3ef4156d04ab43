// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "storage/Cancellation.h"

#include <QDeadlineTimer>

#include <memory>

namespace lance::storage {

/// What bounds one store call, retries included: a deadline and a cancellation that may be
/// shared with other calls. Copies share the cancellation.
class CallControl
{
public:
    /// A deadline `milliseconds` from now and a cancellation of its own.
    explicit CallControl(int milliseconds = DefaultMilliseconds);
    CallControl(QDeadlineTimer deadline, std::shared_ptr<Cancellation> cancellation);

    static constexpr int DefaultMilliseconds = 30000;

    QDeadlineTimer deadline() const { return m_deadline; }
    Cancellation &cancellation() const { return *m_cancellation; }

    bool isCancelled() const { return m_cancellation->isCancelled(); }
    bool hasExpired() const { return m_deadline.hasExpired(); }
    /// Milliseconds left, at least 1 (0 only once expired).
    int remainingMilliseconds() const;

private:
    QDeadlineTimer m_deadline;
    std::shared_ptr<Cancellation> m_cancellation;
};

} // namespace lance::storage
