// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"

#include <QDialog>

#include <optional>

class QDialogButtonBox;
class QLayout;
class QPushButton;

namespace lance::ui {

class InlineNote;

/// What every dialog that describes one staged operation shares: the form on top, the form's
/// first problem below it (InlineNote `problemNote`), and Stage (`stageButton`), enabled only
/// while problem() has nothing to say, beside Cancel.
class OperationDialog : public QDialog
{
    Q_OBJECT

public:
    /// The form's first problem in one sentence; nothing when it can be staged.
    virtual api::Result<void> problem() const = 0;

protected:
    explicit OperationDialog(QWidget *parent = nullptr);

    /// Puts `form` above the problem note and the buttons; call once, at the end of the
    /// subclass's constructor (it checks the form a first time).
    void setForm(QLayout *form);
    /// Checks the form again: connect every field's change to it.
    void updateState();

private:
    InlineNote *m_problem = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    QPushButton *m_stage = nullptr;
};

} // namespace lance::ui
