// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/NamespaceMessages.h"
#include "api/TableMessages.h"

namespace lance::engine {

class CatalogDatabase;

/// The namespace operations of CatalogEngine: nested namespaces with properties; the root
/// always exists, cannot be created (NamespaceAlreadyExists) or dropped (InvalidInput).
class NamespaceOperations
{
    Q_DECLARE_TR_FUNCTIONS(NamespaceOperations)

public:
    explicit NamespaceOperations(CatalogDatabase &database)
        : m_database(database)
    {}

    api::Result<api::ListNamespacesResponse> list(const api::ListNamespacesRequest &request);
    api::Result<api::DescribeNamespaceResponse>
    describe(const api::DescribeNamespaceRequest &request);
    api::Result<api::CreateNamespaceResponse> create(const api::CreateNamespaceRequest &request);
    api::Result<api::DropNamespaceResponse> drop(const api::DropNamespaceRequest &request);
    api::Result<api::ExistsResponse> exists(const api::NamespaceExistsRequest &request);
    /// Sets and removes properties in one write; removing a key that is not there is no error.
    api::Result<api::UpdateNamespacePropertiesResponse>
    updateProperties(const api::UpdateNamespacePropertiesRequest &request);

private:
    CatalogDatabase &m_database;
};

} // namespace lance::engine
