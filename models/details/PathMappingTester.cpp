// SPDX-License-Identifier: Apache-2.0
#include "details/PathMappingTester.h"

#include "api/CatalogService.h"
#include "format/LocalPaths.h"

#include <QDir>
#include <QFileInfo>

namespace lance::details {

PathMappingTester::PathMappingTester(api::CatalogService *service, ManifestAccess access,
                                     QObject *parent)
    : QObject(parent)
    , m_service(service)
    , m_access(std::move(access))
{}

void PathMappingTester::start()
{
    m_request.cancel();
    m_running = true;
    listTables(api::Identifier(), true);
}

void PathMappingTester::listTables(const api::Identifier &namespaceId, bool thenNamespaces)
{
    api::ListTablesRequest request;
    request.id = namespaceId;
    request.limit = 1;
    request.includeDeclared = false; // a table with a version to read
    m_request = m_service->call(
        request, this,
        [this, namespaceId, thenNamespaces](api::Result<api::ListTablesResponse> result) {
            if (!result) {
                finish(false,
                       tr("The tables could not be listed: %1").arg(result.error().userMessage()));
            } else if (!result->tables.isEmpty()) {
                latestVersion(namespaceId.child(result->tables.first()));
            } else if (thenNamespaces) {
                listNamespaces();
            } else {
                finish(false, tr("No table with a version was found to try the mapping on."));
            }
        });
}

void PathMappingTester::listNamespaces()
{
    api::ListNamespacesRequest request;
    request.limit = 1;
    m_request
        = m_service->call(request, this, [this](api::Result<api::ListNamespacesResponse> result) {
              if (!result || result->namespaces.isEmpty()) {
                  finish(false, tr("No table with a version was found to "
                                   "try the mapping on."));
                  return;
              }
              listTables(api::Identifier({result->namespaces.first()}), false);
          });
}

void PathMappingTester::latestVersion(const api::Identifier &table)
{
    api::ListTableVersionsRequest request;
    request.id = table;
    request.limit = 1;
    request.descending = true;
    m_request = m_service->call(
        request, this, [this, table](api::Result<api::ListTableVersionsResponse> result) {
            const QString name = table.toString();
            if (!result) {
                finish(false, tr("The versions of %1 could not be listed: %2")
                                  .arg(name, result.error().userMessage()));
                return;
            }
            if (result->versions.isEmpty()) {
                finish(false, tr("%1 has no version to try the mapping on.").arg(name));
                return;
            }
            const api::TableVersion &latest = result->versions.first();
            const QString where = format::LocalPaths::readable(latest.manifestPath);
            const std::optional<QString> local = m_access.localFile(latest.manifestPath);
            if (!local) {
                finish(false, tr("Version %1 of %2 is at %3, which no folder of the mapping "
                                 "covers: add the folder where this machine sees it.")
                                  .arg(latest.version)
                                  .arg(name, where));
            } else if (!QFileInfo(*local).isReadable()) {
                finish(false, tr("Version %1 of %2 is at %3, which maps to %4; no such file is "
                                 "readable here.")
                                  .arg(latest.version)
                                  .arg(name, where, QDir::toNativeSeparators(*local)));
            } else {
                finish(true, tr("Version %1 of %2 is read here at %3.")
                                 .arg(latest.version)
                                 .arg(name, QDir::toNativeSeparators(*local)));
            }
        });
}

void PathMappingTester::finish(bool read, const QString &message)
{
    m_running = false;
    m_request = {};
    emit finished(read, message);
}

} // namespace lance::details
