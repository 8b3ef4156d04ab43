// SPDX-License-Identifier: Apache-2.0
// The catalog's PostgreSQL fails under a server that is answering, on a PostgreSQL of this
// test's own: restarted by an administrator while batch commits stream in, and the server's
// sessions ended in the middle of a 5,000-operation batch. Clients get 503 with code 17 and a
// sentence saying the database is not available, never another error; no batch is half
// applied; every acknowledged batch is there; and the server connects again by itself: requests
// succeed afterwards with no restart of the server.
#include "AwaitCall.h"
#include "CatalogServerProcess.h"
#include "MessageFactory.h"
#include "PostgresTestDatabase.h"
#include "PrivatePostgres.h"
#include "TestRegistry.h"
#include "engine/PostgresConnection.h"
#include "rest/RestClient.h"

#include <QNetworkAccessManager>
#include <QProcess>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance::api;
using namespace lance::rest;
using lance::test::awaitCall;
using lance::test::CatalogServerProcess;
using lance::test::MessageFactory;
using lance::test::PostgresTestDatabase;
using lance::test::PrivatePostgres;
using lance::test::whyFailed;

namespace {

constexpr int TimeoutMs = 60000;

// Declares `count` tables in namespace `ns`, each with version 1: one batch, 2 × count
// operations.
BatchCommitTablesRequest batchRequest(const QString &ns, int count)
{
    BatchCommitTablesRequest request;
    for (int i = 0; i < count; ++i) {
        // On a store, where the versions' manifests are: recorded as given.
        request.operations.append(MessageFactory::make<DeclareTableRequest>([&](auto &r) {
            r.id = Identifier({ns, u"t%1"_s.arg(i, 5, 10, QChar(u'0'))});
            r.location = u"s3://bucket/%1/t%2"_s.arg(ns).arg(i);
        }));
    }
    for (int i = 0; i < count; ++i) {
        request.operations.append(MessageFactory::make<CreateTableVersionRequest>([&](auto &r) {
            r.id = Identifier({ns, u"t%1"_s.arg(i, 5, 10, QChar(u'0'))});
            r.version = 1;
            r.manifestPath = u"s3://bucket/%1/t%2/1.manifest"_s.arg(ns).arg(i);
        }));
    }
    return request;
}

bool isUnavailable(const ApiError &error)
{
    return error.httpStatus() == 503 && error.serverCode() == int(ErrorCode::ServiceUnavailable)
           && error.serverError().contains(u"catalog database"_s);
}

} // namespace

class TestServerDatabaseFaults : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void aRestartedDatabaseFailsRequestsCleanly();
    void sessionsEndedInABatchApplyNothing();

private:
    /// The number of tables in namespace `ns` (-1 when it cannot be listed).
    int tablesIn(const QString &ns);
    /// Waits until the server answers again (it connects by itself); false after TimeoutMs.
    bool answersAgain();

    PrivatePostgres m_postgres;
    std::unique_ptr<PostgresTestDatabase> m_database;
    CatalogServerProcess m_server;
    QNetworkAccessManager m_network;
    std::unique_ptr<RestClient> m_client;
};

void TestServerDatabaseFaults::initTestCase()
{
    QVERIFY2(m_postgres.start(), qPrintable(m_postgres.error()));
    m_database = std::make_unique<PostgresTestDatabase>(m_postgres.envFile());
    QVERIFY2(m_database->isValid(), qPrintable(m_database->error()));
    QVERIFY2(m_server.start({}, {u"--database"_s, m_database->url()}),
             qPrintable(m_server.standardError()));
    RestClientConfig config;
    config.baseUrl = m_server.url();
    config.timeoutMs = TimeoutMs;
    config.retry.maxAttempts = 1; // this test wants to see every failure
    m_client = std::make_unique<RestClient>(&m_network, config);
}

void TestServerDatabaseFaults::cleanupTestCase()
{
    m_client.reset();
    QCOMPARE(m_server.stop(), std::optional<int>(0));
    m_database.reset();
}

int TestServerDatabaseFaults::tablesIn(const QString &ns)
{
    ListTablesRequest request;
    request.id = Identifier({ns});
    request.limit = 10000;
    const auto listed = awaitCall(*m_client, request);
    return listed ? int(listed->tables.size()) : -1;
}

bool TestServerDatabaseFaults::answersAgain()
{
    return QTest::qWaitFor(
        [this] {
            return awaitCall(*m_client, MessageFactory::withId<ListNamespacesRequest>(Identifier()))
                .hasValue();
        },
        TimeoutMs);
}

void TestServerDatabaseFaults::aRestartedDatabaseFailsRequestsCleanly()
{
    constexpr int TablesPerBatch = 50;
    constexpr int InFlight = 4;
    // Batches stream in, InFlight at a time, from before the restart until ten have been
    // acknowledged after it; each in a namespace of its own, made first.
    QSet<int> acknowledged;
    QStringList unexpected;
    int unavailable = 0;
    int inFlight = 0;
    int next = 0;
    int acknowledgedAfter = -1; // counting once the restart is over
    std::unique_ptr<QProcess> restart;
    QObject context;
    std::function<void()> sendNext = [&] {
        if (acknowledgedAfter >= 10) {
            return;
        }
        const int batch = next++;
        const QString ns = u"r%1"_s.arg(batch);
        ++inFlight;
        m_client->call(MessageFactory::withId<CreateNamespaceRequest>(Identifier({ns})), &context,
                       [&, batch, ns](Result<CreateNamespaceResponse> created) {
                           const auto judge = [&](const ApiError &error) {
                               if (isUnavailable(error)) {
                                   ++unavailable;
                               } else {
                                   unexpected << error.details();
                               }
                           };
                           if (!created) {
                               judge(created.error());
                               --inFlight;
                               sendNext();
                               return;
                           }
                           m_client->call(
                               batchRequest(ns, TablesPerBatch), &context,
                               [&, batch, judge](Result<BatchCommitTablesResponse> result) {
                                   --inFlight;
                                   if (result) {
                                       acknowledged.insert(batch);
                                       if (acknowledgedAfter >= 0) {
                                           ++acknowledgedAfter;
                                       }
                                   } else {
                                       judge(result.error());
                                   }
                                   sendNext();
                               });
                       });
    };
    for (int i = 0; i < InFlight; ++i) {
        sendNext();
    }
    QTRY_VERIFY_WITH_TIMEOUT(acknowledged.size() >= 3, TimeoutMs);
    restart = m_postgres.beginRestart();
    QVERIFY2(restart, qPrintable(m_postgres.error()));
    QTRY_COMPARE_WITH_TIMEOUT(restart->state(), QProcess::NotRunning, TimeoutMs);
    QVERIFY2(restart->exitCode() == 0, restart->readAll().constData());
    acknowledgedAfter = 0;
    // The server connects again by itself (it is not restarted): batches go through again.
    QTRY_VERIFY_WITH_TIMEOUT(acknowledgedAfter >= 10 && inFlight == 0, TimeoutMs);
    QVERIFY2(unexpected.isEmpty(), qPrintable(unexpected.join(u"\n---\n"_s)));
    qInfo("%d batches sent, %lld acknowledged, %d refused with 503 while the database was away",
          next, static_cast<long long>(acknowledged.size()), unavailable);
    QVERIFY2(unavailable > 0, "no request met the restart");

    for (int b = 0; b < next; ++b) {
        const int count = tablesIn(u"r%1"_s.arg(b));
        QVERIFY2(count <= 0 || count == TablesPerBatch,
                 qPrintable(u"batch %1 is half applied: %2 tables"_s.arg(b).arg(count)));
        if (acknowledged.contains(b)) {
            QCOMPARE(count, TablesPerBatch);
        }
    }
}

void TestServerDatabaseFaults::sessionsEndedInABatchApplyNothing()
{
    constexpr int TablesPerBatch = 2500; // 5,000 operations: long enough to be cut
    auto admin = lance::engine::PostgresConnection::open({m_database->adminUrl(), std::nullopt});
    QVERIFY(admin);
    // A session inside the batch's transaction is 'active' while PostgreSQL runs a statement
    // and 'idle in transaction' while the server works between two (most of the time in a
    // sanitizer build): either is inside the batch.
    const QString endSessions
        = u"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ? AND "
          u"application_name = 'lance-catalog' AND state IN ('active', 'idle in transaction')"_s;
    // Cut at a moment inside the batch's work: a few tries, for a slow or a fast machine.
    bool cut = false;
    for (int attempt = 0; attempt < 8 && !cut; ++attempt) {
        const QString ns = u"cut%1"_s.arg(attempt);
        auto created = awaitCall(*m_client,
                                 MessageFactory::withId<CreateNamespaceRequest>(Identifier({ns})));
        QVERIFY2(created, whyFailed(created));
        std::optional<Result<BatchCommitTablesResponse>> answer;
        QObject context;
        m_client->call(batchRequest(ns, TablesPerBatch), &context,
                       [&](Result<BatchCommitTablesResponse> result) { answer = result; });
        // Wait until the server's session is busy with the batch, then end it.
        const bool busy = QTest::qWaitFor(
            [&] {
                const auto active = (*admin)->select(
                    u"SELECT count(*) FROM pg_stat_activity WHERE datname = ? AND "
                    u"application_name = 'lance-catalog' AND state IN ('active', "
                    u"'idle in transaction')"_s,
                    {m_database->name()});
                return answer.has_value()
                       || (active.hasValue() && active->at(0).at(0).toLongLong() > 0);
            },
            TimeoutMs);
        QVERIFY(busy);
        QVERIFY((*admin)->select(endSessions, {m_database->name()}).hasValue());
        QTRY_VERIFY_WITH_TIMEOUT(answer.has_value(), TimeoutMs);
        QVERIFY(answersAgain());
        const int count = tablesIn(ns);
        if (answer->hasValue()) {
            QCOMPARE(count, TablesPerBatch); // done before the cut: all of it
            continue;
        }
        QVERIFY2(isUnavailable(answer->error()), qPrintable(answer->error().details()));
        QCOMPARE(count, 0); // cut: none of it
        cut = true;
    }
    QVERIFY2(cut, "no batch was cut in eight tries");
}

LCB_TEST_GUILESS_MAIN(TestServerDatabaseFaults)
#include "TestServerDatabaseFaults.moc"
