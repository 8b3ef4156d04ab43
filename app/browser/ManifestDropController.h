// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Identifier.h"

#include <QObject>
#include <QPointer>

#include <functional>
#include <optional>

class QMimeData;
class QSettings;

namespace lance::manifest {
struct ManifestDropPlan;
class ManifestDropPlanner;
} // namespace lance::manifest
namespace lance::staging {
class PendingChanges;
}
namespace lance::ui {
class MainWindow;
class PendingChangesPanel;
class Prompter;
} // namespace lance::ui

namespace lance::browser {

class CatalogSession;

/// Registers Lance files dragged from a file manager: `.manifest` files and `_versions/`
/// folders dropped on a table row of the tree, on the versions view (the table it shows) or on
/// the Pending Changes panel (which asks for the table), and dataset folders dropped on a
/// namespace row (or the tree's empty area: the root). ManifestDropPlanner works out what the
/// drop stages; this class only asks the questions (path mapping, table names, staging the
/// valid part) and stages the result as one undoable step.
///
/// Drag-enter and drag-move are accepted (as Copy) only where the dragged paths fit; elsewhere
/// they are ignored, so the cursor says forbidden. A valid tree row under the pointer is
/// outlined (CatalogTreeView::setDropHighlight) until the drag leaves or drops.
class ManifestDropController : public QObject
{
    Q_OBJECT

public:
    using PrompterSource = std::function<ui::Prompter &()>;

    /// Where a drop lands.
    struct Where
    {
        enum class Kind { Nothing, Table, Namespace, AskTable };
        Kind kind = Kind::Nothing;
        api::Identifier id;
    };

    /// `settings` holds the profiles' path mappings (PathMappingStore) and must outlive this;
    /// `panel` shows `changes` (the window's dock owns it).
    ManifestDropController(ui::MainWindow &window, CatalogSession &session,
                           staging::PendingChanges &changes, ui::PendingChangesPanel *panel,
                           QSettings &settings, PrompterSource prompter, QObject *parent = nullptr);

    /// Drops `localPaths` on `where` as a drop event does: asks what it must, then stages.
    /// True when something was staged.
    bool drop(const QStringList &localPaths, Where where);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void watchWorkspace();
    Where targetAt(QObject *watched, const QPoint &pos) const;
    static QStringList localPaths(const QMimeData *mime);
    /// What the dragged paths hold, looked at once per drag: move events come with every
    /// pointer movement, and a drag may carry thousands of files.
    struct Dragged
    {
        bool datasets = false;  //!< a Lance dataset folder
        bool manifests = false; //!< a `.manifest` file or a `_versions/` folder
    };
    static Dragged classify(const QStringList &paths);
    static bool fits(const Dragged &dragged, Where::Kind kind);
    void highlight(QObject *watched, const QPoint &pos, bool on);
    std::optional<api::Identifier> askTable();
    bool askMapping(const manifest::ManifestDropPlan &plan);
    bool askTableNames(manifest::ManifestDropPlanner &planner,
                       const manifest::ManifestDropPlan &plan);
    manifest::ManifestDropPlanner planner(const Where &where) const;
    QString stepText(const Where &where, const manifest::ManifestDropPlan &plan) const;

    ui::MainWindow &m_window;
    CatalogSession &m_session;
    staging::PendingChanges &m_changes;
    QPointer<ui::PendingChangesPanel> m_panel;
    QSettings &m_settings;
    PrompterSource m_prompter;
    QPointer<QObject> m_watched; //!< the workspace whose views are watched
    Dragged m_dragged;           //!< the drag in progress, from its enter event
};

} // namespace lance::browser
