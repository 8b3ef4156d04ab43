// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDialog>

class QAction;

namespace lance::ui {

/// Help > Keyboard Shortcuts: every command that has a shortcut, with its keys, as the
/// platform writes them; then the keys that work in one view only (an action marked with
/// markViewKey(), found among `parent`'s descendants), and those of every list and table.
class ShortcutsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ShortcutsDialog(const QList<QAction *> &actions, QWidget *parent = nullptr);

    /// Makes `action` (a shortcut of one view) a row of the list: `text` and, after it, `where`
    /// ("in the tree").
    static void markViewKey(QAction *action, const QString &text, const QString &where);

private:
    static constexpr const char *WhereProperty = "lcbViewKeyWhere";
};

} // namespace lance::ui
