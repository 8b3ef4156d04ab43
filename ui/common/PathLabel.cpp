// SPDX-License-Identifier: Apache-2.0
#include "ui/common/PathLabel.h"

#include "format/LocalPaths.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QKeyEvent>
#include <QResizeEvent>

using namespace Qt::StringLiterals;

namespace lance::ui {

PathLabel::PathLabel(QWidget *parent)
    : QLabel(parent)
{
    setTextFormat(Qt::PlainText);
    setFocusPolicy(Qt::TabFocus);
    setContextMenuPolicy(Qt::ActionsContextMenu);
    auto *copyAction = new QAction(tr("&Copy Path"), this);
    copyAction->setObjectName(u"copyPathAction"_s);
    connect(copyAction, &QAction::triggered, this, &PathLabel::copy);
    addAction(copyAction);
}

bool PathLabel::event(QEvent *event)
{
    // Ctrl+C while the label has the focus copies the path: the label takes the key before the
    // window's Copy Name, as a text field does, so one key never means two things at once.
    if (event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress) {
        if (static_cast<QKeyEvent *>(event)->matches(QKeySequence::Copy)) {
            event->accept();
            if (event->type() == QEvent::KeyPress) {
                copy();
            }
            return true;
        }
    }
    return QLabel::event(event);
}

void PathLabel::setPath(const QString &path, const QString &placeholder)
{
    m_path = format::LocalPaths::readable(path);
    m_placeholder = placeholder;
    setToolTip(m_path);
    setAccessibleName(m_path);
    elide();
}

void PathLabel::copy() const
{
    if (!m_path.isEmpty()) {
        QApplication::clipboard()->setText(m_path);
    }
}

QSize PathLabel::minimumSizeHint() const
{
    // As narrow as an ellipsis and a few letters: the width is the layout's to give.
    const QSize hint = QLabel::minimumSizeHint();
    return {fontMetrics().horizontalAdvance(u"…/x.manifest"_s), hint.height()};
}

void PathLabel::resizeEvent(QResizeEvent *event)
{
    QLabel::resizeEvent(event);
    elide();
}

void PathLabel::elide()
{
    const QString shown = m_path.isEmpty() ? m_placeholder : m_path;
    setText(fontMetrics().elidedText(shown, Qt::ElideMiddle, qMax(0, contentsRect().width())));
}

} // namespace lance::ui
