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
    const auto native = [](const QKeySequence &key) {
        return key.toString(QKeySequence::NativeText);
    };
    const auto keysOf = [&native](const QAction *action) {
        QStringList keys;
        for (const QKeySequence &key : action->shortcuts()) {
            keys << native(key);
        }
        return keys.join(tr(", "));
    };
    const auto commandOf = [](const QAction *action) {
        return action->text().remove(u'&').remove(u"…"_s);
    };
    for (const QAction *action : actions) {
        if (!action->shortcuts().isEmpty()) {
            new QTreeWidgetItem(list, {commandOf(action), keysOf(action)});
        }
    }
    if (parent) {
        for (const QAction *action : parent->findChildren<QAction *>()) {
            const QVariant where = action->property(WhereProperty);
            if (where.isValid() && !action->shortcuts().isEmpty()) {
                new QTreeWidgetItem(
                    list, {tr("%1 (%2)").arg(commandOf(action), where.toString()), keysOf(action)});
            }
        }
    }
    // Keys no action holds: a view's own, kept the same everywhere.
    new QTreeWidgetItem(list, {tr("Compare a version with the one before it (in the Versions "
                                  "view; or double-click)"),
                               native(QKeySequence(Qt::Key_Return))});
    new QTreeWidgetItem(list, {tr("Go to the newest or the oldest version (in the Versions "
                                  "view)"),
                               tr("%1, %2").arg(native(QKeySequence(Qt::Key_Home)),
                                                native(QKeySequence(Qt::Key_End)))});
    new QTreeWidgetItem(
        list, {tr("Move between the cells of a list or table (Tab leaves it)"),
               tr("%1, %2").arg(native(QKeySequence(Qt::CTRL | Qt::Key_Tab)),
                                native(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab)))});

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(list);
    layout->addWidget(buttons);
    resize(560, 360);
}

void ShortcutsDialog::markViewKey(QAction *action, const QString &text, const QString &where)
{
    action->setText(text);
    action->setProperty(WhereProperty, where);
}

} // namespace lance::ui
