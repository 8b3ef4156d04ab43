// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QWidget>

namespace lance::ui {

/// Says "drop here" over a whole widget: a frame in the palette's highlight colour, with a
/// faint tint of it inside, drawn over the widget's content. For drop targets that are one
/// target as a whole (a table's viewport, a panel), where no row or item can be outlined.
///
/// Created hidden as a child of the target; it covers the target exactly and follows its
/// resizes, and the mouse goes through it. The drop handling shows it while a valid drag is
/// over the target and hides it on leave, drop, or when the drag becomes invalid.
///
/// Object name for tests: `dropHighlight`.
class DropHighlight : public QWidget
{
    Q_OBJECT

public:
    static constexpr int FrameWidth = 3; //!< pixels; thick enough to see at a glance

    /// Owned by `target`, over it.
    explicit DropHighlight(QWidget *target);

    /// The frame's colour on `palette` over a `background`: the palette's Highlight, made
    /// lighter (dark palettes) or darker until it contrasts 3:1 with the background (WCAG's
    /// minimum for graphics), as some palettes' Highlight hardly shows on their Base.
    static QColor frameColour(const QPalette &palette, const QColor &background);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    void cover();
};

} // namespace lance::ui
