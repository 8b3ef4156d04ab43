// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QBasicTimer>
#include <QList>
#include <QPersistentModelIndex>
#include <QTreeView>

class QAction;
class QMenu;

namespace lance::ui {

/// The catalog tree: a QTreeView over CatalogTreeModel (usually through CatalogFilterModel)
/// painted by CatalogItemDelegate, that pages like a file manager: whenever the end of a
/// loaded namespace shows in the viewport and the namespace has more, the next page is asked
/// for. (QTreeView alone does so for the top level only, or when scrolled to the very end, so a
/// short page in an expanded namespace would never be followed by the next.)
///
/// The error row is retried by activating it (double-click, Enter), which emits
/// retryRequested(). A right click selects the row under the pointer and opens the context
/// menu made of the actions given to setContextActions(). Escape emits escapePressed() (the
/// workspace clears the filter with it).
///
/// Object name for tests: `catalogTree`.
class CatalogTreeView : public QTreeView
{
    Q_OBJECT

public:
    explicit CatalogTreeView(QWidget *parent = nullptr);

    void setModel(QAbstractItemModel *model) override;

    /// The context menu's actions, in order; a null entry is a separator. Not owned.
    void setContextActions(QList<QAction *> actions);
    /// A new menu of the context actions (what a right click shows), owned by `parent`.
    QMenu *createContextMenu(QWidget *parent) const;

    /// Said in the middle of the view while it shows no row (no match for the filter, an empty
    /// catalog, a cancelled listing); empty says nothing.
    void setPlaceholderText(const QString &text);
    const QString &placeholderText() const { return m_placeholderText; }

    /// Outlines the row of `index` as where a drag would drop (an invalid index outlines
    /// nothing); the drop handling sets it while a valid drag is over a row.
    void setDropHighlight(const QModelIndex &index);
    QModelIndex dropHighlight() const { return m_dropHighlight; }

signals:
    /// The error row `index` was activated.
    void retryRequested(const QModelIndex &index);
    void escapePressed();

protected:
    void contextMenuEvent(QContextMenuEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void timerEvent(QTimerEvent *event) override;

private:
    void onActivated(const QModelIndex &index);
    void scheduleFetch();
    void fetchVisibleEnds();

    QList<QAction *> m_contextActions;
    QString m_placeholderText;
    QPersistentModelIndex m_dropHighlight;
    QList<QMetaObject::Connection> m_modelConnections;
    QBasicTimer m_fetchTimer; //!< coalesces the checks of one event loop pass into one
};

} // namespace lance::ui
