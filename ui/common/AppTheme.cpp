// SPDX-License-Identifier: Apache-2.0
#include "ui/common/AppTheme.h"

#include <QApplication>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

using namespace Qt::StringLiterals;

namespace lance::ui {

namespace {

struct Started
{
    QString style;
    QPalette palette;
};

// What the app started with, taken before the first change, for System.
Started &started()
{
    static Started original{QApplication::style()->name(), QApplication::palette()};
    return original;
}

AppTheme::Theme &applied()
{
    static AppTheme::Theme theme = AppTheme::Theme::System;
    return theme;
}

QPalette paletteFor(AppTheme::Theme theme)
{
    const bool dark = theme == AppTheme::Theme::Dark;
    // Qt derives every role (text, base, highlight, disabled) from the window colour.
    QPalette palette(dark ? QColor(0x2a, 0x2c, 0x2f) : QColor(0xef, 0xef, 0xef));
    if (dark) {
        palette.setColor(QPalette::Base, palette.color(QPalette::Window).darker(125));
        palette.setColor(QPalette::AlternateBase, palette.color(QPalette::Window));
        QColor placeholder = palette.color(QPalette::WindowText);
        placeholder.setAlphaF(0.5);
        palette.setColor(QPalette::PlaceholderText, placeholder);
    }
    return palette;
}

} // namespace

void AppTheme::apply(Theme theme)
{
    const Started &original = started();
    if (theme == Theme::System) {
        QApplication::setStyle(QStyleFactory::create(original.style));
        QApplication::setPalette(original.palette);
    } else {
        QApplication::setStyle(QStyleFactory::create(u"Fusion"_s));
        QApplication::setPalette(paletteFor(theme));
    }
    applied() = theme;
}

std::optional<AppTheme::Theme> AppTheme::fromEnvironment()
{
    const QString wanted = qEnvironmentVariable(Variable).trimmed().toLower();
    if (wanted == "dark"_L1) {
        return Theme::Dark;
    }
    if (wanted == "light"_L1) {
        return Theme::Light;
    }
    return std::nullopt;
}

AppTheme::Theme AppTheme::current()
{
    return applied();
}

} // namespace lance::ui
