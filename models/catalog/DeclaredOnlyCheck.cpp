// SPDX-License-Identifier: Apache-2.0
#include "catalog/DeclaredOnlyCheck.h"

#include "api/PageCollector.h"
#include "catalog/CompactNameList.h"

namespace lance::catalog {

api::RequestHandle DeclaredOnlyCheck::start(api::CatalogService &service,
                                            const api::Identifier &namespaceId, int pageSize,
                                            QObject *context,
                                            std::function<void(api::Result<QSet<QString>>)> done)
{
    api::ListTablesRequest request;
    request.id = namespaceId;
    request.limit = pageSize;
    request.includeDeclared = false;
    return api::PageCollector::collectAllTables(
        service, request, context,
        [done = std::move(done)](api::Result<api::ListTablesResponse> listed) {
            if (!listed) {
                done(listed.error());
                return;
            }
            done(QSet<QString>(listed->tables.cbegin(), listed->tables.cend()));
        });
}

std::vector<bool> DeclaredOnlyCheck::marks(const CompactNameList &tables,
                                           const QSet<QString> &withData)
{
    std::vector<bool> declaredOnly(size_t(tables.size()));
    for (qsizetype i = 0; i < tables.size(); ++i) {
        declaredOnly[size_t(i)] = !withData.contains(tables.at(i));
    }
    return declaredOnly;
}

} // namespace lance::catalog
