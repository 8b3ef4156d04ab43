// SPDX-License-Identifier: Apache-2.0
// ConflictAnalysis: which staged operations conflict after a 409, from the index
// lance-catalog-server names, or by reading the real server's state when a server (here a test
// server answering only the batch commit) names none.
#include "AwaitCall.h"
#include "CatalogServerProcess.h"
#include "CommitFixtures.h"
#include "RoutedCatalogService.h"
#include "ScriptedHttpServer.h"
#include "TestRegistry.h"
#include "commit/BatchSubmitter.h"
#include "commit/ConflictAnalysis.h"
#include "rest/RestClient.h"

#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance::api;
using namespace lance::rest;
using lance::commit::BatchSubmitter;
using lance::commit::CommitOutcome;
using lance::commit::ConflictAnalysis;
using lance::test::awaitCall;
using lance::test::CatalogServerProcess;
using lance::test::CommitFixtures;
using lance::test::RoutedCatalogService;
using lance::test::ScriptedHttpServer;
using lance::test::ScriptedResponse;

namespace {

const QByteArray ConflictWithoutIndex = R"({"code":14,"error":"The batch conflicts."})";

// Six operations in namespace `ns`; the first three conflict once someOneElseCommits() ran.
BatchCommitTablesRequest staged(const QString &ns)
{
    return CommitFixtures::batch({
        CommitFixtures::declare(ns + u"$taken"_s),
        CommitFixtures::createVersion(ns + u"$orders"_s, 3),
        CommitFixtures::deregister(ns + u"$old"_s),
        CommitFixtures::declare(ns + u"$fresh"_s),
        CommitFixtures::createVersion(ns + u"$fresh"_s, 1), // the batch declares it: not gone
        CommitFixtures::deleteVersions(ns + u"$orders"_s, 1, 2),
    });
}

} // namespace

class TestConflictAnalysis : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void findsConflictsByReadingTheServer();
    void submitterCompletesTheConflict();
    void takesTheIndexTheServerNames();
    void findsNothingWhenTheStateShowsNoConflict();
    void reportsAFailedReading();

private:
    /// Namespace `ns` with orders (versions 1, 2) and old; then, when `changed`, someone else
    /// declares taken, commits version 3 of orders and deregisters old.
    bool prepare(const QString &ns, bool changed);
    ConflictAnalysis::Result analyse(CatalogService &service,
                                     const BatchCommitTablesRequest &request,
                                     const ApiError &error);
    ApiError conflictFromTheFake();

    CatalogServerProcess m_server;
    QNetworkAccessManager m_network;
    std::unique_ptr<RestClient> m_client;
    ScriptedHttpServer m_fake;
    std::unique_ptr<RestClient> m_fakeClient;
};

void TestConflictAnalysis::initTestCase()
{
    QVERIFY2(m_server.start(), qPrintable(m_server.standardError()));
    m_client = CommitFixtures::client(m_network, m_server.url());
    QVERIFY(m_fake.start());
    m_fake.setDefault(CommitFixtures::BatchRoute,
                      ScriptedResponse::json(409, ConflictWithoutIndex));
    m_fakeClient = CommitFixtures::client(m_network, m_fake.url());
}

bool TestConflictAnalysis::prepare(const QString &ns, bool changed)
{
    if (!CommitFixtures::createNamespace(*m_client, ns)
        || !CommitFixtures::commit(
            *m_client, CommitFixtures::batch({CommitFixtures::declare(ns + u"$orders"_s),
                                              CommitFixtures::createVersion(ns + u"$orders"_s, 1),
                                              CommitFixtures::createVersion(ns + u"$orders"_s, 2),
                                              CommitFixtures::declare(ns + u"$old"_s)}))) {
        return false;
    }
    if (!changed) {
        return true;
    }
    QNetworkAccessManager network;
    const auto other = CommitFixtures::client(network, m_server.url());
    return CommitFixtures::commit(
        *other, CommitFixtures::batch(
                    {CommitFixtures::declare(ns + u"$taken"_s),
                     CommitFixtures::createVersion(ns + u"$orders"_s, 3, u"s3://theirs/3.m"_s),
                     CommitFixtures::deregister(ns + u"$old"_s)}));
}

ApiError TestConflictAnalysis::conflictFromTheFake()
{
    auto answer = awaitCall(*m_fakeClient, staged(u"x"_s));
    return answer ? ApiError() : answer.error();
}

ConflictAnalysis::Result TestConflictAnalysis::analyse(CatalogService &service,
                                                       const BatchCommitTablesRequest &request,
                                                       const ApiError &error)
{
    ConflictAnalysis analysis(service);
    QSignalSpy finished(&analysis, &ConflictAnalysis::finished);
    analysis.analyse(request, error);
    if (!analysis.isRunning() || !finished.wait(10000) || finished.size() != 1) {
        qWarning("no analysis");
        return {};
    }
    return finished.at(0).at(0).value<ConflictAnalysis::Result>();
}

void TestConflictAnalysis::findsConflictsByReadingTheServer()
{
    QVERIFY(prepare(u"read"_s, true));
    const ApiError error = conflictFromTheFake();
    QCOMPARE(error.httpStatus(), 409);
    QCOMPARE(error.context().value(u"failed_operation_index"_s), QString());

    const ConflictAnalysis::Result result = analyse(*m_client, staged(u"read"_s), error);
    QCOMPARE(result.source, ConflictAnalysis::Source::ServerState);
    QCOMPARE(result.readError.has_value(), false);
    QCOMPARE(result.conflicts.size(), 3);
    QCOMPARE(result.conflicts.at(0).index, 0);
    QCOMPARE(result.conflicts.at(0).operation, u"operation 1 (declare table read$taken)"_s);
    QCOMPARE(result.conflicts.at(0).reason, u"the table exists on the server now"_s);
    QCOMPARE(result.conflicts.at(1).index, 1);
    QCOMPARE(result.conflicts.at(1).reason,
             u"version 3 exists on the server now, with the manifest s3://theirs/3.m"_s);
    QCOMPARE(result.conflicts.at(2).index, 2);
    QCOMPARE(result.conflicts.at(2).reason, u"the table no longer exists on the server"_s);
    // What the other side holds, beside each conflict.
    QVERIFY2(result.conflicts.at(0).current.startsWith(u"Declared with the location "_s),
             qPrintable(result.conflicts.at(0).current));
    QVERIFY2(result.conflicts.at(0).current.endsWith(u"the same as the staged declaration."_s),
             qPrintable(result.conflicts.at(0).current));
    QVERIFY2(result.conflicts.at(1).current.startsWith(
                 u"Version 3 exists with the manifest s3://theirs/3.m; the staged one is "_s),
             qPrintable(result.conflicts.at(1).current));
    QCOMPARE(result.conflicts.at(2).current, u"No table read$old now."_s);
}

void TestConflictAnalysis::submitterCompletesTheConflict()
{
    QVERIFY(prepare(u"submit"_s, true));
    // The batch goes to the test server (409, no index); the reads go to the real one.
    RoutedCatalogService routed(*m_client, *m_fakeClient);
    BatchSubmitter submitter(routed);
    QSignalSpy finished(&submitter, &BatchSubmitter::finished);
    const int sentBefore = m_fake.requestCount();
    QVERIFY(submitter.submit(staged(u"submit"_s)));
    QVERIFY(finished.wait(10000));
    const auto outcome = finished.at(0).at(0).value<CommitOutcome>();
    QCOMPARE(outcome.kind(), CommitOutcome::Kind::Conflict);
    QCOMPARE(outcome.failedOperationIndex(), std::nullopt);
    QCOMPARE(outcome.conflictingOperations(), (QList<qsizetype>{0, 1, 2}));
    QCOMPARE(outcome.message(),
             u"Nothing was committed: the server's state conflicts with operation 1 (declare "
             "table submit$taken): the table exists on the server now; operation 2 (create "
             "version 3 of submit$orders): version 3 exists on the server now, with the manifest "
             "s3://theirs/3.m; operation 3 (deregister table submit$old): the table no longer "
             "exists on the server."_s);
    QCOMPARE(m_fake.requestCount(), sentBefore + 1); // the batch once, and no read went there
}

void TestConflictAnalysis::takesTheIndexTheServerNames()
{
    QVERIFY(prepare(u"named"_s, true));
    const BatchCommitTablesRequest request = staged(u"named"_s);
    auto answer = awaitCall(*m_client, request);
    QVERIFY(!answer);
    QCOMPARE(answer.error().httpStatus(), 409);
    const ConflictAnalysis::Result result = analyse(*m_client, request, answer.error());
    QCOMPARE(result.source, ConflictAnalysis::Source::ServerIndex);
    QCOMPARE(result.conflicts.size(), 1);
    QCOMPARE(result.conflicts.at(0).index, 0); // the server stops at the first one
    QVERIFY(!result.conflicts.at(0).reason.isEmpty());
    // The server named it; what it holds there is read all the same.
    QVERIFY2(result.conflicts.at(0).current.startsWith(u"Declared with the location "_s),
             qPrintable(result.conflicts.at(0).current));
}

void TestConflictAnalysis::findsNothingWhenTheStateShowsNoConflict()
{
    QVERIFY(prepare(u"calm"_s, false));
    const ConflictAnalysis::Result result
        = analyse(*m_client, staged(u"calm"_s), conflictFromTheFake());
    QCOMPARE(result.source, ConflictAnalysis::Source::ServerState);
    QVERIFY(result.conflicts.isEmpty());
    QVERIFY(!result.readError);
}

void TestConflictAnalysis::reportsAFailedReading()
{
    // The test server knows no read route: every read fails (404 without a JSON body).
    const ConflictAnalysis::Result result
        = analyse(*m_fakeClient, staged(u"calm"_s), conflictFromTheFake());
    QVERIFY(result.readError.has_value());
    QVERIFY(result.readError->isUnsupported());
    QVERIFY(result.conflicts.isEmpty());
}

LCB_TEST_GUILESS_MAIN(TestConflictAnalysis)
#include "TestConflictAnalysis.moc"
