// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>

class QHeaderView;
class QPoint;

namespace lance::ui {

/// A right click on `header` opens a menu of its columns, each checkable: shown or hidden. The last
/// column shown cannot be hidden, and `fixed` (for a key column such as the version) is never
/// offered. Parented to the header.
class HeaderColumnsMenu : public QObject
{
    Q_OBJECT

public:
    HeaderColumnsMenu(QHeaderView *header, int fixed);

    /// Opens the menu at `globalPosition`, as a right click does.
    void popup(const QPoint &globalPosition);

private:
    QHeaderView *m_header;
    int m_fixed;
};

} // namespace lance::ui
