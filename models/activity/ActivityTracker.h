// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/RequestHandle.h"

#include <QDateTime>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

namespace lance::activity {

/// The requests the browser has in flight, for the status bar's count and its Cancel button.
///
/// Whoever starts work that a person might want to stop (models loading pages, panels loading
/// details) hands its RequestHandle to track(); the entry leaves the list by itself when the
/// work finishes (its Cancellable is destroyed), whether it succeeded, failed or was cancelled.
/// Lives on the GUI thread.
class ActivityTracker : public QObject
{
    Q_OBJECT

public:
    struct Activity
    {
        quint64 id = 0;
        QString description; //!< translated, e.g. "Listing tables in sales"
        QDateTime startedAt;
    };

    using QObject::QObject;

    /// Follows `handle` until its work finishes. Returns the activity's id, or 0 when the work
    /// had already finished (nothing is tracked then).
    quint64 track(const QString &description, const api::RequestHandle &handle);

    int runningCount() const;
    QList<Activity> running() const; //!< oldest first

    /// Cancels one activity; its owner's callback then reports Cancelled.
    void cancel(quint64 id);
    void cancelAll();

signals:
    /// The list of running activities changed (one started or finished).
    void changed();

private:
    struct Entry
    {
        Activity activity;
        QPointer<api::Cancellable> work;
    };
    void onWorkDestroyed(quint64 id);

    QList<Entry> m_running; //!< oldest first
    quint64 m_lastId = 0;
};

} // namespace lance::activity
