// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QStringList>

class QMenuBar;
class QWidget;

namespace lance::test {

/// What a keyboard user meets, checked the way a person would notice it, each finding a
/// sentence naming the widget or action:
///  - mnemonics(): within one dialog or window, two controls answering the same Alt+letter
///    (labels count through their buddy; a window's menu titles count), and labels that show a
///    literal "&" because nothing is their buddy;
///  - menuMnemonics(): two items of one menu with the same underlined letter, and menu titles
///    that share one;
///  - shortcuts(): one key sequence on two actions of the window that are live at once (window
///    shortcuts, or widget shortcuts of the same widget), or twice on one action, which Qt
///    reports as "ambiguous" and then does nothing.
class KeyboardAudit
{
public:
    static QStringList mnemonics(const QWidget &dialog);
    static QStringList menuMnemonics(const QMenuBar &menuBar);
    static QStringList shortcuts(const QWidget &window);
    /// The letter after the first single "&" of `text`, lower case; empty without one.
    static QString mnemonicOf(const QString &text);
};

} // namespace lance::test
