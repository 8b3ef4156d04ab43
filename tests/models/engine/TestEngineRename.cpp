// SPDX-License-Identifier: Apache-2.0
// CatalogEngine RenameTable: a new name in the same namespace or another one, versions and tags
// kept, the data untouched, the history told; refusals change nothing.
#include "EngineTestSupport.h"
#include "TestRegistry.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance::api;
using lance::engine::CatalogEngine;
using lance::test::EngineTestSupport;

class TestEngineRename : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void renamesInItsNamespaceWithVersionsAndTags();
    void movesToAnotherNamespace();
    void refusalsChangeNothing_data();
    void refusalsChangeNothing();
    void theHistoryFindsItUnderBothNames();

private:
    static RenameTableRequest rename(const QString &from, const QString &name,
                                     const std::optional<QString> &toNamespace = std::nullopt);
    /// Every table of the catalog, joined with `$`, sorted.
    QStringList tables();
    QList<qint64> versionsOf(const QString &table);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<CatalogEngine> m_engine;
};

void TestEngineRename::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    auto engine = EngineTestSupport::open(m_dir->path());
    QVERIFY2(engine, EngineTestSupport::why(engine));
    m_engine = std::move(*engine);
    QVERIFY(m_engine->run(EngineTestSupport::createNamespace(u"a"_s)));
    QVERIFY(m_engine->run(EngineTestSupport::createNamespace(u"b"_s)));
    QVERIFY(m_engine->run(EngineTestSupport::createNamespace(u"a$sub"_s)));
    for (const QString &table : {u"a$t"_s, u"a$other"_s, u"b$t"_s}) {
        QVERIFY(m_engine->run(EngineTestSupport::declareOnStore(table)));
    }
    for (const qint64 v : {1, 2}) {
        QVERIFY(m_engine->run(
            EngineTestSupport::createVersion(u"a$t"_s, v, u"s3://bucket/t/%1.manifest"_s.arg(v))));
    }
    CreateTableTagRequest tag;
    tag.id = EngineTestSupport::id(u"a$t"_s);
    tag.tag = u"stable"_s;
    tag.version = 1;
    QVERIFY(m_engine->run(tag));
}

void TestEngineRename::cleanup()
{
    m_engine.reset();
    m_dir.reset();
}

RenameTableRequest TestEngineRename::rename(const QString &from, const QString &name,
                                            const std::optional<QString> &toNamespace)
{
    RenameTableRequest request;
    request.id = EngineTestSupport::id(from);
    request.newTableName = name;
    if (toNamespace) {
        request.newNamespaceId = EngineTestSupport::id(*toNamespace);
    }
    return request;
}

QStringList TestEngineRename::tables()
{
    ListAllTablesRequest request;
    request.includeDeclared = true;
    auto listed = m_engine->run(request);
    if (!listed) {
        return {u"<failed: %1>"_s.arg(listed.error().details())};
    }
    QStringList out(listed->tables.begin(), listed->tables.end());
    out.sort();
    return out;
}

QList<qint64> TestEngineRename::versionsOf(const QString &table)
{
    ListTableVersionsRequest request;
    request.id = EngineTestSupport::id(table);
    auto listed = m_engine->run(request);
    return listed ? EngineTestSupport::numbers(listed->versions) : QList<qint64>{-1};
}

void TestEngineRename::renamesInItsNamespaceWithVersionsAndTags()
{
    auto renamed = m_engine->run(rename(u"a$t"_s, u"people"_s));
    QVERIFY2(renamed, EngineTestSupport::why(renamed));
    QVERIFY(renamed->transactionId && !renamed->transactionId->isEmpty());
    QCOMPARE(tables(), (QStringList{u"a$other"_s, u"a$people"_s, u"b$t"_s}));
    QCOMPARE(versionsOf(u"a$people"_s), (QList<qint64>{1, 2}));

    DescribeTableVersionRequest describe;
    describe.id = EngineTestSupport::id(u"a$people"_s);
    describe.version = 2;
    auto version = m_engine->run(describe);
    QVERIFY2(version, EngineTestSupport::why(version));
    QCOMPARE(version->version.manifestPath, u"s3://bucket/t/2.manifest"_s);

    GetTableTagVersionRequest tag;
    tag.id = EngineTestSupport::id(u"a$people"_s);
    tag.tag = u"stable"_s;
    auto tagged = m_engine->run(tag);
    QVERIFY2(tagged, EngineTestSupport::why(tagged));
    QCOMPARE(tagged->version, 1);

    TableExistsRequest old;
    old.id = EngineTestSupport::id(u"a$t"_s);
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(old)), int(ErrorCode::TableNotFound));
}

void TestEngineRename::movesToAnotherNamespace()
{
    auto moved = m_engine->run(rename(u"a$t"_s, u"t2"_s, u"a$sub"_s));
    QVERIFY2(moved, EngineTestSupport::why(moved));
    QCOMPARE(tables(), (QStringList{u"a$other"_s, u"a$sub$t2"_s, u"b$t"_s}));
    QCOMPARE(versionsOf(u"a$sub$t2"_s), (QList<qint64>{1, 2}));

    ListTablesRequest list;
    list.id = EngineTestSupport::id(u"a$sub"_s);
    auto listed = m_engine->run(list);
    QVERIFY2(listed, EngineTestSupport::why(listed));
    QCOMPARE(QStringList(listed->tables.begin(), listed->tables.end()), QStringList{u"t2"_s});

    // Moved back under its old name, it is the table it was.
    QVERIFY(m_engine->run(rename(u"a$sub$t2"_s, u"t"_s, u"a"_s)));
    QCOMPARE(versionsOf(u"a$t"_s), (QList<qint64>{1, 2}));
}

void TestEngineRename::refusalsChangeNothing_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("toNamespace"); // empty: the table's own
    QTest::addColumn<int>("code");

    QTest::newRow("onto an existing table")
        << u"a$t"_s << u"other"_s << QString() << int(ErrorCode::TableAlreadyExists);
    QTest::newRow("onto an existing table elsewhere")
        << u"a$t"_s << u"t"_s << u"b"_s << int(ErrorCode::TableAlreadyExists);
    QTest::newRow("onto a namespace")
        << u"a$t"_s << u"sub"_s << QString() << int(ErrorCode::TableAlreadyExists);
    QTest::newRow("into a missing namespace")
        << u"a$t"_s << u"t"_s << u"nowhere"_s << int(ErrorCode::NamespaceNotFound);
    QTest::newRow("a missing table")
        << u"a$gone"_s << u"x"_s << QString() << int(ErrorCode::TableNotFound);
    QTest::newRow("to its own name")
        << u"a$t"_s << u"t"_s << QString() << int(ErrorCode::InvalidInput);
    QTest::newRow("to an empty name")
        << u"a$t"_s << QString() << QString() << int(ErrorCode::InvalidInput);
}

void TestEngineRename::refusalsChangeNothing()
{
    QFETCH(QString, from);
    QFETCH(QString, name);
    QFETCH(QString, toNamespace);
    QFETCH(int, code);

    const QStringList before = tables();
    ListTransactionsRequest history;
    const auto historyBefore = m_engine->run(history);
    QVERIFY(historyBefore);
    const auto refused = m_engine->run(
        rename(from, name, toNamespace.isEmpty() ? std::nullopt : std::optional(toNamespace)));
    QCOMPARE(EngineTestSupport::codeOf(refused), code);
    QVERIFY(!EngineTestSupport::messageOf(refused).isEmpty());
    QCOMPARE(tables(), before);
    QCOMPARE(versionsOf(u"a$t"_s), (QList<qint64>{1, 2}));
    const auto historyAfter = m_engine->run(history);
    QVERIFY(historyAfter);
    QCOMPARE(historyAfter->transactions.size(), historyBefore->transactions.size());
}

void TestEngineRename::theHistoryFindsItUnderBothNames()
{
    auto renamed = m_engine->run(rename(u"a$t"_s, u"t2"_s, u"b"_s));
    QVERIFY2(renamed, EngineTestSupport::why(renamed));

    DescribeTransactionRequest describe;
    describe.id = Identifier({*renamed->transactionId});
    auto described = m_engine->run(describe);
    QVERIFY2(described, EngineTestSupport::why(described));
    QCOMPARE(described->properties.value(u"kind"_s), u"rename_table"_s);
    QCOMPARE(described->properties.value(u"actor"_s), u"local"_s);
    QVERIFY(described->properties.value(u"operations"_s).contains(u"\"RenameTable\""_s));
    QVERIFY(described->properties.value(u"operations"_s).contains(u"\"new_table_name\":\"t2\""_s));

    for (const QString &table : {u"a$t"_s, u"b$t2"_s}) {
        ListTransactionsRequest list;
        list.table = table;
        auto listed = m_engine->run(list);
        QVERIFY2(listed, EngineTestSupport::why(listed));
        QVERIFY2(!listed->transactions.isEmpty(), qPrintable(table));
        QCOMPARE(listed->transactions.first().id, *renamed->transactionId);
    }
}

LCB_TEST_GUILESS_MAIN(TestEngineRename)
#include "TestEngineRename.moc"
