// SPDX-License-Identifier: Apache-2.0
// A helper for TestStagingJournal: stages JournalWorkload's operations one by one through
// PendingChanges and StagingJournal, waiting for each write, clears them all and starts over,
// until it is killed. Prints a line after every write, so the test can kill it mid-stream.
//
// Usage: StagingJournalWriter FOLDER
#include "JournalWorkload.h"
#include "staging/PendingChanges.h"
#include "staging/StagingJournal.h"

#include <QCoreApplication>

#include <cstdio>

using lance::test::JournalWorkload;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    if (app.arguments().size() != 2) {
        std::fputs("usage: StagingJournalWriter FOLDER\n", stderr);
        return 2;
    }
    lance::staging::PendingChanges changes;
    lance::staging::StagingJournal journal(app.arguments().at(1), JournalWorkload::profile(),
                                           &changes);
    if (const lance::api::Result<void> restored = journal.restore(); !restored.hasValue()) {
        std::fprintf(stderr, "%s\n", qPrintable(restored.error().userMessage()));
        return 1;
    }
    for (;;) {
        changes.clearAfterCommit();
        for (int i = 0; i < JournalWorkload::Count; ++i) {
            if (!changes.stage(JournalWorkload::operation(i)).hasValue()) {
                return 1;
            }
            journal.flush();
            std::printf("%d\n", i + 1);
            std::fflush(stdout);
        }
    }
}
