// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Identifier.h"

#include <QCoreApplication>
#include <QList>

#include <functional>

namespace lance::catalog {

class CatalogNode;

/// The walks CatalogTreeModel::ensureLoaded() started and that still wait for pages: each
/// identifier is followed down the loaded tree (CatalogPathWalk) until it is found, certainly
/// missing, or stopped by a failed or cancelled listing.
///
/// It only decides; the model loads pages and emits signals. advance() returns the walks that
/// ended and keeps the rest, so slots that start new walks while the model reports the ended
/// ones find a consistent list.
class CatalogLocates
{
    Q_DECLARE_TR_FUNCTIONS(CatalogLocates)

public:
    /// A walk that ended: found at `row` of `node`, or not found for `reason` (translated).
    struct Ended
    {
        api::Identifier id;
        CatalogNode *node = nullptr; //!< found: the row's parent namespace
        int row = -1;                //!< -1: not found
        QString reason;
    };
    /// "the root namespace" or "sales$eu": how messages name a namespace.
    using Describe = std::function<QString(const CatalogNode *)>;

    void add(const api::Identifier &id) { m_waiting.append(id); }
    bool isEmpty() const { return m_waiting.isEmpty(); }

    /// Walks every waiting identifier as far as the loaded tree allows. `load` is called for each
    /// namespace whose next page a walk needs (it does nothing when one is on its way).
    QList<Ended> advance(CatalogNode *root, const QString &delimiter, const Describe &describe,
                         const std::function<void(CatalogNode *)> &load);
    /// Ends the walks waiting for `node`, whose listing was cancelled.
    QList<Ended> cancelWaitingOn(CatalogNode *root, const CatalogNode *node,
                                 const Describe &describe);

private:
    QList<api::Identifier> m_waiting;
};

} // namespace lance::catalog
