// SPDX-License-Identifier: Apache-2.0
// CatalogEngine tags: list, get, create, update, delete, branches and paging.
#include "EngineTestSupport.h"
#include "TestRegistry.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance::api;
using lance::engine::CatalogEngine;
using lance::test::EngineTestSupport;

class TestEngineTags : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void createGetListUpdateDelete();
    void refusals();
    void tagsOnABranch();
    void pagesTags();
    void tagsGoWithTheirTable();

private:
    template <typename Request> Request tagRequest(const QString &tag, qint64 version = 0);
    QMap<QString, TagContents> tags();

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<CatalogEngine> m_engine;
};

void TestEngineTags::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    auto engine = EngineTestSupport::open(m_dir->path());
    QVERIFY2(engine, EngineTestSupport::why(engine));
    m_engine = std::move(*engine);
    QVERIFY(m_engine->run(EngineTestSupport::declareOnStore(u"t"_s)));
    for (const qint64 v : {1, 2}) {
        auto request = EngineTestSupport::createVersion(u"t"_s, v, u"s3://b/%1"_s.arg(v));
        request.manifestSize = 100 * v;
        QVERIFY(m_engine->run(request));
    }
}

void TestEngineTags::cleanup()
{
    m_engine.reset();
    m_dir.reset();
}

template <typename Request> Request TestEngineTags::tagRequest(const QString &tag, qint64 version)
{
    Request request;
    request.id = EngineTestSupport::id(u"t"_s);
    request.tag = tag;
    if constexpr (
        !std::is_same_v<
            Request,
            GetTableTagVersionRequest> && !std::is_same_v<Request, DeleteTableTagRequest>) {
        request.version = version;
    }
    return request;
}

QMap<QString, TagContents> TestEngineTags::tags()
{
    ListTableTagsRequest request;
    request.id = EngineTestSupport::id(u"t"_s);
    auto listed = m_engine->run(request);
    return listed ? listed->tags : QMap<QString, TagContents>{{u"<failed>"_s, {}}};
}

void TestEngineTags::createGetListUpdateDelete()
{
    auto created = m_engine->run(tagRequest<CreateTableTagRequest>(u"stable"_s, 1));
    QVERIFY2(created, EngineTestSupport::why(created));
    auto got = m_engine->run(tagRequest<GetTableTagVersionRequest>(u"stable"_s));
    QVERIFY2(got, EngineTestSupport::why(got));
    QCOMPARE(got->version, 1);
    QCOMPARE(got->branch, std::nullopt);
    QCOMPARE(tags(), (QMap<QString, TagContents>{{u"stable"_s, TagContents{1, 100, {}}}}));

    QVERIFY(m_engine->run(tagRequest<UpdateTableTagRequest>(u"stable"_s, 2)));
    QCOMPARE(tags(), (QMap<QString, TagContents>{{u"stable"_s, TagContents{2, 200, {}}}}));

    // A tag whose version record was deleted lists with size 0.
    BatchDeleteTableVersionsRequest remove;
    remove.id = EngineTestSupport::id(u"t"_s);
    remove.ranges = {VersionRange{2, 3}};
    QVERIFY(m_engine->run(remove));
    QCOMPARE(tags(), (QMap<QString, TagContents>{{u"stable"_s, TagContents{2, 0, {}}}}));

    QVERIFY(m_engine->run(tagRequest<DeleteTableTagRequest>(u"stable"_s)));
    QCOMPARE(tags(), (QMap<QString, TagContents>()));
    const auto again = m_engine->run(tagRequest<DeleteTableTagRequest>(u"stable"_s));
    QCOMPARE(EngineTestSupport::codeOf(again), 8);
    QCOMPARE(EngineTestSupport::statusOf(again), 404);
    const auto missing = m_engine->run(tagRequest<GetTableTagVersionRequest>(u"stable"_s));
    QCOMPARE(EngineTestSupport::codeOf(missing), 8);
    QCOMPARE(EngineTestSupport::messageOf(missing), u"Table t has no tag \"stable\"."_s);
}

void TestEngineTags::refusals()
{
    const auto noVersion = m_engine->run(tagRequest<CreateTableTagRequest>(u"future"_s, 9));
    QCOMPARE(EngineTestSupport::codeOf(noVersion), 11);
    QCOMPARE(EngineTestSupport::statusOf(noVersion), 404);
    QVERIFY(m_engine->run(tagRequest<CreateTableTagRequest>(u"stable"_s, 1)));
    const auto twice = m_engine->run(tagRequest<CreateTableTagRequest>(u"stable"_s, 2));
    QCOMPARE(EngineTestSupport::codeOf(twice), 9);
    QCOMPARE(EngineTestSupport::statusOf(twice), 409);
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(tagRequest<CreateTableTagRequest>(u""_s, 1))),
             13);
    QCOMPARE(
        EngineTestSupport::codeOf(m_engine->run(tagRequest<CreateTableTagRequest>(u"neg"_s, -1))),
        13);
    QCOMPARE(
        EngineTestSupport::codeOf(m_engine->run(tagRequest<UpdateTableTagRequest>(u"nope"_s, 1))),
        8);
    QCOMPARE(
        EngineTestSupport::codeOf(m_engine->run(tagRequest<UpdateTableTagRequest>(u"stable"_s, 9))),
        11);
    auto otherTable = tagRequest<CreateTableTagRequest>(u"x"_s, 1);
    otherTable.id = EngineTestSupport::id(u"missing"_s);
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(otherTable)), 4);
    // A name Lance would refuse (api::TagNames), made or moved to, whichever client sent it.
    const auto badName = m_engine->run(tagRequest<CreateTableTagRequest>(u"bad tag/..!$"_s, 1));
    QCOMPARE(EngineTestSupport::codeOf(badName), 13);
    QCOMPARE(EngineTestSupport::statusOf(badName), 400);
    QCOMPARE(
        EngineTestSupport::codeOf(m_engine->run(tagRequest<UpdateTableTagRequest>(u"a.lock"_s, 1))),
        13);
    QCOMPARE(tags(), (QMap<QString, TagContents>{{u"stable"_s, TagContents{1, 100, {}}}}));
}

void TestEngineTags::tagsOnABranch()
{
    auto version = EngineTestSupport::createVersion(u"t"_s, 5, u"s3://b/dev/5"_s);
    version.branch = u"dev"_s;
    version.manifestSize = 55;
    QVERIFY(m_engine->run(version));
    auto create = tagRequest<CreateTableTagRequest>(u"preview"_s, 5);
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(create)), 11); // not on main
    create.branch = u"dev"_s;
    QVERIFY(m_engine->run(create));
    auto got = m_engine->run(tagRequest<GetTableTagVersionRequest>(u"preview"_s));
    QCOMPARE(got->version, 5);
    QCOMPARE(got->branch, u"dev"_s);
    QCOMPARE(tags(), (QMap<QString, TagContents>{{u"preview"_s, TagContents{5, 55, u"dev"_s}}}));
    DescribeTableRequest describe;
    describe.id = EngineTestSupport::id(u"t"_s);
    describe.tag = u"preview"_s;
    QCOMPARE(m_engine->run(describe)->version, 5);
}

void TestEngineTags::pagesTags()
{
    for (const QString &tag : {u"e"_s, u"a"_s, u"d"_s, u"b"_s, u"c"_s}) {
        QVERIFY(m_engine->run(tagRequest<CreateTableTagRequest>(tag, 1)));
    }
    ListTableTagsRequest request;
    request.id = EngineTestSupport::id(u"t"_s);
    request.limit = 2;
    QList<QStringList> pages;
    do {
        auto page = m_engine->run(request);
        QVERIFY2(page, EngineTestSupport::why(page));
        pages.append(page->tags.keys());
        request.pageToken = page->pageToken;
    } while (request.pageToken && pages.size() < 5);
    QCOMPARE(pages, (QList<QStringList>{{u"a"_s, u"b"_s}, {u"c"_s, u"d"_s}, {u"e"_s}}));
}

void TestEngineTags::tagsGoWithTheirTable()
{
    QVERIFY(m_engine->run(tagRequest<CreateTableTagRequest>(u"stable"_s, 1)));
    DeregisterTableRequest deregister;
    deregister.id = EngineTestSupport::id(u"t"_s);
    QVERIFY(m_engine->run(deregister));
    ListTableTagsRequest list;
    list.id = deregister.id;
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(list)), 4);
    QVERIFY(m_engine->run(EngineTestSupport::declareOnStore(u"t"_s)));
    QCOMPARE(tags(), (QMap<QString, TagContents>()));
}

LCB_TEST_GUILESS_MAIN(TestEngineTags)
#include "TestEngineTags.moc"
