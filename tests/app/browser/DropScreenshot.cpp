// SPDX-License-Identifier: Apache-2.0
// Makes the README's picture of a drag in progress (scripts/screenshots.sh runs it): the real
// window on a testbed catalog, with the manifests of a writer's copy of people.lance dragged
// over the Versions tab, which lights up as the place that takes them. The browser's own
// --screenshot cannot show this: a drag needs a pointer, and the offscreen platform has none, so
// the drag events are sent as the tests send them.
// Usage: DropScreenshot FILE.png   (QT_QPA_PLATFORM=offscreen)
#include "BrowserApplication.h"
#include "DropTestSupport.h"
#include "SettledLayout.h"
#include "StagingTestbed.h"
#include "resources/Translations.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/VersionsPanel.h"
#include "ui/window/MainWindow.h"

#include <QApplication>
#include <QDockWidget>
#include <QMimeData>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QUrl>

#include <cstdio>

using namespace Qt::StringLiterals;
using lance::test::DropTestSupport;
using lance::test::StagingTestbed;

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    lance::resources::Translations::installEnglishPlurals(app);
    QApplication::setApplicationName(u"lance-catalog-browser"_s);
    QApplication::setOrganizationName(u"LanceCatalogBrowser"_s);
    if (argc != 2) {
        std::fputs("Usage: DropScreenshot FILE.png\n", stderr);
        return 2;
    }
    StagingTestbed bed;
    lance::browser::BrowserApplication browser;
    if (!bed.isValid() || !bed.start(browser)) {
        std::fputs("The window did not start on the testbed catalog.\n", stderr);
        return 1;
    }
    const QString dataset = DropTestSupport::copyDataset(bed, u"people.lance"_s, u"writer"_s);
    if (dataset.isEmpty()) {
        std::fputs("Could not copy the writer's dataset.\n", stderr);
        return 1;
    }
    browser.window()->detailsTabs()->setCurrentIndex(1); // Versions
    browser.window()->dock(lance::ui::MainWindow::Pane::PendingChanges)->show();
    QWidget *versions = browser.session()->workspace()->versionsPanel()->tableView()->viewport();
    lance::test::SettledLayout::wait(*browser.window()); // the tab switch and the dock

    QMimeData mime;
    QList<QUrl> urls;
    for (const QString &path : DropTestSupport::manifestsOf(dataset)) {
        urls << QUrl::fromLocalFile(path);
    }
    mime.setUrls(urls);
    const QPoint pos(versions->width() / 2, versions->height() / 2);
    if (!DropTestSupport::send(versions, QEvent::DragEnter, pos, &mime)
        || !DropTestSupport::send(versions, QEvent::DragMove, pos, &mime)) {
        std::fputs("The versions view refused the drag.\n", stderr);
        return 1;
    }
    lance::test::SettledLayout::wait(*browser.window()); // the highlight
    const bool written = browser.window()->grab().save(QString::fromLocal8Bit(argv[1]), "png");
    DropTestSupport::send(versions, QEvent::DragLeave, pos, nullptr);
    if (!written) {
        std::fprintf(stderr, "Could not write %s.\n", argv[1]);
        return 1;
    }
    return 0;
}
