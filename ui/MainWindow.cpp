// SPDX-License-Identifier: Apache-2.0
#include "MainWindow.h"

#include <QApplication>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>

using namespace Qt::StringLiterals;

namespace lance::ui {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
{
    setObjectName(u"mainWindow"_s);
    setWindowTitle(tr("Lance Catalog Browser"));
    setWindowIcon(QIcon(u":/icons/lance-catalog-browser.svg"_s));

    auto *placeholder = new QLabel(
        tr("<h2>Lance Catalog Browser</h2>"
           "<p>The catalog tree, the table details and the versions view are on their way.</p>"
           "<p>Until then, the <tt>lance-catalog</tt> command line browses any Lance namespace "
           "REST server and commits batches atomically.</p>"),
        this);
    placeholder->setObjectName(u"welcomeLabel"_s);
    placeholder->setAlignment(Qt::AlignCenter);
    placeholder->setWordWrap(true);
    setCentralWidget(placeholder);

    createMenus();
    statusBar()->showMessage(tr("Ready"));
    resize(960, 640);
}

void MainWindow::createMenus()
{
    QMenu *fileMenu = menuBar()->addMenu(tr("&File"));
    QAction *quitAction = fileMenu->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
    quitAction->setShortcut(QKeySequence::Quit);

    QMenu *helpMenu = menuBar()->addMenu(tr("&Help"));
    helpMenu->addAction(tr("&About Lance Catalog Browser"), this, [this] {
        QMessageBox::about(this, tr("About Lance Catalog Browser"),
                           tr("<p><b>Lance Catalog Browser</b> %1</p>"
                              "<p>Browse and change Lance namespace catalogs.</p>")
                               .arg(QApplication::applicationVersion()));
    });
    helpMenu->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

} // namespace lance::ui
