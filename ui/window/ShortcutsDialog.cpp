// SPDX-License-Identifier: Apache-2.0
#include "ui/window/ShortcutsDialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace lance::ui {

ShortcutsDialog::ShortcutsDialog(const QList<QAction *> &actions, QWidget *parent)
    : QDialog(parent)
{
    setObjectName(u"shortcutsDialog"_s);
    setWindowTitle(tr("Keyboard Shortcuts"));

    auto *list = new QTreeWidget(this);
    list->setObjectName(u"shortcutsList"_s);
    list->setHeaderLabels({tr("Command"), tr("Shortcut")});
    list->setRootIsDecorated(false);
    list->setAlternatingRowColors(true);
    list->setSelectionMode(QAbstractItemView::NoSelection);
    list->setFocusPolicy(Qt::NoFocus);
    list->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    list->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    list->header()->setStretchLastSection(false);
    for (const QAction *action : actions) {
        if (action->shortcuts().isEmpty()) {
            continue;
        }
        QStringList keys;
        for (const QKeySequence &key : action->shortcuts()) {
            keys << key.toString(QKeySequence::NativeText);
        }
        new QTreeWidgetItem(list,
                            {action->text().remove(u'&').remove(u"…"_s), keys.join(tr(", "))});
    }
    new QTreeWidgetItem(list, {tr("Clear the filter"), tr("Escape, in the filter box")});

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(list);
    layout->addWidget(buttons);
    resize(440, 300);
}

} // namespace lance::ui
