// SPDX-License-Identifier: Apache-2.0
#include "engine/BranchOperations.h"

#include "engine/CatalogLocations.h"
#include "engine/CatalogNames.h"
#include "engine/CatalogTransaction.h"
#include "engine/PageToken.h"
#include "engine/TableStore.h"
#include "format/BranchRefs.h"

using namespace Qt::StringLiterals;
using namespace lance::api;

namespace lance::engine {

Result<QString> BranchOperations::datasetFolder(const Identifier &id)
{
    auto location = CatalogTransaction::run<QString>(
        m_database, CatalogTransaction::Mode::Read,
        [&](CatalogTransaction &) { return TableStore(m_database).requireLocation(id); });
    if (!location) {
        return location.error();
    }
    const std::optional<QString> local = m_locations.localPath(*location);
    if (!local) {
        return ApiError::catalog(ErrorCode::Unsupported,
                                 tr("Table %1 keeps its data at %2, which this catalog cannot "
                                    "read: only the branches of tables on its own disk are "
                                    "listed here.")
                                     .arg(CatalogNames::display(id), *location));
    }
    return *local;
}

Result<ListTableBranchesResponse> BranchOperations::list(const ListTableBranchesRequest &request)
{
    if (const auto problem = CatalogNames::checkTable(request.id); !problem.hasValue()) {
        return problem.error();
    }
    const auto page = PageToken::page(PageToken::Kind::Branches, request.limit, request.pageToken);
    if (!page) {
        return page.error();
    }
    const auto folder = datasetFolder(request.id);
    if (!folder) {
        return folder.error();
    }
    const auto branches = format::BranchRefs::read(*folder);
    if (!branches) {
        return ApiError::catalog(ErrorCode::InvalidTableState, branches.error().userMessage());
    }
    // Names sort as the map keeps them; a page starts after the last name of the one before.
    QStringList names;
    for (auto it = branches->upperBound(page->afterOrFirst());
         it != branches->cend() && names.size() < page->fetch(); ++it) {
        names << it.key();
    }
    ListTableBranchesResponse response;
    response.pageToken = PageToken::takePage(names, page->size, PageToken::Kind::Branches);
    for (const QString &name : std::as_const(names)) {
        response.branches.insert(name, branches->value(name));
    }
    return response;
}

} // namespace lance::engine
