// SPDX-License-Identifier: Apache-2.0
#include "ui/common/MessageBanner.h"

#include "api/ApiError.h"
#include "ui/common/Icons.h"
#include "ui/common/StatusColors.h"

#include <QAccessible>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

#include <utility>

using namespace Qt::StringLiterals;

namespace lance::ui {

namespace {

// How a severity looks and reads: its colour, its icon and its name for screen readers.
struct Look
{
    StatusColors::Tone tone;
    Icons::Id icon;
    const char *name;
};

Look lookOf(MessageBanner::Severity severity)
{
    static constexpr Look Looks[] = {
        {StatusColors::Tone::Information, Icons::Id::Information,
         QT_TRANSLATE_NOOP("lance::ui::MessageBanner", "Information")},
        {StatusColors::Tone::Positive, Icons::Id::Positive,
         QT_TRANSLATE_NOOP("lance::ui::MessageBanner", "Success")},
        {StatusColors::Tone::Warning, Icons::Id::Warning,
         QT_TRANSLATE_NOOP("lance::ui::MessageBanner", "Warning")},
        {StatusColors::Tone::Negative, Icons::Id::Error,
         QT_TRANSLATE_NOOP("lance::ui::MessageBanner", "Error")},
    };
    return Looks[int(severity)];
}

} // namespace

MessageBanner::MessageBanner(QWidget *parent)
    : QFrame(parent)
{
    setObjectName(u"messageBanner"_s);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    setFocusPolicy(Qt::NoFocus);

    m_iconLabel = new QLabel(this);
    m_iconLabel->setObjectName(u"messageIconLabel"_s);
    m_iconLabel->setAlignment(Qt::AlignTop | Qt::AlignHCenter);
    m_messageLabel = new QLabel(this);
    m_messageLabel->setObjectName(u"messageLabel"_s);
    m_messageLabel->setTextFormat(Qt::PlainText);
    m_messageLabel->setWordWrap(true);
    m_messageLabel->setTextInteractionFlags(Qt::TextSelectableByMouse
                                            | Qt::TextSelectableByKeyboard);
    m_messageLabel->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);

    m_retryButton = new QPushButton(Icons::icon(Icons::Id::Refresh), tr("&Retry"), this);
    m_retryButton->setObjectName(u"retryButton"_s);
    m_actionButton = new QPushButton(this);
    m_actionButton->setObjectName(u"actionButton"_s);
    m_actionButton->hide();
    m_detailsButton = new QPushButton(tr("&Details"), this);
    m_detailsButton->setObjectName(u"detailsButton"_s);
    m_detailsButton->setCheckable(true);
    m_closeButton = new QToolButton(this);
    m_closeButton->setObjectName(u"closeButton"_s);
    m_closeButton->setIcon(Icons::icon(Icons::Id::Close));
    m_closeButton->setAutoRaise(true);
    m_closeButton->setToolTip(tr("Close this message (Escape)"));
    m_closeButton->setAccessibleName(tr("Close message"));

    m_detailsText = new QPlainTextEdit(this);
    m_detailsText->setObjectName(u"detailsText"_s);
    m_detailsText->setReadOnly(true);
    m_detailsText->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_detailsText->setMaximumHeight(m_detailsText->fontMetrics().lineSpacing() * 8);
    m_detailsText->setAccessibleName(tr("Message details"));
    m_detailsText->hide();

    auto *row = new QHBoxLayout;
    row->setSpacing(8);
    row->addWidget(m_iconLabel, 0, Qt::AlignVCenter);
    row->addWidget(m_messageLabel, 1);
    row->addWidget(m_retryButton, 0, Qt::AlignVCenter);
    row->addWidget(m_actionButton, 0, Qt::AlignVCenter);
    row->addWidget(m_detailsButton, 0, Qt::AlignVCenter);
    row->addWidget(m_closeButton, 0, Qt::AlignVCenter);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 5, 5, 5);
    layout->setSpacing(6);
    layout->addLayout(row);
    layout->addWidget(m_detailsText);

    connect(m_retryButton, &QPushButton::clicked, this, &MessageBanner::onRetryClicked);
    connect(m_actionButton, &QPushButton::clicked, this, [this] {
        if (m_action) {
            m_action(); // the banner stays: what it says is still true
        }
    });
    connect(m_detailsButton, &QPushButton::toggled, this, &MessageBanner::onDetailsToggled);
    connect(m_closeButton, &QToolButton::clicked, this, &MessageBanner::dismiss);
    hide();
}

void MessageBanner::showMessage(Severity severity, const QString &text, const QString &details,
                                bool retryable)
{
    m_retry = nullptr; // an earlier message's Retry must not outlive it
    m_action = nullptr;
    m_actionButton->hide();
    m_severity = severity;
    const int iconSize = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    m_iconLabel->setPixmap(
        Icons::icon(lookOf(severity).icon).pixmap(QSize(iconSize, iconSize), devicePixelRatioF()));
    m_messageLabel->setText(text);
    m_detailsText->setPlainText(details);
    m_detailsButton->setChecked(false);
    m_detailsButton->setVisible(!details.isEmpty());
    m_retryButton->setVisible(retryable);
    setAccessibleName(tr(lookOf(severity).name));
    setAccessibleDescription(text);
    show();
    update();
    QAccessibleEvent alert(this, QAccessible::Alert);
    QAccessible::updateAccessibility(&alert);
}

void MessageBanner::showError(const api::ApiError &error, bool retryable)
{
    showMessage(Severity::Error, error.userMessage(), error.details(), retryable);
}

void MessageBanner::showRetryable(Severity severity, const QString &text, const QString &details,
                                  std::function<void()> retry)
{
    showMessage(severity, text, details, bool(retry));
    m_retry = std::move(retry);
}

void MessageBanner::setAction(const QString &label, std::function<void()> action)
{
    m_actionButton->setText(label);
    m_action = std::move(action);
    m_actionButton->setVisible(bool(m_action));
}

QString MessageBanner::actionText() const
{
    return m_actionButton->isHidden() ? QString() : m_actionButton->text();
}

QString MessageBanner::text() const
{
    return m_messageLabel->text();
}

QString MessageBanner::details() const
{
    return m_detailsText->toPlainText();
}

bool MessageBanner::isRetryable() const
{
    return !m_retryButton->isHidden();
}

bool MessageBanner::isShowingDetails() const
{
    return !m_detailsText->isHidden();
}

void MessageBanner::dismiss()
{
    hide();
    emit dismissed();
}

void MessageBanner::paintEvent(QPaintEvent *)
{
    const StatusColors::Tone tone = lookOf(m_severity).tone;
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(StatusColors::accent(tone, palette()), 1.0));
    painter.setBrush(StatusColors::tint(tone, palette()));
    painter.drawRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), 4, 4);
}

void MessageBanner::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Escape) {
        dismiss();
        return;
    }
    QFrame::keyPressEvent(event);
}

void MessageBanner::onRetryClicked()
{
    hide();
    // Taken first: the retry may show a new message, with a Retry of its own.
    const std::function<void()> retry = std::exchange(m_retry, nullptr);
    emit retryRequested();
    if (retry) {
        retry();
    }
}

void MessageBanner::onDetailsToggled(bool shown)
{
    m_detailsText->setVisible(shown);
    m_detailsButton->setText(shown ? tr("Hide &Details") : tr("&Details"));
    if (shown) {
        emit detailsRequested();
    }
}

} // namespace lance::ui
