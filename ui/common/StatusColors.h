// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QColor>
#include <QPalette>

namespace lance::ui {

/// The only fixed colours of the window: the status tones of the environment band and of
/// message banners. Everything else follows the palette. Each tone has a variant for light and
/// one for dark palettes, and text on it is black or white, whichever contrasts more.
class StatusColors
{
public:
    enum class Tone {
        Neutral,     //!< no status: derived from the palette
        Information, //!< blue
        Positive,    //!< green: development, success
        Warning,     //!< amber: staging, warnings
        Negative,    //!< red: production, errors
    };

    /// True when `palette`'s window is darker than its text.
    static bool isDark(const QPalette &palette);
    /// The strong colour of `tone` (a band's background, a banner's border and accent).
    static QColor accent(Tone tone, const QPalette &palette);
    /// A background for an inline message of `tone`: the window colour tinted with the accent.
    static QColor tint(Tone tone, const QPalette &palette);
    /// Black or white, whichever contrasts more with `background`.
    static QColor textOn(const QColor &background);
    /// The WCAG 2 contrast ratio of two colours, from 1 to 21.
    static double contrastRatio(const QColor &a, const QColor &b);
};

} // namespace lance::ui
