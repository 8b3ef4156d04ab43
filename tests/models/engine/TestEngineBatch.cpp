// SPDX-License-Identifier: Apache-2.0
// CatalogEngine batches: BatchCommitTables and BatchCreateTableVersions are all or nothing,
// answer in request order, and name the operation that failed.
#include "EngineTestSupport.h"
#include "TestFiles.h"
#include "TestRegistry.h"
#include "format/ManifestFileName.h"
#include "format/ManifestFiles.h"

#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::format::ManifestFiles;
using namespace lance::api;
using lance::engine::CatalogEngine;
using lance::test::EngineTestSupport;

class TestEngineBatch : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void appliesAMixedBatchInOrder();
    void laterOperationsSeeEarlierOnes();
    void aFailingLastOperationChangesNothing();
    void aRefusedManifestMovesNothing();
    void namesTheRefusedOperation();
    void batchCreatesVersions();

private:
    QString root() const { return m_engine->root(); }
    /// A staged manifest (real bytes) in the default folder of root table `table`.
    QString stage(const QString &table, const QString &name);
    /// The tables and each one's versions, to compare a catalog before and after.
    QStringList snapshot();

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<CatalogEngine> m_engine;
};

void TestEngineBatch::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    auto engine = EngineTestSupport::open(m_dir->path());
    QVERIFY2(engine, EngineTestSupport::why(engine));
    m_engine = std::move(*engine);
    QVERIFY(m_engine->run(EngineTestSupport::declare(u"old"_s)));
    QVERIFY(m_engine->run(EngineTestSupport::declare(u"orders"_s)));
    for (const qint64 v : {1, 2}) {
        const QString final
            = stage(u"orders"_s, ManifestFiles::finalName(v, ManifestNamingScheme::V2));
        QVERIFY(m_engine->run(EngineTestSupport::createVersion(u"orders"_s, v, final)));
    }
}

void TestEngineBatch::cleanup()
{
    m_engine.reset();
    m_dir.reset();
}

QString TestEngineBatch::stage(const QString &table, const QString &name)
{
    // 500 bytes, as version 2 of `people`, and holding the version its name says.
    const QString path = root() + u'/' + table + u".lance/_versions/"_s + name;
    const auto named = lance::format::ManifestFileName::parse(name);
    const QByteArray bytes = lance::test::TestFiles::manifest(named.version.value_or(0), 500);
    return EngineTestSupport::writeFile(path, bytes) ? path : QString();
}

QStringList TestEngineBatch::snapshot()
{
    QStringList lines;
    auto tables = m_engine->run(ListTablesRequest());
    for (const QString &table : tables ? tables->tables : QStringList{u"<failed>"_s}) {
        ListTableVersionsRequest request;
        request.id = EngineTestSupport::id(table);
        auto versions = m_engine->run(request);
        QStringList numbers;
        for (const TableVersion &version : versions ? versions->versions : QList<TableVersion>()) {
            numbers.append(QString::number(version.version));
        }
        lines.append(table + u": "_s + numbers.join(u',') + u" in "_s
                     + EngineTestSupport::fileNames(root() + u'/' + table + u".lance/_versions"_s)
                           .join(u','));
    }
    return lines;
}

void TestEngineBatch::appliesAMixedBatchInOrder()
{
    const QString staged = stage(u"fresh"_s, u"18446744073709551614.manifest-aa"_s);
    BatchCommitTablesRequest batch;
    DeregisterTableRequest deregister;
    deregister.id = EngineTestSupport::id(u"old"_s);
    BatchDeleteTableVersionsRequest remove;
    remove.id = EngineTestSupport::id(u"orders"_s);
    remove.ranges = {VersionRange{1, VersionRange::ThroughLatest}};
    batch.operations
        = {EngineTestSupport::declare(u"fresh"_s),
           EngineTestSupport::createVersion(u"fresh"_s, 1, staged), remove, deregister};
    auto committed = m_engine->run(batch);
    QVERIFY2(committed, EngineTestSupport::why(committed));
    QCOMPARE(committed->results.size(), 4);
    const auto &declared = std::get<DeclareTableResponse>(committed->results.at(0));
    QCOMPARE(declared.location, root() + u"/fresh.lance"_s);
    const auto &created = std::get<CreateTableVersionResponse>(committed->results.at(1));
    QCOMPARE(created.version->manifestPath,
             EngineTestSupport::objectStorePath(
                 root() + u"/fresh.lance/_versions/18446744073709551614.manifest"_s));
    QCOMPARE(created.version->manifestSize, 500);
    QCOMPARE(std::get<BatchDeleteTableVersionsResponse>(committed->results.at(2)).deletedCount, 2);
    QCOMPARE(std::get<DeregisterTableResponse>(committed->results.at(3)).id, deregister.id);
    QCOMPARE(snapshot(),
             QStringList({u"fresh: 1 in 18446744073709551614.manifest"_s,
                          u"orders:  in 18446744073709551613.manifest,"
                          "18446744073709551614.manifest"_s})); // deleting keeps the files
}

void TestEngineBatch::laterOperationsSeeEarlierOnes()
{
    BatchCommitTablesRequest batch;
    DeregisterTableRequest deregister;
    deregister.id = EngineTestSupport::id(u"old"_s);
    batch.operations = {deregister, EngineTestSupport::createVersion(u"old"_s, 1, u"s3://b/1"_s)};
    const QStringList before = snapshot();
    const auto refused = m_engine->run(batch);
    QCOMPARE(EngineTestSupport::codeOf(refused), 4);
    QCOMPARE(EngineTestSupport::statusOf(refused), 404);
    QCOMPARE(EngineTestSupport::messageOf(refused),
             u"operation 2 (create_table_version of old): Table old does not exist."_s);
    QCOMPARE(refused.error().context(), EngineTestSupport::failedAt(1, u"create_table_version"_s));
    QCOMPARE(refused.error().operation(), u"BatchCommitTables"_s);
    QCOMPARE(snapshot(), before);

    batch.operations = {EngineTestSupport::declareOnStore(u"new"_s),
                        EngineTestSupport::createVersion(u"new"_s, 1, u"s3://b/1"_s)};
    auto committed = m_engine->run(batch);
    QVERIFY2(committed, EngineTestSupport::why(committed));
    DescribeTableRequest describe;
    describe.id = EngineTestSupport::id(u"new"_s);
    QCOMPARE(m_engine->run(describe)->version, 1);
}

void TestEngineBatch::aFailingLastOperationChangesNothing()
{
    const QString first = stage(u"fresh"_s, u"18446744073709551614.manifest-1"_s);
    const QString second = stage(u"orders"_s, u"18446744073709551612.manifest-3"_s);
    const QStringList before = snapshot();
    BatchCommitTablesRequest batch;
    batch.operations = {EngineTestSupport::declare(u"fresh"_s),
                        EngineTestSupport::createVersion(u"fresh"_s, 1, first),
                        EngineTestSupport::createVersion(u"orders"_s, 3, second),
                        EngineTestSupport::createVersion(u"orders"_s, 2, u"s3://b/again"_s)};
    const auto refused = m_engine->run(batch);
    QCOMPARE(EngineTestSupport::codeOf(refused), 14);
    QCOMPARE(EngineTestSupport::statusOf(refused), 409);
    QVERIFY(EngineTestSupport::messageOf(refused).startsWith(
        u"operation 4 (create_table_version of orders): "_s));
    QCOMPARE(refused.error().context(), EngineTestSupport::failedAt(3, u"create_table_version"_s));
    QCOMPARE(snapshot(), before);
    QVERIFY(QFileInfo::exists(first));
    QVERIFY(QFileInfo::exists(second));
    TableExistsRequest exists;
    exists.id = EngineTestSupport::id(u"fresh"_s);
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(exists)), 4);
}

void TestEngineBatch::aRefusedManifestMovesNothing()
{
    // `blocked`'s manifest is not in its `_versions/`: the batch is refused before its commit,
    // and the first operation's manifest is not moved either.
    QVERIFY(m_engine->run(EngineTestSupport::declare(u"blocked"_s)));
    const QString first = stage(u"orders"_s, u"18446744073709551612.manifest-3"_s);
    const QString second = root() + u"/blocked.lance/staging/v1"_s;
    QVERIFY(EngineTestSupport::writeFile(second, "manifest"));
    const QStringList before = snapshot();
    BatchCommitTablesRequest batch;
    batch.operations = {EngineTestSupport::createVersion(u"orders"_s, 3, first),
                        EngineTestSupport::createVersion(u"blocked"_s, 1, second)};
    const auto refused = m_engine->run(batch);
    QCOMPARE(EngineTestSupport::codeOf(refused), 13);
    QCOMPARE(EngineTestSupport::statusOf(refused), 400);
    QCOMPARE(refused.error().context(), EngineTestSupport::failedAt(1, u"create_table_version"_s));
    QVERIFY(EngineTestSupport::messageOf(refused).startsWith(
        u"operation 2 (create_table_version of blocked): "_s));
    QCOMPARE(snapshot(), before);
    QCOMPARE(EngineTestSupport::readFile(first).size(), 500);
    QCOMPARE(EngineTestSupport::readFile(second), QByteArray("manifest"));
    QVERIFY(
        !QFileInfo::exists(root() + u"/orders.lance/_versions/18446744073709551612.manifest"_s));
}

void TestEngineBatch::namesTheRefusedOperation()
{
    BatchCommitTablesRequest batch;
    batch.operations = {EngineTestSupport::declare(u"a"_s),
                        EngineTestSupport::createVersion(u"orders"_s, 3, u"s3://b/3"_s),
                        EngineTestSupport::createVersion(u"orders"_s, -1, u"s3://b/x"_s)};
    const auto negative = m_engine->run(batch);
    QCOMPARE(EngineTestSupport::codeOf(negative), 13);
    QCOMPARE(EngineTestSupport::statusOf(negative), 400);
    QCOMPARE(EngineTestSupport::messageOf(negative),
             u"operation 3 (create_table_version of orders): the version -1 is negative."_s);
    QCOMPARE(negative.error().context(), EngineTestSupport::failedAt(2, u"create_table_version"_s));

    batch.operations = {EngineTestSupport::declare(u"a"_s), EngineTestSupport::declare(u"b"_s),
                        EngineTestSupport::declare(u"a"_s)};
    const auto twice = m_engine->run(batch);
    QCOMPARE(EngineTestSupport::codeOf(twice), 13);
    QCOMPARE(twice.error().context(), EngineTestSupport::failedAt(2, u"declare_table"_s));

    batch.operations = {EngineTestSupport::declare(u"a"_s), EngineTestSupport::declare(u"x$.."_s)};
    const auto badName = m_engine->run(batch);
    QCOMPARE(EngineTestSupport::codeOf(badName), 13);
    QCOMPARE(badName.error().context(), EngineTestSupport::failedAt(1, u"declare_table"_s));

    const auto empty = m_engine->run(BatchCommitTablesRequest());
    QCOMPARE(EngineTestSupport::codeOf(empty), 13);
    QCOMPARE(empty.error().context(), StringMap());
    QCOMPARE(snapshot(), QStringList({u"old:  in "_s, u"orders: 1,2 in "
                                                      "18446744073709551613.manifest,"
                                                      "18446744073709551614.manifest"_s}));
}

void TestEngineBatch::batchCreatesVersions()
{
    const QString staged = stage(u"old"_s, u"18446744073709551614.manifest-x"_s);
    BatchCreateTableVersionsRequest request;
    CreateTableVersionEntry orders;
    orders.id = EngineTestSupport::id(u"orders"_s);
    orders.version = 3;
    orders.manifestPath = stage(u"orders"_s, u"18446744073709551612.manifest-3"_s);
    CreateTableVersionEntry old;
    old.id = EngineTestSupport::id(u"old"_s);
    old.version = 1;
    old.manifestPath = staged;
    request.entries = {orders, old};
    auto created = m_engine->run(request);
    QVERIFY2(created, EngineTestSupport::why(created));
    QCOMPARE(EngineTestSupport::numbers(created->versions), QList<qint64>({3, 1}));
    QCOMPARE(created->versions.at(1).manifestSize, 500);

    orders.version = 4;
    orders.manifestPath = stage(u"orders"_s, u"18446744073709551611.manifest-4"_s);
    const QStringList before = snapshot();
    request.entries = {orders, old};
    const auto conflict = m_engine->run(request);
    QCOMPARE(EngineTestSupport::codeOf(conflict), 14);
    QCOMPARE(EngineTestSupport::messageOf(conflict),
             u"entry 2 (create_table_version of old): Version 1 of table old exists already."_s);
    QCOMPARE(conflict.error().context(), EngineTestSupport::failedAt(1, u"create_table_version"_s));
    QCOMPARE(conflict.error().operation(), u"BatchCreateTableVersions"_s);
    QCOMPARE(snapshot(), before);
}

LCB_TEST_GUILESS_MAIN(TestEngineBatch)
#include "TestEngineBatch.moc"
