// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Cancellable.h"

#include <QPointer>

namespace lance::api {

/// A caller's grip on a request in flight. Copyable; becomes inert when the work finishes.
class RequestHandle
{
public:
    RequestHandle() = default;
    explicit RequestHandle(Cancellable *work)
        : m_work(work)
    {}

    /// Cancels the work if it is still running; its callback then reports Cancelled.
    void cancel()
    {
        if (m_work) {
            m_work->cancel();
        }
    }
    bool isRunning() const { return !m_work.isNull(); }
    /// The work in flight (it deletes itself when done); null once finished.
    Cancellable *work() const { return m_work; }

private:
    QPointer<Cancellable> m_work;
};

} // namespace lance::api
