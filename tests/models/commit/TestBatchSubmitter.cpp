// SPDX-License-Identifier: Apache-2.0
// BatchSubmitter over the embedded catalog (LocalCatalogService on a temporary folder): one
// batch commit, its results, and each refusal completed with what the catalog holds.
#include "CommitFixtures.h"
#include "PostedEvents.h"
#include "TestFiles.h"
#include "TestRegistry.h"
#include "commit/BatchSubmitter.h"
#include "format/ManifestFiles.h"
#include "local/LocalCatalogService.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance::api;
using lance::commit::BatchSubmitter;
using lance::commit::CommitOutcome;
using lance::local::LocalCatalogService;
using lance::test::CommitFixtures;
using Kind = CommitOutcome::Kind;

class TestBatchSubmitter : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void commitsWithResults();
    void conflictNamesTheOperation();
    void namesTheMissingNamespace();
    void namesTheMissingTable();
    void invalidBatchIsRefused();
    void oneBatchAtATime();

private:
    CommitOutcome submit(const BatchCommitTablesRequest &request);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<LocalCatalogService> m_service;
};

void TestBatchSubmitter::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_service = std::make_unique<LocalCatalogService>(m_dir->filePath(u"catalog"_s));
    QVERIFY(CommitFixtures::createNamespace(*m_service, u"sales"_s));
    QVERIFY(CommitFixtures::commit(
        *m_service, CommitFixtures::batch({CommitFixtures::declare(u"sales$orders"_s),
                                           CommitFixtures::createVersion(u"sales$orders"_s, 1),
                                           CommitFixtures::createVersion(u"sales$orders"_s, 2)})));
}

void TestBatchSubmitter::cleanup()
{
    m_service.reset();
    m_dir.reset();
}

CommitOutcome TestBatchSubmitter::submit(const BatchCommitTablesRequest &request)
{
    BatchSubmitter submitter(*m_service);
    QSignalSpy finished(&submitter, &BatchSubmitter::finished);
    QSignalSpy busy(&submitter, &BatchSubmitter::busyChanged);
    if (!submitter.submit(request)) {
        qWarning("submit refused");
        return {};
    }
    if (!submitter.isBusy() || !finished.wait(10000)) {
        qWarning("no outcome");
        return {};
    }
    lance::test::PostedEvents::deliver(); // a second finished() would be a bug: it shows now
    if (finished.size() != 1 || busy.size() != 2 || submitter.isBusy()) {
        qWarning("finished %lld times, busy changed %lld times", qlonglong(finished.size()),
                 qlonglong(busy.size()));
        return {};
    }
    return finished.at(0).at(0).value<CommitOutcome>();
}

void TestBatchSubmitter::commitsWithResults()
{
    // A new table with its data folder, and its first version staged there the way Lance
    // stages one: the catalog records the manifest at its final name and moves it there.
    const QString location = m_dir->filePath(u"data/returns"_s);
    QVERIFY(QDir().mkpath(location + u"/_versions"_s));
    const QString finalName = lance::format::ManifestFiles::finalName(1, ManifestNamingScheme::V2);
    const QString staged
        = location + u"/_versions/"_s + finalName + u"-2f9c"_s; // Lance appends a UUID
    QFile file(staged);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(lance::test::TestFiles::manifest(1, 120));
    file.close();

    const BatchCommitTablesRequest request
        = CommitFixtures::batch({CommitFixtures::declare(u"sales$returns"_s, location),
                                 CommitFixtures::createVersion(u"sales$returns"_s, 1, staged),
                                 CommitFixtures::createVersion(u"sales$orders"_s, 3),
                                 CommitFixtures::deleteVersions(u"sales$orders"_s, 1, 2)});
    const CommitOutcome outcome = submit(request);
    QCOMPARE(outcome.kind(), Kind::Committed);
    QCOMPARE(outcome.response().results.size(), 4);
    QVERIFY(std::holds_alternative<DeclareTableResponse>(outcome.response().results.at(0)));
    const QString moved = location + u"/_versions/"_s + finalName;
    QCOMPARE(outcome.finalManifestPath(1), std::optional<QString>(moved.mid(1)));
    QCOMPARE(outcome.finalManifestPath(2),
             std::optional<QString>(u"s3://bucket/sales$orders/_versions/3.manifest"_s));
    const auto &deleted = std::get<BatchDeleteTableVersionsResponse>(outcome.response().results[3]);
    QCOMPARE(deleted.deletedCount, std::optional<qint64>(1));
    QVERIFY(QFile::exists(moved));
    QVERIFY(!QFile::exists(staged));
    QCOMPARE(CommitFixtures::versions(*m_service, u"sales$orders"_s), (QList<qint64>{2, 3}));
    QVERIFY(outcome.message().startsWith(u"All 4 operations were committed"_s));
}

void TestBatchSubmitter::conflictNamesTheOperation()
{
    const BatchCommitTablesRequest request
        = CommitFixtures::batch({CommitFixtures::declare(u"sales$returns"_s),
                                 CommitFixtures::createVersion(u"sales$orders"_s, 3),
                                 CommitFixtures::deregister(u"sales$orders"_s)});
    // Someone else commits version 3 first.
    QVERIFY(CommitFixtures::commit(
        *m_service, CommitFixtures::batch({CommitFixtures::createVersion(
                        u"sales$orders"_s, 3, u"s3://bucket/theirs/3.manifest"_s)})));
    const CommitOutcome outcome = submit(request);
    QCOMPARE(outcome.kind(), Kind::Conflict);
    QCOMPARE(outcome.serverCode(), std::optional<int>(14));
    QCOMPARE(outcome.failedOperationIndex(), std::optional<qsizetype>(1));
    QCOMPARE(outcome.conflictingOperations(), QList<qsizetype>{1});
    QVERIFY2(outcome.message().contains(u"operation 2 (create version 3 of sales$orders)"_s),
             qPrintable(outcome.message()));
    // All or nothing: the declare before it was not applied.
    QCOMPARE(CommitFixtures::tableExists(*m_service, u"sales$returns"_s), false);
    QCOMPARE(CommitFixtures::tableExists(*m_service, u"sales$orders"_s), true);
}

void TestBatchSubmitter::namesTheMissingNamespace()
{
    const CommitOutcome outcome = submit(CommitFixtures::batch(
        {CommitFixtures::declare(u"sales$fresh"_s),
         CommitFixtures::declare(u"sales$eu$fresh"_s)})); // no namespace sales$eu
    QCOMPARE(outcome.kind(), Kind::NotFound);
    QCOMPARE(outcome.missing().size(), 1);
    QCOMPARE(outcome.missing().at(0).what, CommitOutcome::Missing::What::Namespace);
    QCOMPARE(outcome.missing().at(0).id, CommitFixtures::id(u"sales$eu"_s));
    QCOMPARE(outcome.missing().at(0).index, 1);
    QCOMPARE(outcome.message(), u"Nothing was committed: the server has no namespace sales$eu."_s);
}

void TestBatchSubmitter::namesTheMissingTable()
{
    const CommitOutcome outcome
        = submit(CommitFixtures::batch({CommitFixtures::declare(u"sales$fresh"_s),
                                        CommitFixtures::createVersion(u"sales$fresh"_s, 1),
                                        CommitFixtures::deleteVersions(u"sales$gone"_s, 0, -1)}));
    QCOMPARE(outcome.kind(), Kind::NotFound);
    QCOMPARE(outcome.missing().size(), 1);
    QCOMPARE(outcome.missing().at(0).what, CommitOutcome::Missing::What::Table);
    QCOMPARE(outcome.missing().at(0).id, CommitFixtures::id(u"sales$gone"_s));
    QCOMPARE(outcome.message(), u"Nothing was committed: the server has no table sales$gone."_s);
}

void TestBatchSubmitter::invalidBatchIsRefused()
{
    const CommitOutcome outcome = submit(CommitFixtures::batch(
        {CommitFixtures::createVersion(u"sales$orders"_s, 3),
         CommitFixtures::createVersion(u"sales$orders"_s, 3, u"s3://b/other.manifest"_s)}));
    QCOMPARE(outcome.kind(), Kind::Invalid);
    QVERIFY(outcome.nothingApplied());
    QVERIFY2(outcome.message().startsWith(u"The batch was refused as invalid: "_s),
             qPrintable(outcome.message()));
    QCOMPARE(CommitFixtures::versions(*m_service, u"sales$orders"_s), (QList<qint64>{1, 2}));
}

void TestBatchSubmitter::oneBatchAtATime()
{
    BatchSubmitter submitter(*m_service);
    QSignalSpy finished(&submitter, &BatchSubmitter::finished);
    const BatchCommitTablesRequest first
        = CommitFixtures::batch({CommitFixtures::declare(u"sales$first"_s)});
    QVERIFY(submitter.submit(first));
    QVERIFY(!submitter.submit(CommitFixtures::batch({CommitFixtures::declare(u"sales$second"_s)})));
    QCOMPARE(submitter.request(), first);
    QVERIFY(finished.wait(10000));
    QCOMPARE(finished.at(0).at(0).value<CommitOutcome>().kind(), Kind::Committed);
    QCOMPARE(CommitFixtures::tableExists(*m_service, u"sales$second"_s), false);
    // Free again once finished.
    QVERIFY(submitter.submit(CommitFixtures::batch({CommitFixtures::declare(u"sales$second"_s)})));
    QVERIFY(finished.wait(10000));
    QCOMPARE(CommitFixtures::tableExists(*m_service, u"sales$second"_s), true);
}

LCB_TEST_GUILESS_MAIN(TestBatchSubmitter)
#include "TestBatchSubmitter.moc"
