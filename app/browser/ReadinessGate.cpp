// SPDX-License-Identifier: Apache-2.0
#include "ReadinessGate.h"

namespace lance::browser {

ReadinessGate::ReadinessGate(QObject *parent)
    : QObject(parent)
{}

void ReadinessGate::require(const QString &condition)
{
    if (m_ready || m_pending.contains(condition) || m_satisfied.contains(condition)) {
        return;
    }
    m_pending << condition;
}

void ReadinessGate::satisfy(const QString &condition)
{
    if (m_ready || m_satisfied.contains(condition)) {
        return;
    }
    m_satisfied << condition; // also before it is required: require() then skips it
    if (m_pending.removeOne(condition) && m_pending.isEmpty()) {
        m_ready = true;
        emit ready();
    }
}

} // namespace lance::browser
