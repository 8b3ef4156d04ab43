// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"
#include "api/Identifier.h"
#include "api/Result.h"
#include "ui/common/Prompter.h"

#include <QObject>

class QLabel;

#include <functional>
#include <optional>

namespace lance::connection {
struct ConnectionProfile;
}
namespace lance::staging {
class PendingChanges;
class StagingJournal;
} // namespace lance::staging
namespace lance::ui {
class WindowHost;
class PendingChangesPanel;
} // namespace lance::ui

namespace lance::ui {

class CatalogSession;

/// Staging for one open catalog: its PendingChanges, restored from and written to the
/// profile's journal after every change, shown in the Pending Changes dock, and the window's
/// staging commands (Declare Table, Create Version, Delete Versions, Deregister Table, edit,
/// import and export) acting on what is selected in the tree and the versions view.
///
/// The window title carries `*` while anything is staged; closing the window asks whether to
/// keep the staged work for next time (the journal already holds it) or discard it.
class StagingController : public QObject
{
    Q_OBJECT

public:
    /// `journalFolder`: where the journals of every profile live.
    StagingController(WindowHost &window, CatalogSession &session, PrompterSource prompter,
                      const QString &journalFolder, QObject *parent = nullptr);
    ~StagingController() override;

    /// The name the journal of `profile` is kept under: the folder of a local catalog, the
    /// profile's name for a server.
    static QString journalKey(const connection::ConnectionProfile &profile);

    staging::PendingChanges &changes() const { return *m_changes; }
    staging::StagingJournal &journal() const { return *m_journal; }
    PendingChangesPanel *panel() const { return m_panel; }

    void declareTable();
    void createVersion();
    void deleteVersions();
    void deregisterTable();
    void edit(quint64 rowId);
    void exportBatch();
    void importBatch();
    /// Asked when the window closes; false keeps it open.
    bool confirmClose();

private:
    struct Selection
    {
        std::optional<api::Identifier> table;
        api::Identifier namespaceId; //!< the selected namespace, or the selected table's
    };
    struct LoadedVersions
    {
        QList<api::TableVersion> versions;
        bool complete = false; //!< no page of `versions` remains on the server
    };
    Selection selection() const;
    /// What the Versions view has loaded of `table`: nothing when it shows another table.
    LoadedVersions loadedRecordsOf(const api::Identifier &table) const;
    QList<qint64> loadedVersionsOf(const api::Identifier &table) const;
    QSet<QString> loadedNamesIn(const api::Identifier &namespaceId) const;
    void report(const api::Result<void> &done);
    /// Feeds the checks what the workspace has listed completely (KnownState).
    void watchWorkspace();
    /// Draws the staged work over the tree (its rows and, for tables staged at the top level,
    /// its header) and over the versions view.
    void markTree();
    void updateActions();

    WindowHost &m_window;
    CatalogSession &m_session;
    PrompterSource m_prompter;
    staging::PendingChanges *m_changes = nullptr;
    staging::StagingJournal *m_journal = nullptr;
    PendingChangesPanel *m_panel = nullptr; //!< owned by the window's dock
    /// "3 staged" in the status bar, beside the activity; owned by the status bar, removed with
    /// this controller.
    QLabel *m_stagedCount = nullptr;
    const QObject *m_watched = nullptr; //!< the workspace watchWorkspace() follows
};

} // namespace lance::ui
