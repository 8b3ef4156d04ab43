// SPDX-License-Identifier: Apache-2.0
#include "CatalogActions.h"

#include "ui/catalog/BranchController.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CleanupController.h"
#include "ui/catalog/NamespaceController.h"
#include "ui/catalog/VersionCompareController.h"
#include "ui/catalog/VersionTagController.h"
#include "ui/commit/CommitController.h"
#include "ui/history/HistoryController.h"
#include "ui/staging/TableRenameController.h"
#include "ui/staging/VersionRestoreController.h"

namespace lance::browser {

void CatalogActions::attach(ui::WindowHost &window, ui::CatalogSession &session,
                            staging::PendingChanges &changes, ui::CommitController &commits,
                            QSettings &settings, const std::function<ui::Prompter &()> &prompter)
{
    // The History dock: read again after each commit; the success banner links to the commit.
    auto *history = new ui::HistoryController(window, session, &session);
    QObject::connect(&commits, &ui::CommitController::commitFinished, history,
                     &ui::HistoryController::reload);
    commits.setHistoryOpener([history](const QString &id) { history->showTransaction(id); });
    // View > Compare Versions… on the Versions view.
    new ui::VersionCompareController(window, session, &session);
    // Changes > Restore Version… on the Versions view: staged, in the same batch.
    new ui::VersionRestoreController(window, session, changes, settings, prompter, &session);
    new ui::TableRenameController(window, session, changes, prompter, &session);
    // Changes > Tag Version…, Move Tag Here…, Delete Tag…: applied at once.
    new ui::VersionTagController(window, session, prompter, &session);
    // Changes > New Branch…, Delete Branch…: applied at once.
    new ui::BranchController(window, session, prompter, &session);
    // Changes > Clean Up Old Versions…: previewed, then applied at once.
    new ui::CleanupController(window, session, &session);
    // Changes > New Namespace…, Drop Namespace…: applied at once.
    new ui::NamespaceController(window, session, prompter, &session);
}

} // namespace lance::browser
