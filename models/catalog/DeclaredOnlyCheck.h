// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CatalogService.h"

#include <QStringList>

#include <vector>

namespace lance::catalog {

class CompactNameList;

/// Finds the declared-only tables of a namespace (declared, no data written yet): ListTables
/// with `include_declared=false` returns only tables with data, so every table of the full
/// listing that it does not return is declared only. A server that ignores the flag returns
/// everything, and nothing is marked.
class DeclaredOnlyCheck
{
public:
    /// Lists the names of the tables with data in `namespaceId`, every page (`pageSize` a
    /// request), in the server's order. `done` runs later, once, only while `context` lives.
    static api::RequestHandle start(api::CatalogService &service,
                                    const api::Identifier &namespaceId, int pageSize,
                                    QObject *context,
                                    std::function<void(api::Result<QStringList>)> done);
    /// One mark per name of `tables`: true for those not in `withData`.
    ///
    /// Runs on the GUI thread with the whole namespace at once (100,000 names), so it walks
    /// both lists side by side: a server lists tables in one order with or without declared
    /// ones, so `withData` is a subsequence of `tables` and one pass over UTF-8 bytes settles
    /// every mark. Hashing every name instead cost twice the 16 ms a frame has. A server
    /// whose two listings disagree in order is still answered right, by hashing.
    static std::vector<bool> marks(const CompactNameList &tables, const QStringList &withData);

private:
    static std::vector<bool> marksByHash(const CompactNameList &tables,
                                         const QStringList &withData);
};

} // namespace lance::catalog
