// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDialog>

class QAction;

namespace lance::ui {

/// Help > Keyboard Shortcuts: every command that has a shortcut, with its keys, as the
/// platform writes them.
class ShortcutsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ShortcutsDialog(const QList<QAction *> &actions, QWidget *parent = nullptr);
};

} // namespace lance::ui
