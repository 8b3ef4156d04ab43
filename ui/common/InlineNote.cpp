// SPDX-License-Identifier: Apache-2.0
#include "ui/common/InlineNote.h"

#include "ui/common/Icons.h"

#include <QHBoxLayout>
#include <QLabel>

namespace lance::ui {

InlineNote::InlineNote(QWidget *parent)
    : QWidget(parent)
{
    m_icon = new QLabel(this);
    m_icon->setFixedSize(16, 16);
    m_text = new QLabel(this);
    m_text->setTextFormat(Qt::PlainText);
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_icon, 0, Qt::AlignTop);
    layout->addWidget(m_text, 1);
    hide();
}

void InlineNote::setNote(Kind kind, const QString &text)
{
    m_kind = kind;
    m_text->setText(text);
    Icons::Id icon = Icons::Id::Information;
    QString name = tr("Note");
    if (kind == Kind::Warning) {
        icon = Icons::Id::Warning;
        name = tr("Warning");
    } else if (kind == Kind::Error) {
        icon = Icons::Id::Error;
        name = tr("Error");
    }
    m_icon->setPixmap(Icons::icon(icon).pixmap(QSize(16, 16), devicePixelRatioF()));
    setAccessibleName(name);
    setAccessibleDescription(text);
    setVisible(!text.isEmpty());
}

QString InlineNote::text() const
{
    return m_text->text();
}

} // namespace lance::ui
