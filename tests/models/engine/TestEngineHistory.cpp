// SPDX-License-Identifier: Apache-2.0
// CatalogEngine's history: every commit (a batch, a single operation, a restore) leaves one
// transaction record in the same transaction, under the id its answer carries; a refused
// batch leaves none. DescribeTransaction reads one; ListTransactions lists them newest first,
// in pages, for the whole catalog or one table, also after the table is deregistered.
#include "EngineTestSupport.h"
#include "TestRegistry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance::api;
using lance::engine::CatalogEngine;
using lance::test::EngineTestSupport;

class TestEngineHistory : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void aBatchIsRecordedAsCommitted();
    void aRefusedBatchLeavesNoRecord();
    void listsNewestFirstInPagesAndByTable();
    void unknownTransactionsAreNotFound();
    void tagsAreRecordedWithTheirTable();

private:
    QString batch(const QList<CommitTableOperation> &operations);
    QStringList listedIds(const std::optional<QString> &table, qint64 limit = 1000);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<CatalogEngine> m_engine;
};

void TestEngineHistory::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    auto engine = EngineTestSupport::open(m_dir->path());
    QVERIFY2(engine, EngineTestSupport::why(engine));
    m_engine = std::move(*engine);
}

void TestEngineHistory::cleanup()
{
    m_engine.reset();
    m_dir.reset();
}

QString TestEngineHistory::batch(const QList<CommitTableOperation> &operations)
{
    BatchCommitTablesRequest request;
    request.operations = operations;
    const auto committed = m_engine->run(request);
    return committed && committed->transactionId ? *committed->transactionId : QString();
}

QStringList TestEngineHistory::listedIds(const std::optional<QString> &table, qint64 limit)
{
    QStringList ids;
    ListTransactionsRequest request;
    request.table = table;
    request.limit = limit;
    for (int pages = 0; pages < 100; ++pages) {
        const auto page = m_engine->run(request);
        if (!page) {
            return {u"refused: "_s + page.error().userMessage()};
        }
        for (const TransactionSummary &each : page->transactions) {
            ids << each.id;
        }
        if (!page->pageToken) {
            break;
        }
        request.pageToken = page->pageToken;
    }
    return ids;
}

void TestEngineHistory::aBatchIsRecordedAsCommitted()
{
    const QString id
        = batch({EngineTestSupport::declareOnStore(u"a"_s), EngineTestSupport::declare(u"b"_s),
                 EngineTestSupport::createVersion(u"a"_s, 1, u"s3://x/1"_s)});
    QCOMPARE(id.size(), 36);
    DescribeTransactionRequest describe;
    describe.id = Identifier({id});
    const auto described = m_engine->run(describe);
    QVERIFY2(described, EngineTestSupport::why(described));
    QCOMPARE(described->status, u"Succeeded"_s);
    const StringMap &properties = described->properties;
    QCOMPARE(properties.value(u"kind"_s), u"batch_commit"_s);
    QCOMPARE(properties.value(u"actor"_s), u"local"_s);
    QCOMPARE(properties.value(u"declare_table"_s), u"2"_s);
    QCOMPARE(properties.value(u"create_table_version"_s), u"1"_s);
    QVERIFY(!properties.contains(u"deregister_table"_s));
    const QDateTime when
        = QDateTime::fromString(properties.value(u"committed_at"_s), Qt::ISODateWithMs);
    QVERIFY(when.isValid() && qAbs(when.secsTo(QDateTime::currentDateTimeUtc())) < 600);
    const QJsonArray operations
        = QJsonDocument::fromJson(properties.value(u"operations"_s).toUtf8()).array();
    QCOMPARE(operations.size(), 3);
    QCOMPARE(operations.at(2)[u"create_table_version"][u"version"].toInt(), 1);
    QCOMPARE(properties.value(u"tables"_s), u"[[\"a\"],[\"b\"]]"_s);

    // A single operation through its own route is a transaction of its own kind.
    DeregisterTableRequest deregister;
    deregister.id = EngineTestSupport::id(u"b"_s);
    const auto gone = m_engine->run(deregister);
    QVERIFY(gone && gone->transactionId);
    describe.id = Identifier({*gone->transactionId});
    QCOMPARE(m_engine->run(describe)->properties.value(u"kind"_s), u"deregister_table"_s);
}

void TestEngineHistory::aRefusedBatchLeavesNoRecord()
{
    QVERIFY(!batch({EngineTestSupport::declareOnStore(u"a"_s)}).isEmpty());
    // The second declaration of `a` refuses the whole batch: nothing of it is recorded.
    QVERIFY(batch({EngineTestSupport::declare(u"c"_s), EngineTestSupport::declareOnStore(u"a"_s)})
                .isEmpty());
    QCOMPARE(listedIds(std::nullopt).size(), 1);
}

void TestEngineHistory::listsNewestFirstInPagesAndByTable()
{
    QStringList ids;
    ids << batch({EngineTestSupport::declareOnStore(u"a"_s)});
    ids << batch({EngineTestSupport::declare(u"b"_s)});
    for (qint64 v = 1; v <= 5; ++v) {
        ids << batch({EngineTestSupport::createVersion(u"a"_s, v, u"s3://x/%1"_s.arg(v))});
    }
    QStringList newestFirst = ids;
    std::reverse(newestFirst.begin(), newestFirst.end());
    QCOMPARE(listedIds(std::nullopt, 2), newestFirst);
    QCOMPARE(listedIds(std::nullopt), newestFirst);
    QCOMPARE(listedIds(u"b"_s), QStringList{ids.at(1)});
    QCOMPARE(listedIds(u"a"_s, 3).size(), 6);
    // The history of a table outlives its catalog entry.
    DeregisterTableRequest deregister;
    deregister.id = EngineTestSupport::id(u"b"_s);
    QVERIFY(m_engine->run(deregister));
    QCOMPARE(listedIds(u"b"_s).size(), 2);
    QCOMPARE(listedIds(u"nothing"_s), QStringList());

    ListTransactionsRequest bad;
    bad.pageToken = u"not ours"_s;
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(bad)), 13);
}

void TestEngineHistory::unknownTransactionsAreNotFound()
{
    DescribeTransactionRequest describe;
    describe.id = Identifier({u"00000000-0000-4000-8000-000000000000"_s});
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(describe)), 10);
    QCOMPARE(EngineTestSupport::statusOf(m_engine->run(describe)), 404);
    describe.id = Identifier({u"a"_s, u"b"_s});
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(describe)), 13);
}

// A steward's walk: creating and deleting tags never appeared in the History.
void TestEngineHistory::tagsAreRecordedWithTheirTable()
{
    QVERIFY(m_engine->run(EngineTestSupport::declareOnStore(u"t"_s)));
    for (const qint64 v : {1, 2}) {
        QVERIFY(m_engine->run(EngineTestSupport::createVersion(u"t"_s, v, u"s3://b/%1"_s.arg(v))));
    }
    const QStringList before = listedIds(u"t"_s);
    CreateTableTagRequest create;
    create.id = EngineTestSupport::id(u"t"_s);
    create.tag = u"golden"_s;
    create.version = 1;
    const auto created = m_engine->run(create);
    QVERIFY2(created, EngineTestSupport::why(created));
    QVERIFY(created->transactionId);
    UpdateTableTagRequest move;
    move.id = create.id;
    move.tag = create.tag;
    move.version = 2;
    const auto moved = m_engine->run(move);
    QVERIFY2(moved, EngineTestSupport::why(moved));
    DeleteTableTagRequest remove;
    remove.id = create.id;
    remove.tag = create.tag;
    const auto removed = m_engine->run(remove);
    QVERIFY2(removed, EngineTestSupport::why(removed));
    // Refused: no record.
    QVERIFY(!m_engine->run(remove));

    const QStringList after = listedIds(u"t"_s);
    QCOMPARE(after.size(), before.size() + 3);
    QCOMPARE(after.first(3), (QStringList{*removed->transactionId, *moved->transactionId,
                                          *created->transactionId}));
    QStringList kinds;
    for (const QString &id : after.first(3)) {
        DescribeTransactionRequest describe;
        describe.id = Identifier({id});
        const auto described = m_engine->run(describe);
        QVERIFY2(described, EngineTestSupport::why(described));
        kinds << described->properties.value(u"kind"_s);
        QVERIFY(described->properties.value(u"operations"_s).contains(u"\"tag\":\"golden\""_s));
    }
    QCOMPARE(kinds,
             (QStringList{u"delete_table_tag"_s, u"update_table_tag"_s, u"create_table_tag"_s}));
}

LCB_TEST_GUILESS_MAIN(TestEngineHistory)
#include "TestEngineHistory.moc"
