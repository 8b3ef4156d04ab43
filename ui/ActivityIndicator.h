// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QWidget>

class QLabel;
class QProgressBar;
class QToolButton;

namespace lance::ui {

/// The status bar's view of work in flight: a busy bar, what is running, and Cancel. Hidden
/// while nothing runs. It only shows and asks: whoever tracks the requests (ActivityTracker)
/// calls setRunning() and cancels on cancelRequested().
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

signals:
    void cancelRequested();

private:
    QProgressBar *m_busyBar = nullptr;
    QLabel *m_summaryLabel = nullptr;
    QToolButton *m_cancelButton = nullptr;
    int m_count = 0;
};

} // namespace lance::ui
