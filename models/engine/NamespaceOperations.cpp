// SPDX-License-Identifier: Apache-2.0
#include "engine/NamespaceOperations.h"

#include "engine/CatalogNames.h"
#include "engine/CatalogTransaction.h"
#include "engine/NamespaceStore.h"
#include "engine/PageToken.h"
#include "engine/TableStore.h"

using namespace Qt::StringLiterals;
using namespace lance::api;

namespace lance::engine {

namespace {

using Mode = CatalogTransaction::Mode;

} // namespace

Result<ListNamespacesResponse> NamespaceOperations::list(const ListNamespacesRequest &request)
{
    if (const auto problem = CatalogNames::checkNamespace(request.id); !problem.hasValue()) {
        return problem.error();
    }
    const auto page
        = PageToken::namePage(PageToken::Kind::Namespaces, request.limit, request.pageToken);
    if (!page) {
        return page.error();
    }
    return CatalogTransaction::run<ListNamespacesResponse>(
        m_database, Mode::Read, [&](CatalogTransaction &) -> Result<ListNamespacesResponse> {
            NamespaceStore store(m_database);
            if (auto found = store.require(request.id); !found) {
                return found.error();
            }
            const auto after = PageToken::startAfterName(
                *page, [&](const QString &name) { return store.exists(request.id.child(name)); });
            if (!after) {
                return after.error();
            }
            auto names = store.children(request.id, *after, page->fetch());
            if (!names) {
                return names.error();
            }
            ListNamespacesResponse response;
            response.pageToken
                = PageToken::takePage(*names, page->size, PageToken::Kind::Namespaces);
            response.namespaces = std::move(*names);
            return response;
        });
}

Result<DescribeNamespaceResponse>
NamespaceOperations::describe(const DescribeNamespaceRequest &request)
{
    if (const auto problem = CatalogNames::checkNamespace(request.id); !problem.hasValue()) {
        return problem.error();
    }
    return CatalogTransaction::run<DescribeNamespaceResponse>(
        m_database, Mode::Read, [&](CatalogTransaction &) -> Result<DescribeNamespaceResponse> {
            auto properties = NamespaceStore(m_database).require(request.id);
            if (!properties) {
                return properties.error();
            }
            DescribeNamespaceResponse response;
            response.properties = std::move(*properties);
            return response;
        });
}

Result<CreateNamespaceResponse> NamespaceOperations::create(const CreateNamespaceRequest &request)
{
    if (const auto problem = CatalogNames::checkNamespace(request.id); !problem.hasValue()) {
        return problem.error();
    }
    if (request.id.isRoot()) {
        return ApiError::catalog(ErrorCode::NamespaceAlreadyExists,
                                 tr("The root namespace always exists; it cannot be created."));
    }
    const QString name = CatalogNames::display(request.id);
    return CatalogTransaction::run<CreateNamespaceResponse>(
        m_database, Mode::Write, [&](CatalogTransaction &) -> Result<CreateNamespaceResponse> {
            NamespaceStore namespaces(m_database);
            if (auto parent = namespaces.require(request.id.parent()); !parent) {
                return parent.error();
            }
            auto table = TableStore(m_database).find(request.id);
            if (!table) {
                return table.error();
            }
            if (*table) {
                return ApiError::catalog(ErrorCode::NamespaceAlreadyExists,
                                         tr("%1 already exists as a table; a namespace cannot "
                                            "have the same name.")
                                             .arg(name));
            }
            auto existing = namespaces.properties(request.id);
            if (!existing) {
                return existing.error();
            }
            const CreateNamespaceMode mode = request.mode.value_or(CreateNamespaceMode::Create);
            CreateNamespaceResponse response;
            if (*existing) {
                if (mode == CreateNamespaceMode::Create) {
                    return ApiError::catalog(ErrorCode::NamespaceAlreadyExists,
                                             tr("Namespace %1 already exists.").arg(name));
                }
                if (mode == CreateNamespaceMode::ExistOk) {
                    response.properties = std::move(**existing);
                    return response;
                }
                // Overwrite: the catalog entries below go; their data stays in storage.
                if (auto removed = namespaces.remove(request.id); !removed) {
                    return removed.error();
                }
            }
            if (auto added = namespaces.insert(request.id, request.properties); !added) {
                return added.error();
            }
            response.properties = request.properties;
            return response;
        });
}

Result<DropNamespaceResponse> NamespaceOperations::drop(const DropNamespaceRequest &request)
{
    if (const auto problem = CatalogNames::checkNamespace(request.id); !problem.hasValue()) {
        return problem.error();
    }
    if (request.id.isRoot()) {
        return ApiError::catalog(ErrorCode::InvalidInput,
                                 tr("The root namespace cannot be dropped."));
    }
    return CatalogTransaction::run<DropNamespaceResponse>(
        m_database, Mode::Write, [&](CatalogTransaction &) -> Result<DropNamespaceResponse> {
            NamespaceStore namespaces(m_database);
            auto properties = namespaces.properties(request.id);
            if (!properties) {
                return properties.error();
            }
            DropNamespaceResponse response;
            if (!*properties) {
                if (request.mode == DropNamespaceMode::Skip) {
                    return response;
                }
                return NamespaceStore::notFound(request.id);
            }
            if (request.behavior.value_or(DropNamespaceBehavior::Restrict)
                == DropNamespaceBehavior::Restrict) {
                auto occupied = namespaces.hasChildren(request.id);
                if (!occupied) {
                    return occupied.error();
                }
                if (*occupied) {
                    return ApiError::catalog(
                        ErrorCode::NamespaceNotEmpty,
                        tr("Namespace %1 is not empty; remove its tables and namespaces first, "
                           "or drop it with Cascade.")
                            .arg(CatalogNames::display(request.id)));
                }
            }
            // Cascade removes the catalog entries below (namespaces, tables, their versions
            // and tags) and nothing else: the tables' DATA IS KEPT in storage. Deleting the data
            // of a whole subtree in one call is too dangerous for a steward's tool; DropTable
            // deletes one table's data.
            if (auto removed = namespaces.remove(request.id); !removed) {
                return removed.error();
            }
            response.properties = std::move(**properties);
            return response;
        });
}

Result<UpdateNamespacePropertiesResponse>
NamespaceOperations::updateProperties(const UpdateNamespacePropertiesRequest &request)
{
    if (const auto problem = CatalogNames::checkNamespace(request.id); !problem.hasValue()) {
        return problem.error();
    }
    for (const QString &key : request.removals) {
        if (request.updates.contains(key)) {
            return ApiError::catalog(ErrorCode::InvalidInput,
                                     tr("The property \"%1\" is both set and removed; it can be "
                                        "one or the other.")
                                         .arg(key));
        }
    }
    if (request.updates.contains(QString())) {
        return ApiError::catalog(ErrorCode::InvalidInput,
                                 tr("A property needs a name; one of the updates has none."));
    }
    return CatalogTransaction::run<UpdateNamespacePropertiesResponse>(
        m_database, Mode::Write,
        [&](CatalogTransaction &) -> Result<UpdateNamespacePropertiesResponse> {
            NamespaceStore namespaces(m_database);
            auto properties = namespaces.require(request.id);
            if (!properties) {
                return properties.error();
            }
            for (const QString &key : request.removals) {
                properties->remove(key);
            }
            for (auto it = request.updates.begin(); it != request.updates.end(); ++it) {
                properties->insert(it.key(), it.value());
            }
            if (auto stored = namespaces.setProperties(request.id, *properties);
                !stored.hasValue()) {
                return stored.error();
            }
            UpdateNamespacePropertiesResponse response;
            response.properties = std::move(*properties);
            return response;
        });
}

Result<ExistsResponse> NamespaceOperations::exists(const NamespaceExistsRequest &request)
{
    if (const auto problem = CatalogNames::checkNamespace(request.id); !problem.hasValue()) {
        return problem.error();
    }
    return CatalogTransaction::run<ExistsResponse>(
        m_database, Mode::Read, [&](CatalogTransaction &) -> Result<ExistsResponse> {
            if (auto found = NamespaceStore(m_database).require(request.id); !found) {
                return found.error();
            }
            ExistsResponse response;
            response.exists = true;
            return response;
        });
}

} // namespace lance::engine
