// SPDX-License-Identifier: Apache-2.0
// CatalogEngine tables: declare, register, deregister, drop (data deleted only inside the root),
// describe, exists and listing.
#include "EngineTestSupport.h"
#include "TestFiles.h"
#include "TestRegistry.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

using namespace Qt::StringLiterals;
using namespace lance::api;
using lance::engine::CatalogEngine;
using lance::test::EngineTestSupport;

class TestEngineTables : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void declareAnswersTheLocation();
    void declareRefusals();
    void describeFillsEveryField();
    void describeSelectsVersionsAndTags();
    void registerReadsTheVersions();
    void registerRefusals();
    void deregisterKeepsDataAndAllowsAgain();
    void dropDeletesDataInsideTheRoot();
    void dropKeepsDataOutsideTheRoot();
    void dropDoesNotFollowSymlinksOut();
    void dropRefusesAFolderHoldingAnotherTable();
    void listsWithIncludeDeclaredAndPages();
    void pagesAfterANameAsLanceClientsDo();
    void listsAllTablesOfEveryNamespace();
    void existsWithVersion();

private:
    QString root() const { return m_engine->root(); }
    QString peopleCopy(const QString &folder);
    QStringList tables(const QString &namespaceId, std::optional<bool> includeDeclared = {});
    /// Root tables t00 ... t24, every fifth (t00, t05, ...) with a version; their names, or
    /// fewer when one could not be made (the test has failed then).
    QStringList declareTablesT00ToT24();

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QTemporaryDir> m_outside;
    std::unique_ptr<CatalogEngine> m_engine;
};

void TestEngineTables::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_outside = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid() && m_outside->isValid());
    auto engine = EngineTestSupport::open(m_dir->path() + u"/catalog"_s);
    QVERIFY2(engine, EngineTestSupport::why(engine));
    m_engine = std::move(*engine);
}

void TestEngineTables::cleanup()
{
    m_engine.reset();
    m_dir.reset();
    m_outside.reset();
}

QString TestEngineTables::peopleCopy(const QString &folder)
{
    return EngineTestSupport::copyTree(EngineTestSupport::fixture(u"people.lance"_s), folder)
               ? folder
               : QString();
}

QStringList TestEngineTables::declareTablesT00ToT24()
{
    QStringList all;
    for (int i = 0; i < 25; ++i) {
        const QString name = u"t%1"_s.arg(i, 2, 10, QChar(u'0'));
        const auto declared = m_engine->run(EngineTestSupport::declareOnStore(name));
        if (!declared) {
            qWarning("%s", EngineTestSupport::why(declared).constData());
            return all;
        }
        if (i % 5 == 0) {
            const auto created
                = m_engine->run(EngineTestSupport::createVersion(name, 1, u"s3://b/"_s + name));
            if (!created) {
                qWarning("%s", EngineTestSupport::why(created).constData());
                return all;
            }
        }
        all.append(name);
    }
    return all;
}

QStringList TestEngineTables::tables(const QString &namespaceId,
                                     std::optional<bool> includeDeclared)
{
    ListTablesRequest request;
    request.id = EngineTestSupport::id(namespaceId);
    request.includeDeclared = includeDeclared;
    auto listed = m_engine->run(request);
    return listed ? listed->tables : QStringList{u"<failed>"_s};
}

void TestEngineTables::declareAnswersTheLocation()
{
    DeclareTableRequest declare = EngineTestSupport::declare(u"t"_s);
    declare.properties = {{u"owner"_s, u"qa"_s}};
    auto declared = m_engine->run(declare);
    QVERIFY2(declared, EngineTestSupport::why(declared));
    QCOMPARE(declared->location, root() + u"/t.lance"_s);
    QCOMPARE(declared->properties, declare.properties);
    QCOMPARE(declared->managedVersioning, true);
    QVERIFY(!QFileInfo::exists(root() + u"/t.lance"_s)); // metadata only

    QVERIFY(m_engine->run(EngineTestSupport::createNamespace(u"a"_s)));
    QVERIFY(m_engine->run(EngineTestSupport::createNamespace(u"a$b"_s)));
    auto nested = m_engine->run(EngineTestSupport::declare(u"a$b$t"_s));
    QVERIFY2(nested, EngineTestSupport::why(nested));
    QCOMPARE(nested->location, root() + u"/a/b/t.lance"_s);

    DeclareTableRequest given = EngineTestSupport::declare(u"remote"_s);
    given.location = u"  s3://bucket/remote.lance  "_s;
    auto remote = m_engine->run(given);
    QVERIFY2(remote, EngineTestSupport::why(remote));
    QCOMPARE(remote->location, u"s3://bucket/remote.lance"_s);
}

void TestEngineTables::declareRefusals()
{
    QVERIFY(m_engine->run(EngineTestSupport::declare(u"t"_s)));
    const auto twice = m_engine->run(EngineTestSupport::declare(u"t"_s));
    QCOMPARE(EngineTestSupport::codeOf(twice), 5);
    QCOMPARE(EngineTestSupport::statusOf(twice), 409);
    QCOMPARE(EngineTestSupport::messageOf(twice), u"Table t already exists."_s);
    QCOMPARE(twice.error().operation(), u"DeclareTable"_s);
    const auto noNamespace = m_engine->run(EngineTestSupport::declare(u"x$t"_s));
    QCOMPARE(EngineTestSupport::codeOf(noNamespace), 1);
    QCOMPARE(EngineTestSupport::statusOf(noNamespace), 404);
    const auto rootId = m_engine->run(DeclareTableRequest());
    QCOMPARE(EngineTestSupport::codeOf(rootId), 13);
    DeclareTableRequest blank = EngineTestSupport::declare(u"blank"_s);
    blank.location = u"   "_s;
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(blank)), 13);
    QCOMPARE(tables(u"$"_s), QStringList({u"t"_s}));
}

void TestEngineTables::describeFillsEveryField()
{
    QVERIFY(m_engine->run(EngineTestSupport::createNamespace(u"sales"_s)));
    DeclareTableRequest declare = EngineTestSupport::declare(u"sales$orders"_s);
    declare.properties = {{u"k"_s, u"v"_s}};
    QVERIFY(m_engine->run(declare));
    DescribeTableRequest describe;
    describe.id = declare.id;
    auto described = m_engine->run(describe);
    QVERIFY2(described, EngineTestSupport::why(described));
    const QString location = root() + u"/sales/orders.lance"_s;
    QCOMPARE(described->location, location);
    QCOMPARE(described->tableUri, QUrl::fromLocalFile(location).toString());
    QCOMPARE(described->table, u"orders"_s);
    QCOMPARE(described->namespacePath, QStringList({u"sales"_s}));
    QCOMPARE(described->properties, declare.properties);
    QCOMPARE(described->managedVersioning, true);
    QCOMPARE(described->isOnlyDeclared, true);
    QCOMPARE(described->version, std::nullopt);

    for (const qint64 version : {1, 2}) {
        const QString manifest = location + u"/_versions/%1.manifest"_s.arg(version);
        QVERIFY(EngineTestSupport::writeFile(manifest, lance::test::TestFiles::manifest(version)));
        auto created
            = m_engine->run(EngineTestSupport::createVersion(u"sales$orders"_s, version, manifest));
        QVERIFY2(created, EngineTestSupport::why(created));
    }
    described = m_engine->run(describe);
    QVERIFY2(described, EngineTestSupport::why(described));
    QCOMPARE(described->isOnlyDeclared, false);
    QCOMPARE(described->version, 2);

    DeclareTableRequest remote = EngineTestSupport::declare(u"remote"_s);
    remote.location = u"s3://bucket/remote.lance"_s;
    QVERIFY(m_engine->run(remote));
    describe.id = remote.id;
    described = m_engine->run(describe);
    QVERIFY2(described, EngineTestSupport::why(described));
    QCOMPARE(described->tableUri, u"s3://bucket/remote.lance"_s);
    QCOMPARE(described->namespacePath, QStringList());
}

void TestEngineTables::describeSelectsVersionsAndTags()
{
    QVERIFY(m_engine->run(EngineTestSupport::declareOnStore(u"t"_s)));
    for (const qint64 version : {1, 2, 3}) {
        QVERIFY(m_engine->run(
            EngineTestSupport::createVersion(u"t"_s, version, u"s3://b/%1"_s.arg(version))));
    }
    CreateTableTagRequest tag;
    tag.id = EngineTestSupport::id(u"t"_s);
    tag.tag = u"stable"_s;
    tag.version = 2;
    QVERIFY(m_engine->run(tag));

    DescribeTableRequest describe;
    describe.id = tag.id;
    describe.version = 1;
    QCOMPARE(m_engine->run(describe)->version, 1);
    describe.version = 7;
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(describe)), 11);
    QCOMPARE(EngineTestSupport::statusOf(m_engine->run(describe)), 404);
    describe.version.reset();
    describe.tag = u"stable"_s;
    QCOMPARE(m_engine->run(describe)->version, 2);
    describe.tag = u"missing"_s;
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(describe)), 8);
    describe.version = 1;
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(describe)), 13);

    DescribeTableRequest missing;
    missing.id = EngineTestSupport::id(u"nope"_s);
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(missing)), 4);
    missing.id = EngineTestSupport::id(u"ns$nope"_s);
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(missing)), 1);
}

void TestEngineTables::registerReadsTheVersions()
{
    const QString folder = peopleCopy(m_outside->path() + u"/data/people.lance"_s);
    QVERIFY(!folder.isEmpty());
    RegisterTableRequest request;
    request.id = EngineTestSupport::id(u"people"_s);
    request.location = m_outside->path() + u"/data/../data/people.lance/"_s;
    request.properties = {{u"source"_s, u"fixture"_s}};
    auto registered = m_engine->run(request);
    QVERIFY2(registered, EngineTestSupport::why(registered));
    QCOMPARE(registered->location, folder);
    QCOMPARE(registered->properties, request.properties);

    ListTableVersionsRequest list;
    list.id = request.id;
    auto versions = m_engine->run(list);
    QVERIFY2(versions, EngineTestSupport::why(versions));
    QCOMPARE(EngineTestSupport::numbers(versions->versions), QList<qint64>({1, 2, 3}));
    const QList<qint64> sizes{510, 500, 584};
    const QStringList names{u"18446744073709551614.manifest"_s, u"18446744073709551613.manifest"_s,
                            u"18446744073709551612.manifest"_s};
    for (int i = 0; i < 3; ++i) {
        const TableVersion &version = versions->versions.at(i);
        QCOMPARE(version.manifestSize, sizes.at(i));
        QCOMPARE(version.manifestPath,
                 EngineTestSupport::objectStorePath(folder + u"/_versions/"_s + names.at(i)));
        QVERIFY(version.eTag.has_value());
        QVERIFY(version.timestampMillis.has_value());
    }

    const auto again = m_engine->run(request);
    QCOMPARE(EngineTestSupport::codeOf(again), 5);
    QCOMPARE(EngineTestSupport::statusOf(again), 409);
    request.mode = RegisterTableMode::Overwrite;
    request.location = QUrl::fromLocalFile(folder).toString();
    request.properties = {{u"source"_s, u"again"_s}};
    registered = m_engine->run(request);
    QVERIFY2(registered, EngineTestSupport::why(registered));
    QCOMPARE(registered->location, folder);
    DescribeTableRequest describe;
    describe.id = request.id;
    auto described = m_engine->run(describe);
    QCOMPARE(described->properties, request.properties);
    QCOMPARE(described->version, 3);
}

void TestEngineTables::registerRefusals()
{
    RegisterTableRequest request;
    request.id = EngineTestSupport::id(u"t"_s);
    request.location = m_outside->path() + u"/missing.lance"_s;
    const auto missing = m_engine->run(request);
    QCOMPARE(EngineTestSupport::codeOf(missing), 13);
    QCOMPARE(EngineTestSupport::statusOf(missing), 400);
    request.location = u" "_s;
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(request)), 13);
    QVERIFY(m_engine->run(EngineTestSupport::createNamespace(u"n"_s)));
    request.id = EngineTestSupport::id(u"n"_s);
    request.location = m_outside->path();
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(request)), 5);
    QCOMPARE(tables(u"$"_s), QStringList());
}

void TestEngineTables::deregisterKeepsDataAndAllowsAgain()
{
    const QString folder = peopleCopy(root() + u"/people.lance"_s);
    RegisterTableRequest request;
    request.id = EngineTestSupport::id(u"people"_s);
    request.location = folder;
    request.properties = {{u"k"_s, u"v"_s}};
    QVERIFY(m_engine->run(request));
    CreateTableTagRequest tag;
    tag.id = request.id;
    tag.tag = u"first"_s;
    tag.version = 1;
    QVERIFY(m_engine->run(tag));

    DeregisterTableRequest deregister;
    deregister.id = request.id;
    auto gone = m_engine->run(deregister);
    QVERIFY2(gone, EngineTestSupport::why(gone));
    QCOMPARE(gone->id, request.id);
    QCOMPARE(gone->location, folder);
    QCOMPARE(gone->properties, request.properties);
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(deregister)), 4);
    QCOMPARE(EngineTestSupport::fileNames(folder + u"/_versions"_s).size(), 4);
    QCOMPARE(tables(u"$"_s), QStringList());

    auto again = m_engine->run(request);
    QVERIFY2(again, EngineTestSupport::why(again));
    ListTableTagsRequest listTags;
    listTags.id = request.id;
    QCOMPARE(m_engine->run(listTags)->tags.size(), 0); // tags went with the entry
    ListTableVersionsRequest versions;
    versions.id = request.id;
    QCOMPARE(m_engine->run(versions)->versions.size(), 3);

    QVERIFY(m_engine->run(deregister));
    auto declared = m_engine->run(EngineTestSupport::declare(u"people"_s));
    QVERIFY2(declared, EngineTestSupport::why(declared));
    QCOMPARE(m_engine->run(versions)->versions.size(), 0);
}

void TestEngineTables::dropDeletesDataInsideTheRoot()
{
    const QString folder = peopleCopy(root() + u"/people.lance"_s);
    RegisterTableRequest request;
    request.id = EngineTestSupport::id(u"people"_s);
    request.location = folder;
    QVERIFY(m_engine->run(request));
    DropTableRequest drop;
    drop.id = request.id;
    auto dropped = m_engine->run(drop);
    QVERIFY2(dropped, EngineTestSupport::why(dropped));
    QCOMPARE(dropped->id, request.id);
    QCOMPARE(dropped->location, folder);
    QVERIFY(!QFileInfo::exists(folder));
    if (!EngineTestSupport::onPostgres()) { // there, the root holds the tables only
        QVERIFY(QFileInfo::exists(root() + u"/lance-catalog.sqlite"_s));
    }
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(drop)), 4);

    // A declared table without data drops cleanly too.
    QVERIFY(m_engine->run(EngineTestSupport::declare(u"empty"_s)));
    drop.id = EngineTestSupport::id(u"empty"_s);
    QVERIFY(m_engine->run(drop));
    QCOMPARE(tables(u"$"_s), QStringList());
}

void TestEngineTables::dropKeepsDataOutsideTheRoot()
{
    const QString folder = peopleCopy(m_outside->path() + u"/people.lance"_s);
    RegisterTableRequest request;
    request.id = EngineTestSupport::id(u"people"_s);
    // Spelled through the root with `..`: still outside once cleaned.
    request.location = root() + u"/../"_s + QDir(m_dir->path()).relativeFilePath(folder);
    QVERIFY(QFileInfo(request.location).isDir());
    auto registered = m_engine->run(request);
    QVERIFY2(registered, EngineTestSupport::why(registered));
    DropTableRequest drop;
    drop.id = request.id;
    QVERIFY(m_engine->run(drop));
    QCOMPARE(EngineTestSupport::fileNames(folder),
             QStringList({u"_transactions"_s, u"_versions"_s, u"data"_s}));
    QCOMPARE(tables(u"$"_s), QStringList());
}

void TestEngineTables::dropDoesNotFollowSymlinksOut()
{
    const QString folder = peopleCopy(m_outside->path() + u"/people.lance"_s);
    const QString link = root() + u"/people.lance"_s;
    QVERIFY(QFile::link(folder, link));
    RegisterTableRequest request;
    request.id = EngineTestSupport::id(u"people"_s);
    request.location = link;
    QVERIFY(m_engine->run(request));
    DropTableRequest drop;
    drop.id = request.id;
    QVERIFY(m_engine->run(drop));
    QCOMPARE(EngineTestSupport::fileNames(folder + u"/_versions"_s).size(), 4);
    QVERIFY(QFileInfo(link).isSymLink());

    // A link inside the table folder pointing out is removed as a link, never followed.
    const QString inside = peopleCopy(root() + u"/inside.lance"_s);
    QVERIFY(QFile::link(folder, inside + u"/escape"_s));
    request.id = EngineTestSupport::id(u"inside"_s);
    request.location = inside;
    QVERIFY(m_engine->run(request));
    drop.id = request.id;
    QVERIFY(m_engine->run(drop));
    QVERIFY(!QFileInfo::exists(inside));
    QCOMPARE(EngineTestSupport::fileNames(folder + u"/_versions"_s).size(), 4);
}

void TestEngineTables::dropRefusesAFolderHoldingAnotherTable()
{
    const QString big = root() + u"/big"_s;
    QVERIFY(QDir().mkpath(big + u"/inner.lance"_s));
    RegisterTableRequest request;
    request.id = EngineTestSupport::id(u"big"_s);
    request.location = big;
    QVERIFY(m_engine->run(request));
    request.id = EngineTestSupport::id(u"inner"_s);
    request.location = big + u"/inner.lance"_s;
    QVERIFY(m_engine->run(request));
    DropTableRequest drop;
    drop.id = EngineTestSupport::id(u"big"_s);
    const auto refused = m_engine->run(drop);
    QCOMPARE(EngineTestSupport::codeOf(refused), 19);
    QCOMPARE(EngineTestSupport::statusOf(refused), 409);
    QCOMPARE(tables(u"$"_s), QStringList({u"big"_s, u"inner"_s}));
    QVERIFY(QFileInfo::exists(big + u"/inner.lance"_s));
}

void TestEngineTables::listsWithIncludeDeclaredAndPages()
{
    const QStringList all = declareTablesT00ToT24();
    QCOMPARE(all.size(), 25);
    QCOMPARE(tables(u"$"_s), all);
    QCOMPARE(tables(u"$"_s, true), all);
    QCOMPARE(tables(u"$"_s, false),
             QStringList({u"t00"_s, u"t05"_s, u"t10"_s, u"t15"_s, u"t20"_s}));

    ListTablesRequest request;
    request.limit = 10;
    QStringList seen;
    QList<qsizetype> sizes;
    do {
        auto page = m_engine->run(request);
        QVERIFY2(page, EngineTestSupport::why(page));
        seen += page->tables;
        sizes.append(page->tables.size());
        request.pageToken = page->pageToken;
    } while (request.pageToken && sizes.size() < 5);
    QCOMPARE(sizes, QList<qsizetype>({10, 10, 5}));
    QCOMPARE(seen, all);

    request = ListTablesRequest();
    request.includeDeclared = false;
    request.limit = 3;
    auto first = m_engine->run(request);
    QCOMPARE(first->tables, QStringList({u"t00"_s, u"t05"_s, u"t10"_s}));
    request.pageToken = first->pageToken;
    auto second = m_engine->run(request);
    QCOMPARE(second->tables, QStringList({u"t15"_s, u"t20"_s}));
    QCOMPARE(second->pageToken, std::nullopt);

    request = ListTablesRequest();
    request.id = EngineTestSupport::id(u"missing"_s);
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(request)), 1);
}

// LanceDB's tableNames(namespace, {startAfter}) sends the last name it saw as page_token.
void TestEngineTables::pagesAfterANameAsLanceClientsDo()
{
    const QStringList all = declareTablesT00ToT24();
    QCOMPARE(all.size(), 25);
    const auto pageAfter = [&](const std::optional<QString> &token, qint64 limit,
                               std::optional<bool> includeDeclared = {}) {
        ListTablesRequest request;
        request.limit = limit;
        request.pageToken = token;
        request.includeDeclared = includeDeclared;
        return m_engine->run(request);
    };

    // Paging by the last name seen, as the client does, lists every table once.
    QStringList seen;
    std::optional<QString> last;
    for (int pages = 0; pages < 5; ++pages) {
        auto page = pageAfter(last, 10);
        QVERIFY2(page, EngineTestSupport::why(page));
        seen += page->tables;
        if (page->tables.size() < 10) {
            break;
        }
        last = page->tables.last();
    }
    QCOMPARE(seen, all);

    // Without declared tables, a declared table's name still says where to start.
    auto registered = pageAfter(u"t07"_s, 10, false);
    QVERIFY2(registered, EngineTestSupport::why(registered));
    QCOMPARE(registered->tables, QStringList({u"t10"_s, u"t15"_s, u"t20"_s}));
    auto declaredToo = pageAfter(u"t20"_s, 10, true);
    QCOMPARE(declaredToo->tables, QStringList({u"t21"_s, u"t22"_s, u"t23"_s, u"t24"_s}));

    // Our own tokens keep working beside names.
    auto first = pageAfter(std::nullopt, 3);
    auto second = pageAfter(first->pageToken, 3);
    QCOMPARE(second->tables, QStringList({u"t03"_s, u"t04"_s, u"t05"_s}));

    // Neither a name of this namespace nor a token: refused, as before. A name with the
    // delimiter is not looked up (its key is a nested namespace's table).
    QVERIFY(m_engine->run(EngineTestSupport::createNamespace(u"n"_s)));
    QVERIFY(m_engine->run(EngineTestSupport::declare(u"n$t00"_s)));
    for (const QString &token : {u"t99"_s, u"n"_s, u"n$t00"_s, u"not a token!"_s}) {
        QCOMPARE(EngineTestSupport::codeOf(pageAfter(token, 10)), 13);
    }

    // A table named like one of our tokens: the page starts after the smaller of the two
    // readings, so nothing is skipped.
    const QString lookalike = first->pageToken.value();
    QVERIFY(m_engine->run(EngineTestSupport::declare(lookalike)));
    const QString smaller = std::min(lookalike, u"t02"_s);
    auto both = pageAfter(lookalike, 100);
    QVERIFY2(both, EngineTestSupport::why(both));
    QStringList expected = all;
    expected.append(lookalike);
    expected.sort();
    expected.erase(expected.begin(), std::upper_bound(expected.begin(), expected.end(), smaller));
    QCOMPARE(both->tables, expected);
}

void TestEngineTables::existsWithVersion()
{
    QVERIFY(m_engine->run(EngineTestSupport::declareOnStore(u"t"_s)));
    QVERIFY(m_engine->run(EngineTestSupport::createVersion(u"t"_s, 1, u"s3://b/1"_s)));
    TableExistsRequest exists;
    exists.id = EngineTestSupport::id(u"t"_s);
    auto answer = m_engine->run(exists);
    QVERIFY2(answer, EngineTestSupport::why(answer));
    QCOMPARE(answer->exists, true);
    exists.version = 1;
    QVERIFY(m_engine->run(exists));
    exists.version = 5;
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(exists)), 11);
    exists.id = EngineTestSupport::id(u"u"_s);
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(exists)), 4);
    QCOMPARE(EngineTestSupport::statusOf(m_engine->run(exists)), 404);
}

void TestEngineTables::listsAllTablesOfEveryNamespace()
{
    QVERIFY(m_engine->run(EngineTestSupport::createNamespace(u"sales"_s)));
    QVERIFY(m_engine->run(EngineTestSupport::createNamespace(u"sales$eu"_s)));
    for (const QString &table : {u"root"_s, u"sales$orders"_s, u"sales$eu$orders"_s}) {
        QVERIFY(m_engine->run(EngineTestSupport::declareOnStore(table)));
    }
    QVERIFY(m_engine->run(EngineTestSupport::createVersion(u"sales$orders"_s, 1, u"s3://b/1"_s)));
    ListAllTablesRequest request;
    request.delimiter = u"."_s;
    request.limit = 2;
    QStringList all;
    for (int pages = 0; pages < 5; ++pages) {
        const auto page = m_engine->run(request);
        QVERIFY2(page, EngineTestSupport::why(page));
        all << page->tables;
        if (!page->pageToken) {
            break;
        }
        request.pageToken = page->pageToken;
    }
    QCOMPARE(all, QStringList({u"root"_s, u"sales.eu.orders"_s, u"sales.orders"_s}));
    request = {};
    request.includeDeclared = false;
    QCOMPARE(m_engine->run(request)->tables, QStringList({u"sales$orders"_s}));
    request.delimiter.clear();
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(request)), 13);
}

LCB_TEST_GUILESS_MAIN(TestEngineTables)
#include "TestEngineTables.moc"
