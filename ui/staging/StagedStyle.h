// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QColor>
#include <QPalette>

class QPainter;
class QStyleOptionViewItem;

namespace lance::ui {

/// How staged work looks wherever the views mark it, so the tree, its header and the versions
/// table agree: staged text in the staging tone (StatusColors' amber) made dark or light enough
/// to read on the view's base colour, and rows staged for deletion on the error tone's tint.
class StagedStyle
{
public:
    /// Amber with a contrast of at least 4.5:1 on `palette`'s Base (WCAG AA for body text).
    static QColor textColour(const QPalette &palette);
    /// The background of a row whose object is staged for deletion.
    static QColor deletedTint(const QPalette &palette);
    /// Paints `note` in italics and textColour() after the text of `option` (as the style
    /// painted it), elided to what the row has left; nothing when too little is left. On a
    /// selected row the note takes the highlighted text colour, which reads on the highlight.
    static void paintNote(QPainter *painter, const QStyleOptionViewItem &option,
                          const QString &note);
};

} // namespace lance::ui
