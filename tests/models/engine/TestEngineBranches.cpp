// SPDX-License-Identifier: Apache-2.0
// CatalogEngine ListTableBranches on a table LanceDB branched itself (tests/data/lance/branches):
// every branch as Lance recorded it, a `/` in a name decoded, in pages; the versions of each
// branch recorded with the table; a table without branches lists none; a damaged branch file and a
// missing table are refused with the reason.
#include "EngineTestSupport.h"
#include "TestRegistry.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance::api;
using lance::engine::CatalogEngine;
using lance::test::EngineTestSupport;

class TestEngineBranches : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void listsWhatLanceRecorded();
    void pagesByName();
    void aTableWithoutBranchesHasNone();
    void theVersionsOfEachBranchAreRecorded();
    void aBranchMadeLaterIsFoundWhenListed();
    void refusals();

private:
    ListTableBranchesRequest list(const QString &table) const;

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<CatalogEngine> m_engine;
};

void TestEngineBranches::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QVERIFY(EngineTestSupport::copyTree(EngineTestSupport::fixture(u"branches/orders.lance"_s),
                                        m_dir->filePath(u"orders.lance"_s)));
    QVERIFY(EngineTestSupport::copyTree(EngineTestSupport::fixture(u"people.lance"_s),
                                        m_dir->filePath(u"people.lance"_s)));
    auto engine = EngineTestSupport::open(m_dir->path());
    QVERIFY2(engine, EngineTestSupport::why(engine));
    m_engine = std::move(*engine);
}

void TestEngineBranches::cleanup()
{
    m_engine.reset();
    m_dir.reset();
}

ListTableBranchesRequest TestEngineBranches::list(const QString &table) const
{
    ListTableBranchesRequest request;
    request.id = EngineTestSupport::id(table);
    return request;
}

void TestEngineBranches::listsWhatLanceRecorded()
{
    const auto listed = m_engine->run(list(u"orders"_s));
    QVERIFY2(listed, EngineTestSupport::why(listed));
    QCOMPARE(listed->branches.keys(), (QStringList{u"dev"_s, u"dev/fix"_s}));
    QVERIFY(!listed->pageToken);
    // What LanceDB's own list() said (branches.json), and the time its file holds.
    BranchContents dev;
    dev.parentVersion = 2;
    dev.createAt = 1796418287;
    dev.manifestSize = 458;
    QCOMPARE(listed->branches.value(u"dev"_s), dev);
    const BranchContents fix = listed->branches.value(u"dev/fix"_s);
    QCOMPARE(fix.parentBranch, std::optional(u"dev"_s));
    QCOMPARE(fix.parentVersion, 3);
    QCOMPARE(fix.manifestSize, 610);
    QVERIFY(fix.metadata.isEmpty()); // Lance writes {}
}

void TestEngineBranches::pagesByName()
{
    auto request = list(u"orders"_s);
    request.limit = 1;
    const auto first = m_engine->run(request);
    QVERIFY2(first, EngineTestSupport::why(first));
    QCOMPARE(first->branches.keys(), QStringList{u"dev"_s});
    QVERIFY(first->pageToken);
    request.pageToken = first->pageToken;
    const auto second = m_engine->run(request);
    QVERIFY2(second, EngineTestSupport::why(second));
    QCOMPARE(second->branches.keys(), QStringList{u"dev/fix"_s});
    QVERIFY(!second->pageToken);
}

void TestEngineBranches::aTableWithoutBranchesHasNone()
{
    const auto listed = m_engine->run(list(u"people"_s));
    QVERIFY2(listed, EngineTestSupport::why(listed));
    QVERIFY(listed->branches.isEmpty());
    QVERIFY(!listed->pageToken);
}

void TestEngineBranches::theVersionsOfEachBranchAreRecorded()
{
    // Found when the catalog was made (orders.lance in its folder), and registered anew.
    RegisterTableRequest again;
    again.id = EngineTestSupport::id(u"again"_s);
    again.location = m_dir->filePath(u"orders.lance"_s);
    QVERIFY(m_engine->run(again));
    for (const QString &table : {u"orders"_s, u"again"_s}) {
        for (const auto &[branch, expected] : {std::pair{QString(), QList<qint64>{1, 2, 3}},
                                               {u"dev"_s, {2, 3}},
                                               {u"dev/fix"_s, {3}}}) {
            ListTableVersionsRequest request;
            request.id = EngineTestSupport::id(table);
            if (!branch.isEmpty()) {
                request.branch = branch;
            }
            const auto listed = m_engine->run(request);
            QVERIFY2(listed, EngineTestSupport::why(listed));
            QCOMPARE(EngineTestSupport::numbers(listed->versions), expected);
            if (!branch.isEmpty()) {
                // Its own manifests, under tree/<branch>/_versions.
                QVERIFY2(listed->versions.first().manifestPath.contains(
                             u"/tree/%1/_versions/"_s.arg(branch)),
                         qPrintable(listed->versions.first().manifestPath));
            }
        }
    }
}

void TestEngineBranches::aBranchMadeLaterIsFoundWhenListed()
{
    // Registered before it had branches: the same table without its refs and tree.
    const QString later = m_dir->filePath(u"later.lance"_s);
    QVERIFY(
        EngineTestSupport::copyTree(EngineTestSupport::fixture(u"branches/orders.lance"_s), later));
    QVERIFY(QDir(later + u"/_refs"_s).removeRecursively());
    QVERIFY(QDir(later + u"/tree"_s).removeRecursively());
    RegisterTableRequest registration;
    registration.id = EngineTestSupport::id(u"later"_s);
    registration.location = later;
    QVERIFY(m_engine->run(registration));
    ListTableVersionsRequest dev;
    dev.id = registration.id;
    dev.branch = u"dev"_s;
    auto listed = m_engine->run(dev);
    QVERIFY2(listed, EngineTestSupport::why(listed));
    QVERIFY(listed->versions.isEmpty());

    // Then LanceDB branches it: the branch's versions are found the first time it is listed.
    QVERIFY(EngineTestSupport::copyTree(
        EngineTestSupport::fixture(u"branches/orders.lance/_refs"_s), later + u"/_refs"_s));
    QVERIFY(EngineTestSupport::copyTree(EngineTestSupport::fixture(u"branches/orders.lance/tree"_s),
                                        later + u"/tree"_s));
    listed = m_engine->run(dev);
    QVERIFY2(listed, EngineTestSupport::why(listed));
    QCOMPARE(EngineTestSupport::numbers(listed->versions), (QList<qint64>{2, 3}));
    // A name that is no branch of Lance's reaches no folder.
    dev.branch = u"../../people.lance"_s;
    listed = m_engine->run(dev);
    QVERIFY2(listed, EngineTestSupport::why(listed));
    QVERIFY(listed->versions.isEmpty());
}

void TestEngineBranches::refusals()
{
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(list(u"nothing"_s))),
             int(ErrorCode::TableNotFound));
    auto badLimit = list(u"orders"_s);
    badLimit.limit = -1;
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(badLimit)), int(ErrorCode::InvalidInput));
    QVERIFY(EngineTestSupport::writeFile(
        m_dir->filePath(u"orders.lance/_refs/branches/broken.json"_s), "{\"parentVersion\": -1}"));
    const auto broken = m_engine->run(list(u"orders"_s));
    QCOMPARE(EngineTestSupport::codeOf(broken), int(ErrorCode::InvalidTableState));
    QVERIFY2(EngineTestSupport::messageOf(broken).contains(u"broken.json"_s),
             qPrintable(EngineTestSupport::messageOf(broken)));
}

LCB_TEST_GUILESS_MAIN(TestEngineBranches)
#include "TestEngineBranches.moc"
