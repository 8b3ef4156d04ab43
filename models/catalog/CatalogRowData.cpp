// SPDX-License-Identifier: Apache-2.0
#include "catalog/CatalogRowData.h"

#include "catalog/CatalogNode.h"
#include "catalog/CatalogTreeModel.h"

#include <QLocale>

namespace lance::catalog {

using Kind = CatalogNode::Kind;
using LoadState = CatalogNode::LoadState;

QVariant CatalogRowData::namespaceData(const CatalogNode &node, int role, const QString &delimiter)
{
    switch (role) {
    case Qt::DisplayRole:
        return node.name();
    case Qt::ToolTipRole:
    case CatalogTreeModel::FullIdRole:
        return node.id().toString(delimiter);
    case CatalogTreeModel::IdRole:
        return node.id().names();
    case CatalogTreeModel::KindRole:
        return int(Kind::Namespace);
    case CatalogTreeModel::LoadStateRole:
        return int(node.loadState());
    case CatalogTreeModel::ErrorRole:
        return node.error() ? node.error()->userMessage() : QVariant();
    case CatalogTreeModel::ErrorDetailsRole:
        return node.error() ? node.error()->details() : QVariant();
    case CatalogTreeModel::HasMoreRole:
        return node.hasMore();
    case CatalogTreeModel::LoadedCountRole:
        return node.loadedCount();
    default:
        return {};
    }
}

QVariant CatalogRowData::tableData(const CatalogNode &parent, int table, int role,
                                   const QString &delimiter)
{
    switch (role) {
    case Qt::DisplayRole:
        return parent.tables().at(table);
    case Qt::ToolTipRole: {
        const QString id = parent.id().child(parent.tables().at(table)).toString(delimiter);
        return parent.isDeclaredOnly(table).value_or(false)
                   ? tr("%1\nDeclared only: no data has been written to it yet.").arg(id)
                   : id;
    }
    case CatalogTreeModel::FullIdRole:
        return parent.id().child(parent.tables().at(table)).toString(delimiter);
    case CatalogTreeModel::IdRole:
        return parent.id().child(parent.tables().at(table)).names();
    case CatalogTreeModel::KindRole:
        return int(Kind::Table);
    case CatalogTreeModel::DeclaredOnlyRole:
        if (const std::optional<bool> declared = parent.isDeclaredOnly(table)) {
            return *declared;
        }
        return {};
    default:
        return {};
    }
}

QVariant CatalogRowData::syntheticData(const CatalogNode &parent, int role)
{
    const std::optional<api::ApiError> &error = parent.error();
    const bool failed = parent.loadState() == LoadState::Failed && error;
    switch (role) {
    case Qt::DisplayRole:
        if (failed) {
            return error->userMessage();
        }
        // The count is the one reported after the last page went in (never changed inside an
        // insertion), so long loads show progress.
        return parent.reportedCount() > 0
                   ? tr("Loading… (%1 loaded)").arg(QLocale().toString(parent.reportedCount()))
                   : tr("Loading…");
    case Qt::ToolTipRole:
        // The message whole, which a narrow tree cuts, then what else is known.
        if (!failed) {
            return {};
        }
        return error->details().isEmpty()
                   ? tr("%1\nUse Retry to try again.").arg(error->userMessage())
                   : tr("%1\n\n%2\nUse Retry to try again.")
                         .arg(error->userMessage(), error->details());
    case CatalogTreeModel::KindRole:
        return int(failed ? Kind::Error : Kind::Loading);
    case CatalogTreeModel::ErrorRole:
        return failed ? error->userMessage() : QVariant();
    case CatalogTreeModel::ErrorDetailsRole:
        return failed ? error->details() : QVariant();
    default:
        return {};
    }
}

Qt::ItemFlags CatalogRowData::flags(int kind)
{
    switch (Kind(kind)) {
    case Kind::Namespace:
        return Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    case Kind::Table:
    case Kind::Error: // selectable, so the keyboard reaches Retry and Copy
        return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
    case Kind::Loading:
        break;
    }
    return Qt::ItemIsEnabled | Qt::ItemNeverHasChildren;
}

} // namespace lance::catalog
