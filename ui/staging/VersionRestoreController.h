// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/VersionMessages.h"
#include "ui/common/Prompter.h"

#include <QObject>

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
class ImmediateAction;
class VersionModelWatcher;
class WindowHost;

/// Changes > Restore Version… (Ctrl+Shift+R) on the version selected in the Versions view:
/// says what the restored version holds against what the latest holds, and which rows it
/// takes away and brings back (a sample of each, read from the data files before the question
/// is asked), and on confirmation
/// writes the restored manifest (details::VersionRestorer, off the GUI thread) and stages its
/// CreateTableVersion, "restore 2 as 5", which joins the atomic batch. Enabled with one
/// version of the catalog's chosen; a staged version, or the latest itself, is refused with a
/// status line that says why. An ImmediateAction: when the question is answered, the view must
/// still list the version, on main, with the same latest version.
class VersionRestoreController : public QObject
{
    Q_OBJECT

public:
    VersionRestoreController(WindowHost &window, CatalogSession &session,
                             staging::PendingChanges &changes, QSettings &settings,
                             PrompterSource prompter, QObject *parent = nullptr);

    /// Restores the chosen version, asking first.
    void restore();

signals:
    /// A restore ended: staged (true), refused, or cancelled (also when nothing was chosen).
    void finished(bool staged);

private:
    struct Choice
    {
        api::Identifier table;
        api::TableVersion restored;
        api::TableVersion latest;
    };
    /// The chosen version and the table's newest (listed or staged); an InvalidInput saying why
    /// when the choice cannot be restored.
    api::Result<Choice> choose() const;
    /// Nothing while `choice` still holds in the Versions view; else what changed meanwhile.
    std::optional<QString> changed(const Choice &choice) const;
    /// The question, with `rows`: what the restore takes away and brings back (RowChangesText).
    Prompter::Question question(const Choice &choice, const QString &rows) const;
    /// Rows of each kind the question shows.
    static constexpr qsizetype SampleRows = 5;
    /// Writes the restored manifest (off the GUI thread), then stages its version.
    void write(const Choice &choice);
    void updateAction();

    WindowHost &m_window;
    CatalogSession &m_session;
    staging::PendingChanges &m_changes;
    QSettings &m_settings;
    VersionModelWatcher *m_watcher = nullptr;
    ImmediateAction *m_action = nullptr;
};

} // namespace lance::ui
