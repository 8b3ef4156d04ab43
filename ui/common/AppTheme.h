// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "settings/AppSettings.h"

#include <optional>

namespace lance::ui {

/// View > Theme: the desktop's own style and palette (System), or the Fusion style with a
/// palette Qt derives from one light or one dark window colour, so the app reads the same on
/// every desktop and where no desktop theme runs (offscreen, CI). Switching back to System
/// restores what the app started with. Every colour of the window follows the palette
/// (StatusColors, PaletteIconEngine), so a switch repaints everything.
///
/// `LCB_TEST_PALETTE=dark` (or `light`) in the environment chooses for screenshots and tests,
/// above the saved setting, without changing it.
class AppTheme
{
public:
    using Theme = settings::AppSettings::Theme;
    static constexpr char Variable[] = "LCB_TEST_PALETTE";

    /// Applies `theme` to the running application; call after QApplication exists.
    static void apply(Theme theme);
    /// The theme `LCB_TEST_PALETTE` asks for, if any.
    static std::optional<Theme> fromEnvironment();
    /// The last theme apply() applied (System before any).
    static Theme current();
};

} // namespace lance::ui
