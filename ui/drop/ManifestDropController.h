// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Identifier.h"
#include "drop/ManifestDropPlanner.h"
#include "ui/common/Prompter.h"
#include "ui/drop/DragAutoScroller.h"
#include "ui/drop/DraggedFiles.h"

#include <QObject>
#include <QPointer>

#include <functional>
#include <memory>
#include <optional>

class QMimeData;
class QSettings;

namespace lance::drop {
struct ManifestDropPlan;
struct PathMapper;
} // namespace lance::drop
namespace lance::staging {
class PendingChanges;
}
namespace lance::ui {
class DropHighlight;
class WindowHost;
class PendingChangesPanel;
} // namespace lance::ui

namespace lance::ui {

class CatalogSession;
class ManifestDropQuestions;

/// Registers Lance files dragged from a file manager: `.manifest` files and `_versions/`
/// folders dropped on a table row of the tree, on the versions view (the table it shows) or on
/// the Pending Changes panel (which asks for the table), and dataset folders dropped on a
/// namespace row (or the tree's empty area: the root). ManifestDropPlanner works out what the
/// drop stages, on a worker thread (a `_versions/` folder may hold thousands of manifests);
/// this class only asks the questions (ManifestDropQuestions: path mapping, table names,
/// staging the valid part) and stages the result as one undoable step.
///
/// Changes > Register Manifest from URI… stages a manifest already on the shown table's object
/// store the same way: asked for its URI, read there (CatalogSession::manifests(), with what the
/// server vends), checked as a dropped file is, and staged with its URI as manifest_path.
///
/// Drag-enter and drag-move are accepted (as Copy) only where the dragged paths fit; elsewhere
/// they are ignored, so the cursor says forbidden. A valid tree row under the pointer is
/// outlined (CatalogTreeView::setDropHighlight), and the versions view and the panel, each one
/// target as a whole, show a DropHighlight over them, until the drag leaves or drops.
/// Within AutoScrollMargin of the tree's top or bottom edge a drag scrolls the tree, a step
/// every AutoScrollMs, as QAbstractItemView would if the filter did not take its drag events.
class ManifestDropController : public QObject
{
    Q_OBJECT

public:
    static constexpr int AutoScrollMargin = DragAutoScroller::Margin;
    static constexpr int AutoScrollMs = DragAutoScroller::IntervalMs;

    /// Where a drop lands.
    struct Where
    {
        enum class Kind { Nothing, Table, Namespace, AskTable };
        Kind kind = Kind::Nothing;
        api::Identifier id;
    };

    /// `settings` holds the profiles' path mappings (PathMappingStore) and must outlive this;
    /// `panel` shows `changes` (the window's dock owns it).
    ManifestDropController(WindowHost &window, CatalogSession &session,
                           staging::PendingChanges &changes, PendingChangesPanel *panel,
                           QSettings &settings, PrompterSource prompter, QObject *parent = nullptr);

    /// Tells whether a drop staged something; called once, perhaps later.
    using Done = std::function<void(bool staged)>;

    /// Drops `localPaths` on `where` as a drop event does: asks what it must, then stages. A
    /// table whose versions were not listed completely is listed first (asynchronously), so
    /// versions already in the catalog are flagged before anything is staged.
    void drop(const QStringList &localPaths, Where where, Done done = {});
    /// drop() of manifests on the table's object store, named by their URIs (s3://, az://,
    /// gs://): read there instead of from this machine's files.
    void dropUris(const QStringList &uris, const api::Identifier &table, Done done = {});
    /// Drops not at their end yet: versions being listed, files being read, or a question open.
    int runningDrops() const { return m_running; }

    /// How the open catalog names local files: as they are for a local catalog, through the
    /// profile's saved PathMapping for a remote one.
    lance::drop::PathMapper mapper() const;
    staging::PendingChanges &changes() const { return m_changes; }

signals:
    /// A drop came to its end: `staged` when something was staged (after `done`).
    void dropFinished(bool staged);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void watchWorkspace();
    Where targetAt(QObject *watched, const QPoint &pos) const;
    static bool fits(const DraggedFiles &dragged, Where::Kind kind);
    /// Whether the drag in progress may drop at `pos` of `watched`.
    bool accepts(QObject *watched, const QPoint &pos) const;
    /// Whether the drag in progress holds anything some tree row could take.
    bool mayFit() const;
    void highlight(QObject *watched, const QPoint &pos, bool on);
    /// The overlay of a target that lights up as a whole; null for the tree.
    static DropHighlight *overlayOf(QObject *target);
    void stopScrolling();
    /// Register Manifest from URI…: asks for the URI, then dropUris() on the shown table.
    void registerFromUri();
    void listVersionsThenStage(const QStringList &localPaths, const Where &where, Done done);
    bool isDeclarationStaged(const api::Identifier &table) const;
    /// One drop between its target and its staging: the files are read on a worker thread
    /// (planInBackground), then decide() asks what the plan needs, plans again after a new
    /// mapping or new table names, and stages.
    struct Run
    {
        QStringList paths;
        Where where;
        Done done;
        lance::drop::ManifestDropPlanner planner;
        bool mappingAsked = false; //!< asked once: a mapping that still misses stages nothing
        bool named = false;        //!< the datasets' table names were asked
    };
    void stage(const QStringList &localPaths, const Where &where, Done done);
    void planInBackground(const std::shared_ptr<Run> &run);
    /// planInBackground() of URIs: the table's store reached first, the objects read there.
    void planOnStore(const std::shared_ptr<Run> &run);
    void decide(const std::shared_ptr<Run> &run, const lance::drop::ManifestDropPlan &plan);
    ManifestDropQuestions questions() const;
    lance::drop::ManifestDropPlanner planner(const Where &where) const;
    QString stepText(const Where &where, const lance::drop::ManifestDropPlan &plan) const;

    WindowHost &m_window;
    CatalogSession &m_session;
    staging::PendingChanges &m_changes;
    QPointer<PendingChangesPanel> m_panel;
    QSettings &m_settings;
    PrompterSource m_prompter;
    QPointer<QObject> m_watched;              //!< the workspace whose views are watched
    DraggedFiles m_dragged;                   //!< the drag in progress, from its enter event
    DragAutoScroller *m_autoScroll = nullptr; //!< for the watched workspace's tree
    int m_running = 0;
};

} // namespace lance::ui
