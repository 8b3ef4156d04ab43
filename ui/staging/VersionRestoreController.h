// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/VersionMessages.h"

#include <QObject>
#include <QPointer>

#include <functional>
#include <optional>

class QSettings;

namespace lance::catalog {
class TableVersionModel;
}
namespace lance::staging {
class PendingChanges;
}

namespace lance::ui {

class CatalogSession;
class Prompter;
class VersionModelWatcher;
class WindowHost;

/// Changes > Restore Version… (Ctrl+Shift+R) on the version selected in the Versions view:
/// says what the restored version holds against what the latest holds, and on confirmation
/// writes the restored manifest (details::VersionRestorer, off the GUI thread) and stages its
/// CreateTableVersion, "restore 2 as 5", which joins the atomic batch. Enabled with one
/// version of the catalog's chosen; a staged version, or the latest itself, is refused with a
/// status line that says why.
class VersionRestoreController : public QObject
{
    Q_OBJECT

public:
    using PrompterSource = std::function<Prompter &()>;

    VersionRestoreController(WindowHost &window, CatalogSession &session,
                             staging::PendingChanges &changes, QSettings &settings,
                             PrompterSource prompter, QObject *parent = nullptr);

    /// Restores the chosen version, asking first.
    void restore();

signals:
    /// A restore ended: staged, refused, or cancelled (also when nothing was chosen).
    void finished();

private:
    struct Choice
    {
        api::TableVersion restored;
        api::TableVersion latest;
    };
    /// The chosen version and the table's newest (listed or staged); nothing, with a status
    /// line saying why, when the choice cannot be restored.
    std::optional<Choice> choose();
    bool confirm(const api::Identifier &table, const Choice &choice);
    void staged(const api::Result<api::CreateTableVersionRequest> &request);
    void updateAction();

    WindowHost &m_window;
    CatalogSession &m_session;
    staging::PendingChanges &m_changes;
    QSettings &m_settings;
    PrompterSource m_prompter;
    VersionModelWatcher *m_watcher = nullptr;
    bool m_busy = false; //!< a manifest is being written
};

} // namespace lance::ui
