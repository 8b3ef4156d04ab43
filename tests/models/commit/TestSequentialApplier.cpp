// SPDX-License-Identifier: Apache-2.0
// SequentialApplier: the operations one by one with the single-operation endpoints, for servers
// without batch commits; it stops at the first failure and says exactly what was applied, which
// the tests check by reading the real lance-catalog-server (and the embedded catalog).
#include "AnswerlessHttpServer.h"
#include "CatalogServerProcess.h"
#include "CommitFixtures.h"
#include "TestRegistry.h"
#include "commit/SequentialApplier.h"
#include "local/LocalCatalogService.h"
#include "rest/RestClient.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance::api;
using namespace lance::rest;
using lance::commit::CommitOutcome;
using lance::commit::SequentialApplier;
using lance::local::LocalCatalogService;
using lance::test::AnswerlessHttpServer;
using lance::test::CatalogServerProcess;
using lance::test::CommitFixtures;

class TestSequentialApplier : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void appliesEverything();
    void stopsAtTheFirstFailure();
    void lostAnswerStopsWithThatOperationUnknown();
    void oneRunAtATime();

private:
    SequentialApplier::Report apply(SequentialApplier &applier,
                                    const BatchCommitTablesRequest &request,
                                    QList<qsizetype> *announced = nullptr);

    CatalogServerProcess m_server;
    QNetworkAccessManager m_network;
    std::unique_ptr<RestClient> m_client;
};

void TestSequentialApplier::initTestCase()
{
    QVERIFY2(m_server.start(), qPrintable(m_server.standardError()));
    m_client = CommitFixtures::client(m_network, m_server.url());
    QVERIFY(CommitFixtures::createNamespace(*m_client, u"seq"_s));
    QVERIFY(CommitFixtures::commit(
        *m_client, CommitFixtures::batch({CommitFixtures::declare(u"seq$orders"_s),
                                          CommitFixtures::createVersion(u"seq$orders"_s, 1),
                                          CommitFixtures::createVersion(u"seq$orders"_s, 2)})));
}

SequentialApplier::Report TestSequentialApplier::apply(SequentialApplier &applier,
                                                       const BatchCommitTablesRequest &request,
                                                       QList<qsizetype> *announced)
{
    QSignalSpy finished(&applier, &SequentialApplier::finished);
    QSignalSpy applied(&applier, &SequentialApplier::operationApplied);
    if (!applier.apply(request) || !applier.isRunning() || !finished.wait(15000)
        || finished.size() != 1) {
        qWarning("no report");
        return {};
    }
    if (announced) {
        for (const QList<QVariant> &arguments : std::as_const(applied)) {
            announced->append(arguments.at(0).value<qsizetype>());
        }
    }
    return finished.at(0).at(0).value<SequentialApplier::Report>();
}

void TestSequentialApplier::appliesEverything()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    LocalCatalogService local(dir.path());
    QVERIFY(CommitFixtures::createNamespace(local, u"l"_s));
    SequentialApplier applier(local);
    const SequentialApplier::Report report = apply(
        applier, CommitFixtures::batch(
                     {CommitFixtures::declare(u"l$t"_s), CommitFixtures::createVersion(u"l$t"_s, 1),
                      CommitFixtures::createVersion(u"l$t"_s, 2),
                      CommitFixtures::deleteVersions(u"l$t"_s, 1, 2),
                      CommitFixtures::declare(u"l$u"_s), CommitFixtures::deregister(u"l$u"_s)}));
    QVERIFY(report.isComplete());
    QCOMPARE(report.applied, (QList<qsizetype>{0, 1, 2, 3, 4, 5}));
    QCOMPARE(report.results.size(), 6);
    const auto &created = std::get<CreateTableVersionResponse>(report.results.at(2));
    QCOMPARE(created.version->manifestPath, u"s3://bucket/l$t/_versions/2.manifest"_s);
    QCOMPARE(report.message, u"All 6 operations were applied one by one."_s);
    QCOMPARE(CommitFixtures::versions(local, u"l$t"_s), QList<qint64>{2});
    QCOMPARE(CommitFixtures::tableExists(local, u"l$u"_s), false);
}

void TestSequentialApplier::stopsAtTheFirstFailure()
{
    SequentialApplier applier(*m_client);
    QList<qsizetype> announced;
    const SequentialApplier::Report report
        = apply(applier,
                CommitFixtures::batch({CommitFixtures::declare(u"seq$added"_s),
                                       CommitFixtures::createVersion(u"seq$added"_s, 1),
                                       CommitFixtures::createVersion(u"seq$orders"_s, 2), // exists
                                       CommitFixtures::deregister(u"seq$orders"_s)}),
                &announced);
    QVERIFY(!report.isComplete());
    QCOMPARE(report.applied, (QList<qsizetype>{0, 1}));
    QCOMPARE(announced, (QList<qsizetype>{0, 1}));
    QCOMPARE(report.results.size(), 2);
    QCOMPARE(report.failedIndex, std::optional<qsizetype>(2));
    QVERIFY(report.failure.has_value());
    QCOMPARE(report.failure->kind(), CommitOutcome::Kind::Conflict);
    QCOMPARE(report.failure->conflictingOperations(), QList<qsizetype>{2});
    QVERIFY2(report.message.startsWith(u"2 of 4 operations were applied; operation 3 (create "
                                       "version 2 of seq$orders) failed ("_s),
             qPrintable(report.message));
    QVERIFY(report.message.endsWith(u"the rest were not sent."_s));

    // The server holds exactly the applied prefix.
    QCOMPARE(CommitFixtures::tableExists(*m_client, u"seq$added"_s), true);
    QCOMPARE(CommitFixtures::versions(*m_client, u"seq$added"_s), QList<qint64>{1});
    QCOMPARE(CommitFixtures::tableExists(*m_client, u"seq$orders"_s), true);
    QCOMPARE(CommitFixtures::versions(*m_client, u"seq$orders"_s), (QList<qint64>{1, 2}));
}

void TestSequentialApplier::lostAnswerStopsWithThatOperationUnknown()
{
    AnswerlessHttpServer fake;
    QVERIFY(fake.start());
    const auto client = CommitFixtures::client(m_network, fake.url());
    SequentialApplier applier(*client);
    const SequentialApplier::Report report
        = apply(applier, CommitFixtures::batch({CommitFixtures::declare(u"seq$x"_s),
                                                CommitFixtures::declare(u"seq$y"_s)}));
    QVERIFY(report.applied.isEmpty());
    QCOMPARE(report.failedIndex, std::optional<qsizetype>(0));
    QCOMPARE(report.failure->kind(), CommitOutcome::Kind::Unknown);
    QVERIFY2(report.message.startsWith(u"0 of 2 operations were applied; whether operation 1 "
                                       "(declare table seq$x) was applied is unknown ("_s),
             qPrintable(report.message));
    QCOMPARE(fake.connectionCount(), 1); // the second operation was never sent
    QCOMPARE(fake.bodies().size(), 1);
}

void TestSequentialApplier::oneRunAtATime()
{
    SequentialApplier applier(*m_client);
    QSignalSpy finished(&applier, &SequentialApplier::finished);
    QVERIFY(applier.apply(CommitFixtures::batch({CommitFixtures::declare(u"seq$one"_s)})));
    QVERIFY(!applier.apply(CommitFixtures::batch({CommitFixtures::declare(u"seq$two"_s)})));
    QVERIFY(finished.wait(10000));
    QCOMPARE(finished.size(), 1);
    QVERIFY(finished.at(0).at(0).value<SequentialApplier::Report>().isComplete());
    QCOMPARE(CommitFixtures::tableExists(*m_client, u"seq$two"_s), false);
}

LCB_TEST_GUILESS_MAIN(TestSequentialApplier)
#include "TestSequentialApplier.moc"
