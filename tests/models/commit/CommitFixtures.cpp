// SPDX-License-Identifier: Apache-2.0
#include "CommitFixtures.h"

#include "AwaitCall.h"
#include "rest/RestClient.h"

#include <QTest>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace lance::test {

api::Identifier CommitFixtures::id(const QString &text)
{
    return api::Identifier::parse(text).value();
}

api::CommitTableOperation CommitFixtures::declare(const QString &table, const QString &location)
{
    api::DeclareTableRequest request;
    request.id = id(table);
    // By default where createVersion()'s manifests are: a store the catalog records as given.
    request.location = location.isEmpty() ? u"s3://bucket/%1"_s.arg(table) : location;
    return request;
}

api::CommitTableOperation CommitFixtures::createVersion(const QString &table, qint64 version,
                                                        const QString &manifestPath)
{
    api::CreateTableVersionRequest request;
    request.id = id(table);
    request.version = version;
    request.manifestPath = manifestPath.isEmpty()
                               ? u"s3://bucket/%1/_versions/%2.manifest"_s.arg(table).arg(version)
                               : manifestPath;
    return request;
}

api::CommitTableOperation CommitFixtures::deleteVersions(const QString &table, qint64 start,
                                                         qint64 end)
{
    api::BatchDeleteTableVersionsRequest request;
    request.id = id(table);
    api::VersionRange range;
    range.startVersion = start;
    range.endVersion = end;
    request.ranges = {range};
    return request;
}

api::CommitTableOperation CommitFixtures::deregister(const QString &table)
{
    api::DeregisterTableRequest request;
    request.id = id(table);
    return request;
}

api::BatchCommitTablesRequest CommitFixtures::batch(QList<api::CommitTableOperation> operations)
{
    api::BatchCommitTablesRequest request;
    request.operations = std::move(operations);
    return request;
}

std::unique_ptr<rest::RestClient> CommitFixtures::client(QNetworkAccessManager &network,
                                                         const QUrl &url, const QString &apiKey)
{
    rest::RestClientConfig config;
    config.baseUrl = url;
    config.retry.maxAttempts = 1;
    config.timeoutMs = 10000;
    if (!apiKey.isEmpty()) {
        config.auth = rest::AuthMethod::ApiKey;
        config.secret = apiKey;
    }
    return std::make_unique<rest::RestClient>(&network, config);
}

bool CommitFixtures::createNamespace(api::CatalogService &service, const QString &text)
{
    api::CreateNamespaceRequest request;
    request.id = id(text);
    return succeeded(awaitCall(service, request), u"create namespace %1"_s.arg(text));
}

bool CommitFixtures::commit(api::CatalogService &service,
                            const api::BatchCommitTablesRequest &request)
{
    return succeeded(awaitCall(service, request), u"batch commit"_s);
}

std::optional<bool> CommitFixtures::tableExists(api::CatalogService &service, const QString &table)
{
    api::TableExistsRequest request;
    request.id = id(table);
    auto exists = awaitCall(service, request);
    if (!succeeded(exists, u"table exists %1"_s.arg(table))) {
        return std::nullopt;
    }
    return exists->exists;
}

std::optional<QList<qint64>> CommitFixtures::versions(api::CatalogService &service,
                                                      const QString &table)
{
    api::ListTableVersionsRequest request;
    request.id = id(table);
    auto listed = awaitCall(service, request);
    if (!succeeded(listed, u"list versions of %1"_s.arg(table))) {
        return std::nullopt;
    }
    QList<qint64> numbers;
    for (const api::TableVersion &version : listed->versions) {
        numbers.append(version.version);
    }
    std::sort(numbers.begin(), numbers.end());
    return numbers;
}

} // namespace lance::test
