// SPDX-License-Identifier: Apache-2.0
#include "ui/activity/ActivityIndicator.h"

#include "ui/common/Icons.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QStringList>
#include <QToolButton>

using namespace Qt::StringLiterals;

namespace lance::ui {

ActivityIndicator::ActivityIndicator(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"activityIndicator"_s);
    m_busyBar = new QProgressBar(this);
    m_busyBar->setObjectName(u"activityBusyBar"_s);
    m_busyBar->setRange(0, 0);
    m_busyBar->setTextVisible(false);
    m_busyBar->setFixedSize(72, fontMetrics().height() * 2 / 3);
    m_busyBar->setAccessibleName(tr("Working"));
    m_summaryLabel = new QLabel(this);
    m_summaryLabel->setObjectName(u"activitySummaryLabel"_s);
    m_summaryLabel->setTextFormat(Qt::PlainText);
    m_cancelButton = new QToolButton(this);
    m_cancelButton->setObjectName(u"cancelActivityButton"_s);
    m_cancelButton->setIcon(Icons::icon(Icons::Id::Cancel));
    m_cancelButton->setText(tr("Cancel"));
    m_cancelButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_cancelButton->setAutoRaise(true);
    m_cancelButton->setToolTip(tr("Cancel the running requests"));
    m_cancelButton->setAccessibleName(tr("Cancel the running requests"));

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(6);
    layout->addWidget(m_busyBar);
    layout->addWidget(m_summaryLabel);
    layout->addWidget(m_cancelButton);

    connect(m_cancelButton, &QToolButton::clicked, this, &ActivityIndicator::onCancelClicked);
    hide();
}

void ActivityIndicator::setRunning(int count, const QString &summary)
{
    m_count = qMax(0, count);
    const QString text
        = m_count > 1 ? tr("%1 (and %n more)", nullptr, m_count - 1).arg(summary) : summary;
    m_summaryLabel->setText(text);
    const QString description = tr("%n request(s) running", nullptr, m_count);
    setToolTip(description);
    setAccessibleDescription(description);
    setVisible(m_count > 0);
}

QString ActivityIndicator::summaryText() const
{
    return m_summaryLabel->text();
}

void ActivityIndicator::setTracker(activity::ActivityTracker *tracker)
{
    if (m_tracker) {
        m_tracker->disconnect(this);
    }
    m_tracker = tracker;
    if (!m_tracker) {
        setRunning(0, QString());
        return;
    }
    connect(m_tracker, &activity::ActivityTracker::changed, this,
            &ActivityIndicator::onTrackerChanged);
    // Gone with its owner (a connection switch): nothing it tracked runs any more.
    connect(m_tracker, &QObject::destroyed, this, [this] { setRunning(0, QString()); });
    onTrackerChanged();
}

void ActivityIndicator::onTrackerChanged()
{
    const QList<activity::ActivityTracker::Activity> running = m_tracker->running();
    // The newest is what the person just did, so it is what they look for.
    setRunning(int(running.size()), running.isEmpty() ? QString() : running.last().description);
    if (!running.isEmpty()) {
        QStringList lines{toolTip()};
        for (auto activity = running.crbegin(); activity != running.crend(); ++activity) {
            lines.append(tr("• %1").arg(activity->description));
        }
        setToolTip(lines.join(u'\n'));
    }
}

void ActivityIndicator::onCancelClicked()
{
    if (m_tracker) {
        m_tracker->cancelAll();
    }
    emit cancelRequested();
}

} // namespace lance::ui
