// SPDX-License-Identifier: Apache-2.0
// CatalogEngine with several engines on one root (one per thread, as the server runs them), and
// reopening a root.
#include "EngineTestSupport.h"
#include "TestFiles.h"
#include "TestRegistry.h"
#include "api/ThreadHandoff.h"
#include "engine/DatabaseWriteLock.h"
#include "format/ManifestFiles.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <atomic>
#include <latch>

using namespace Qt::StringLiterals;
using namespace lance::api;
using lance::engine::CatalogEngine;
using lance::engine::DatabaseWriteLock;
using lance::format::ManifestFiles;
using lance::test::EngineTestSupport;

class TestEngineConcurrency : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void twoEnginesRaceForTheSameVersions();
    void twoEnginesCreateOneCatalog();
    void writersQueueOnOneLockReadersDoNot();
    void reopensARoot();
    void refusesADatabaseOfANewerSchema();

private:
    QString root() const { return m_dir->path() + u"/root"_s; }

    std::unique_ptr<QTemporaryDir> m_dir;
};

namespace {

constexpr int Versions = 50;
constexpr int Racers = 2;

struct RacerOutcome
{
    QString openError;
    QList<int> codes; //!< per version: -1 won, else the error code
    QList<int> statuses;
};

} // namespace

void TestEngineConcurrency::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void TestEngineConcurrency::cleanup()
{
    m_dir.reset();
}

void TestEngineConcurrency::twoEnginesRaceForTheSameVersions()
{
    auto engine = EngineTestSupport::open(root());
    QVERIFY2(engine, EngineTestSupport::why(engine));
    CatalogEngine &main = **engine;
    QVERIFY(main.run(EngineTestSupport::declare(u"t"_s)));
    const QString versionsFolder = main.root() + u"/t.lance/_versions/"_s;
    // Each racer stages its own manifest of every version, as competing Lance writers do; its
    // size tells whose it is.
    const auto manifestOf = [](int racer, int v) {
        return lance::test::TestFiles::manifest(v, 100 + racer);
    };
    for (int racer = 0; racer < Racers; ++racer) {
        for (int v = 1; v <= Versions; ++v) {
            QVERIFY(EngineTestSupport::writeFile(
                versionsFolder + ManifestFiles::finalName(v, ManifestNamingScheme::V2)
                    + u"-racer%1"_s.arg(racer),
                manifestOf(racer, v)));
        }
    }

    std::latch start(Racers);
    std::vector<RacerOutcome> outcomes(Racers);
    std::vector<std::unique_ptr<QThread>> threads;
    for (int racer = 0; racer < Racers; ++racer) {
        threads.emplace_back(QThread::create([&, racer] {
            RacerOutcome &outcome = outcomes[racer];
            auto own = EngineTestSupport::open(root());
            start.arrive_and_wait();
            if (!own) {
                outcome.openError = own.error().details();
                return;
            }
            for (int v = 1; v <= Versions; ++v) {
                const QString staged = versionsFolder
                                       + ManifestFiles::finalName(v, ManifestNamingScheme::V2)
                                       + u"-racer%1"_s.arg(racer);
                const auto created = (*own)->run(EngineTestSupport::createVersion(
                    u"t"_s, v, EngineTestSupport::objectStorePath(staged)));
                outcome.codes.append(EngineTestSupport::codeOf(created));
                outcome.statuses.append(EngineTestSupport::statusOf(created));
            }
            lance::api::ThreadHandoff::release(); // read after wait(), which TSan cannot see
        }));
        threads.back()->start();
    }
    for (const auto &thread : threads) {
        QVERIFY(thread->wait(60000));
    }
    lance::api::ThreadHandoff::acquire();
    for (const RacerOutcome &outcome : outcomes) {
        QCOMPARE(outcome.openError, QString());
        QCOMPARE(outcome.codes.size(), Versions);
    }

    ListTableVersionsRequest list;
    list.id = EngineTestSupport::id(u"t"_s);
    auto recorded = main.run(list);
    QVERIFY2(recorded, EngineTestSupport::why(recorded));
    QCOMPARE(recorded->versions.size(), Versions);
    for (int v = 1; v <= Versions; ++v) {
        int winner = -1;
        for (int racer = 0; racer < Racers; ++racer) {
            const int code = outcomes[racer].codes.at(v - 1);
            if (code == -1) {
                QCOMPARE(winner, -1); // exactly one winner
                winner = racer;
            } else {
                QCOMPARE(code, 14);
                QCOMPARE(outcomes[racer].statuses.at(v - 1), 409);
            }
        }
        QVERIFY(winner >= 0);
        const QString final
            = versionsFolder + ManifestFiles::finalName(v, ManifestNamingScheme::V2);
        const TableVersion &version = recorded->versions.at(v - 1);
        QCOMPARE(version.version, v);
        QCOMPARE(version.manifestPath, EngineTestSupport::objectStorePath(final));
        QCOMPARE(EngineTestSupport::readFile(final), manifestOf(winner, v));
        // The loser's staged manifest is left for its writer to clean up.
        QCOMPARE(EngineTestSupport::readFile(final + u"-racer%1"_s.arg(1 - winner)),
                 manifestOf(1 - winner, v));
    }
}

void TestEngineConcurrency::twoEnginesCreateOneCatalog()
{
    QVERIFY(EngineTestSupport::copyTree(EngineTestSupport::fixture(u"people.lance"_s),
                                        root() + u"/people.lance"_s));
    std::latch start(Racers);
    std::vector<QString> errors(Racers);
    std::vector<qsizetype> seen(Racers, -1);
    std::vector<std::unique_ptr<QThread>> threads;
    for (int racer = 0; racer < Racers; ++racer) {
        threads.emplace_back(QThread::create([&, racer] {
            start.arrive_and_wait();
            auto engine = EngineTestSupport::open(root());
            if (!engine) {
                errors[racer] = engine.error().details();
                return;
            }
            ListTableVersionsRequest list;
            list.id = EngineTestSupport::id(u"people"_s);
            auto versions = (*engine)->run(list);
            seen[racer] = versions ? versions->versions.size() : -2;
        }));
        threads.back()->start();
    }
    for (const auto &thread : threads) {
        QVERIFY(thread->wait(60000));
    }
    QCOMPARE(errors, std::vector<QString>(Racers));
    QCOMPARE(seen, std::vector<qsizetype>(Racers, 3));
}

void TestEngineConcurrency::writersQueueOnOneLockReadersDoNot()
{
    auto engine = EngineTestSupport::open(root());
    QVERIFY2(engine, EngineTestSupport::why(engine));
    const std::shared_ptr<DatabaseWriteLock> lock = EngineTestSupport::writeLock(root());
    QCOMPARE(lock, EngineTestSupport::writeLock(root()));
    QVERIFY(lock != DatabaseWriteLock::forFile(m_dir->path() + u"/other.sqlite"_s));

    // Held here as a writer of this process would hold it: another engine's reads go on, its
    // write waits for the lock (not for the database's, which nobody holds).
    DatabaseWriteLock::Guard held = lock->acquire(0);
    QVERIFY(held.owns_lock());
    std::atomic<int> listed{-1};
    std::atomic<bool> declared{false};
    std::unique_ptr<QThread> other(QThread::create([&] {
        auto own = EngineTestSupport::open(root());
        if (!own) {
            return;
        }
        auto tables = (*own)->run(ListTablesRequest());
        listed = tables ? int(tables->tables.size()) : -2;
        declared = bool((*own)->run(EngineTestSupport::declare(u"t"_s)));
    }));
    other->start();
    QTRY_COMPARE(listed.load(), 0);
    QTRY_COMPARE(lock->waiting(), 1); // the write queues on this process's lock
    QVERIFY(!declared);
    held.unlock();
    QTRY_VERIFY(declared);
    QVERIFY(other->wait(10000));
}

void TestEngineConcurrency::reopensARoot()
{
    QString canonical;
    {
        auto engine = EngineTestSupport::open(root());
        QVERIFY2(engine, EngineTestSupport::why(engine));
        canonical = (*engine)->root();
        CreateNamespaceRequest create = EngineTestSupport::createNamespace(u"sales"_s);
        create.properties = {{u"owner"_s, u"qa"_s}};
        QVERIFY((*engine)->run(create));
        QVERIFY((*engine)->run(EngineTestSupport::declareOnStore(u"sales$orders"_s)));
        QVERIFY(
            (*engine)->run(EngineTestSupport::createVersion(u"sales$orders"_s, 1, u"s3://b/1"_s)));
    }
    auto engine = EngineTestSupport::open(root() + u"/../root/"_s);
    QVERIFY2(engine, EngineTestSupport::why(engine));
    QCOMPARE((*engine)->root(), canonical);
    DescribeNamespaceRequest describe;
    describe.id = EngineTestSupport::id(u"sales"_s);
    QCOMPARE((*engine)->run(describe)->properties, StringMap({{u"owner"_s, u"qa"_s}}));
    DescribeTableRequest table;
    table.id = EngineTestSupport::id(u"sales$orders"_s);
    QCOMPARE((*engine)->run(table)->version, 1);
    if (!EngineTestSupport::onPostgres()) { // there, the root holds the tables only
        QCOMPARE(EngineTestSupport::fileNames(canonical).filter(u"lance-catalog.sqlite"_s).first(),
                 u"lance-catalog.sqlite"_s);
    }
}

void TestEngineConcurrency::refusesADatabaseOfANewerSchema()
{
    QVERIFY(EngineTestSupport::open(root()));
    {
        QSqlDatabase database = EngineTestSupport::inspect(root(), u"newer"_s);
        QVERIFY(database.open());
        QSqlQuery query(database);
        QVERIFY(query.exec(u"UPDATE schema_info SET value = '99' WHERE key = 'schema_version'"_s));
    }
    QSqlDatabase::removeDatabase(u"newer"_s);
    const auto refused = EngineTestSupport::open(root());
    QCOMPARE(EngineTestSupport::codeOf(refused), 18);
    QVERIFY(EngineTestSupport::messageOf(refused).contains(u"newer version"_s));
}

LCB_TEST_GUILESS_MAIN(TestEngineConcurrency)
#include "TestEngineConcurrency.moc"
