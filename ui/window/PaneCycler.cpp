// SPDX-License-Identifier: Apache-2.0
#include "ui/window/PaneCycler.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QTabBar>
#include <QWidget>

namespace lance::ui {

namespace {

bool takesKeyboardFocus(const QWidget *widget)
{
    return widget->isVisible() && widget->isEnabled()
           && (widget->focusPolicy() & Qt::TabFocus) == Qt::TabFocus;
}

// A tab bar, or a tab widget, which hands its focus to its bar.
bool isTabBar(QWidget *widget)
{
    QWidget *taker = widget->focusProxy() ? widget->focusProxy() : widget;
    return qobject_cast<QTabBar *>(taker) != nullptr;
}

} // namespace

PaneCycler::PaneCycler(std::function<QList<QWidget *>()> panes, QObject *parent)
    : QObject(parent)
    , m_panes(std::move(panes))
{}

QWidget *PaneCycler::focusTarget(QWidget *pane)
{
    if (!pane || !pane->isVisible()) {
        return nullptr;
    }
    // An item view is what a pane is for: the tree rather than its filter box.
    const QList<QAbstractItemView *> views = pane->findChildren<QAbstractItemView *>();
    for (QAbstractItemView *view : views) {
        if (takesKeyboardFocus(view)) {
            return view;
        }
    }
    // Then what shows where the focus is (a selectable value shows its caret, a field its
    // cursor); a tab bar last: Fusion draws no focus on a tab, so F6 would seem to go nowhere.
    // A QTabWidget hands its focus to its bar, so it counts as one.
    if (takesKeyboardFocus(pane) && !isTabBar(pane)) {
        return pane;
    }
    const QList<QWidget *> children = pane->findChildren<QWidget *>();
    for (QWidget *child : children) {
        if (takesKeyboardFocus(child) && !isTabBar(child)) {
            return child;
        }
    }
    if (takesKeyboardFocus(pane)) {
        return pane;
    }
    for (QWidget *child : children) {
        if (takesKeyboardFocus(child)) {
            return child;
        }
    }
    return nullptr;
}

void PaneCycler::move(int step)
{
    QList<QWidget *> panes;
    for (QWidget *pane : m_panes()) {
        if (focusTarget(pane)) {
            panes << pane;
        }
    }
    if (panes.isEmpty()) {
        return;
    }
    const QWidget *focus = QApplication::focusWidget();
    qsizetype at = -1;
    for (qsizetype i = 0; i < panes.size(); ++i) {
        if (focus && (panes.at(i) == focus || panes.at(i)->isAncestorOf(focus))) {
            at = i;
            break;
        }
    }
    // From outside every pane (the toolbar, the band), F6 starts at the first one.
    const qsizetype count = panes.size();
    const qsizetype next
        = at < 0 ? (step > 0 ? 0 : count - 1) : ((at + step) % count + count) % count;
    focusTarget(panes.at(next))->setFocus(Qt::OtherFocusReason);
}

} // namespace lance::ui
