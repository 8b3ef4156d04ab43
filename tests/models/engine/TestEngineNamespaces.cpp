// SPDX-License-Identifier: Apache-2.0
// CatalogEngine namespaces: modes, behaviours, nesting, paging and the engine's name rules.
#include "EngineTestSupport.h"
#include "TestRegistry.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance::api;
using lance::engine::CatalogEngine;
using lance::test::EngineTestSupport;

class TestEngineNamespaces : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void rootAlwaysExists();
    void createModes();
    void propertiesAreUpdatedInPlace();
    void overwriteRemovesChildEntries();
    void createNeedsTheParent();
    void dropModesAndBehaviours();
    void cascadeKeepsData();
    void nestedListing();
    void pagesOver2500Namespaces();
    void refusesBadLimitsAndTokens();
    void pagesAfterAName();
    void refusesBadNames_data();
    void refusesBadNames();
    void namespaceAndTableShareNoName();

private:
    ListNamespacesResponse list(const QString &id, std::optional<qint64> limit = std::nullopt,
                                std::optional<QString> token = std::nullopt);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<CatalogEngine> m_engine;
};

void TestEngineNamespaces::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    auto engine = EngineTestSupport::open(m_dir->path());
    QVERIFY2(engine, EngineTestSupport::why(engine));
    m_engine = std::move(*engine);
}

void TestEngineNamespaces::cleanup()
{
    m_engine.reset();
    m_dir.reset();
}

ListNamespacesResponse TestEngineNamespaces::list(const QString &id, std::optional<qint64> limit,
                                                  std::optional<QString> token)
{
    ListNamespacesRequest request;
    request.id = EngineTestSupport::id(id);
    request.limit = limit;
    request.pageToken = token;
    auto answer = m_engine->run(request);
    if (!answer) {
        qWarning() << answer.error().details();
        return {};
    }
    return *answer;
}

void TestEngineNamespaces::rootAlwaysExists()
{
    NamespaceExistsRequest exists;
    QVERIFY(m_engine->run(exists));
    auto described = m_engine->run(DescribeNamespaceRequest());
    QVERIFY2(described, EngineTestSupport::why(described));
    QCOMPARE(described->properties, StringMap());
    for (const auto mode : {CreateNamespaceMode::Create, CreateNamespaceMode::ExistOk,
                            CreateNamespaceMode::Overwrite}) {
        CreateNamespaceRequest create;
        create.mode = mode;
        const auto created = m_engine->run(create);
        QCOMPARE(EngineTestSupport::codeOf(created), 2);
        QCOMPARE(EngineTestSupport::statusOf(created), 409);
        QCOMPARE(created.error().operation(), u"CreateNamespace"_s);
    }
    const auto dropped = m_engine->run(DropNamespaceRequest());
    QCOMPARE(EngineTestSupport::codeOf(dropped), 13);
    QCOMPARE(EngineTestSupport::statusOf(dropped), 400);
    QCOMPARE(list(u"$"_s).namespaces, QStringList());
}

void TestEngineNamespaces::createModes()
{
    CreateNamespaceRequest create = EngineTestSupport::createNamespace(u"sales"_s);
    create.properties = {{u"owner"_s, u"qa"_s}};
    auto created = m_engine->run(create);
    QVERIFY2(created, EngineTestSupport::why(created));
    QCOMPARE(created->properties, create.properties);

    create.properties = {{u"owner"_s, u"ops"_s}};
    const auto again = m_engine->run(create);
    QCOMPARE(EngineTestSupport::codeOf(again), 2);
    QCOMPARE(EngineTestSupport::statusOf(again), 409);
    QCOMPARE(EngineTestSupport::messageOf(again), u"Namespace sales already exists."_s);

    create.mode = CreateNamespaceMode::ExistOk;
    auto kept = m_engine->run(create);
    QVERIFY2(kept, EngineTestSupport::why(kept));
    QCOMPARE(kept->properties, StringMap({{u"owner"_s, u"qa"_s}}));

    create.mode = CreateNamespaceMode::Overwrite;
    auto replaced = m_engine->run(create);
    QVERIFY2(replaced, EngineTestSupport::why(replaced));
    DescribeNamespaceRequest describe;
    describe.id = create.id;
    auto described = m_engine->run(describe);
    QVERIFY2(described, EngineTestSupport::why(described));
    QCOMPARE(described->properties, StringMap({{u"owner"_s, u"ops"_s}}));
}

void TestEngineNamespaces::propertiesAreUpdatedInPlace()
{
    CreateNamespaceRequest create = EngineTestSupport::createNamespace(u"sales"_s);
    create.properties = {{u"owner"_s, u"qa"_s}, {u"tier"_s, u"gold"_s}};
    QVERIFY(m_engine->run(create));
    QVERIFY(m_engine->run(EngineTestSupport::declare(u"sales$orders"_s)));

    UpdateNamespacePropertiesRequest update;
    update.id = create.id;
    update.updates = {{u"owner"_s, u"ops"_s}, {u"region"_s, u"eu"_s}};
    update.removals = {u"tier"_s, u"never-set"_s};
    const auto updated = m_engine->run(update);
    QVERIFY2(updated, EngineTestSupport::why(updated));
    const StringMap expected{{u"owner"_s, u"ops"_s}, {u"region"_s, u"eu"_s}};
    QCOMPARE(updated->properties, expected);
    DescribeNamespaceRequest describe;
    describe.id = create.id;
    QCOMPARE(m_engine->run(describe)->properties, std::optional(expected));
    // In place: unlike CreateNamespace's Overwrite, what the namespace holds stays.
    TableExistsRequest orders;
    orders.id = EngineTestSupport::id(u"sales$orders"_s);
    QVERIFY(m_engine->run(orders));

    // The root has properties too.
    UpdateNamespacePropertiesRequest root;
    root.updates = {{u"catalog"_s, u"main"_s}};
    QVERIFY(m_engine->run(root));
    QCOMPARE(m_engine->run(DescribeNamespaceRequest())->properties,
             std::optional(StringMap{{u"catalog"_s, u"main"_s}}));

    // Refused, nothing changed: a key set and removed at once, an empty key, a missing namespace.
    UpdateNamespacePropertiesRequest both = update;
    both.removals = {u"owner"_s};
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(both)), int(ErrorCode::InvalidInput));
    UpdateNamespacePropertiesRequest unnamed = update;
    unnamed.removals.clear();
    unnamed.updates.insert(QString(), u"x"_s);
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(unnamed)), int(ErrorCode::InvalidInput));
    UpdateNamespacePropertiesRequest missing = update;
    missing.id = EngineTestSupport::id(u"nowhere"_s);
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(missing)), int(ErrorCode::NamespaceNotFound));
    QCOMPARE(m_engine->run(describe)->properties, std::optional(expected));
}

void TestEngineNamespaces::overwriteRemovesChildEntries()
{
    QVERIFY(m_engine->run(EngineTestSupport::createNamespace(u"a"_s)));
    QVERIFY(m_engine->run(EngineTestSupport::createNamespace(u"a$b"_s)));
    QVERIFY(m_engine->run(EngineTestSupport::declare(u"a$t"_s)));
    CreateNamespaceRequest overwrite = EngineTestSupport::createNamespace(u"a"_s);
    overwrite.mode = CreateNamespaceMode::Overwrite;
    QVERIFY(m_engine->run(overwrite));
    QCOMPARE(list(u"a"_s).namespaces, QStringList());
    ListTablesRequest tables;
    tables.id = EngineTestSupport::id(u"a"_s);
    auto listed = m_engine->run(tables);
    QVERIFY2(listed, EngineTestSupport::why(listed));
    QCOMPARE(listed->tables, QStringList());
}

void TestEngineNamespaces::createNeedsTheParent()
{
    const auto created = m_engine->run(EngineTestSupport::createNamespace(u"a$b"_s));
    QCOMPARE(EngineTestSupport::codeOf(created), 1);
    QCOMPARE(EngineTestSupport::statusOf(created), 404);
    QCOMPARE(EngineTestSupport::messageOf(created), u"Namespace a does not exist."_s);
    QCOMPARE(list(u"$"_s).namespaces, QStringList());
}

void TestEngineNamespaces::dropModesAndBehaviours()
{
    DropNamespaceRequest drop;
    drop.id = EngineTestSupport::id(u"gone"_s);
    const auto missing = m_engine->run(drop);
    QCOMPARE(EngineTestSupport::codeOf(missing), 1);
    QCOMPARE(EngineTestSupport::statusOf(missing), 404);
    drop.mode = DropNamespaceMode::Skip;
    auto skipped = m_engine->run(drop);
    QVERIFY2(skipped, EngineTestSupport::why(skipped));
    QCOMPARE(skipped->properties, StringMap());

    CreateNamespaceRequest create = EngineTestSupport::createNamespace(u"a"_s);
    create.properties = {{u"k"_s, u"v"_s}};
    QVERIFY(m_engine->run(create));
    QVERIFY(m_engine->run(EngineTestSupport::createNamespace(u"a$b"_s)));
    drop = DropNamespaceRequest();
    drop.id = EngineTestSupport::id(u"a"_s);
    const auto occupied = m_engine->run(drop);
    QCOMPARE(EngineTestSupport::codeOf(occupied), 3);
    QCOMPARE(EngineTestSupport::statusOf(occupied), 409);

    DropNamespaceRequest dropChild;
    dropChild.id = EngineTestSupport::id(u"a$b"_s);
    QVERIFY(m_engine->run(dropChild));
    auto dropped = m_engine->run(drop);
    QVERIFY2(dropped, EngineTestSupport::why(dropped));
    QCOMPARE(dropped->properties, create.properties);
    NamespaceExistsRequest exists;
    exists.id = drop.id;
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(exists)), 1);
}

void TestEngineNamespaces::cascadeKeepsData()
{
    QVERIFY(m_engine->run(EngineTestSupport::createNamespace(u"a"_s)));
    QVERIFY(m_engine->run(EngineTestSupport::createNamespace(u"a$b"_s)));
    auto declared = m_engine->run(EngineTestSupport::declare(u"a$b$t"_s));
    QVERIFY2(declared, EngineTestSupport::why(declared));
    const QString dataFile = *declared->location + u"/data/part.lance"_s;
    QVERIFY(EngineTestSupport::writeFile(dataFile, "rows"));

    DropNamespaceRequest drop;
    drop.id = EngineTestSupport::id(u"a"_s);
    drop.behavior = DropNamespaceBehavior::Cascade;
    auto dropped = m_engine->run(drop);
    QVERIFY2(dropped, EngineTestSupport::why(dropped));
    QCOMPARE(list(u"$"_s).namespaces, QStringList());
    TableExistsRequest exists;
    exists.id = EngineTestSupport::id(u"a$b$t"_s);
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(exists)), 1);
    QCOMPARE(EngineTestSupport::readFile(dataFile), QByteArray("rows"));
}

void TestEngineNamespaces::nestedListing()
{
    for (const QString &id : {u"b"_s, u"a"_s, u"a$y"_s, u"a$x"_s, u"a$x$deep"_s}) {
        auto created = m_engine->run(EngineTestSupport::createNamespace(id));
        QVERIFY2(created, EngineTestSupport::why(created));
    }
    QCOMPARE(list(u"$"_s).namespaces, QStringList({u"a"_s, u"b"_s}));
    QCOMPARE(list(u"a"_s).namespaces, QStringList({u"x"_s, u"y"_s}));
    QCOMPARE(list(u"a$x"_s).namespaces, QStringList({u"deep"_s}));
    QCOMPARE(list(u"a$x$deep"_s).namespaces, QStringList());
    ListNamespacesRequest missing;
    missing.id = EngineTestSupport::id(u"a$z"_s);
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(missing)), 1);
}

void TestEngineNamespaces::pagesOver2500Namespaces()
{
    QStringList expected;
    for (int i = 0; i < 2500; ++i) {
        const QString name = u"ns%1"_s.arg(i, 4, 10, QChar(u'0'));
        expected.append(name);
        QVERIFY(m_engine->run(EngineTestSupport::createNamespace(name)));
    }
    QStringList seen;
    QList<qsizetype> pageSizes;
    std::optional<QString> token;
    do {
        const ListNamespacesResponse page = list(u"$"_s, 1000, token);
        pageSizes.append(page.namespaces.size());
        seen += page.namespaces;
        token = page.pageToken;
    } while (token && pageSizes.size() < 10);
    QCOMPARE(pageSizes, QList<qsizetype>({1000, 1000, 500}));
    QCOMPARE(seen, expected);

    const ListNamespacesResponse byDefault = list(u"$"_s);
    QCOMPARE(byDefault.namespaces, expected.first(1000));
    QVERIFY(byDefault.pageToken.has_value());
    const ListNamespacesResponse capped = list(u"$"_s, 20000);
    QCOMPARE(capped.namespaces, expected);
    QVERIFY(!capped.pageToken.has_value());
    const ListNamespacesResponse exact = list(u"$"_s, 2500);
    QCOMPARE(exact.namespaces.size(), 2500);
    QVERIFY(!exact.pageToken.has_value());
}

void TestEngineNamespaces::refusesBadLimitsAndTokens()
{
    QVERIFY(m_engine->run(EngineTestSupport::createNamespace(u"a"_s)));
    QVERIFY(m_engine->run(EngineTestSupport::createNamespace(u"b"_s)));
    for (const qint64 limit : {qint64(0), qint64(-1)}) {
        ListNamespacesRequest request;
        request.limit = limit;
        QCOMPARE(EngineTestSupport::codeOf(m_engine->run(request)), 13);
    }
    ListNamespacesRequest request;
    request.pageToken = u"not a token!"_s;
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(request)), 13);
    // A token of another listing is refused too.
    ListTablesRequest tables;
    QVERIFY(m_engine->run(EngineTestSupport::declare(u"t1"_s)));
    QVERIFY(m_engine->run(EngineTestSupport::declare(u"t2"_s)));
    tables.limit = 1;
    auto page = m_engine->run(tables);
    QVERIFY(page && page->pageToken);
    request.pageToken = page->pageToken;
    QCOMPARE(EngineTestSupport::statusOf(m_engine->run(request)), 400);
    request.pageToken = u""_s; // empty: the first page
    QCOMPARE(m_engine->run(request)->namespaces, QStringList({u"a"_s, u"b"_s}));
}

// A Lance client's start-after token: the last child name it saw.
void TestEngineNamespaces::pagesAfterAName()
{
    for (const QString &name : {u"a"_s, u"b"_s, u"c"_s, u"d"_s, u"b$x"_s}) {
        QVERIFY(m_engine->run(EngineTestSupport::createNamespace(name)));
    }
    QCOMPARE(list(u"$"_s, 10, u"b"_s).namespaces, QStringList({u"c"_s, u"d"_s}));
    QCOMPARE(list(u"$"_s, 1, u"a"_s).namespaces, QStringList({u"b"_s}));
    QCOMPARE(list(u"b"_s, 10, std::nullopt).namespaces, QStringList({u"x"_s}));
    QCOMPARE(list(u"b"_s, 10, u"x"_s).namespaces, QStringList());
    // Not a child here (a grandchild, a missing one, a table): refused.
    QVERIFY(m_engine->run(EngineTestSupport::declare(u"t"_s)));
    for (const QString &token : {u"x"_s, u"bb"_s, u"b$x"_s, u"t"_s}) {
        ListNamespacesRequest request;
        request.pageToken = token;
        QCOMPARE(EngineTestSupport::codeOf(m_engine->run(request)), 13);
    }
}

void TestEngineNamespaces::refusesBadNames_data()
{
    QTest::addColumn<QStringList>("names");
    QTest::addColumn<QString>("problem");
    QTest::newRow("dot-dot") << QStringList{u"a"_s, u".."_s} << u"is not allowed"_s;
    QTest::newRow("dot") << QStringList{u"."_s} << u"is not allowed"_s;
    QTest::newRow("slash") << QStringList{u"a/b"_s} << u"contains a slash"_s;
    QTest::newRow("backslash") << QStringList{u"a\\b"_s} << u"contains a slash"_s;
    QTest::newRow("delimiter") << QStringList{u"a$b"_s} << u"contains the delimiter"_s;
    QTest::newRow("empty") << QStringList{u""_s} << u"a name is empty"_s;
    QTest::newRow("control") << QStringList{u"a\nb"_s} << u"control character"_s;
    QTest::newRow("256 bytes") << QStringList{QString(128, QChar(0xe9))} << u"255 bytes"_s;
}

void TestEngineNamespaces::refusesBadNames()
{
    QFETCH(QStringList, names);
    QFETCH(QString, problem);
    QVERIFY(m_engine->run(EngineTestSupport::createNamespace(u"a"_s)));
    CreateNamespaceRequest create;
    create.id = Identifier(names);
    const auto created = m_engine->run(create);
    QCOMPARE(EngineTestSupport::codeOf(created), 13);
    QCOMPARE(EngineTestSupport::statusOf(created), 400);
    QVERIFY2(EngineTestSupport::messageOf(created).contains(problem),
             qPrintable(EngineTestSupport::messageOf(created)));
    QVERIFY(EngineTestSupport::messageOf(created).contains(u"is not a valid identifier"_s));
    DeclareTableRequest declare;
    declare.id = Identifier(names);
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(declare)), 13);
    QCOMPARE(list(u"$"_s).namespaces, QStringList({u"a"_s}));
    QCOMPARE(list(u"a"_s).namespaces, QStringList());
    QCOMPARE(EngineTestSupport::fileNames(m_dir->path()).filter(u".lance"_s), QStringList());

    // 255 bytes is the longest name.
    create.id = Identifier(QStringList{QString(127, QChar(0xe9)) + u'x'});
    const auto longest = m_engine->run(create);
    QVERIFY2(longest, EngineTestSupport::why(longest));
}

void TestEngineNamespaces::namespaceAndTableShareNoName()
{
    QVERIFY(m_engine->run(EngineTestSupport::declare(u"t"_s)));
    const auto namespaceOverTable = m_engine->run(EngineTestSupport::createNamespace(u"t"_s));
    QCOMPARE(EngineTestSupport::codeOf(namespaceOverTable), 2);
    QCOMPARE(EngineTestSupport::statusOf(namespaceOverTable), 409);
    QVERIFY(m_engine->run(EngineTestSupport::createNamespace(u"n"_s)));
    const auto tableOverNamespace = m_engine->run(EngineTestSupport::declare(u"n"_s));
    QCOMPARE(EngineTestSupport::codeOf(tableOverNamespace), 5);
    QCOMPARE(EngineTestSupport::statusOf(tableOverNamespace), 409);
}

LCB_TEST_GUILESS_MAIN(TestEngineNamespaces)
#include "TestEngineNamespaces.moc"
