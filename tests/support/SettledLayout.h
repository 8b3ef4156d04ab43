// SPDX-License-Identifier: Apache-2.0
#pragma once

class QWidget;

namespace lance::test {

/// Waits until a window's layouts have settled, before a screenshot or a measurement: layout
/// requests and posted events are delivered until no widget below `top` moves, resizes, shows
/// or hides between two rounds. False (with a warning) when that does not happen within
/// `timeoutMs`.
struct SettledLayout
{
    static bool wait(QWidget &top, int timeoutMs = 5000);
};

} // namespace lance::test
