// SPDX-License-Identifier: Apache-2.0
// Races: 16 clients create the same 50 versions of one table at once through the real server
// (in TestServerRacesOnPostgres: two servers on one PostgreSQL database, the clients spread over
// both). Exactly one creation of each version succeeds, every other answer is 409 with code 14,
// and the records are the winners'.
#include "AwaitCall.h"
#include "CatalogServerGroup.h"
#include "MessageFactory.h"
#include "TestRegistry.h"
#include "rest/RestClient.h"

#include <QNetworkAccessManager>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance::api;
using namespace lance::rest;
using lance::test::awaitCall;
using lance::test::CatalogServerGroup;
using lance::test::MessageFactory;
using lance::test::whyFailed;

namespace {

constexpr int Clients = 16;
constexpr int Versions = 50;

const Identifier Table(QStringList{u"race"_s, u"events"_s});

QString manifestOf(int client, qint64 version)
{
    return u"s3://bucket/race/client%1/v%2.manifest"_s.arg(client).arg(version);
}

} // namespace

class TestServerRaces : public QObject
{
    Q_OBJECT

private slots:
    void oneWinnerPerVersion();
};

void TestServerRaces::oneWinnerPerVersion()
{
    CatalogServerGroup servers;
    QVERIFY2(servers.start(), qPrintable(servers.error()));
    RestClientConfig config;
    config.timeoutMs = 60000;

    // Each client has its own connections, as separate programs would, to its own server.
    std::vector<std::unique_ptr<QNetworkAccessManager>> networks;
    std::vector<std::unique_ptr<RestClient>> clients;
    for (int c = 0; c < Clients; ++c) {
        config.baseUrl = servers.url(c);
        networks.push_back(std::make_unique<QNetworkAccessManager>());
        clients.push_back(std::make_unique<RestClient>(networks.back().get(), config));
    }
    auto ns
        = awaitCall(*clients[0], MessageFactory::withId<CreateNamespaceRequest>(Table.parent()));
    QVERIFY2(ns, whyFailed(ns));
    // On a store: every client's manifest path is recorded as given, so the race is for the
    // record alone.
    auto declared = awaitCall(*clients[0], MessageFactory::make<DeclareTableRequest>([](auto &r) {
        r.id = Table;
        r.location = u"s3://bucket/race"_s;
    }));
    QVERIFY2(declared, whyFailed(declared));

    QHash<qint64, int> winners; // version -> client
    int conflicts = 0;
    int answers = 0;
    QStringList unexpected;
    QObject context;
    for (qint64 v = 1; v <= Versions; ++v) {
        for (int c = 0; c < Clients; ++c) {
            const auto request = MessageFactory::make<CreateTableVersionRequest>([&](auto &r) {
                r.id = Table;
                r.version = v;
                r.manifestPath = manifestOf(c, v);
            });
            clients[c]->call(request, &context,
                             [&, c, v](Result<CreateTableVersionResponse> result) {
                                 ++answers;
                                 if (result) {
                                     if (winners.contains(v)) {
                                         unexpected << u"version %1 won twice"_s.arg(v);
                                     }
                                     winners.insert(v, c);
                                 } else if (result.error().httpStatus() == 409
                                            && result.error().serverCode() == 14) {
                                     ++conflicts;
                                 } else {
                                     unexpected << result.error().userMessage();
                                 }
                             });
        }
    }
    QTRY_COMPARE_WITH_TIMEOUT(answers, Clients * Versions, 120000);
    QVERIFY2(unexpected.isEmpty(), qPrintable(unexpected.join(u'\n')));
    QCOMPARE(winners.size(), Versions);
    QCOMPARE(conflicts, (Clients - 1) * Versions);

    auto listed = awaitCall(*clients[0], MessageFactory::withId<ListTableVersionsRequest>(Table));
    QVERIFY2(listed, whyFailed(listed));
    QCOMPARE(listed->versions.size(), Versions);
    for (const TableVersion &version : listed->versions) {
        QVERIFY(winners.contains(version.version));
        QCOMPARE(version.manifestPath, manifestOf(winners.value(version.version), version.version));
    }
    QCOMPARE(servers.stop(), std::optional<int>(0));
    // On PostgreSQL a write that loses to another server's transaction is run again inside the
    // server; how often that happened here (on SQLite writers queue instead: never).
    qsizetype reruns = 0;
    for (int i = 0; i < servers.size(); ++i) {
        reruns += servers.server(i).standardError().count(u"running it again"_s);
    }
    qInfo("%d servers; writes run again after losing a race: %lld", servers.size(),
          static_cast<long long>(reruns));
}

LCB_TEST_GUILESS_MAIN(TestServerRaces)
#include "TestServerRaces.moc"
