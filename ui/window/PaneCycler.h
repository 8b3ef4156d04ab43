// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>

#include <functional>

class QWidget;

namespace lance::ui {

/// F6 and Shift+F6: the keyboard focus moves from pane to pane (the catalog tree, the centre
/// tab, the docks), as in KDE applications and Windows Explorer. Tab stays for moving within a
/// pane; nobody has to press it 25 times to leave the request log.
///
/// `panes` is asked each time, so the list follows what is shown (the empty state in place of
/// the tree, a hidden dock). Each pane gets the focus at its first item view, or else at its
/// first widget that takes focus from the keyboard.
class PaneCycler : public QObject
{
    Q_OBJECT

public:
    PaneCycler(std::function<QList<QWidget *>()> panes, QObject *parent = nullptr);

    void next() { move(1); }
    void previous() { move(-1); }

    /// Where the focus goes in `pane`; null when nothing in it takes focus.
    static QWidget *focusTarget(QWidget *pane);

private:
    void move(int step);

    std::function<QList<QWidget *>()> m_panes;
};

} // namespace lance::ui
