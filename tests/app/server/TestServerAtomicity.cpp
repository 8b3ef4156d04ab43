// SPDX-License-Identifier: Apache-2.0
// Atomicity under faults: the server is killed with SIGKILL while batch commits of 200
// operations stream in; after a restart every batch is wholly applied or wholly absent, and
// every batch that was acknowledged before the kill is there. In TestServerAtomicityOnPostgres
// two servers share one PostgreSQL database, the batches alternate between them, and each
// round kills one while the other goes on.
#include "AwaitCall.h"
#include "CatalogServerGroup.h"
#include "MessageFactory.h"
#include "TestRegistry.h"
#include "client/PageCollector.h"
#include "rest/RestClient.h"

#include <QNetworkAccessManager>
#include <QRandomGenerator>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance::api;
using namespace lance::client;
using namespace lance::rest;
using lance::test::awaitCall;
using lance::test::CatalogServerGroup;
using lance::test::MessageFactory;
using lance::test::ResultCatcher;
using lance::test::whyFailed;

namespace {

constexpr int TablesPerBatch = 100; // each declared, then given version 1: 200 operations
constexpr int InFlight = 2;
constexpr int Rounds = 3;

const Identifier Namespace(QStringList{u"atomic"_s});

QString tableName(int batch, int table)
{
    return u"b%1_t%2"_s.arg(batch, 4, 10, QChar(u'0')).arg(table, 3, 10, QChar(u'0'));
}

BatchCommitTablesRequest batchRequest(int batch)
{
    BatchCommitTablesRequest request;
    for (int i = 0; i < TablesPerBatch; ++i) {
        // On a store, where the versions' manifests are: recorded as given.
        request.operations.append(MessageFactory::make<DeclareTableRequest>([&](auto &r) {
            r.id = Namespace.child(tableName(batch, i));
            r.location = u"s3://bucket/%1"_s.arg(tableName(batch, i));
        }));
    }
    for (int i = 0; i < TablesPerBatch; ++i) {
        request.operations.append(MessageFactory::make<CreateTableVersionRequest>([&](auto &r) {
            r.id = Namespace.child(tableName(batch, i));
            r.version = 1;
            r.manifestPath = u"s3://bucket/%1/_versions/1.manifest"_s.arg(tableName(batch, i));
        }));
    }
    return request;
}

} // namespace

class TestServerAtomicity : public QObject
{
    Q_OBJECT

private slots:
    void batchesSurviveSigkillWhole();

private:
    /// A client of each server, anew (after a restart the port is the same, the connections
    /// not); the first.
    RestClient *connectClients();
    /// Sends batches (keeping InFlight in flight per server, spread over the servers) until
    /// server `victim` is killed; returns the batches sent and fills `acknowledged`.
    QList<int> streamUntilKilled(int victim, int firstBatch, QSet<int> &acknowledged,
                                 int &lostInFlight);

    CatalogServerGroup m_servers;
    QNetworkAccessManager m_network;
    std::vector<std::unique_ptr<RestClient>> m_clients;
};

RestClient *TestServerAtomicity::connectClients()
{
    m_clients.clear();
    for (int i = 0; i < m_servers.size(); ++i) {
        RestClientConfig config;
        config.baseUrl = m_servers.url(i);
        config.timeoutMs = 20000;
        config.retry.maxAttempts = 1;
        m_clients.push_back(std::make_unique<RestClient>(&m_network, config));
    }
    return m_clients.front().get();
}

QList<int> TestServerAtomicity::streamUntilKilled(int victim, int firstBatch,
                                                  QSet<int> &acknowledged, int &lostInFlight)
{
    QList<int> sent;
    int inFlight = 0;
    int next = firstBatch;
    bool killed = false;
    QObject context;
    std::function<void()> sendNext = [&] {
        if (killed) {
            return;
        }
        const int batch = next++;
        sent.append(batch);
        ++inFlight;
        RestClient &client = *m_clients.at(size_t(batch % m_servers.size()));
        client.call(batchRequest(batch), &context,
                    [&, batch](Result<BatchCommitTablesResponse> result) {
                        --inFlight;
                        if (result) {
                            QCOMPARE(result->results.size(), 2 * TablesPerBatch);
                            acknowledged.insert(batch);
                        } else if (killed) {
                            ++lostInFlight;
                        } else {
                            QFAIL(qPrintable(result.error().userMessage()));
                        }
                        sendNext();
                    });
    };
    for (int i = 0; i < InFlight * m_servers.size(); ++i) {
        sendNext();
    }
    // Let a few batches through, then kill at a random point inside the stream: after 3 to 8
    // more acknowledgements, while others are in flight.
    const int ackedBefore = acknowledged.size();
    const int through = 3 + QRandomGenerator::global()->bounded(6);
    if (!QTest::qWaitFor([&] { return acknowledged.size() >= ackedBefore + through; }, 60000)) {
        qWarning("batches were not acknowledged in time");
    }
    killed = true;
    m_servers.server(victim).kill();
    if (!QTest::qWaitFor([&] { return inFlight == 0; }, 30000)) {
        qWarning("requests in flight were not answered after the kill");
    }
    return sent;
}

void TestServerAtomicity::batchesSurviveSigkillWhole()
{
    QVERIFY2(m_servers.start(), qPrintable(m_servers.error()));
    auto created
        = awaitCall(*connectClients(), MessageFactory::withId<CreateNamespaceRequest>(Namespace));
    QVERIFY2(created, whyFailed(created));

    QSet<int> acknowledged;
    QList<int> sent;
    int lostInFlight = 0;
    for (int round = 0; round < Rounds; ++round) {
        const int victim = round % m_servers.size();
        sent += streamUntilKilled(victim, sent.size(), acknowledged, lostInFlight);
        QVERIFY2(m_servers.server(victim).restart(),
                 qPrintable(m_servers.server(victim).standardError()));
        connectClients();
    }
    // The kills must have hit requests in flight, or this test proves nothing.
    QVERIFY2(lostInFlight > 0, "no batch was in flight when the server was killed");

    // Read everything back through the restarted server.
    ResultCatcher<ListTablesResponse> tables;
    QObject context;
    PageCollector::collectAll(*m_clients.front(),
                              MessageFactory::withId<ListTablesRequest>(Namespace), &context,
                              tables.callback());
    QTRY_VERIFY_WITH_TIMEOUT(tables.done(), 60000);
    QVERIFY2(tables.succeeded(), whyFailed(tables.result()));
    QHash<int, int> tablesPerBatch;
    for (const QString &name : tables.value().tables) {
        tablesPerBatch[name.mid(1, 4).toInt()] += 1;
    }
    int applied = 0;
    for (const int batch : std::as_const(sent)) {
        const int count = tablesPerBatch.value(batch);
        QVERIFY2(count == 0 || count == TablesPerBatch,
                 qPrintable(u"batch %1 is half applied: %2 tables"_s.arg(batch).arg(count)));
        if (acknowledged.contains(batch)) {
            QVERIFY2(count == TablesPerBatch,
                     qPrintable(u"acknowledged batch %1 is missing"_s.arg(batch)));
        }
        if (count == 0) {
            continue;
        }
        ++applied;
        // A present batch has its versions too: the declare and the version are one batch.
        for (const int i : {0, TablesPerBatch / 2, TablesPerBatch - 1}) {
            auto versions
                = awaitCall(*m_clients.back(), MessageFactory::withId<ListTableVersionsRequest>(
                                                   Namespace.child(tableName(batch, i))));
            QVERIFY2(versions, whyFailed(versions));
            QCOMPARE(versions->versions.size(), 1);
        }
    }
    QVERIFY(applied >= acknowledged.size());
    qInfo("%lld batches sent, %lld acknowledged, %d applied, %d lost in flight",
          static_cast<long long>(sent.size()), static_cast<long long>(acknowledged.size()), applied,
          lostInFlight);
    QCOMPARE(m_servers.stop(), std::optional<int>(0));
}

LCB_TEST_GUILESS_MAIN(TestServerAtomicity)
#include "TestServerAtomicity.moc"
