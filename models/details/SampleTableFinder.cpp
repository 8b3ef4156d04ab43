// SPDX-License-Identifier: Apache-2.0
#include "details/SampleTableFinder.h"

#include "api/CatalogService.h"

namespace lance::details {

SampleTableFinder::SampleTableFinder(api::CatalogService *service, QObject *parent)
    : QObject(parent)
    , m_service(service)
{}

void SampleTableFinder::start()
{
    m_request.cancel();
    listTables(api::Identifier(), true);
}

QString SampleTableFinder::noTableMessage() const
{
    return m_purpose.isEmpty() ? tr("No table with a version was found.")
                               : tr("No table with a version was found %1.").arg(m_purpose);
}

void SampleTableFinder::listTables(const api::Identifier &namespaceId, bool thenNamespaces)
{
    api::ListTablesRequest request;
    request.id = namespaceId;
    request.limit = 1;
    request.includeDeclared = false; // a table with a version to read
    m_request = m_service->call(
        request, this,
        [this, namespaceId, thenNamespaces](api::Result<api::ListTablesResponse> result) {
            if (!result) {
                emit failed(
                    tr("The tables could not be listed: %1").arg(result.error().userMessage()));
            } else if (!result->tables.isEmpty()) {
                emit found(namespaceId.child(result->tables.first()));
            } else if (thenNamespaces) {
                listNamespaces();
            } else {
                emit failed(noTableMessage());
            }
        });
}

void SampleTableFinder::listNamespaces()
{
    api::ListNamespacesRequest request;
    request.limit = 1;
    m_request
        = m_service->call(request, this, [this](api::Result<api::ListNamespacesResponse> result) {
              if (!result || result->namespaces.isEmpty()) {
                  emit failed(noTableMessage());
                  return;
              }
              listTables(api::Identifier({result->namespaces.first()}), false);
          });
}

} // namespace lance::details
