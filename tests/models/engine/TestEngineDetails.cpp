// SPDX-License-Identifier: Apache-2.0
// CatalogEngine's DescribeTable with load_detailed_metadata: what the manifest of a real
// LanceDB table says (schema, stats, LanceDB's version metadata), at the latest version and at
// an older one, and nothing invented where the manifest cannot be read. GetTableStats, from the
// same manifests.
#include "EngineTestSupport.h"
#include "TestRegistry.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <thread>
#include <vector>

using namespace Qt::StringLiterals;
using namespace lance::api;
using lance::engine::CatalogEngine;
using lance::test::EngineTestSupport;

class TestEngineDetails : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void describesSchemaStatsAndMetadata();
    void describesAnOlderVersion();
    void leavesOutWhatItCannotRead();
    void changesNothingWithoutTheFlag();
    void statsOfTheLatestVersion();
    void readsManifestsFromManyThreads();

private:
    DescribeTableRequest detailed(std::optional<qint64> version = {}) const;

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<CatalogEngine> m_engine;
    QString m_folder;
};

void TestEngineDetails::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    auto engine = EngineTestSupport::open(m_dir->path() + u"/catalog"_s);
    QVERIFY2(engine, EngineTestSupport::why(engine));
    m_engine = std::move(*engine);
    m_folder = m_dir->path() + u"/data/people.lance"_s;
    QVERIFY(EngineTestSupport::copyTree(EngineTestSupport::fixture(u"people.lance"_s), m_folder));
    RegisterTableRequest request;
    request.id = EngineTestSupport::id(u"people"_s);
    request.location = m_folder;
    auto registered = m_engine->run(request);
    QVERIFY2(registered, EngineTestSupport::why(registered));
}

void TestEngineDetails::cleanup()
{
    m_engine.reset();
    m_dir.reset();
}

DescribeTableRequest TestEngineDetails::detailed(std::optional<qint64> version) const
{
    DescribeTableRequest request;
    request.id = EngineTestSupport::id(u"people"_s);
    request.version = version;
    request.loadDetailedMetadata = true;
    return request;
}

void TestEngineDetails::describesSchemaStatsAndMetadata()
{
    const auto described = m_engine->run(detailed());
    QVERIFY2(described, EngineTestSupport::why(described));
    QCOMPARE(described->version, 3);
    QVERIFY(described->schema);
    const std::vector<JsonArrowField> &fields = described->schema->fields;
    QCOMPARE(fields.size(), std::size_t(3));
    QCOMPARE(fields.at(0).name, u"id"_s);
    QCOMPARE(fields.at(0).type.type, u"float64"_s);
    QCOMPARE(fields.at(1).name, u"name"_s);
    QCOMPARE(fields.at(1).type.type, u"utf8"_s);
    QCOMPARE(fields.at(2).type.type, u"float64"_s);
    QVERIFY(fields.at(1).nullable);
    QVERIFY(described->stats);
    QCOMPARE(described->stats->numFragments, 3);
    QCOMPARE(described->stats->numDeletedRows, 0);
    QCOMPARE(described->metadata.value(u"total_rows"_s), u"5"_s);
    QCOMPARE(described->metadata.value(u"total_fragments"_s), u"3"_s);
    QCOMPARE(described->metadata.value(u"total_deletion_file_rows"_s), u"0"_s);
    QCOMPARE(described->metadata.value(u"writer"_s), u"lance 8.0.0"_s);
    QCOMPARE(described->metadata.value(u"data_format"_s), u"lance 2.1"_s);
    QCOMPARE(described->metadata.size(), 9); // LanceDB's seven, the writer and the format
}

void TestEngineDetails::describesAnOlderVersion()
{
    const auto described = m_engine->run(detailed(1));
    QVERIFY2(described, EngineTestSupport::why(described));
    QCOMPARE(described->version, 1);
    QCOMPARE(described->metadata.value(u"total_rows"_s), u"2"_s);
    QCOMPARE(described->stats->numFragments, 1);
    // Asked twice: the second answer (from the cache) is the same.
    const auto again = m_engine->run(detailed(1));
    QVERIFY(again);
    QCOMPARE(*again, *described);
}

void TestEngineDetails::leavesOutWhatItCannotRead()
{
    // The manifest of version 2 is damaged on disk: the table still describes, without the
    // manifest's facts, rather than failing or guessing.
    const QString v2 = m_folder + u"/_versions/18446744073709551613.manifest"_s;
    QVERIFY(EngineTestSupport::writeFile(v2, QByteArray("not a manifest LANC")));
    const auto described = m_engine->run(detailed(2));
    QVERIFY2(described, EngineTestSupport::why(described));
    QCOMPARE(described->version, 2);
    QVERIFY(!described->schema);
    QVERIFY(!described->stats);
    QVERIFY(described->metadata.isEmpty());
    QVERIFY(QFile::remove(v2));
    const auto gone = m_engine->run(detailed(2));
    QVERIFY(gone);
    QVERIFY(!gone->schema);
}

void TestEngineDetails::changesNothingWithoutTheFlag()
{
    DescribeTableRequest plain = detailed();
    plain.loadDetailedMetadata.reset();
    const auto described = m_engine->run(plain);
    QVERIFY2(described, EngineTestSupport::why(described));
    QCOMPARE(described->version, 3);
    QVERIFY(!described->schema);
    QVERIFY(!described->stats);
    QVERIFY(described->metadata.isEmpty());
}

void TestEngineDetails::statsOfTheLatestVersion()
{
    GetTableStatsRequest request;
    request.id = EngineTestSupport::id(u"people"_s);
    const auto stats = m_engine->run(request);
    QVERIFY2(stats, EngineTestSupport::why(stats));
    const auto described = m_engine->run(detailed());
    QVERIFY(described);
    QCOMPARE(stats->numRows, 5);
    QCOMPARE(stats->numIndices, 0);
    QCOMPARE(stats->totalBytes, described->metadata.value(u"total_files_size"_s).toLongLong());
    QVERIFY(stats->totalBytes > 0);
    QCOMPARE(stats->fragmentStats.numFragments, 3);
    QCOMPARE(stats->fragmentStats.numSmallFragments, 3);
    QCOMPARE(stats->fragmentStats.lengths.min + stats->fragmentStats.lengths.max
                 + stats->fragmentStats.lengths.p50,
             5); // fragments of 2, 1 and 2 rows

    // A table only declared holds nothing yet; a missing one is not found.
    auto declared = m_engine->run(EngineTestSupport::declare(u"later"_s));
    QVERIFY2(declared, EngineTestSupport::why(declared));
    request.id = EngineTestSupport::id(u"later"_s);
    const auto empty = m_engine->run(request);
    QVERIFY2(empty, EngineTestSupport::why(empty));
    QCOMPARE(*empty, GetTableStatsResponse{});
    request.id = EngineTestSupport::id(u"missing"_s);
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(request)), int(ErrorCode::TableNotFound));

    // The latest manifest damaged: refused with the reason, not answered with zeros.
    QVERIFY(EngineTestSupport::writeFile(m_folder + u"/_versions/18446744073709551612.manifest"_s,
                                         QByteArray("not a manifest LANC")));
    request.id = EngineTestSupport::id(u"people"_s);
    const auto unreadable = m_engine->run(request);
    QCOMPARE(EngineTestSupport::codeOf(unreadable), int(ErrorCode::Unsupported));
    QVERIFY2(EngineTestSupport::messageOf(unreadable).contains(u"version 3"_s),
             qPrintable(EngineTestSupport::messageOf(unreadable)));
}

void TestEngineDetails::readsManifestsFromManyThreads()
{
    // The server's workers each have an engine; the decoded manifests are shared between them.
    constexpr int Threads = 4;
    constexpr int Rounds = 25;
    std::atomic<int> wrong{0};
    std::vector<std::thread> workers;
    workers.reserve(Threads);
    const QString root = m_engine->root();
    for (int t = 0; t < Threads; ++t) {
        workers.emplace_back([&root, &wrong] {
            auto engine = EngineTestSupport::open(root, false);
            if (!engine) {
                ++wrong;
                return;
            }
            ListTableVersionsRequest list;
            list.id = EngineTestSupport::id(u"people"_s);
            for (int round = 0; round < Rounds; ++round) {
                const auto listed = (*engine)->run(list);
                if (!listed || listed->versions.size() != 3
                    || listed->versions.last().metadata.value(u"total_rows"_s) != u"5"_s) {
                    ++wrong;
                }
            }
        });
    }
    for (std::thread &worker : workers) {
        worker.join();
    }
    QCOMPARE(wrong.load(), 0);
}

LCB_TEST_GUILESS_MAIN(TestEngineDetails)
#include "TestEngineDetails.moc"
