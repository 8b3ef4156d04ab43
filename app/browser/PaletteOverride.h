// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace lance::browser {

/// For screenshots and tests only: `LCB_TEST_PALETTE=dark` (or `light`) in the environment
/// gives the app the Fusion style and a palette Qt derives from one dark (or light) window
/// colour, so both palettes can be checked where no desktop theme runs (offscreen, CI).
/// Without the variable the app follows the system palette, untouched.
class PaletteOverride
{
public:
    static constexpr char Variable[] = "LCB_TEST_PALETTE";

    /// Applies the palette the variable asks for; call after QApplication exists.
    static void applyFromEnvironment();
};

} // namespace lance::browser
