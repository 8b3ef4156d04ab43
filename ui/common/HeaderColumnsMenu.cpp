// SPDX-License-Identifier: Apache-2.0
#include "ui/common/HeaderColumnsMenu.h"

#include <QAction>
#include <QHeaderView>
#include <QMenu>

using namespace Qt::StringLiterals;

namespace lance::ui {

HeaderColumnsMenu::HeaderColumnsMenu(QHeaderView *header, int fixed)
    : QObject(header)
    , m_header(header)
    , m_fixed(fixed)
{
    m_header->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_header, &QWidget::customContextMenuRequested, this,
            [this](const QPoint &position) { popup(m_header->mapToGlobal(position)); });
}

void HeaderColumnsMenu::popup(const QPoint &globalPosition)
{
    QAbstractItemModel *model = m_header->model();
    if (!model) {
        return;
    }
    auto *menu = new QMenu(m_header);
    menu->setObjectName(u"headerColumnsMenu"_s);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    const int count = m_header->count();
    int shown = 0;
    for (int section = 0; section < count; ++section) {
        shown += m_header->isSectionHidden(section) ? 0 : 1;
    }
    for (int section = 0; section < count; ++section) {
        if (section == m_fixed) {
            continue;
        }
        const QString title = model->headerData(section, m_header->orientation()).toString();
        QAction *action = menu->addAction(title);
        action->setCheckable(true);
        action->setChecked(!m_header->isSectionHidden(section));
        // The last one shown stays: a table without columns shows nothing to click back on.
        action->setEnabled(m_header->isSectionHidden(section) || shown > 1);
        connect(action, &QAction::toggled, m_header,
                [header = m_header, section](bool on) { header->setSectionHidden(section, !on); });
    }
    menu->popup(globalPosition);
}

} // namespace lance::ui
