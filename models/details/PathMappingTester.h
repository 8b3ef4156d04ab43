// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Identifier.h"
#include "api/RequestHandle.h"
#include "details/ManifestAccess.h"
#include "details/SampleTableFinder.h"

#include <QObject>

namespace lance::api {
class CatalogService;
}

namespace lance::details {

/// "Test Mapping" of a connection profile: finds one table on the server (SampleTableFinder),
/// asks for its latest version, and says whether
/// this machine reads that version's manifest through the profile's path mapping (or as a
/// server on this machine names it), in one sentence a person can act on. Read-only calls;
/// never blocks.
class PathMappingTester : public QObject
{
    Q_OBJECT

public:
    /// `service` must outlive the tester.
    PathMappingTester(api::CatalogService *service, ManifestAccess access,
                      QObject *parent = nullptr);

    void start();
    bool isRunning() const { return m_running; }

signals:
    /// `read`: the manifest was found here; `message` says where, or why not.
    void finished(bool read, const QString &message);

private:
    void latestVersion(const api::Identifier &table);
    void finish(bool read, const QString &message);

    api::CatalogService *m_service;
    ManifestAccess m_access;
    SampleTableFinder m_finder;
    api::RequestHandle m_request;
    bool m_running = false;
};

} // namespace lance::details
