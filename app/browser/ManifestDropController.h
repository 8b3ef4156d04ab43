// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "DragAutoScroller.h"
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
struct PathMapper;
} // namespace lance::manifest
namespace lance::staging {
class PendingChanges;
}
namespace lance::ui {
class DropHighlight;
class MainWindow;
class PendingChangesPanel;
class Prompter;
} // namespace lance::ui

namespace lance::browser {

class CatalogSession;
class ManifestDropQuestions;

/// Registers Lance files dragged from a file manager: `.manifest` files and `_versions/`
/// folders dropped on a table row of the tree, on the versions view (the table it shows) or on
/// the Pending Changes panel (which asks for the table), and dataset folders dropped on a
/// namespace row (or the tree's empty area: the root). ManifestDropPlanner works out what the
/// drop stages; this class only asks the questions (path mapping, table names, staging the
/// valid part) and stages the result as one undoable step.
///
/// Drag-enter and drag-move are accepted (as Copy) only where the dragged paths fit; elsewhere
/// they are ignored, so the cursor says forbidden. A valid tree row under the pointer is
/// outlined (CatalogTreeView::setDropHighlight), and the versions view and the panel, each one
/// target as a whole, show a ui::DropHighlight over them, until the drag leaves or drops.
/// Within AutoScrollMargin of the tree's top or bottom edge a drag scrolls the tree, a step
/// every AutoScrollMs, as QAbstractItemView would if the filter did not take its drag events.
class ManifestDropController : public QObject
{
    Q_OBJECT

public:
    using PrompterSource = std::function<ui::Prompter &()>;
    static constexpr int AutoScrollMargin = ui::DragAutoScroller::Margin;
    static constexpr int AutoScrollMs = ui::DragAutoScroller::IntervalMs;

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

    /// Tells whether a drop staged something; called once, perhaps later.
    using Done = std::function<void(bool staged)>;

    /// Drops `localPaths` on `where` as a drop event does: asks what it must, then stages. A
    /// table whose versions were not listed completely is listed first (asynchronously), so
    /// versions already in the catalog are flagged before anything is staged.
    void drop(const QStringList &localPaths, Where where, Done done = {});

    /// How the open catalog names local files: as they are for a local catalog, through the
    /// profile's saved PathMapping for a remote one.
    manifest::PathMapper mapper() const;
    staging::PendingChanges &changes() const { return m_changes; }

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
    /// Whether the drag in progress may drop at `pos` of `watched`.
    bool accepts(QObject *watched, const QPoint &pos) const;
    /// Whether the drag in progress holds anything some tree row could take.
    bool mayFit() const;
    void highlight(QObject *watched, const QPoint &pos, bool on);
    /// The overlay of a target that lights up as a whole; null for the tree.
    static ui::DropHighlight *overlayOf(QObject *target);
    void stopScrolling();
    void listVersionsThenStage(const QStringList &localPaths, const Where &where, Done done);
    bool isDeclarationStaged(const api::Identifier &table) const;
    /// Plans the drop on `where`, asks what the plan needs, and stages it. True when staged.
    bool stage(const QStringList &localPaths, const Where &where);
    ManifestDropQuestions questions() const;
    manifest::ManifestDropPlanner planner(const Where &where) const;
    QString stepText(const Where &where, const manifest::ManifestDropPlan &plan) const;

    ui::MainWindow &m_window;
    CatalogSession &m_session;
    staging::PendingChanges &m_changes;
    QPointer<ui::PendingChangesPanel> m_panel;
    QSettings &m_settings;
    PrompterSource m_prompter;
    QPointer<QObject> m_watched;                  //!< the workspace whose views are watched
    Dragged m_dragged;                            //!< the drag in progress, from its enter event
    ui::DragAutoScroller *m_autoScroll = nullptr; //!< for the watched workspace's tree
};

} // namespace lance::browser
