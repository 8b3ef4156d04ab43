// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CatalogService.h"

#include <QNetworkAccessManager>
#include <QUrl>

#include <memory>

namespace lance::rest {
class RestClient;
}

namespace lance::test {

/// Batches and catalog state for the commit tests, written as `a$t` strings, and the waits that
/// set up or check a real catalog (the embedded one or lance-catalog-server). A refusal fails
/// the running test (QTest::qFail) and answers false, so tests write `QVERIFY(...)`.
class CommitFixtures
{
public:
    /// The route of a batch commit, as ScriptedHttpServer names routes.
    static inline const QString BatchRoute = QStringLiteral("POST /v1/table/batch-commit");

    static api::Identifier id(const QString &text);
    /// At `s3://bucket/<table>` unless `location` is given: a store the catalog cannot read.
    static api::CommitTableOperation declare(const QString &table, const QString &location = {});
    /// Manifest `s3://bucket/<table>/_versions/<version>.manifest` unless `manifestPath` is given:
    /// on the store of a table declare() made, so servers record it as given.
    static api::CommitTableOperation createVersion(const QString &table, qint64 version,
                                                   const QString &manifestPath = {});
    /// Versions `start` up to, not including, `end` (-1: through the latest).
    static api::CommitTableOperation deleteVersions(const QString &table, qint64 start, qint64 end);
    static api::CommitTableOperation deregister(const QString &table);
    static api::BatchCommitTablesRequest batch(QList<api::CommitTableOperation> operations);

    /// A REST client for `url`; an API key when `apiKey` is not empty. One attempt per read, so
    /// a test sees every failure as it happened.
    static std::unique_ptr<rest::RestClient> client(QNetworkAccessManager &network, const QUrl &url,
                                                    const QString &apiKey = {});

    // Waits for the service's answer (10 s at most).
    static bool createNamespace(api::CatalogService &service, const QString &id);
    static bool commit(api::CatalogService &service, const api::BatchCommitTablesRequest &request);
    static std::optional<bool> tableExists(api::CatalogService &service, const QString &table);
    /// The versions the service lists for `table`, ascending; nothing when listing failed.
    static std::optional<QList<qint64>> versions(api::CatalogService &service,
                                                 const QString &table);
};

} // namespace lance::test
