// SPDX-License-Identifier: Apache-2.0
// A helper for TestStagingFiles: the real window started as lance-catalog-browser's main()
// starts it (same application and organization names, so the same journal folder under
// XDG_DATA_HOME), which stages StagingKillWork's operations through its StagingController,
// waits until the journal holds them, prints StagingKillWork::readyLine() and the journal's
// file name, and keeps running until it is killed.
//
// Usage: StagingKillHelper <lance-catalog-browser arguments>
#include "BrowserApplication.h"
#include "StagingKillWork.h"
#include "staging/PendingChanges.h"
#include "staging/StagingJournal.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/staging/StagingController.h"

#include <QApplication>
#include <QFileInfo>

#include <cstdio>

using namespace Qt::StringLiterals;
using lance::browser::BrowserApplication;

namespace {

// Stages the work; answers false (saying why) when the window refused any of it.
bool stageWork(BrowserApplication &browser)
{
    auto *staging = browser.session()
                        ? browser.session()->findChild<lance::ui::StagingController *>()
                        : nullptr;
    if (!staging) {
        std::fputs("no catalog open\n", stderr);
        return false;
    }
    for (const lance::api::CommitTableOperation &operation :
         lance::test::StagingKillWork::operations()) {
        if (const lance::api::Result<void> staged = staging->changes().stage(operation);
            !staged.hasValue()) {
            std::fprintf(stderr, "refused: %s\n", qPrintable(staged.error().userMessage()));
            return false;
        }
    }
    // Written after every change, off the GUI thread: wait for the last write, no longer.
    staging->journal().flush();
    const QString journal = staging->journal().fileName();
    if (!QFileInfo::exists(journal)) {
        std::fprintf(stderr, "no journal at %s\n", qPrintable(journal));
        return false;
    }
    std::printf("%s%s\n", lance::test::StagingKillWork::readyLine().constData(),
                qPrintable(journal));
    std::fflush(stdout);
    return true;
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(u"lance-catalog-browser"_s);
    QApplication::setApplicationDisplayName(u"Lance Catalog Browser"_s);
    QApplication::setOrganizationName(u"LanceCatalogBrowser"_s);

    BrowserApplication browser;
    QObject::connect(&browser, &BrowserApplication::finished, &app,
                     [](int code) { QCoreApplication::exit(code); });
    QObject::connect(&browser, &BrowserApplication::ready, &app, [&browser] {
        if (!stageWork(browser)) {
            QCoreApplication::exit(1);
        }
    });
    if (const std::optional<int> code = browser.start(QCoreApplication::arguments())) {
        return *code;
    }
    return QApplication::exec();
}
