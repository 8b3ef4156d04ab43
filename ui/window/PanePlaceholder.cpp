// SPDX-License-Identifier: Apache-2.0
#include "ui/window/PanePlaceholder.h"

namespace lance::ui {

PanePlaceholder::PanePlaceholder(const QString &text, QWidget *parent)
    : QLabel(text, parent)
{
    setTextFormat(Qt::PlainText);
    setAlignment(Qt::AlignCenter);
    setWordWrap(true);
    setMargin(16);
    // Drawn like the empty view it stands for: the view's background and frame.
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Base);
    setForegroundRole(QPalette::PlaceholderText);
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
}

} // namespace lance::ui
