// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/CatalogTreeView.h"

#include "catalog/CatalogTreeModel.h"
#include "ui/catalog/CatalogItemDelegate.h"
#include "ui/catalog/CatalogViewModel.h"

#include <QContextMenuEvent>
#include <QHeaderView>
#include <QMenu>
#include <QPainter>
#include <QScrollBar>

using namespace Qt::StringLiterals;

namespace lance::ui {

using Kind = catalog::CatalogNode::Kind;

CatalogTreeView::CatalogTreeView(QWidget *parent)
    : QTreeView(parent)
{
    setObjectName(u"catalogTree"_s);
    setAccessibleName(tr("Namespaces and tables"));
    setItemDelegate(new CatalogItemDelegate(this));
    setHeaderHidden(true);      // one column, the name: a header would only say "Name"
    setUniformRowHeights(true); // namespaces can hold 100,000 tables
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setExpandsOnDoubleClick(true);
    header()->setStretchLastSection(false);
    connect(this, &QAbstractItemView::activated, this, &CatalogTreeView::onActivated);
    connect(this, &QTreeView::expanded, this, &CatalogTreeView::scheduleFetch);
    connect(verticalScrollBar(), &QScrollBar::valueChanged, this, &CatalogTreeView::scheduleFetch);
}

void CatalogTreeView::setModel(QAbstractItemModel *model)
{
    for (const QMetaObject::Connection &connection : std::as_const(m_modelConnections)) {
        disconnect(connection);
    }
    m_modelConnections.clear();
    QTreeView::setModel(model);
    if (!model) {
        return;
    }
    if (header()->count() > 0) {
        // Long names scroll sideways instead of being cut: the column is as wide as its
        // content, and at least as wide as the view (resizeEvent) so selections span it.
        header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    }
    // Whatever changes which rows show may bring the end of a namespace into view.
    m_modelConnections = {
        connect(model, &QAbstractItemModel::rowsInserted, this, &CatalogTreeView::scheduleFetch),
        connect(model, &QAbstractItemModel::rowsRemoved, this, &CatalogTreeView::scheduleFetch),
        connect(model, &QAbstractItemModel::layoutChanged, this, &CatalogTreeView::scheduleFetch),
        connect(model, &QAbstractItemModel::modelReset, this, &CatalogTreeView::scheduleFetch),
    };
}

void CatalogTreeView::setContextActions(QList<QAction *> actions)
{
    m_contextActions = std::move(actions);
}

QMenu *CatalogTreeView::createContextMenu(QWidget *parent) const
{
    auto *menu = new QMenu(parent);
    menu->setObjectName(u"catalogTreeMenu"_s);
    for (QAction *action : m_contextActions) {
        if (action) {
            menu->addAction(action);
        } else {
            menu->addSeparator();
        }
    }
    return menu;
}

void CatalogTreeView::setPlaceholderText(const QString &text)
{
    if (text != m_placeholderText) {
        m_placeholderText = text;
        viewport()->update();
    }
}

void CatalogTreeView::paintEvent(QPaintEvent *event)
{
    QTreeView::paintEvent(event);
    if (m_dropHighlight.isValid()) {
        // The whole row, as file managers outline the folder a drop goes into.
        QRect row = visualRect(m_dropHighlight);
        row.setLeft(0);
        row.setRight(viewport()->width() - 1);
        QPainter painter(viewport());
        painter.setPen(QPen(palette().color(QPalette::Highlight), 2));
        painter.drawRect(row.adjusted(1, 1, -1, -1));
    }
    if (m_placeholderText.isEmpty() || !model() || model()->rowCount(rootIndex()) > 0) {
        return;
    }
    QPainter painter(viewport());
    painter.setPen(palette().color(QPalette::PlaceholderText));
    const QRect area = viewport()->rect().adjusted(12, 12, -12, -12);
    painter.drawText(area, Qt::AlignCenter | Qt::TextWordWrap, m_placeholderText);
}

void CatalogTreeView::setDropHighlight(const QModelIndex &index)
{
    if (index == m_dropHighlight) {
        return;
    }
    m_dropHighlight = index;
    viewport()->update();
}

void CatalogTreeView::contextMenuEvent(QContextMenuEvent *event)
{
    // The menu acts on the selection: a right click on a row outside it selects that row first,
    // as file managers do.
    const QModelIndex index = indexAt(event->pos());
    if (index.isValid() && !selectionModel()->isSelected(index)) {
        selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect
                                                     | QItemSelectionModel::Rows);
    }
    QMenu *menu = createContextMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(event->globalPos());
}

void CatalogTreeView::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Escape && state() != EditingState) {
        emit escapePressed();
    }
    QTreeView::keyPressEvent(event);
}

void CatalogTreeView::resizeEvent(QResizeEvent *event)
{
    QTreeView::resizeEvent(event);
    header()->setMinimumSectionSize(viewport()->width());
    scheduleFetch();
}

void CatalogTreeView::timerEvent(QTimerEvent *event)
{
    if (event->timerId() != m_fetchTimer.timerId()) {
        QTreeView::timerEvent(event);
        return;
    }
    m_fetchTimer.stop();
    fetchVisibleEnds();
}

void CatalogTreeView::scheduleFetch()
{
    // After the view laid the change out: from a model signal, rows are not placed yet.
    if (!m_fetchTimer.isActive()) {
        m_fetchTimer.start(0, this);
    }
}

void CatalogTreeView::fetchVisibleEnds()
{
    QAbstractItemModel *model = this->model();
    if (!model || !isVisible()) {
        return;
    }
    const int bottom = viewport()->height();
    // The view model lets only these fetches through (CatalogViewModel::fetchMore).
    auto *gated = qobject_cast<CatalogViewModel *>(model);
    const std::shared_ptr<void> open = gated ? gated->openFetch() : nullptr;
    // Nothing listed at the top yet (a refresh, a first page): the top is the visible end.
    if (model->rowCount(rootIndex()) == 0 && model->canFetchMore(rootIndex())) {
        model->fetchMore(rootIndex());
    }
    for (QModelIndex index = indexAt(QPoint(0, 0)); index.isValid(); index = indexBelow(index)) {
        if (visualRect(index).top() >= bottom) {
            break;
        }
        const QModelIndex parent = index.parent();
        if (index.row() == model->rowCount(parent) - 1 && model->canFetchMore(parent)) {
            model->fetchMore(parent); // nothing when its page is on its way already
        }
        if (isExpanded(index) && model->rowCount(index) == 0 && model->canFetchMore(index)) {
            model->fetchMore(index); // expanded, and nothing listed yet
        }
    }
}

void CatalogTreeView::onActivated(const QModelIndex &index)
{
    if (Kind(index.data(catalog::CatalogTreeModel::KindRole).toInt()) == Kind::Error) {
        emit retryRequested(index);
    }
}

} // namespace lance::ui
