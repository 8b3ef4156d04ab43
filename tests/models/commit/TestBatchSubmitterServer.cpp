// SPDX-License-Identifier: Apache-2.0
// BatchSubmitter over HTTP: the real lance-catalog-server (success, a 409 caused by a second
// client, a wrong API key), and test servers for the failures no real server gives on demand
// (5xx, no batch-commit route, a certificate nobody trusts).
#include "CatalogServerProcess.h"
#include "CommitFixtures.h"
#include "ScriptedHttpServer.h"
#include "TestData.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "api/JsonCodec.h"
#include "commit/BatchSubmitter.h"
#include "rest/RestClient.h"

#include <QSignalSpy>
#include <QSslSocket>
#include <QTcpServer>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance::api;
using namespace lance::rest;
using lance::commit::BatchSubmitter;
using lance::commit::CommitOutcome;
using lance::test::CatalogServerProcess;
using lance::test::CommitFixtures;
using lance::test::ScriptedHttpServer;
using lance::test::ScriptedResponse;
using lance::test::TestData;
using Kind = CommitOutcome::Kind;

Q_DECLARE_METATYPE(lance::test::ScriptedResponse)

namespace {

BatchCommitTablesRequest sampleBatch()
{
    return CommitFixtures::batch({CommitFixtures::declare(u"sales$returns"_s),
                                  CommitFixtures::createVersion(u"sales$orders"_s, 3),
                                  CommitFixtures::deleteVersions(u"sales$orders"_s, 1, 2)});
}

} // namespace

class TestBatchSubmitterServer : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void commitsWithResults();
    void secondClientCommittingFirstIsAConflict();
    void wrongApiKeyIsAuthFailed();
    void serverErrors_data();
    void serverErrors();
    void unsupportedServers_data();
    void unsupportedServers();
    void untrustedCertificateIsBeforeSending();
    void aRefusedConnectionIsBeforeSending();

private:
    CommitOutcome submit(CatalogService &service, const BatchCommitTablesRequest &request);

    CatalogServerProcess m_server;
    QNetworkAccessManager m_network;
    std::unique_ptr<RestClient> m_client;
    ScriptedHttpServer m_fake; //!< answers the batch with the failure each test enqueues
    std::unique_ptr<RestClient> m_fakeClient;
};

void TestBatchSubmitterServer::initTestCase()
{
    QVERIFY2(m_server.start(), qPrintable(m_server.standardError()));
    m_client = CommitFixtures::client(m_network, m_server.url());
    QVERIFY(m_fake.start());
    m_fakeClient = CommitFixtures::client(m_network, m_fake.url());
    QVERIFY(CommitFixtures::createNamespace(*m_client, u"sales"_s));
    QVERIFY(CommitFixtures::commit(
        *m_client, CommitFixtures::batch({CommitFixtures::declare(u"sales$orders"_s),
                                          CommitFixtures::createVersion(u"sales$orders"_s, 1),
                                          CommitFixtures::createVersion(u"sales$orders"_s, 2)})));
}

CommitOutcome TestBatchSubmitterServer::submit(CatalogService &service,
                                               const BatchCommitTablesRequest &request)
{
    BatchSubmitter submitter(service);
    QSignalSpy finished(&submitter, &BatchSubmitter::finished);
    if (!submitter.submit(request) || !finished.wait(15000) || finished.size() != 1) {
        qWarning("no outcome");
        return {};
    }
    return finished.at(0).at(0).value<CommitOutcome>();
}

void TestBatchSubmitterServer::commitsWithResults()
{
    const BatchCommitTablesRequest request = CommitFixtures::batch(
        {CommitFixtures::declare(u"sales$archive"_s),
         CommitFixtures::createVersion(u"sales$archive"_s, 1, u"s3://bucket/archive/1.manifest"_s),
         CommitFixtures::createVersion(u"sales$orders"_s, 3)});
    const CommitOutcome outcome = submit(*m_client, request);
    QVERIFY2(outcome.isCommitted(), qPrintable(outcome.message()));
    QCOMPARE(outcome.response().results.size(), 3);
    QCOMPARE(outcome.finalManifestPath(1),
             std::optional<QString>(u"s3://bucket/archive/1.manifest"_s));
    QCOMPARE(outcome.finalManifestPath(2),
             std::optional<QString>(u"s3://bucket/sales$orders/_versions/3.manifest"_s));
    QCOMPARE(CommitFixtures::versions(*m_client, u"sales$archive"_s), QList<qint64>{1});
    QCOMPARE(CommitFixtures::versions(*m_client, u"sales$orders"_s), (QList<qint64>{1, 2, 3}));
}

void TestBatchSubmitterServer::secondClientCommittingFirstIsAConflict()
{
    // Two people stage version 4 of sales$orders; the other one commits first.
    const BatchCommitTablesRequest mine
        = CommitFixtures::batch({CommitFixtures::declare(u"sales$mine"_s),
                                 CommitFixtures::deleteVersions(u"sales$orders"_s, 1, 2),
                                 CommitFixtures::createVersion(u"sales$orders"_s, 4)});
    QNetworkAccessManager otherNetwork;
    const auto other = CommitFixtures::client(otherNetwork, m_server.url());
    QVERIFY(CommitFixtures::commit(
        *other, CommitFixtures::batch({CommitFixtures::createVersion(
                    u"sales$orders"_s, 4, u"s3://bucket/theirs/4.manifest"_s)})));

    const CommitOutcome outcome = submit(*m_client, mine);
    QCOMPARE(outcome.kind(), Kind::Conflict);
    QCOMPARE(outcome.httpStatus(), 409);
    QCOMPARE(outcome.serverCode(), std::optional<int>(14));
    QVERIFY(!outcome.serverMessage().isEmpty());
    QCOMPARE(outcome.failedOperationIndex(), std::optional<qsizetype>(2));
    QCOMPARE(outcome.conflictingOperations(), QList<qsizetype>{2});
    QVERIFY2(outcome.message().contains(u"operation 3 (create version 4 of sales$orders)"_s),
             qPrintable(outcome.message()));
    // Nothing of the batch was applied.
    QCOMPARE(CommitFixtures::tableExists(*m_client, u"sales$mine"_s), false);
    QCOMPARE(CommitFixtures::versions(*m_client, u"sales$orders"_s), (QList<qint64>{1, 2, 3, 4}));
}

void TestBatchSubmitterServer::wrongApiKeyIsAuthFailed()
{
    CatalogServerProcess secured;
    QVERIFY2(secured.startWithApiKey(u"the-right-key-5b1e"_s), qPrintable(secured.standardError()));
    const auto right = CommitFixtures::client(m_network, secured.url(), u"the-right-key-5b1e"_s);
    QVERIFY(CommitFixtures::createNamespace(*right, u"sales"_s));

    const auto wrong = CommitFixtures::client(m_network, secured.url(), u"a-wrong-key"_s);
    const CommitOutcome outcome
        = submit(*wrong, CommitFixtures::batch({CommitFixtures::declare(u"sales$t"_s)}));
    QCOMPARE(outcome.kind(), Kind::AuthFailed);
    QCOMPARE(outcome.httpStatus(), 401);
    QVERIFY(outcome.isRetrySafe());
    QVERIFY2(outcome.message().contains(u"did not accept the credentials"_s),
             qPrintable(outcome.message()));
    QVERIFY(!outcome.message().contains(u"a-wrong-key"_s));
    QCOMPARE(CommitFixtures::tableExists(*right, u"sales$t"_s), false);
}

void TestBatchSubmitterServer::serverErrors_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::newRow("500") << 500 << QByteArray(R"({"code":18,"error":"disk full"})");
    QTest::newRow("503") << 503 << QByteArray(R"({"code":17,"error":"try later"})");
    QTest::newRow("502 without body") << 502 << QByteArray();
}

void TestBatchSubmitterServer::serverErrors()
{
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    m_fake.enqueue(CommitFixtures::BatchRoute, body.isEmpty()
                                                   ? ScriptedResponse::empty(status)
                                                   : ScriptedResponse::json(status, body));
    const int before = m_fake.requestCount();
    const CommitOutcome outcome = submit(*m_fakeClient, sampleBatch());
    QCOMPARE(outcome.kind(), Kind::ServerError);
    QCOMPARE(outcome.httpStatus(), status);
    QVERIFY(outcome.nothingApplied());
    QVERIFY(outcome.isRetrySafe());
    QVERIFY2(outcome.message().endsWith(u"the batch is still staged and can be sent again."_s),
             qPrintable(outcome.message()));
    // Sent once, never again by itself, and exactly the batch.
    QCOMPARE(m_fake.requestCount(), before + 1);
    BatchCommitTablesRequest received;
    LCB_VERIFY_OK(json::decodeInto(m_fake.requests().last().body, received));
    QCOMPARE(received, sampleBatch());
}

void TestBatchSubmitterServer::unsupportedServers_data()
{
    QTest::addColumn<ScriptedResponse>("answer");
    QTest::newRow("404 without body") << ScriptedResponse::empty(404);
    QTest::newRow("404 plain text") << ScriptedResponse::text(404, "Not Found");
    QTest::newRow("405") << ScriptedResponse::text(405, "Method Not Allowed");
    QTest::newRow("406 code 0") << ScriptedResponse::json(
        406, R"({"code":0,"error":"batch_commit_tables is not supported"})");
    QTest::newRow("501") << ScriptedResponse::empty(501);
}

void TestBatchSubmitterServer::unsupportedServers()
{
    QFETCH(ScriptedResponse, answer);
    m_fake.enqueue(CommitFixtures::BatchRoute, answer);
    const int before = m_fake.requestCount();
    const CommitOutcome outcome = submit(*m_fakeClient, sampleBatch());
    QCOMPARE(outcome.kind(), Kind::Unsupported);
    QCOMPARE(outcome.httpStatus(), answer.status);
    QVERIFY(outcome.nothingApplied());
    QVERIFY2(outcome.message().startsWith(u"This server does not support batch commits"_s),
             qPrintable(outcome.message()));
    QCOMPARE(m_fake.requestCount(), before + 1);
}

void TestBatchSubmitterServer::untrustedCertificateIsBeforeSending()
{
    // Never skipped: without a TLS backend the product cannot reach an HTTPS catalog.
    QVERIFY2(QSslSocket::supportsSsl(), "Qt has no TLS backend here; install libssl3 and Qt's "
                                        "OpenSSL plugin (libqt6network6)");
    ScriptedHttpServer fake(
        {TestData::path(u"tls/server.pem"_s), TestData::path(u"tls/server.key"_s)});
    QVERIFY(fake.start());
    fake.setDefault(CommitFixtures::BatchRoute, ScriptedResponse::json(200, R"({"results":[]})"));
    const auto client = CommitFixtures::client(m_network, fake.url());
    const CommitOutcome outcome = submit(*client, sampleBatch());
    QCOMPARE(outcome.kind(), Kind::NetworkBeforeSend);
    QVERIFY(outcome.isRetrySafe());
    QVERIFY2(outcome.message().startsWith(u"The batch was not sent"_s),
             qPrintable(outcome.message()));
    QCOMPARE(fake.requestCount(), 0);
}

void TestBatchSubmitterServer::aRefusedConnectionIsBeforeSending()
{
    // A port that was just free: nothing listens there, so the connection is refused.
    QTcpServer probe;
    QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
    QUrl url(u"http://127.0.0.1"_s);
    url.setPort(probe.serverPort());
    probe.close();
    const auto client = CommitFixtures::client(m_network, url);
    const CommitOutcome outcome = submit(*client, sampleBatch());
    QCOMPARE(outcome.kind(), Kind::NetworkBeforeSend);
    QVERIFY(outcome.isRetrySafe());
    QVERIFY(outcome.nothingApplied());
}

LCB_TEST_GUILESS_MAIN(TestBatchSubmitterServer)
#include "TestBatchSubmitterServer.moc"
