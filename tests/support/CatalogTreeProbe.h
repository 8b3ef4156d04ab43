// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "catalog/CatalogTreeModel.h"

#include <QTest>

namespace lance::test {

/// Reading CatalogTreeModel (or a proxy above it) the way a view does: through indexes and
/// roles only.
class CatalogTreeProbe
{
public:
    using Kind = catalog::CatalogNode::Kind;
    static constexpr int TimeoutMs = 20000;

    static Kind kind(const QModelIndex &index)
    {
        return Kind(index.data(catalog::CatalogTreeModel::KindRole).toInt());
    }

    /// The namespace and table names under `parent`, in row order.
    static QStringList names(const QAbstractItemModel &model, const QModelIndex &parent = {})
    {
        QStringList names;
        for (int row = 0; row < model.rowCount(parent); ++row) {
            const QModelIndex index = model.index(row, 0, parent);
            if (kind(index) == Kind::Namespace || kind(index) == Kind::Table) {
                names.append(index.data().toString());
            }
        }
        return names;
    }

    static QModelIndex child(const QAbstractItemModel &model, const QModelIndex &parent,
                             const QString &name)
    {
        for (int row = 0; row < model.rowCount(parent); ++row) {
            const QModelIndex index = model.index(row, 0, parent);
            if (index.data().toString() == name
                && (kind(index) == Kind::Namespace || kind(index) == Kind::Table)) {
                return index;
            }
        }
        return {};
    }

    /// The synthetic row under `parent` ("Loading…" or the error), if there is one.
    static QModelIndex syntheticRow(const QAbstractItemModel &model, const QModelIndex &parent)
    {
        const int rows = model.rowCount(parent);
        const QModelIndex last = rows > 0 ? model.index(rows - 1, 0, parent) : QModelIndex();
        return last.isValid() && (kind(last) == Kind::Loading || kind(last) == Kind::Error)
                   ? last
                   : QModelIndex();
    }

    static bool isLoading(const QAbstractItemModel &model, const QModelIndex &parent)
    {
        const QModelIndex row = syntheticRow(model, parent);
        return row.isValid() && kind(row) == Kind::Loading;
    }

    /// Asks for the next page of `parent` (unless one is on its way) and waits until it is in.
    [[nodiscard]] static bool fetchAndWait(QAbstractItemModel &model, const QModelIndex &parent)
    {
        if (model.canFetchMore(parent)) {
            model.fetchMore(parent);
        }
        return QTest::qWaitFor([&] { return !isLoading(model, parent); }, TimeoutMs);
    }

    /// Loads every page of `parent` and waits for the last one.
    [[nodiscard]] static bool loadAllAndWait(catalog::CatalogTreeModel &model,
                                             const QModelIndex &parent)
    {
        model.loadAll(parent);
        return QTest::qWaitFor(
            [&] { return !isLoading(model, parent) && !model.canFetchMore(parent); }, TimeoutMs);
    }
};

} // namespace lance::test
