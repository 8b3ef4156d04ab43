// SPDX-License-Identifier: Apache-2.0
#include "PaletteOverride.h"

#include <QApplication>
#include <QPalette>
#include <QStyleFactory>

using namespace Qt::StringLiterals;

namespace lance::browser {

void PaletteOverride::applyFromEnvironment()
{
    const QString wanted = qEnvironmentVariable(Variable).trimmed().toLower();
    if (wanted != "dark"_L1 && wanted != "light"_L1) {
        return;
    }
    QApplication::setStyle(QStyleFactory::create(u"Fusion"_s));
    // Qt derives every role (text, base, highlight, disabled) from the window colour.
    QPalette palette(wanted == "dark"_L1 ? QColor(0x2a, 0x2c, 0x2f) : QColor(0xef, 0xef, 0xef));
    if (wanted == "dark"_L1) {
        palette.setColor(QPalette::Base, palette.color(QPalette::Window).darker(125));
        palette.setColor(QPalette::AlternateBase, palette.color(QPalette::Window));
        QColor placeholder = palette.color(QPalette::WindowText);
        placeholder.setAlphaF(0.5);
        palette.setColor(QPalette::PlaceholderText, placeholder);
    }
    QApplication::setPalette(palette);
}

} // namespace lance::browser
