// SPDX-License-Identifier: Apache-2.0
// CatalogEngine's GetTableHealth and PlanTableCleanup on the table LanceDB made for them
// (tests/data/lance/health): what they read of the table's manifests is kept for the next call
// (ManifestIndexCache), and a manifest is read again only when the folder lists it otherwise
// (its size, time or e-tag changed) or the catalog's latest version moved. What the answers
// hold is checked against LanceDB in TestTableHealth, TestCleanupPlanner and LanceCleanup.
#include "EngineTestSupport.h"
#include "TestRegistry.h"

#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <limits>

using namespace Qt::StringLiterals;
using namespace lance::api;
using lance::engine::CatalogEngine;
using lance::test::EngineTestSupport;

class TestEngineHealth : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void aManifestListedAsBeforeIsNotReadAgain();
    void theLatestVersionMovingIsSeen();

private:
    GetTableHealthRequest health() const;
    QString manifest(quint64 version) const;

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<CatalogEngine> m_engine;
    QString m_folder;
};

void TestEngineHealth::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    auto engine = EngineTestSupport::open(m_dir->path() + u"/catalog"_s);
    QVERIFY2(engine, EngineTestSupport::why(engine));
    m_engine = std::move(*engine);
    m_folder = m_dir->path() + u"/data/metrics.lance"_s;
    QVERIFY(EngineTestSupport::copyTree(EngineTestSupport::fixture(u"health/metrics.lance"_s),
                                        m_folder));
    RegisterTableRequest request;
    request.id = EngineTestSupport::id(u"metrics"_s);
    request.location = m_folder;
    auto registered = m_engine->run(request);
    QVERIFY2(registered, EngineTestSupport::why(registered));
}

void TestEngineHealth::cleanup()
{
    m_engine.reset();
    m_dir.reset();
}

GetTableHealthRequest TestEngineHealth::health() const
{
    GetTableHealthRequest request;
    request.id = EngineTestSupport::id(u"metrics"_s);
    return request;
}

QString TestEngineHealth::manifest(quint64 version) const
{
    return m_folder
           + u"/_versions/%1.manifest"_s.arg(std::numeric_limits<quint64>::max() - version);
}

void TestEngineHealth::aManifestListedAsBeforeIsNotReadAgain()
{
    // Version 4's manifest written at a whole millisecond, a time a file's can be set back to.
    const QString fourth = manifest(4);
    const QFileInfo info(fourth);
    const QDateTime written
        = QDateTime::fromMSecsSinceEpoch(info.lastModified().toMSecsSinceEpoch() - 1000, Qt::UTC);
    {
        QFile file(fourth);
        QVERIFY(file.open(QIODevice::ReadWrite));
        QVERIFY(file.setFileTime(written, QFileDevice::FileModificationTime));
    }
    const auto first = m_engine->run(health());
    QVERIFY2(first, EngineTestSupport::why(first));
    QCOMPARE(first->latestVersion, 10);
    QCOMPARE(first->kept.versions, 12); // main's 10 and the branch's 2
    const auto again = m_engine->run(health());
    QVERIFY2(again, EngineTestSupport::why(again));
    QCOMPARE(*again, *first);

    // Overwritten with as many bytes that are no manifest, its time put back: listed as
    // before, it is taken for what was read (Lance never rewrites a manifest).
    {
        QFile file(fourth);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QCOMPARE(file.write(QByteArray(info.size(), 'x')), info.size());
        QVERIFY(file.flush()); // before the time is set: writing sets it
        QVERIFY(file.setFileTime(written, QFileDevice::FileModificationTime));
    }
    const auto unchanged = m_engine->run(health());
    QVERIFY2(unchanged, EngineTestSupport::why(unchanged));
    QCOMPARE(*unchanged, *first);
    PlanTableCleanupRequest plan;
    plan.id = health().id;
    plan.policy.keepLatest = 3;
    const auto planned = m_engine->run(plan);
    QVERIFY2(planned, EngineTestSupport::why(planned));

    // Listed otherwise (a new time), it is read again, and refused: an answer without it would
    // take its files for nobody's.
    {
        QFile file(fourth);
        QVERIFY(file.open(QIODevice::ReadWrite));
        QVERIFY(file.setFileTime(written.addSecs(1), QFileDevice::FileModificationTime));
    }
    const QString name = QFileInfo(fourth).fileName();
    const auto refused = m_engine->run(health());
    QCOMPARE(EngineTestSupport::codeOf(refused), int(ErrorCode::InvalidTableState));
    QVERIFY2(EngineTestSupport::messageOf(refused).contains(name),
             qPrintable(EngineTestSupport::messageOf(refused)));
    const auto notPlanned = m_engine->run(plan);
    QCOMPARE(EngineTestSupport::codeOf(notPlanned), int(ErrorCode::InvalidTableState));
}

void TestEngineHealth::theLatestVersionMovingIsSeen()
{
    const auto first = m_engine->run(health());
    QVERIFY2(first, EngineTestSupport::why(first));
    QCOMPARE(first->indices.size(), 1);
    QCOMPARE(first->indices.first().uncoveredFragments, 1);
    // Versions 7 to 10 deleted from the catalog: version 6, read before, is the latest now,
    // with its index covering every fragment it had.
    BatchDeleteTableVersionsRequest deleted;
    deleted.id = health().id;
    deleted.ranges = {{7, 11}};
    const auto removed = m_engine->run(deleted);
    QVERIFY2(removed, EngineTestSupport::why(removed));
    const auto moved = m_engine->run(health());
    QVERIFY2(moved, EngineTestSupport::why(moved));
    QCOMPARE(moved->latestVersion, 6);
    QCOMPARE(moved->indices.size(), 1);
    QCOMPARE(moved->indices.first().uncoveredFragments, 0);
    QCOMPARE(moved->latest.versions, 1);
    QVERIFY(moved->latest.fragments != first->latest.fragments);
}

LCB_TEST_GUILESS_MAIN(TestEngineHealth)
#include "TestEngineHealth.moc"
