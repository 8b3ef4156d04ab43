// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "activity/ActivityTracker.h"

#include <QPointer>
#include <QWidget>

class QLabel;
class QProgressBar;
class QToolButton;

namespace lance::ui {

/// The status bar's view of work in flight: a busy bar, what is running, and Cancel. Hidden
/// while nothing runs. Either it follows an ActivityTracker (setTracker(): the count, the newest
/// activity, every running one in the tooltip, and Cancel cancels them all), or whoever tracks
/// the work calls setRunning() and cancels on cancelRequested(). Cancel always emits
/// cancelRequested().
///
/// Object names for tests: `activitySummaryLabel`, `cancelActivityButton`.
class ActivityIndicator : public QWidget
{
    Q_OBJECT

public:
    explicit ActivityIndicator(QWidget *parent = nullptr);

    /// `count` requests are running; `summary` names one of them ("Listing tables of sales").
    /// A count of 0 hides the indicator.
    void setRunning(int count, const QString &summary);
    int runningCount() const { return m_count; }
    QString summaryText() const;

    /// Shows what `tracker` runs from now on (null: stop following). Each change of the tracker
    /// replaces what setRunning() showed. Not owned; it may be destroyed first.
    void setTracker(activity::ActivityTracker *tracker);
    activity::ActivityTracker *tracker() const { return m_tracker; }

signals:
    void cancelRequested();

private:
    void onTrackerChanged();
    void onCancelClicked();

    QPointer<activity::ActivityTracker> m_tracker;
    QProgressBar *m_busyBar = nullptr;
    QLabel *m_summaryLabel = nullptr;
    QToolButton *m_cancelButton = nullptr;
    int m_count = 0;
};

} // namespace lance::ui
