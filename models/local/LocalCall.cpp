// SPDX-License-Identifier: Apache-2.0
#include "local/LocalCall.h"

#include "api/ThreadHandoff.h"
#include "local/LocalCallTicket.h"

namespace lance::local {

LocalCall::LocalCall(const api::OperationInfo &operation, QUrl where, QObject *context,
                     Finish finish, QObject *parent)
    : api::Cancellable(parent)
    , m_operation(operation.name())
    , m_where(std::move(where))
    , m_access(operation.access)
    , m_context(context)
    , m_hasContext(context != nullptr)
    , m_finish(std::move(finish))
    // The worker's answer comes back through a handoff of this object's thread.
    , m_ticket(
          std::make_shared<LocalCallTicket>(new api::ThreadHandoff(this), [this] { onWorkDone(); }))
{
    if (context) {
        connect(context, &QObject::destroyed, this, &LocalCall::onContextDestroyed);
    }
}

LocalCall::~LocalCall()
{
    // From now on the worker cannot post to this object; work not started never will.
    m_ticket->cancelIfQueued();
    m_ticket->detach();
}

void LocalCall::failLater(api::ApiError error)
{
    m_ticket->cancelIfQueued();
    finishLater(std::move(error));
}

void LocalCall::cancel()
{
    if (m_finished) {
        return;
    }
    if (m_ticket->cancelIfQueued() || m_access == api::OperationInfo::Access::Read) {
        finishLater(api::ApiError::cancelled(m_operation, m_where));
    }
    // Otherwise a write is running or done: its real answer follows.
}

void LocalCall::onWorkDone()
{
    if (m_finished) {
        return; // cancelled while it ran: the result is dropped
    }
    m_finished = true;
    deliver(std::nullopt);
}

void LocalCall::onContextDestroyed()
{
    // Nobody is left to tell: work not started is skipped, work running is not waited for.
    m_ticket->cancelIfQueued();
    m_finished = true;
    m_abandoned = true;
    deleteLater();
}

void LocalCall::finishLater(std::optional<api::ApiError> error)
{
    if (m_finished) {
        return;
    }
    m_finished = true;
    // Queued even when the answer is known now: callbacks never run inside the call.
    QMetaObject::invokeMethod(
        this, [this, error = std::move(error)]() mutable { deliver(std::move(error)); },
        Qt::QueuedConnection);
}

void LocalCall::deliver(std::optional<api::ApiError> error)
{
    deleteLater();
    if (m_abandoned || (m_hasContext && m_context.isNull())) {
        return;
    }
    // Moved out first: the callback may cancel or destroy things that lead back here.
    Finish finish = std::move(m_finish);
    m_finish = nullptr;
    if (finish) {
        finish(std::move(error));
    }
}

} // namespace lance::local
