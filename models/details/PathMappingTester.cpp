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
    , m_finder(service)
{
    m_finder.setPurpose(tr("to try the mapping on"));
    connect(&m_finder, &SampleTableFinder::found, this, &PathMappingTester::latestVersion);
    connect(&m_finder, &SampleTableFinder::failed, this,
            [this](const QString &message) { finish(false, message); });
}

void PathMappingTester::start()
{
    m_request.cancel();
    m_running = true;
    m_finder.start();
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
