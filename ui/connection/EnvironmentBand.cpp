// SPDX-License-Identifier: Apache-2.0
#include "ui/connection/EnvironmentBand.h"

#include <QEvent>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>

using namespace Qt::StringLiterals;

namespace lance::ui {

namespace {

QLabel *bandLabel(const QString &objectName, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setTextFormat(Qt::PlainText);
    return label;
}

} // namespace

EnvironmentBand::EnvironmentBand(QWidget *parent)
    : QFrame(parent)
{
    setObjectName(u"environmentBand"_s);
    setFrameShape(QFrame::NoFrame);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);

    m_nameLabel = bandLabel(u"bandNameLabel"_s, this);
    QFont bold = m_nameLabel->font();
    bold.setBold(true);
    m_nameLabel->setFont(bold);
    m_environmentLabel = bandLabel(u"bandEnvironmentLabel"_s, this);
    QFont caps = font();
    caps.setCapitalization(QFont::AllUppercase);
    caps.setLetterSpacing(QFont::PercentageSpacing, 108);
    caps.setBold(true);
    caps.setPointSizeF(caps.pointSizeF() * 0.85);
    m_environmentLabel->setFont(caps);
    m_targetLabel = bandLabel(u"bandTargetLabel"_s, this);
    m_targetLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_targetLabel->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_targetLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_readOnlyLabel = bandLabel(u"bandReadOnlyLabel"_s, this);
    m_readOnlyLabel->setFont(caps);
    m_readOnlyLabel->setText(tr("Read-only"));
    m_readOnlyLabel->hide();

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 3, 10, 3);
    layout->setSpacing(12);
    layout->addWidget(m_nameLabel);
    layout->addWidget(m_environmentLabel);
    layout->addWidget(m_targetLabel, 1);
    layout->addWidget(m_readOnlyLabel);

    updateTexts();
    applyColors();
}

void EnvironmentBand::setConnection(const QString &name, std::optional<Environment> environment,
                                    const QString &target)
{
    m_name = name;
    m_environment = environment;
    m_target = target;
    updateTexts();
    applyColors();
}

void EnvironmentBand::setReadOnly(bool readOnly)
{
    m_readOnly = readOnly;
    m_readOnlyLabel->setVisible(readOnly);
    updateTexts();
}

QColor EnvironmentBand::bandColor() const
{
    return palette().color(QPalette::Window);
}

QColor EnvironmentBand::textColor() const
{
    return palette().color(QPalette::WindowText);
}

StatusColors::Tone EnvironmentBand::tone(std::optional<Environment> environment)
{
    if (!environment) {
        return StatusColors::Tone::Neutral;
    }
    switch (*environment) {
    case Environment::Development:
        return StatusColors::Tone::Positive;
    case Environment::Staging:
        return StatusColors::Tone::Warning;
    case Environment::Production:
        return StatusColors::Tone::Negative;
    }
    return StatusColors::Tone::Neutral;
}

void EnvironmentBand::changeEvent(QEvent *event)
{
    QFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && !m_applyingColors) {
        applyColors();
    }
}

void EnvironmentBand::resizeEvent(QResizeEvent *event)
{
    QFrame::resizeEvent(event);
    elideTarget();
}

void EnvironmentBand::paintEvent(QPaintEvent *event)
{
    // Painted here rather than by autoFillBackground, which a toolbar does not honour.
    QPainter painter(this);
    painter.fillRect(rect(), bandColor());
    QFrame::paintEvent(event);
}

void EnvironmentBand::applyColors()
{
    // The application palette, not our own: ours holds the band colours set last time.
    const QPalette base = parentWidget() ? parentWidget()->palette() : QGuiApplication::palette();
    const QColor background = StatusColors::accent(tone(m_environment), base);
    const QColor text
        = m_environment ? StatusColors::textOn(background) : base.color(QPalette::WindowText);
    QPalette band = base;
    for (const auto group : {QPalette::Active, QPalette::Inactive, QPalette::Disabled}) {
        band.setColor(group, QPalette::Window, background);
        band.setColor(group, QPalette::WindowText, text);
    }
    m_applyingColors = true;
    setPalette(band);
    m_applyingColors = false;
}

void EnvironmentBand::updateTexts()
{
    const QString environment
        = m_environment ? connection::ConnectionProfile::environmentLabel(*m_environment)
                        : QString();
    m_nameLabel->setText(m_name.isEmpty() ? tr("No connection") : m_name);
    m_environmentLabel->setText(environment);
    m_environmentLabel->setVisible(!environment.isEmpty());
    m_targetLabel->setToolTip(m_target);
    elideTarget();

    QStringList description{m_nameLabel->text()};
    if (!environment.isEmpty()) {
        description << tr("%1 environment").arg(environment);
    }
    if (!m_target.isEmpty()) {
        description << m_target;
    }
    if (m_readOnly) {
        description << tr("read-only");
    }
    setAccessibleName(tr("Connection"));
    setAccessibleDescription(description.join(u", "_s));
    setToolTip(description.join(u'\n'));
}

void EnvironmentBand::elideTarget()
{
    const int width = m_targetLabel->width();
    m_targetLabel->setText(
        width > 0 ? m_targetLabel->fontMetrics().elidedText(m_target, Qt::ElideMiddle, width)
                  : m_target);
}

} // namespace lance::ui
