// SPDX-License-Identifier: Apache-2.0
// Every version of the tables LanceDB 0.31.0 wrote into tests/data/lance, read by VersionRows
// and by LanceDB itself (tests/node/read-rows.mjs: checkout(v), a scan with `_rowid`), compared
// row by row and value by value: mini-block, full-zip and all-null pages, bit-packing, RLE,
// FSST, dictionaries, zstd, nested lists and structs with nulls at every level, vectors, and
// deletion files of both kinds; appends, deletes, updates, added, renamed and dropped columns,
// overwrite and compaction; a table LanceDB wrote in file format 2.0, and one with stable row
// ids (whose `_rowid` is the id a row keeps when it moves).
#include "LanceFixture.h"
#include "StorageEmulator.h"
#include "TestData.h"
#include "TestRegistry.h"
#include "api/ErrorCode.h"
#include "format/ManifestDecoder.h"
#include "rows/FieldTree.h"
#include "rows/RowChanges.h"
#include "rows/RowFilter.h"
#include "rows/RowsOnlyIn.h"
#include "rows/ValueJson.h"
#include "rows/VersionRows.h"
#include "storage/LocalStore.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using namespace lance;
using Json = nlohmann::ordered_json;

namespace {

// The `table` column of a data-driven test: each of `tables`, under tests/data/lance.
void addTables(std::initializer_list<const char *> tables)
{
    QTest::addColumn<QString>("table");
    for (const char *table : tables) {
        QTest::newRow(table) << test::TestData::path(u"lance/"_s + QLatin1StringView(table));
    }
}

// What LanceDB read of each version, under each of `wheres` (none: the whole version, under
// the empty filter): filter -> version -> {"columns": [...], "rows": [[...]]}. One run of
// Node for the whole list: starting LanceDB costs more than most reads.
QHash<QString, QMap<quint64, Json>>
lanceDbReadsWhere(const QString &table, const QStringList &wheres, const QString &columns = {})
{
    QProcess node;
    node.setWorkingDirectory(test::StorageEmulator::nodeTestsPath());
    QStringList arguments{u"read-rows.mjs"_s, table};
    for (const QString &where : wheres) {
        arguments << u"--where"_s << where;
    }
    if (!columns.isEmpty()) {
        arguments << u"--columns"_s << columns;
    }
    node.start(test::StorageEmulator::nodeExecutable(), arguments);
    if (!node.waitForFinished(300000) || node.exitCode() != 0) {
        qWarning().noquote() << node.readAllStandardError();
        return {};
    }
    QHash<QString, QMap<quint64, Json>> out;
    for (const QByteArray &line : node.readAllStandardOutput().split('\n')) {
        if (!line.trimmed().isEmpty()) {
            Json read = Json::parse(line.toStdString());
            const QString where = read.contains("where")
                                      ? QString::fromStdString(read["where"].get<std::string>())
                                      : QString();
            out[where].insert(read["version"].get<quint64>(), read);
        }
    }
    return out;
}

// What LanceDB read of each version: version -> {"columns": [...], "rows": [[...]]}.
QMap<quint64, Json> lanceDbReads(const QString &table)
{
    return lanceDbReadsWhere(table, {}).value(QString());
}

} // namespace

class TestRowsAgainstLanceDb : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        if (test::StorageEmulator::nodeExecutable().isEmpty()) {
            QFAIL("Node.js was not found when the tests were configured.");
        }
    }

    void everyVersionMatches_data()
    {
        addTables({"rows/types.lance", "rows/wide.lance", "rows/bigtext.lance",
                   "rows/deletions.lance", "rows/stable.lance", "rows/legacy.lance",
                   "history/lancedb-0.31.0/events.lance", "people.lance", "health/metrics.lance"});
    }

    void everyVersionMatches()
    {
        QFETCH(QString, table);
        matchesLanceDb(table, QString(), QString(), lanceDbReads(table));
    }

    // Filters of every kind, on every version, against the same filters in LanceDB: each
    // operator, nulls, text, negative numbers, uint64 above 2^53, NaN and the infinities,
    // booleans, IN, BETWEEN, LIKE, a filter that keeps nothing; the rows, their order, their
    // `_rowid` and values are LanceDB's. Some filters over `types` read its columns without
    // lists and structs: LanceDB 0.31 reads the rows a filter keeps by row id, and there it
    // panics on some list columns and loses the null of some structs (its own scan, which
    // everyVersionMatches compares with, has them right).
    void filteredRowsMatch_data()
    {
        QTest::addColumn<QString>("table");
        QTest::addColumn<QString>("where");
        QTest::addColumn<QString>("columns");
        const auto filters = filterGroups();
        for (const auto &[table, columns, wheres] : filters) {
            for (const QString &where : wheres) {
                QTest::newRow(
                    qPrintable(u"%1: %2%3"_s.arg(QLatin1StringView(table), where,
                                                 columns.isEmpty() ? QString() : u" (no lists)"_s)))
                    << test::TestData::path(u"lance/"_s + QLatin1StringView(table)) << where
                    << columns;
            }
        }
    }

    void filteredRowsMatch()
    {
        QFETCH(QString, table);
        QFETCH(QString, where);
        QFETCH(QString, columns);
        const QString group = table + u'|' + columns;
        if (!m_filtered.contains(group)) {
            QStringList wheres;
            for (const auto &[path, selected, list] : filterGroups()) {
                if (table.endsWith(QLatin1StringView(path)) && selected == columns) {
                    wheres << list;
                }
            }
            m_filtered.insert(group, lanceDbReadsWhere(table, wheres, columns));
        }
        matchesLanceDb(table, where, columns, m_filtered.value(group).value(where));
    }

    // A window (offset, limit) of the kept rows, read on its own, is that window of all of
    // them: across windows of the filter's column, fragments and deletions.
    void filteredWindowsAreSlicesOfTheWhole_data()
    {
        QTest::addColumn<QString>("table");
        QTest::addColumn<QString>("where");
        const QList<std::pair<const char *, const char *>> filters{
            {"rows/types.lance", "nint IS NOT NULL"},
            {"rows/types.lance", "cat LIKE '%a'"},
            {"rows/types.lance", "id IN (1, 2, 3, 6, 7, 2500, 2998, 2999)"},
            {"rows/deletions.lance", "label >= 'r5'"},
            {"rows/stable.lance", "score < 50"},
        };
        for (const auto &[table, where] : filters) {
            QTest::newRow(
                qPrintable(u"%1: %2"_s.arg(QLatin1StringView(table), QLatin1StringView(where))))
                << test::TestData::path(u"lance/"_s + QLatin1StringView(table))
                << QString::fromLatin1(where);
        }
    }

    void filteredWindowsAreSlicesOfTheWhole()
    {
        QFETCH(QString, table);
        QFETCH(QString, where);
        windowsAreSlices(table, where);
    }

    // Any window of rows, read on its own (only the chunks that hold it), is the same as that
    // window of the whole read above: across chunk and fragment boundaries, in columns with
    // and without lists, with deleted rows.
    void windowsAreSlicesOfTheWhole_data()
    {
        addTables({"rows/types.lance", "rows/wide.lance", "rows/deletions.lance",
                   "rows/stable.lance", "rows/legacy.lance"});
    }

    void windowsAreSlicesOfTheWhole()
    {
        QFETCH(QString, table);
        windowsAreSlices(table, QString());
    }

    // A filter is parsed against a version's schema; one parsed against another schema, where
    // its column is of another type or missing, is refused rather than read as the wrong type.
    void aFilterOfAnotherSchemaIsRefused()
    {
        const QString table = test::TestData::path(u"lance/rows/types.lance"_s);
        const QMap<quint64, QString> manifests = test::LanceFixture::manifests(table);
        const auto manifest = format::ManifestDecoder::readFile(manifests.last());
        QVERIFY(manifest);
        const format::ManifestReferences::Place place{
            u"_versions/"_s + QFileInfo(manifests.last()).fileName(), QString(), table};
        storage::LocalStore store;
        const auto readWith = [&](const QString &name, const QString &type) {
            format::ManifestContents::SchemaField field;
            field.name = name;
            field.logicalType = type;
            const auto other = rows::FieldTree::build({field});
            const auto filter = rows::RowFilter::parse(name + u" = 1"_s, *other);
            rows::VersionRows::Request request;
            request.filter = *filter;
            return rows::VersionRows::read(store, table + u'/', *manifest, place, request,
                                           storage::CallControl());
        };
        const auto narrower = readWith(u"id"_s, u"int8"_s);
        QVERIFY(!narrower);
        QVERIFY2(narrower.error().userMessage().contains(u"int64"_s),
                 qPrintable(narrower.error().userMessage()));
        const auto missing = readWith(u"ghost"_s, u"int64"_s);
        QVERIFY(!missing);
        QCOMPARE(missing.error().serverCode(), int(api::ErrorCode::TableColumnNotFound));
        QVERIFY(readWith(u"i8"_s, u"int8"_s));
    }

    // The rows one version holds and another does not are the difference of LanceDB's own
    // reads of the two (by `_rowid`), and the sample of them, read by address, holds the same
    // values LanceDB read for those rows. With stable row ids, a row both versions hold by id
    // is in both even where an update changed its values or a compaction moved it.
    void rowChangesAreTheDifferenceOfLanceDbsReads_data()
    {
        addTables({"rows/types.lance", "rows/deletions.lance", "rows/stable.lance",
                   "rows/legacy.lance", "history/lancedb-0.31.0/events.lance"});
    }

    void rowChangesAreTheDifferenceOfLanceDbsReads()
    {
        QFETCH(QString, table);
        const QMap<quint64, Json> reads = lanceDbReads(table);
        QVERIFY(!reads.isEmpty());
        const QMap<quint64, QString> manifests = test::LanceFixture::manifests(table);
        storage::LocalStore store;
        // LanceDB's rows of a version, by `_rowid`.
        const auto rowsById = [&](quint64 version) {
            QMap<quint64, Json> out;
            const Json read = reads.value(version);
            for (const Json &row : read["rows"]) {
                out.insert(row[0].get<quint64>(), row);
            }
            return out;
        };
        QList<std::pair<quint64, quint64>> pairs;
        for (auto it = reads.cbegin(); std::next(it) != reads.cend(); ++it) {
            pairs.append({it.key(), std::next(it).key()});
        }
        pairs.append({reads.firstKey(), reads.lastKey()});
        for (const auto &[older, newer] : std::as_const(pairs)) {
            const auto before = format::ManifestDecoder::readFile(manifests.value(older));
            const auto after = format::ManifestDecoder::readFile(manifests.value(newer));
            QVERIFY(before && after);
            const auto place = [&](quint64 version) {
                return format::ManifestReferences::Place{
                    u"_versions/"_s + QFileInfo(manifests.value(version)).fileName(), QString(),
                    table};
            };
            const auto changes = rows::RowChanges::compute(
                {store, table + u'/', *before, place(older)},
                {store, table + u'/', *after, place(newer)}, 5, storage::CallControl());
            if (!changes) {
                QFAIL(qPrintable(changes.error().userMessage()));
            }
            const bool byId = table.endsWith(u"stable.lance"_s);
            QCOMPARE(changes->byStableId, byId);
            const QMap<quint64, Json> from = rowsById(older);
            const QMap<quint64, Json> to = rowsById(newer);
            const auto check =
                [&](const rows::RowChanges::Side &side, const QMap<quint64, Json> &here,
                    const QMap<quint64, Json> &there, const format::ManifestContents &manifest,
                    quint64 version, quint64 otherVersion) {
                    // A row is in both when the other has its `_rowid` with the same values (an
                    // overwrite gives new rows the addresses old ones had), in the columns both
                    // versions have (adding, dropping or renaming a column changes no row).
                    const Json hereColumns = reads.value(version)["columns"];
                    const Json thereColumns = reads.value(otherVersion)["columns"];
                    const auto inBoth = [&](quint64 id) {
                        if (!there.contains(id)) {
                            return false;
                        }
                        if (byId) {
                            return true;
                        }
                        const Json &mine = here.value(id);
                        const Json &theirs = there.value(id);
                        for (size_t c = 1; c < hereColumns.size(); ++c) {
                            for (size_t o = 1; o < thereColumns.size(); ++o) {
                                if (hereColumns[c] == thereColumns[o] && mine[c] != theirs[o]) {
                                    return false;
                                }
                            }
                        }
                        return true;
                    };
                    qint64 expected = 0;
                    for (auto it = here.cbegin(); it != here.cend(); ++it) {
                        expected += inBoth(it.key()) ? 0 : 1;
                    }
                    QCOMPARE(side.rows, expected);
                    const auto sample
                        = rows::VersionRows::readAt(store, table + u'/', manifest, place(version),
                                                    side.sample, {}, storage::CallControl());
                    QVERIFY(sample);
                    QCOMPARE(sample->rowAddresses, side.sample);
                    QCOMPARE(sample->rowIds.isEmpty(), !byId || side.sample.isEmpty());
                    for (qsizetype r = 0; r < side.sample.size(); ++r) {
                        const quint64 id = byId ? sample->rowIds.at(r) : side.sample.at(r);
                        QVERIFY2(here.contains(id) && !inBoth(id), qPrintable(QString::number(id)));
                        for (qsizetype c = 0; c < sample->columns.size(); ++c) {
                            QVERIFY(rows::ValueJson::value(sample->columns.at(c), r)
                                    == here.value(id)[size_t(c + 1)]);
                        }
                    }
                };
            check(changes->onlyInFrom, from, to, *before, older, newer);
            check(changes->onlyInTo, to, from, *after, newer, older);
        }
    }

    // The rows some versions hold and no other version does (what deleting those versions
    // takes out of reach) are the rows of LanceDB's reads of those versions whose `_rowid` no
    // read of another version has: in tables where a `_rowid` is never given to another row
    // (no overwrite), by address and by stable row id. The sample holds LanceDB's values.
    void rowsOnlyInAreThoseNoOtherVersionReads_data()
    {
        addTables(
            {"rows/types.lance", "rows/deletions.lance", "rows/stable.lance", "rows/legacy.lance"});
    }

    void rowsOnlyInAreThoseNoOtherVersionReads()
    {
        QFETCH(QString, table);
        const QMap<quint64, Json> reads = lanceDbReads(table);
        QVERIFY(!reads.isEmpty());
        const QMap<quint64, QString> manifests = test::LanceFixture::manifests(table);
        storage::LocalStore store;
        QMap<quint64, format::ManifestContents> decoded;
        for (auto it = manifests.cbegin(); it != manifests.cend(); ++it) {
            auto manifest = format::ManifestDecoder::readFile(it.value());
            QVERIFY(manifest);
            decoded.insert(it.key(), *manifest);
        }
        const QList<quint64> all = reads.keys();
        QList<QList<quint64>> leavingSets{{all.first()},
                                          {all.last()},
                                          all.mid(0, all.size() - 1),
                                          all.mid(1),
                                          {all.at(all.size() / 2)}};
        QList<quint64> everySecond;
        for (qsizetype i = 0; i < all.size(); i += 2) {
            everySecond << all.at(i);
        }
        leavingSets << everySecond;
        const auto place = [&](quint64 version) {
            return format::ManifestReferences::Place{
                u"_versions/"_s + QFileInfo(manifests.value(version)).fileName(), QString(), table};
        };
        // `Place` is held by reference: one for each version, alive through the test.
        QMap<quint64, format::ManifestReferences::Place> places;
        for (const quint64 version : all) {
            places.insert(version, place(version));
        }
        for (const QList<quint64> &leaving : std::as_const(leavingSets)) {
            std::vector<rows::RowChanges::Version> gone;
            std::vector<rows::RowChanges::Version> kept;
            QMap<quint64, Json> expected; // _rowid -> LanceDB's row, from the first leaving version
            QSet<quint64> staying;
            for (const quint64 version : all) {
                const rows::RowChanges::Version one{store, table + u'/', decoded[version],
                                                    places[version]};
                const bool leaves = leaving.contains(version);
                (leaves ? gone : kept).push_back(one);
                const Json read = reads.value(version); // a copy: a temporary's rows would dangle
                for (const Json &row : read["rows"]) {
                    // The first leaving version's row: the sample reads a row from there
                    // (an update changes the values a stable row id has in later versions).
                    const auto id = row[0].get<quint64>();
                    if (!leaves) {
                        staying.insert(id);
                    } else if (!expected.contains(id)) {
                        expected.insert(id, row);
                    }
                }
            }
            for (const quint64 id : std::as_const(staying)) {
                expected.remove(id);
            }
            const auto only = rows::RowsOnlyIn::compute(gone, kept, 7, storage::CallControl());
            if (!only) {
                QFAIL(qPrintable(only.error().userMessage()));
            }
            const QString which = u"%1 leaving %2"_s.arg(
                table, QString::fromStdString(
                           Json(std::vector<quint64>(leaving.cbegin(), leaving.cend())).dump()));
            QVERIFY2(only->byStableId == table.endsWith(u"stable.lance"_s), qPrintable(which));
            QVERIFY2(only->rows == qint64(expected.size()),
                     qPrintable(u"%1: %2 rows, LanceDB's reads say %3"_s.arg(which)
                                    .arg(only->rows)
                                    .arg(expected.size())));
            QCOMPARE(only->sample.size(), std::min<qsizetype>(7, expected.size()));
            for (const rows::RowsOnlyIn::Sample &sample : only->sample) {
                const rows::RowChanges::Version &from = gone.at(size_t(sample.version));
                const auto row
                    = rows::VersionRows::readAt(store, table + u'/', from.manifest, from.place,
                                                {sample.address}, {}, storage::CallControl());
                QVERIFY(row);
                const quint64 id = only->byStableId ? row->rowIds.at(0) : sample.address;
                QVERIFY2(expected.contains(id), qPrintable(u"%1: _rowid %2"_s.arg(which).arg(id)));
                for (qsizetype c = 0; c < row->columns.size(); ++c) {
                    QVERIFY(rows::ValueJson::value(row->columns.at(c), 0)
                            == expected.value(id)[size_t(c + 1)]);
                }
            }
        }
    }

private:
    // The filters compared with LanceDB: per table and selection of columns (empty: all), the
    // filters, each group read by LanceDB in one run.
    static QList<std::tuple<const char *, QString, QStringList>> filterGroups()
    {
        const QString scalars = u"id,i8,i16,i32,u8,u16,u32,u64,f32,f64,konst,step,flag,nint,ts,"
                                u"d32,cat,short,name,big,bin"_s;
        return QList<std::tuple<const char *, QString, QStringList>>{
            {"rows/types.lance",
             scalars,
             {u"u64 < 100"_s, u"flag = TRUE"_s, u"flag"_s, u"NOT flag"_s, u"flag = false"_s,
              u"flag < true"_s, u"cat IN ('alpha', 'beta')"_s, u"cat NOT IN ('alpha')"_s}},
            {"rows/types.lance",
             QString(),
             {u"id = 5"_s,
              u"id <> 5"_s,
              u"id != 2001"_s,
              u"id < 12"_s,
              u"id <= 12"_s,
              u"id > 2990"_s,
              u"ID >= 2990"_s,
              u"2995 < `id`"_s,
              u"(id = -0)"_s,
              u"id IN (1, 2, 3, 6, 2500, 2999, 4000)"_s,
              u"id BETWEEN 995 AND 1005"_s,
              u"i8 < -120"_s,
              u"i8 IN (-128, 127, 0)"_s,
              u"i16 >= 32000"_s,
              u"i32 = 500"_s,
              u"u8 <= 2"_s,
              u"u16 > 65000"_s,
              u"u32 < 10000000"_s,
              u"u64 > 1152921504606846976"_s,
              u"u64 >= 9007199254740993"_s,
              u"f64 > 1e308"_s,
              u"f64 >= 1.7976931348623157e308"_s,
              u"f64 < -1e308"_s,
              u"f64 = 0"_s,
              u"f64 <> 5"_s,
              u"f64 < -999000"_s,
              u"f64 NOT BETWEEN -999000 AND 999000"_s,
              u"f32 < 0.1"_s,
              u"f32 = 0.054180924"_s,
              u"f32 <= 0.054180924"_s,
              u"konst = 1.5"_s,
              u"step >= 7.25"_s,
              u"flag IS NULL"_s,
              u"flag IS NOT TRUE"_s,
              u"flag IS NOT FALSE"_s,
              u"nint IS NULL"_s,
              u"nint IS NOT NULL"_s,
              u"nint < -999000000000"_s,
              u"nint BETWEEN -100000000 AND 100000000"_s,
              u"cat = 'alpha'"_s,
              u"cat >= 'delta'"_s,
              u"cat LIKE 'al%'"_s,
              u"cat LIKE '_eta'"_s,
              u"cat NOT LIKE '%a'"_s,
              u"cat = 'updated'"_s,
              u"short < 'b'"_s,
              u"short LIKE 'j_'"_s,
              u"name LIKE '%-1_0'"_s,
              u"big > 'm'"_s,
              u"big LIKE '%a_e%'"_s,
              u"tags IS NULL"_s,
              u"st IS NOT NULL"_s,
              u"ls IS NULL"_s,
              u"allnull IS NULL"_s,
              u"id > 100000"_s,
              u"cat = 'zeta' -- no such category"_s}},
            {"rows/deletions.lance",
             QString(),
             {u"id >= 6990"_s, u"label = 'r5'"_s, u"label IN ('r1', 'r50', 'zz')"_s,
              u"label NOT IN ('r1', 'r2')"_s, u"id BETWEEN 995 AND 1010"_s, u"label LIKE 'r9_'"_s,
              u"id < 0"_s}},
            {"rows/stable.lance",
             QString(),
             {u"label IS NULL"_s, u"label = 'updated'"_s, u"score > 99"_s, u"id >= 1490"_s,
              u"label LIKE 's1%'"_s, u"label IN ('s1', 's500', 'updated')"_s}},
        };
    }

    // Every version of `table` read whole (the rows `where` keeps, unless it is empty), and
    // windows of it read on their own: each window is that slice of the whole, row addresses,
    // stable ids and values, and counts the same total.
    void windowsAreSlices(const QString &table, const QString &where)
    {
        const QMap<quint64, QString> manifests = test::LanceFixture::manifests(table);
        storage::LocalStore store;
        for (auto entry = manifests.cbegin(); entry != manifests.cend(); ++entry) {
            const auto manifest = format::ManifestDecoder::readFile(entry.value());
            if (!manifest) {
                QFAIL(qPrintable(manifest.error().userMessage()));
            }
            std::optional<rows::RowFilter> filter;
            if (!where.isEmpty()) {
                const auto tree = rows::FieldTree::build(manifest->fields);
                QVERIFY(tree);
                auto parsed = rows::RowFilter::parse(where, *tree);
                if (!parsed) {
                    QFAIL(qPrintable(parsed.error().userMessage()));
                }
                filter = std::move(*parsed);
            }
            const format::ManifestReferences::Place place{
                u"_versions/"_s + QFileInfo(entry.value()).fileName(), QString(), table};
            const auto read = [&](quint64 offset, quint64 limit) {
                rows::VersionRows::Request request;
                request.offset = offset;
                request.limit = limit;
                request.filter = filter;
                return rows::VersionRows::read(store, table + u'/', *manifest, place, request,
                                               storage::CallControl());
            };
            const auto whole = read(0, std::numeric_limits<quint64>::max());
            if (!whole) {
                QFAIL(qPrintable(whole.error().userMessage()));
            }
            const auto total = quint64(whole->rowAddresses.size());
            QVERIFY(where.isEmpty() || total > 3);
            QCOMPARE(whole->totalRows, total);
            // Across chunks (of 1,024 values and fewer), pages, fragments and the end.
            QList<std::pair<quint64, quint64>> windows{
                {0, 0},     {0, 1},       {0, 100},       {1, 1},     {2, 3},        {255, 3},
                {511, 3},   {1000, 1024}, {1023, 2},      {1024, 1},  {1999, 5},     {2500, 600},
                {2990, 10}, {4990, 40},   {total - 1, 5}, {total, 3}, {total + 9, 1}};
            for (quint64 offset = 7; offset < total; offset += total / 7 + 1) {
                windows.append({offset, std::min<quint64>(total / 3 + 1, 400)});
            }
            for (const auto &[offset, limit] : std::as_const(windows)) {
                const auto part = read(offset, limit);
                if (!part) {
                    QFAIL(qPrintable(u"version %1, rows %2+%3: %4"_s.arg(entry.key())
                                         .arg(offset)
                                         .arg(limit)
                                         .arg(part.error().userMessage())));
                }
                QCOMPARE(part->totalRows, total);
                const quint64 expected = offset >= total ? 0 : std::min(limit, total - offset);
                QCOMPARE(quint64(part->rowAddresses.size()), expected);
                QCOMPARE(part->rowIds.isEmpty(), whole->rowIds.isEmpty() || expected == 0);
                for (quint64 r = 0; r < expected; ++r) {
                    QCOMPARE(part->rowAddresses.at(qsizetype(r)),
                             whole->rowAddresses.at(qsizetype(offset + r)));
                    QCOMPARE(part->rowIds.value(qsizetype(r)),
                             whole->rowIds.value(qsizetype(offset + r)));
                    for (qsizetype c = 0; c < whole->columns.size(); ++c) {
                        const Json ours = rows::ValueJson::value(part->columns.at(c), qint64(r));
                        const Json all
                            = rows::ValueJson::value(whole->columns.at(c), qint64(offset + r));
                        if (ours != all) {
                            QFAIL(qPrintable(u"version %1, row %2 of window %3+%4, column %5:\n "
                                             "window %6\n whole  %7"_s.arg(entry.key())
                                                 .arg(offset + r)
                                                 .arg(offset)
                                                 .arg(limit)
                                                 .arg(whole->columns.at(c).name,
                                                      QString::fromStdString(ours.dump()),
                                                      QString::fromStdString(all.dump()))));
                        }
                    }
                }
            }
        }
    }

    // Every version of `table` read by VersionRows (the rows `where` keeps, unless it is empty;
    // the columns `selected` names, comma-separated, unless empty) is LanceDB's read of it,
    // `expected`: the columns, the rows in order, their `_rowid` and every value.
    void matchesLanceDb(const QString &table, const QString &where, const QString &selected,
                        const QMap<quint64, Json> &expected)
    {
        QVERIFY2(!expected.isEmpty(), "LanceDB did not read the table");
        const QMap<quint64, QString> manifests = test::LanceFixture::manifests(table);
        storage::LocalStore store;
        for (auto entry = expected.cbegin(); entry != expected.cend(); ++entry) {
            const quint64 version = entry.key();
            const Json &read = entry.value();
            QVERIFY2(manifests.contains(version), qPrintable(u"no manifest of %1"_s.arg(version)));
            const auto manifest = format::ManifestDecoder::readFile(manifests.value(version));
            if (!manifest) {
                QFAIL(qPrintable(manifest.error().userMessage()));
            }
            const format::ManifestReferences::Place place{
                u"_versions/"_s + QFileInfo(manifests.value(version)).fileName(), QString(), table};
            rows::VersionRows::Request request;
            request.limit = std::numeric_limits<quint64>::max();
            request.columns = selected.split(u',', Qt::SkipEmptyParts);
            if (!where.isEmpty()) {
                const auto tree = rows::FieldTree::build(manifest->fields);
                QVERIFY(tree);
                auto filter = rows::RowFilter::parse(where, *tree);
                if (!filter) {
                    QFAIL(qPrintable(
                        u"version %1: %2"_s.arg(version).arg(filter.error().userMessage())));
                }
                request.filter = *filter;
            }
            const auto page = rows::VersionRows::read(store, table + u'/', *manifest, place,
                                                      request, storage::CallControl());
            if (!page) {
                QFAIL(qPrintable(u"version %1: %2"_s.arg(version).arg(page.error().userMessage())));
            }

            const Json &columns = read["columns"];
            QCOMPARE(qsizetype(columns.size()), page->columns.size() + 1);
            for (qsizetype c = 0; c < page->columns.size(); ++c) {
                QCOMPARE(page->columns.at(c).name,
                         QString::fromStdString(columns[size_t(c + 1)].get<std::string>()));
            }
            const Json &rows = read["rows"];
            QCOMPARE(page->totalRows, quint64(rows.size()));
            QCOMPARE(quint64(page->rowAddresses.size()), quint64(rows.size()));
            // LanceDB's `_rowid` is the stable row id where the table has them, else the address.
            const bool stable = !page->rowIds.isEmpty();
            QCOMPARE(stable, table.endsWith(u"stable.lance"_s) && !rows.empty());
            const QList<quint64> &ids = stable ? page->rowIds : page->rowAddresses;
            for (size_t r = 0; r < rows.size(); ++r) {
                const Json &row = rows[r];
                QCOMPARE(ids.at(qsizetype(r)), row[0].get<quint64>());
                for (qsizetype c = 0; c < page->columns.size(); ++c) {
                    const Json ours = rows::ValueJson::value(page->columns.at(c), qint64(r));
                    const Json &theirs = row[size_t(c + 1)];
                    if (ours != theirs) {
                        QFAIL(qPrintable(u"version %1, row %2 (_rowid %3), column %4:\n ours    "
                                         "%5\n LanceDB %6"_s.arg(version)
                                             .arg(r)
                                             .arg(ids.at(qsizetype(r)))
                                             .arg(page->columns.at(c).name,
                                                  QString::fromStdString(ours.dump()),
                                                  QString::fromStdString(theirs.dump()))));
                    }
                }
            }
        }
    }

    // LanceDB's filtered reads, by table and selection (filterGroups()), read once.
    QHash<QString, QHash<QString, QMap<quint64, Json>>> m_filtered;
};

LCB_TEST_GUILESS_MAIN(TestRowsAgainstLanceDb)
#include "TestRowsAgainstLanceDb.moc"
