// SPDX-License-Identifier: Apache-2.0
#include "activity/ActivityTracker.h"

#include <algorithm>

namespace lance::activity {

quint64 ActivityTracker::track(const QString &description, const api::RequestHandle &handle)
{
    api::Cancellable *work = handle.work();
    if (!work) {
        return 0;
    }
    const quint64 id = ++m_lastId;
    m_running.append({Activity{id, description, QDateTime::currentDateTime()}, work});
    // Every Cancellable deletes itself once its callback has run (or was dropped), so its end
    // is the one signal that covers success, failure and cancellation alike.
    connect(work, &QObject::destroyed, this, [this, id] { onWorkDestroyed(id); });
    emit changed();
    return id;
}

int ActivityTracker::runningCount() const
{
    return int(m_running.size());
}

QList<ActivityTracker::Activity> ActivityTracker::running() const
{
    QList<Activity> activities;
    activities.reserve(m_running.size());
    for (const Entry &entry : m_running) {
        activities.append(entry.activity);
    }
    return activities;
}

void ActivityTracker::cancel(quint64 id)
{
    const auto found = std::find_if(m_running.begin(), m_running.end(),
                                    [id](const Entry &entry) { return entry.activity.id == id; });
    if (found != m_running.end() && found->work) {
        // The entry stays until the work is gone: a started write may still run to its end.
        found->work->cancel();
    }
}

void ActivityTracker::cancelAll()
{
    // Copied first: cancelling may finish work, which changes the list.
    QList<QPointer<api::Cancellable>> works;
    for (const Entry &entry : std::as_const(m_running)) {
        works.append(entry.work);
    }
    for (const QPointer<api::Cancellable> &work : std::as_const(works)) {
        if (work) {
            work->cancel();
        }
    }
}

void ActivityTracker::onWorkDestroyed(quint64 id)
{
    const auto removed
        = std::remove_if(m_running.begin(), m_running.end(),
                         [id](const Entry &entry) { return entry.activity.id == id; });
    if (removed == m_running.end()) {
        return;
    }
    m_running.erase(removed, m_running.end());
    emit changed();
}

} // namespace lance::activity
