// SPDX-License-Identifier: Apache-2.0
#include "ui/common/StatusColors.h"

#include <algorithm>
#include <cmath>

namespace lance::ui {

namespace {

double relativeLuminance(const QColor &color)
{
    const auto channel = [](double value) {
        return value <= 0.03928 ? value / 12.92 : std::pow((value + 0.055) / 1.055, 2.4);
    };
    const QColor rgb = color.toRgb();
    return 0.2126 * channel(rgb.redF()) + 0.7152 * channel(rgb.greenF())
           + 0.0722 * channel(rgb.blueF());
}

QColor mix(const QColor &base, const QColor &accent, double amount)
{
    const QColor a = base.toRgb();
    const QColor b = accent.toRgb();
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * amount),
                            float(a.greenF() + (b.greenF() - a.greenF()) * amount),
                            float(a.blueF() + (b.blueF() - a.blueF()) * amount));
}

} // namespace

bool StatusColors::isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness()
           < palette.color(QPalette::WindowText).lightness();
}

QColor StatusColors::accent(Tone tone, const QPalette &palette)
{
    const bool dark = isDark(palette);
    switch (tone) {
    case Tone::Neutral:
        return mix(palette.color(QPalette::Window), palette.color(QPalette::WindowText), 0.12);
    case Tone::Information:
        return dark ? QColor(0x1d, 0x5f, 0x96) : QColor(0x2a, 0x7a, 0xbf);
    case Tone::Positive:
        return dark ? QColor(0x23, 0x6b, 0x32) : QColor(0x2e, 0x7d, 0x32);
    case Tone::Warning:
        return dark ? QColor(0xc7, 0x8a, 0x12) : QColor(0xf2, 0xb1, 0x34);
    case Tone::Negative:
        return dark ? QColor(0xa3, 0x26, 0x26) : QColor(0xc6, 0x28, 0x28);
    }
    return palette.color(QPalette::Window);
}

QColor StatusColors::tint(Tone tone, const QPalette &palette)
{
    return mix(palette.color(QPalette::Window), accent(tone, palette),
               tone == Tone::Neutral ? 0.5 : 0.16);
}

QColor StatusColors::textOn(const QColor &background)
{
    const QColor black(Qt::black);
    const QColor white(Qt::white);
    return contrastRatio(background, black) >= contrastRatio(background, white) ? black : white;
}

double StatusColors::contrastRatio(const QColor &a, const QColor &b)
{
    const double la = relativeLuminance(a);
    const double lb = relativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

} // namespace lance::ui
