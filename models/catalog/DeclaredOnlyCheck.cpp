// SPDX-License-Identifier: Apache-2.0
#include "catalog/DeclaredOnlyCheck.h"

#include "catalog/CompactNameList.h"
#include "client/PageCollector.h"

#include <QSet>

namespace lance::catalog {

api::RequestHandle DeclaredOnlyCheck::start(api::CatalogService &service,
                                            const api::Identifier &namespaceId, int pageSize,
                                            QObject *context,
                                            std::function<void(api::Result<QStringList>)> done)
{
    api::ListTablesRequest request;
    request.id = namespaceId;
    request.limit = pageSize;
    request.includeDeclared = false;
    return client::PageCollector::collectAll(
        service, request, context,
        [done = std::move(done)](api::Result<api::ListTablesResponse> listed) {
            if (!listed) {
                done(listed.error());
                return;
            }
            done(std::move(listed->tables));
        });
}

std::vector<bool> DeclaredOnlyCheck::marks(const CompactNameList &tables,
                                           const QStringList &withData)
{
    std::vector<bool> declaredOnly(size_t(tables.size()), true);
    qsizetype next = 0; // the first row not yet matched
    for (const QString &name : withData) {
        const QByteArray utf8 = name.toUtf8();
        qsizetype row = next;
        while (row < tables.size() && tables.utf8At(row) != QByteArrayView(utf8)) {
            ++row;
        }
        if (row == tables.size()) {
            return marksByHash(tables, withData); // not a subsequence: orders differ
        }
        declaredOnly[size_t(row)] = false;
        next = row + 1;
    }
    return declaredOnly;
}

std::vector<bool> DeclaredOnlyCheck::marksByHash(const CompactNameList &tables,
                                                 const QStringList &withData)
{
    const QSet<QString> hashed(withData.cbegin(), withData.cend());
    std::vector<bool> declaredOnly(size_t(tables.size()));
    for (qsizetype i = 0; i < tables.size(); ++i) {
        declaredOnly[size_t(i)] = !hashed.contains(tables.at(i));
    }
    return declaredOnly;
}

} // namespace lance::catalog
