// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CatalogService.h"

#include <QSet>

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
    /// request). `done` runs later, once, only while `context` lives.
    static api::RequestHandle start(api::CatalogService &service,
                                    const api::Identifier &namespaceId, int pageSize,
                                    QObject *context,
                                    std::function<void(api::Result<QSet<QString>>)> done);
    /// One mark per name of `tables`: true for those not in `withData`.
    static std::vector<bool> marks(const CompactNameList &tables, const QSet<QString> &withData);
};

} // namespace lance::catalog
