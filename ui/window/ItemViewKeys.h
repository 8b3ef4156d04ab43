// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QPointer>

class QWidget;

namespace lance::ui {

/// Tab leaves every list and table of the window (their tab-key navigation is off, so nobody
/// is trapped pressing Tab 25 times in the request log); Ctrl+Tab and Ctrl+Shift+Tab move
/// inside them instead, to the next or previous cell, row after row. Installed on the
/// application, it acts on the item views inside `window` only. The centre's tabs still switch
/// with Ctrl+Page Down and Ctrl+Page Up.
class ItemViewKeys : public QObject
{
    Q_OBJECT

public:
    explicit ItemViewKeys(QWidget *window);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QPointer<QWidget> m_window;
};

} // namespace lance::ui
