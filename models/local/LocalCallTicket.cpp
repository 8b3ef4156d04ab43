// SPDX-License-Identifier: Apache-2.0
#include "local/LocalCallTicket.h"

#include "api/ThreadHandoff.h"

namespace lance::local {

LocalCallTicket::LocalCallTicket(api::ThreadHandoff *receiver, std::function<void()> notify)
    : m_receiver(receiver)
    , m_notify(std::move(notify))
{}

bool LocalCallTicket::start()
{
    State expected = State::Queued;
    return m_state.compare_exchange_strong(expected, State::Running);
}

void LocalCallTicket::finished()
{
    m_state.store(State::Done);
    const QMutexLocker locker(&m_mutex);
    if (m_receiver) {
        // A copy travels with the event: m_notify belongs to the receiver's thread.
        m_receiver->post(m_notify);
    }
}

bool LocalCallTicket::cancelIfQueued()
{
    State expected = State::Queued;
    return m_state.compare_exchange_strong(expected, State::Cancelled);
}

void LocalCallTicket::detach()
{
    const QMutexLocker locker(&m_mutex);
    m_receiver = nullptr;
}

} // namespace lance::local
