// SPDX-License-Identifier: Apache-2.0
// Crash-safe manifest moves: a version is committed with its final manifest path and the move
// is journalled; a process that dies between the commit and the move leaves the journal, and
// the next open (or the next write of the table) rolls the move forward.
#include "EngineTestSupport.h"
#include "TestFiles.h"
#include "TestRegistry.h"
#include "engine/CatalogTransaction.h"
#include "format/ManifestFiles.h"
#include "format/ManifestReader.h"

#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <array>
#include <atomic>

using namespace Qt::StringLiterals;
using namespace lance::api;
using lance::engine::CatalogEngine;
using lance::engine::CatalogTransaction;
using lance::format::ManifestFiles;
using lance::format::ManifestReader;
using lance::test::EngineTestSupport;

class TestEngineRecovery : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void rollsForwardAfterACrash();
    void twoEnginesRecoverAtOnce();
    void clearsAMoveWhoseFilesAreBothGone();
    void clearsAMoveThatWasDone();
    void settlesBeforeTheNextWriteOfTheTable();
    void movesABatchAfterItsOneCommit();
    void aRefusedBatchJournalsNothing();
    void upgradesASchemaOneCatalog();
    void upgradesASchemaTwoCatalog();
    void upgradesASchemaThreeCatalog();
    void upgradesASchemaFourCatalog();

private:
    QString root() const { return m_dir->path() + u"/root"_s; }
    QString versionsOf(const QString &table) const
    {
        return root() + u'/' + table + u".lance/_versions/"_s;
    }
    QString finalOf(const QString &table, qint64 version) const
    {
        return versionsOf(table) + ManifestFiles::finalName(version, ManifestNamingScheme::V2);
    }
    /// A staged manifest of `version` (real bytes) in the default folder of root table `table`.
    QString stage(const QString &table, qint64 version);
    /// Creates `version` of `table` from `staged` with the engine stopping after its COMMIT,
    /// as a process killed there would.
    void crashAfterCommit(const QString &table, qint64 version, const QString &staged);
    /// Runs `sql` on the catalog database over a connection of its own; the first column of
    /// the first row, if any.
    QVariant query(const QString &sql);
    // Opens the catalog again, which upgrades it, and checks that it is at today's schema.
    void reopenUpgraded();
    qint64 pendingMoves() { return query(u"SELECT count(*) FROM manifest_moves"_s).toLongLong(); }
    TableVersion recorded(const QString &table, qint64 version);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<CatalogEngine> m_engine;
};

void TestEngineRecovery::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    auto engine = EngineTestSupport::open(root());
    QVERIFY2(engine, EngineTestSupport::why(engine));
    m_engine = std::move(*engine);
    QVERIFY(m_engine->run(EngineTestSupport::declare(u"t"_s)));
}

void TestEngineRecovery::cleanup()
{
    CatalogTransaction::setStopAfterCommitForTests(false);
    m_engine.reset();
    m_dir.reset();
}

QString TestEngineRecovery::stage(const QString &table, qint64 version)
{
    // Version 1 is LanceDB's own (people's, 510 bytes); a later one the smallest that holds it.
    const QString path = finalOf(table, version) + u"-398cd05a"_s;
    const QByteArray bytes = version == 1 ? EngineTestSupport::readFile(EngineTestSupport::fixture(
                                 u"people.lance/_versions/18446744073709551614.manifest"_s))
                                          : lance::test::TestFiles::manifest(version, 510);
    return EngineTestSupport::writeFile(path, bytes) ? path : QString();
}

void TestEngineRecovery::crashAfterCommit(const QString &table, qint64 version,
                                          const QString &staged)
{
    CatalogTransaction::setStopAfterCommitForTests(true);
    auto created = m_engine->run(EngineTestSupport::createVersion(
        table, version, EngineTestSupport::objectStorePath(staged)));
    CatalogTransaction::setStopAfterCommitForTests(false);
    QVERIFY2(created, EngineTestSupport::why(created));
    QCOMPARE(created->version->manifestPath,
             EngineTestSupport::objectStorePath(finalOf(table, version)));
}

void TestEngineRecovery::reopenUpgraded()
{
    auto reopened = EngineTestSupport::open(root());
    QVERIFY2(reopened, EngineTestSupport::why(reopened));
    m_engine = std::move(*reopened);
    QCOMPARE(query(u"SELECT value FROM schema_info WHERE key = 'schema_version'"_s).toString(),
             u"5"_s);
}

QVariant TestEngineRecovery::query(const QString &sql)
{
    QVariant value;
    {
        QSqlDatabase database = EngineTestSupport::inspect(root(), u"inspect"_s);
        if (database.open()) {
            QSqlQuery statement(database);
            if (statement.exec(sql) && statement.next()) {
                value = statement.value(0);
            }
        }
    }
    QSqlDatabase::removeDatabase(u"inspect"_s);
    return value;
}

TableVersion TestEngineRecovery::recorded(const QString &table, qint64 version)
{
    DescribeTableVersionRequest describe;
    describe.id = EngineTestSupport::id(table);
    describe.version = version;
    auto found = m_engine->run(describe);
    return found ? found->version : TableVersion();
}

void TestEngineRecovery::rollsForwardAfterACrash()
{
    const QString staged = stage(u"t"_s, 1);
    const QByteArray bytes = EngineTestSupport::readFile(staged);
    crashAfterCommit(u"t"_s, 1, staged);
    // What a reader sees in the window between the commit and the move.
    const QString final = finalOf(u"t"_s, 1);
    QCOMPARE(recorded(u"t"_s, 1).manifestPath, EngineTestSupport::objectStorePath(final));
    QVERIFY(QFileInfo::exists(staged));
    QVERIFY(!QFileInfo::exists(final));
    QCOMPARE(pendingMoves(), 1);

    m_engine.reset();
    auto reopened = EngineTestSupport::open(root());
    QVERIFY2(reopened, EngineTestSupport::why(reopened));
    m_engine = std::move(*reopened);
    QCOMPARE(pendingMoves(), 0);
    QVERIFY(!QFileInfo::exists(staged));
    QCOMPARE(EngineTestSupport::readFile(final), bytes);
    // The record and the file agree: a rename keeps size, time and inode, so the e-tag too.
    const TableVersion version = recorded(u"t"_s, 1);
    const auto facts = ManifestFiles::stat(final);
    QVERIFY(facts);
    QCOMPARE(version.manifestPath, EngineTestSupport::objectStorePath(final));
    QCOMPARE(version.manifestSize, facts->size);
    QCOMPARE(version.eTag, facts->eTag);
    // The commit time the manifest records (Lance's listVersions() reports it), not the file's.
    QCOMPARE(version.timestampMillis,
             ManifestReader::readFile(final)->timestamp->toMSecsSinceEpoch());
    // The writer's retry of the same version is a conflict (it was committed), and the next
    // version goes through: no 409 loop.
    const auto again = m_engine->run(EngineTestSupport::createVersion(
        u"t"_s, 1, EngineTestSupport::objectStorePath(stage(u"t"_s, 1))));
    QCOMPARE(EngineTestSupport::messageOf(again), u"Version 1 of table t exists already."_s);
    const auto next = m_engine->run(EngineTestSupport::createVersion(
        u"t"_s, 2, EngineTestSupport::objectStorePath(stage(u"t"_s, 2))));
    QVERIFY2(next, EngineTestSupport::why(next));
    QVERIFY(QFileInfo::exists(finalOf(u"t"_s, 2)));
}

// Two servers that start at once after a crash both find the journal's moves: each settles
// them, one file move and one journal clearing win, and neither fails (on PostgreSQL the
// loser of the clearing is retried and finds nothing left).
void TestEngineRecovery::twoEnginesRecoverAtOnce()
{
    // A table each: the next write of a table settles its moves first.
    constexpr int Tables = 20;
    QStringList staged;
    for (int i = 0; i < Tables; ++i) {
        const QString table = u"t%1"_s.arg(i);
        QVERIFY(m_engine->run(EngineTestSupport::declare(table)));
        staged << stage(table, 1);
        crashAfterCommit(table, 1, staged.last());
    }
    QCOMPARE(pendingMoves(), Tables);
    m_engine.reset();

    constexpr int Engines = 2;
    std::atomic<int> ready{0};
    std::array<QString, Engines> problems;
    std::vector<std::unique_ptr<QThread>> threads;
    for (int i = 0; i < Engines; ++i) {
        threads.push_back(std::unique_ptr<QThread>(QThread::create([&, i] {
            ++ready;
            while (ready.load() < Engines) {
                QThread::yieldCurrentThread(); // start together
            }
            auto engine = EngineTestSupport::open(root());
            problems[size_t(i)] = engine ? QString() : engine.error().details();
        })));
        threads.back()->start();
    }
    for (const auto &thread : threads) {
        QVERIFY(thread->wait(60000));
    }
    QCOMPARE(problems, (std::array<QString, Engines>{}));
    QCOMPARE(pendingMoves(), 0);
    for (int i = 0; i < Tables; ++i) {
        QVERIFY(!QFileInfo::exists(staged.at(i)));
        QVERIFY(QFileInfo::exists(finalOf(u"t%1"_s.arg(i), 1)));
    }
}

void TestEngineRecovery::clearsAMoveWhoseFilesAreBothGone()
{
    const QString staged = stage(u"t"_s, 1);
    crashAfterCommit(u"t"_s, 1, staged);
    QVERIFY(QFile::remove(staged));
    m_engine.reset();
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(u"both missing"_s));
    auto reopened = EngineTestSupport::open(root());
    QVERIFY2(reopened, EngineTestSupport::why(reopened));
    m_engine = std::move(*reopened);
    QCOMPARE(pendingMoves(), 0);
    // The record stays and names a missing file, as after a manifest deleted by hand.
    QCOMPARE(recorded(u"t"_s, 1).manifestPath,
             EngineTestSupport::objectStorePath(finalOf(u"t"_s, 1)));
    QVERIFY(!QFileInfo::exists(finalOf(u"t"_s, 1)));
    QVERIFY(m_engine->run(EngineTestSupport::createVersion(
        u"t"_s, 2, EngineTestSupport::objectStorePath(stage(u"t"_s, 2)))));
}

void TestEngineRecovery::clearsAMoveThatWasDone()
{
    // Killed after the move, before the journal was cleared.
    const QString staged = stage(u"t"_s, 1);
    crashAfterCommit(u"t"_s, 1, staged);
    QVERIFY(QFile::rename(staged, finalOf(u"t"_s, 1)));
    m_engine.reset();
    auto reopened = EngineTestSupport::open(root());
    QVERIFY2(reopened, EngineTestSupport::why(reopened));
    m_engine = std::move(*reopened);
    QCOMPARE(pendingMoves(), 0);
    QCOMPARE(EngineTestSupport::readFile(finalOf(u"t"_s, 1)).size(), 510);
    QCOMPARE(EngineTestSupport::fileNames(versionsOf(u"t"_s)),
             QStringList({ManifestFiles::finalName(1, ManifestNamingScheme::V2)}));
}

void TestEngineRecovery::settlesBeforeTheNextWriteOfTheTable()
{
    // Say the move after the commit failed: the engine stays open, the entry stays.
    const QString staged = stage(u"t"_s, 1);
    crashAfterCommit(u"t"_s, 1, staged);
    QVERIFY(m_engine->run(EngineTestSupport::declareOnStore(u"other"_s)));
    QVERIFY(m_engine->run(EngineTestSupport::createVersion(u"other"_s, 1, u"s3://b/other/1"_s)));
    QCOMPARE(pendingMoves(), 1); // another table's writes leave it alone

    const auto next = m_engine->run(EngineTestSupport::createVersion(
        u"t"_s, 2, EngineTestSupport::objectStorePath(stage(u"t"_s, 2))));
    QVERIFY2(next, EngineTestSupport::why(next));
    QCOMPARE(pendingMoves(), 0);
    QVERIFY(!QFileInfo::exists(staged));
    QVERIFY(QFileInfo::exists(finalOf(u"t"_s, 1)));
    QVERIFY(QFileInfo::exists(finalOf(u"t"_s, 2)));

    // Deregistering completes the table's moves too: its data may be registered again.
    const QString third = stage(u"t"_s, 3);
    crashAfterCommit(u"t"_s, 3, third);
    DeregisterTableRequest deregister;
    deregister.id = EngineTestSupport::id(u"t"_s);
    QVERIFY(m_engine->run(deregister));
    QCOMPARE(pendingMoves(), 0);
    QVERIFY(QFileInfo::exists(finalOf(u"t"_s, 3)));
}

void TestEngineRecovery::movesABatchAfterItsOneCommit()
{
    QVERIFY(m_engine->run(EngineTestSupport::declare(u"u"_s)));
    const QString first = stage(u"t"_s, 1);
    const QString second = stage(u"u"_s, 1);
    BatchCommitTablesRequest batch;
    batch.operations = {EngineTestSupport::createVersion(u"t"_s, 1, first),
                        EngineTestSupport::createVersion(u"u"_s, 1, second)};
    CatalogTransaction::setStopAfterCommitForTests(true);
    auto committed = m_engine->run(batch);
    CatalogTransaction::setStopAfterCommitForTests(false);
    QVERIFY2(committed, EngineTestSupport::why(committed));
    QCOMPARE(pendingMoves(), 2);
    QVERIFY(QFileInfo::exists(first) && QFileInfo::exists(second));

    m_engine.reset();
    auto reopened = EngineTestSupport::open(root());
    QVERIFY2(reopened, EngineTestSupport::why(reopened));
    m_engine = std::move(*reopened);
    QCOMPARE(pendingMoves(), 0);
    for (const QString &table : {u"t"_s, u"u"_s}) {
        QCOMPARE(EngineTestSupport::fileNames(versionsOf(table)),
                 QStringList({ManifestFiles::finalName(1, ManifestNamingScheme::V2)}));
        QCOMPARE(recorded(table, 1).manifestPath,
                 EngineTestSupport::objectStorePath(finalOf(table, 1)));
    }
}

void TestEngineRecovery::aRefusedBatchJournalsNothing()
{
    const QString staged = stage(u"t"_s, 1);
    BatchCommitTablesRequest batch;
    batch.operations = {EngineTestSupport::createVersion(u"t"_s, 1, staged),
                        EngineTestSupport::createVersion(u"missing"_s, 1, u"s3://b/1"_s)};
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(batch)), 4);
    QCOMPARE(pendingMoves(), 0);
    QVERIFY(QFileInfo::exists(staged));
    QVERIFY(!QFileInfo::exists(finalOf(u"t"_s, 1)));
}

void TestEngineRecovery::upgradesASchemaOneCatalog()
{
    // A catalog as the first release wrote it: no journal, no history, schema 1.
    m_engine.reset();
    query(u"DROP TABLE manifest_moves"_s);
    query(u"DROP TABLE transaction_tables"_s);
    query(u"DROP TABLE catalog_transactions"_s);
    query(u"ALTER TABLE table_versions DROP COLUMN facts"_s);
    query(u"UPDATE schema_info SET value = '1' WHERE key = 'schema_version'"_s);
    QCOMPARE(query(EngineTestSupport::onPostgres()
                       ? u"SELECT count(*) FROM information_schema.tables WHERE table_schema = "
                         u"current_schema() AND table_name = 'manifest_moves'"_s
                       : u"SELECT count(*) FROM sqlite_master WHERE name = 'manifest_moves'"_s),
             0);
    reopenUpgraded();
    if (QTest::currentTestFailed()) {
        return;
    }
    const QString staged = stage(u"t"_s, 1);
    QVERIFY(m_engine->run(EngineTestSupport::createVersion(u"t"_s, 1, staged)));
    QVERIFY(QFileInfo::exists(finalOf(u"t"_s, 1)));
    QCOMPARE(pendingMoves(), 0);
    // The history starts with the first commit after the upgrade.
    QCOMPARE(query(u"SELECT count(*) FROM catalog_transactions"_s).toInt(), 1);
}

void TestEngineRecovery::upgradesASchemaTwoCatalog()
{
    // A catalog of the release before the history: schema 2.
    m_engine.reset();
    query(u"DROP TABLE transaction_tables"_s);
    query(u"DROP TABLE catalog_transactions"_s);
    query(u"ALTER TABLE table_versions DROP COLUMN facts"_s);
    query(u"UPDATE schema_info SET value = '2' WHERE key = 'schema_version'"_s);
    reopenUpgraded();
    if (QTest::currentTestFailed()) {
        return;
    }
    QVERIFY(m_engine->run(EngineTestSupport::declare(u"after"_s)));
    const auto history = m_engine->run(ListTransactionsRequest());
    QVERIFY(history);
    QCOMPARE(history->transactions.size(), 1);
}

void TestEngineRecovery::upgradesASchemaThreeCatalog()
{
    // A catalog of the release before relative paths: schema 3, every path absolute.
    const QString staged = stage(u"t"_s, 1);
    QVERIFY(m_engine->run(
        EngineTestSupport::createVersion(u"t"_s, 1, EngineTestSupport::objectStorePath(staged))));
    crashAfterCommit(u"t"_s, 2, stage(u"t"_s, 2)); // a pending move, to be rolled forward
    m_engine.reset();
    const QString table = root() + u"/t.lance"_s;
    query(u"UPDATE catalog_tables SET location = '%1'"_s.arg(table));
    for (const qint64 version : {1, 2}) {
        query(u"UPDATE table_versions SET manifest_path = '%1' WHERE version = %2"_s.arg(
            EngineTestSupport::objectStorePath(finalOf(u"t"_s, version)),
            QString::number(version)));
    }
    query(u"UPDATE manifest_moves SET final_path = '%1', staged_path = '%2'"_s.arg(
        finalOf(u"t"_s, 2), finalOf(u"t"_s, 2) + u"-398cd05a"_s));
    query(u"ALTER TABLE table_versions DROP COLUMN facts"_s);
    query(u"UPDATE schema_info SET value = '3' WHERE key = 'schema_version'"_s);
    QCOMPARE(query(u"SELECT location FROM catalog_tables"_s).toString(), table);

    reopenUpgraded();
    if (QTest::currentTestFailed()) {
        return;
    }
    // The journal was read after the upgrade: the move was found and done.
    QCOMPARE(pendingMoves(), 0);
    QVERIFY(QFileInfo::exists(finalOf(u"t"_s, 2)));
    if (EngineTestSupport::onPostgres()) {
        // In no folder: kept as they were.
        QCOMPARE(query(u"SELECT location FROM catalog_tables"_s).toString(), table);
    } else {
        QCOMPARE(query(u"SELECT location FROM catalog_tables"_s).toString(),
                 u"/{catalog-root}/t.lance"_s);
        QCOMPARE(query(u"SELECT manifest_path FROM table_versions WHERE version = 1"_s).toString(),
                 u"{catalog-root}/t.lance/_versions/"_s
                     + ManifestFiles::finalName(1, ManifestNamingScheme::V2));
    }
    // Whatever the storage, the engine answers the paths themselves.
    DescribeTableRequest describe;
    describe.id = EngineTestSupport::id(u"t"_s);
    const auto described = m_engine->run(describe);
    QVERIFY2(described, EngineTestSupport::why(described));
    QCOMPARE(described->location.value_or(QString()), table);
    QCOMPARE(recorded(u"t"_s, 1).manifestPath,
             EngineTestSupport::objectStorePath(finalOf(u"t"_s, 1)));
    QCOMPARE(recorded(u"t"_s, 2).manifestPath,
             EngineTestSupport::objectStorePath(finalOf(u"t"_s, 2)));
}

void TestEngineRecovery::upgradesASchemaFourCatalog()
{
    // A catalog of the release before kept facts: schema 4, no facts column.
    QVERIFY(m_engine->run(EngineTestSupport::createVersion(u"t"_s, 1, stage(u"t"_s, 1))));
    m_engine.reset();
    query(u"ALTER TABLE table_versions DROP COLUMN facts"_s);
    query(u"UPDATE schema_info SET value = '4' WHERE key = 'schema_version'"_s);
    reopenUpgraded();
    if (QTest::currentTestFailed()) {
        return;
    }
    // The record is kept, with no facts yet (NULL), and the catalog writes on.
    QCOMPARE(query(u"SELECT count(*) FROM table_versions WHERE facts IS NULL"_s).toInt(), 1);
    QVERIFY(m_engine->run(EngineTestSupport::createVersion(u"t"_s, 2, stage(u"t"_s, 2))));
    QCOMPARE(recorded(u"t"_s, 1).version, 1);
    QCOMPARE(recorded(u"t"_s, 2).version, 2);
}

LCB_TEST_GUILESS_MAIN(TestEngineRecovery)
#include "TestEngineRecovery.moc"
