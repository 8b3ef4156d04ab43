// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QMainWindow>

namespace lance::ui {

/// The browser's main window. It only composes: panels, docks and actions live in their own
/// classes as they arrive.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);

private:
    void createMenus();
};

} // namespace lance::ui
