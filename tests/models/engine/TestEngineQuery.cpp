// SPDX-License-Identifier: Apache-2.0
// CatalogEngine's QueryTable on tables LanceDB wrote (tests/data/lance/rows and health): the
// Arrow IPC file it answers holds the version's rows as rows::VersionRows reads them (which
// TestRowsAgainstLanceDb checks against LanceDB itself), in the columns asked for, a page at a
// time, with `_rowid` on request, at any version and on a branch, with a filter (the rows it
// keeps, paged); what it does not do (search, aliases, too many rows), bad filters and what
// does not exist are refused by name.
#include "EngineTestSupport.h"
#include "TestRegistry.h"
#include "rows/ArrowIpcReader.h"
#include "rows/ValueJson.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance::api;
using lance::engine::CatalogEngine;
using lance::test::EngineTestSupport;

namespace {

// Every value of `table` as JSON rows.
nlohmann::ordered_json rowsOf(const lance::rows::ArrowIpcReader::Table &table)
{
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (qint64 r = 0; r < table.rows; ++r) {
        nlohmann::ordered_json row = nlohmann::ordered_json::array();
        for (const auto &column : table.columns) {
            row.push_back(lance::rows::ValueJson::value(column, r));
        }
        out.push_back(row);
    }
    return out;
}

} // namespace

class TestEngineQuery : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void latestVersionWhole();
    void pagesJoinIntoTheWhole();
    void anEarlierVersion();
    void aBranch();
    void aFilter();
    void refusals();

private:
    std::optional<lance::rows::ArrowIpcReader::Table> query(const QueryTableRequest &request);
    QueryTableRequest request(const QString &table) const;

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<CatalogEngine> m_engine;
};

void TestEngineQuery::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    auto engine = EngineTestSupport::open(m_dir->path() + u"/catalog"_s);
    QVERIFY2(engine, EngineTestSupport::why(engine));
    m_engine = std::move(*engine);
    for (const auto &[name, fixture] : {std::pair{u"types"_s, u"rows/types.lance"_s},
                                        std::pair{u"metrics"_s, u"health/metrics.lance"_s}}) {
        const QString folder = m_dir->path() + u"/data/"_s + name + u".lance"_s;
        QVERIFY(EngineTestSupport::copyTree(EngineTestSupport::fixture(fixture), folder));
        RegisterTableRequest registration;
        registration.id = EngineTestSupport::id(name);
        registration.location = folder;
        auto registered = m_engine->run(registration);
        QVERIFY2(registered, EngineTestSupport::why(registered));
    }
}

void TestEngineQuery::cleanup()
{
    m_engine.reset();
    m_dir.reset();
}

QueryTableRequest TestEngineQuery::request(const QString &table) const
{
    QueryTableRequest out;
    out.id = EngineTestSupport::id(table);
    out.k = 10000;
    return out;
}

std::optional<lance::rows::ArrowIpcReader::Table>
TestEngineQuery::query(const QueryTableRequest &request)
{
    auto answer = m_engine->run(request);
    if (!answer) {
        qWarning().noquote() << answer.error().userMessage();
        return std::nullopt;
    }
    auto table = lance::rows::ArrowIpcReader::read(answer->data, u"the answer"_s);
    if (!table) {
        qWarning().noquote() << table.error().userMessage();
        return std::nullopt;
    }
    return *table;
}

void TestEngineQuery::latestVersionWhole()
{
    QueryTableRequest whole = request(u"types"_s);
    whole.withRowId = true;
    const auto table = query(whole);
    QVERIFY(table);
    // Version 4: 3,000 rows written, 7 deleted; the update moved 4 rows to a new fragment.
    QCOMPARE(table->rows, 2993);
    QCOMPARE(table->columns.size(), 29);
    QCOMPARE(table->columns.front().name, u"_rowid"_s);
    QCOMPARE(table->columns.at(1).name, u"id"_s);
    QCOMPARE(table->columns.back().name, u"allnull"_s);
    // The updated rows come last, in the update's fragment (2), with the update's values.
    const auto rows = rowsOf(*table);
    QCOMPARE(rows.back()[0].get<quint64>() >> 32, quint64(2));
    QCOMPARE(rows.back()[17].get<std::string>(), std::string("updated"));
}

void TestEngineQuery::pagesJoinIntoTheWhole()
{
    QueryTableRequest whole = request(u"types"_s);
    whole.columns = QueryColumns{QStringList{u"tags"_s, u"id"_s, u"st"_s}, {}};
    whole.withRowId = true;
    const auto all = query(whole);
    QVERIFY(all);
    QCOMPARE(all->columns.size(), 4);
    QCOMPARE(all->columns.at(1).name, u"tags"_s);
    QCOMPARE(all->columns.at(2).name, u"id"_s);
    const auto expected = rowsOf(*all);
    nlohmann::ordered_json joined = nlohmann::ordered_json::array();
    // Pages across the fragments' boundaries (2,000 rows, then 993, then 4).
    for (qint64 offset = 0; offset < all->rows; offset += 701) {
        QueryTableRequest page = whole;
        page.offset = offset;
        page.k = 701;
        const auto got = query(page);
        QVERIFY(got);
        QCOMPARE(got->rows, std::min<qint64>(701, all->rows - offset));
        for (const auto &row : rowsOf(*got)) {
            joined.push_back(row);
        }
    }
    QVERIFY(joined == expected);
    // Past the end: no rows, the same columns.
    QueryTableRequest past = whole;
    past.offset = 5000;
    const auto none = query(past);
    QVERIFY(none);
    QCOMPARE(none->rows, 0);
    QCOMPARE(none->columns.size(), 4);
}

void TestEngineQuery::anEarlierVersion()
{
    QueryTableRequest first = request(u"types"_s);
    first.version = 1;
    first.columns = QueryColumns{QStringList{u"id"_s, u"cat"_s}, {}};
    const auto table = query(first);
    QVERIFY(table);
    QCOMPARE(table->rows, 2000);
    const auto rows = rowsOf(*table);
    QCOMPARE(rows[1999][0].get<qint64>(), 1999);
    for (const auto &row : rows) {
        QVERIFY(row[1] != nlohmann::ordered_json("updated"));
    }
}

void TestEngineQuery::aBranch()
{
    QueryTableRequest main = request(u"metrics"_s);
    main.version = 5;
    const auto atFive = query(main);
    QVERIFY(atFive);
    QueryTableRequest branch = request(u"metrics"_s);
    branch.branch = u"experiment"_s;
    const auto experiment = query(branch);
    QVERIFY(experiment);
    // LanceDB counted 15 rows on the branch (health.json's experimentRows): version 5's and an
    // append.
    QCOMPARE(experiment->rows, 15);
    QVERIFY(experiment->rows > atFive->rows);
}

void TestEngineQuery::aFilter()
{
    // Version 4 keeps 2,993 rows; the filter the rows whose `nint` is null, paged.
    QueryTableRequest all = request(u"types"_s);
    all.withRowId = true;
    const auto whole = query(all);
    QVERIFY(whole);
    const auto rows = rowsOf(*whole);
    nlohmann::ordered_json expected = nlohmann::ordered_json::array();
    for (const auto &row : rows) {
        if (row[14].is_null()) { // _rowid, then id ... nint
            expected.push_back(row);
        }
    }
    QCOMPARE(whole->columns.at(14).name, u"nint"_s);
    QVERIFY(expected.size() > 100);
    QueryTableRequest filtered = all;
    filtered.filter = u"  nint IS NULL  "_s;
    const auto kept = query(filtered);
    QVERIFY(kept);
    QVERIFY(rowsOf(*kept) == expected);
    QueryTableRequest page = filtered;
    page.offset = 100;
    page.k = 7;
    const auto some = query(page);
    QVERIFY(some);
    QCOMPARE(some->rows, 7);
    for (qint64 r = 0; r < 7; ++r) {
        QVERIFY(rowsOf(*some)[size_t(r)] == expected[size_t(100 + r)]);
    }
    // At version 1, in the columns asked for.
    QueryTableRequest first = request(u"types"_s);
    first.version = 1;
    first.filter = u"id >= 1998"_s;
    first.columns = QueryColumns{QStringList{u"cat"_s, u"id"_s}, {}};
    const auto two = query(first);
    QVERIFY(two);
    QCOMPARE(two->rows, 2);
    QCOMPARE(two->columns.size(), 2);
    QCOMPARE(rowsOf(*two)[1][1].get<qint64>(), 1999);
    // Blank is no filter.
    QueryTableRequest blank = request(u"types"_s);
    blank.filter = u"   "_s;
    const auto none = query(blank);
    QVERIFY(none);
    QCOMPARE(none->rows, 2993);
}

void TestEngineQuery::refusals()
{
    const auto refused
        = [&](const QueryTableRequest &request, ErrorCode code, const QString &words) {
              auto answer = m_engine->run(request);
              if (answer) {
                  qWarning() << "answered" << answer->data.size() << "bytes";
                  return false;
              }
              if (answer.error().serverCode() != int(code)
                  || !answer.error().userMessage().contains(words)) {
                  qWarning().noquote() << answer.error().userMessage();
                  return false;
              }
              return true;
          };
    QueryTableRequest search = request(u"types"_s);
    search.vector.given = true;
    QVERIFY(refused(search, ErrorCode::Unsupported, u"vector"_s));
    QueryTableRequest combined = request(u"types"_s);
    combined.filter = u"id > 3 AND id < 5"_s;
    QVERIFY(refused(combined, ErrorCode::InvalidInput, u"AND"_s));
    QueryTableRequest mismatch = request(u"types"_s);
    mismatch.filter = u"name > 3"_s;
    QVERIFY(refused(mismatch, ErrorCode::InvalidInput, u"type"_s));
    QueryTableRequest unknown = request(u"types"_s);
    unknown.filter = u"nope IS NULL"_s;
    QVERIFY(refused(unknown, ErrorCode::TableColumnNotFound, u"nope"_s));
    QueryTableRequest many = request(u"types"_s);
    many.k = 1000000;
    QVERIFY(refused(many, ErrorCode::InvalidInput, u"1000000"_s));
    QueryTableRequest column = request(u"types"_s);
    column.columns = QueryColumns{QStringList{u"nope"_s}, {}};
    QVERIFY(refused(column, ErrorCode::TableColumnNotFound, u"nope"_s));
    QueryTableRequest version = request(u"types"_s);
    version.version = 99;
    QVERIFY(refused(version, ErrorCode::TableVersionNotFound, u"99"_s));
    QueryTableRequest table = request(u"missing"_s);
    QVERIFY(refused(table, ErrorCode::TableNotFound, u"missing"_s));
}

LCB_TEST_GUILESS_MAIN(TestEngineQuery)
#include "TestEngineQuery.moc"
