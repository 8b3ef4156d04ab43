// SPDX-License-Identifier: Apache-2.0
// rows::RowFilter on its own: what it refuses (each bad filter with its error code and a word of
// its sentence), how it spells what it accepts (keywords in any case, quoted names and text,
// comments, the literal first), and what it keeps of columns made here, where LanceDB's fixture
// tables have no such values: uint64 above 2^63, half floats, -0.0 and NaN side by side, text
// beyond ASCII for byte order and LIKE's `_`, escaped `%`. TestRowsAgainstLanceDb checks the
// same filters against LanceDB on real tables.
#include "TestRegistry.h"
#include "api/ErrorCode.h"
#include "rows/FieldTree.h"
#include "rows/RowFilter.h"

#include <QFloat16>
#include <QTest>
#include <QtEndian>

#include <cmath>
#include <cstring>
#include <limits>

using namespace Qt::StringLiterals;
using namespace lance;
using lance::api::ErrorCode;

namespace {

// A schema with a column of each kind the filter meets; `parent` ids nest lists and structs.
rows::FieldTree schema()
{
    QList<format::ManifestContents::SchemaField> fields;
    qint32 id = 0;
    const auto add = [&](const QString &name, const QString &type, qint32 parent = -1) {
        format::ManifestContents::SchemaField field;
        field.id = id++;
        field.parentId = parent;
        field.name = name;
        field.logicalType = type;
        field.nullable = true;
        fields.append(field);
        return field.id;
    };
    add(u"id"_s, u"int64"_s);
    add(u"i8"_s, u"int8"_s);
    add(u"u8"_s, u"uint8"_s);
    add(u"u64"_s, u"uint64"_s);
    add(u"h"_s, u"halffloat"_s);
    add(u"f32"_s, u"float"_s);
    add(u"f64"_s, u"double"_s);
    add(u"flag"_s, u"bool"_s);
    add(u"name"_s, u"string"_s);
    add(u"Name"_s, u"string"_s);
    add(u"Mixed"_s, u"large_string"_s);
    add(u"my col"_s, u"int32"_s);
    add(u"odd`name"_s, u"int32"_s);
    add(u"and"_s, u"int32"_s);
    add(u"d"_s, u"date32:day"_s);
    add(u"ts"_s, u"timestamp:us:UTC"_s);
    add(u"bin"_s, u"binary"_s);
    add(u"dec"_s, u"decimal:128:10:2"_s);
    const qint32 tags = add(u"tags"_s, u"list"_s);
    add(u"item"_s, u"string"_s, tags);
    const qint32 st = add(u"st"_s, u"struct"_s);
    add(u"x"_s, u"int32"_s, st);
    auto tree = rows::FieldTree::build(fields);
    if (!tree) {
        qFatal("%s", qPrintable(tree.error().userMessage()));
    }
    return *tree;
}

template <typename T>
rows::ColumnArray fixed(const QString &type, const QList<std::optional<T>> &values)
{
    rows::ColumnArray out;
    out.type = *rows::ValueType::parse(type);
    out.length = values.size();
    out.values.resize(values.size() * qsizetype(sizeof(T)));
    for (qsizetype i = 0; i < values.size(); ++i) {
        const T value = values.at(i).value_or(T{});
        std::memcpy(out.values.data() + i * qsizetype(sizeof(T)), &value, sizeof(T));
        if (!values.at(i)) {
            out.validity.resize(values.size(), '\1');
            out.validity[i] = '\0';
        }
    }
    return out;
}

rows::ColumnArray text(const QList<std::optional<QString>> &values)
{
    rows::ColumnArray out;
    out.type = *rows::ValueType::parse(u"string"_s);
    out.length = values.size();
    out.offsets.append(0);
    for (qsizetype i = 0; i < values.size(); ++i) {
        out.values.append(values.at(i).value_or(QString()).toUtf8());
        out.offsets.append(out.values.size());
        if (!values.at(i)) {
            out.validity.resize(values.size(), '\1');
            out.validity[i] = '\0';
        }
    }
    return out;
}

QList<qint64> kept(const QString &where, const rows::ColumnArray &values)
{
    const auto filter = rows::RowFilter::parse(where, schema());
    if (!filter) {
        qWarning().noquote() << where << ":" << filter.error().userMessage();
        return {-1};
    }
    return filter->matchingRows(values);
}

} // namespace

class TestRowFilter : public QObject
{
    Q_OBJECT

private slots:
    void refusals_data()
    {
        QTest::addColumn<QString>("where");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("word");
        const int invalid = int(ErrorCode::InvalidInput);
        const QList<std::tuple<const char *, int, const char *>> cases{
            {"", invalid, "empty"},
            {"   -- only a comment", invalid, "empty"},
            {"nope = 1", int(ErrorCode::TableColumnNotFound), "nope"},
            {"`my_col` = 1", int(ErrorCode::TableColumnNotFound), "my_col"},
            {"id = 1 AND id = 2", invalid, "AND"},
            {"id = 1 or id = 2", invalid, "OR"},
            {"(id = 1) AND (id = 2)", invalid, "AND"},
            {"id = i8", invalid, "column"},
            {"1 = 1", invalid, "no column"},
            {"abs(id) = 1", invalid, "abs()"},
            {"id + 1 = 2", invalid, "arithmetic"},
            {"id = 1 + 1", invalid, "goes on"},
            {"id % 10 = 0", invalid, "arithmetic"},
            {"st.x = 1", invalid, "top-level"},
            {"tags[1] = 'a'", invalid, "["},
            {"\"name\" = 'a'", invalid, "backticks"},
            {"name = \"a\"", invalid, "double quotes"},
            {"name = 'a", invalid, "closing quote"},
            {"`name = 'a'", invalid, "backtick"},
            {"name > 3", invalid, "type"},
            {"id = '5'", invalid, "type"},
            {"id = 5.0", invalid, "type"},
            {"id = 1e3", invalid, "type"},
            {"flag = 1", invalid, "type"},
            {"f64 = 'NaN'", invalid, "type"},
            {"i8 = 300", invalid, "range"},
            {"i8 = -129", invalid, "range"},
            {"u8 = 256", invalid, "range"},
            {"u64 > -1", invalid, "range"},
            {"u64 = 18446744073709551616", invalid, "range"},
            {"id = 9223372036854775808", invalid, "range"},
            {"d > 19723", invalid, "date"},
            {"ts > 1704067200000000", invalid, "timestamp"},
            {"bin = 'ab'", invalid, "binary"},
            {"dec = 1", invalid, "decimal"},
            {"tags = 'a'", invalid, "list"},
            {"st = 1", invalid, "struct"},
            {"id = NULL", invalid, "IS NULL"},
            {"id IN (1, NULL)", invalid, "IS NULL"},
            {"id LIKE '1%'", invalid, "LIKE"},
            {"name LIKE 5", invalid, "pattern"},
            {"name LIKE 'a%' ESCAPE '!'", invalid, "ESCAPE"},
            {"name ILIKE 'a%'", invalid, "ILIKE"},
            {"id IS TRUE", invalid, "true or false"},
            {"id", invalid, "true or false"},
            {"NOT (id = 1)", invalid, "NOT"},
            {"NOT id = 1", invalid, "NOT"},
            {"id IS 5", invalid, "NULL, TRUE or FALSE"},
            {"id IN 1", invalid, "("},
            {"id IN (1 2)", invalid, "“,”"},
            {"id BETWEEN 1 OR 2", invalid, "AND"},
            {"id = ", invalid, "the end"},
            {"id == 5", invalid, "="},
            {"id = 5 5", invalid, "goes on"},
            {"id = 5x", invalid, "5x"},
            {"id = --5", invalid, "the end"},
            {"id = - name", invalid, "minus"},
            {"id ~ 5", invalid, "~"},
            {"(id = 5", invalid, ")"},
            {"5", invalid, "alone"},
            {"and = 1", invalid, "column or a value"},
        };
        for (const auto &[where, code, word] : cases) {
            QTest::newRow(where) << QString::fromUtf8(where) << code << QString::fromUtf8(word);
        }
    }

    void refusals()
    {
        QFETCH(QString, where);
        QFETCH(int, code);
        QFETCH(QString, word);
        const auto filter = rows::RowFilter::parse(where, schema());
        if (filter) {
            QFAIL(qPrintable(u"accepted, on %1"_s.arg(filter->column())));
        }
        const QString message = filter.error().userMessage();
        QVERIFY2(filter.error().serverCode() == code, qPrintable(message));
        QVERIFY2(message.contains(word), qPrintable(message));
    }

    // The spellings Lance reads, each naming the column it means.
    void spellings_data()
    {
        QTest::addColumn<QString>("where");
        QTest::addColumn<QString>("column");
        const QList<std::pair<const char *, const char *>> cases{
            {"id = 5", "id"},
            {"  id=5  ", "id"},
            {"ID = 5", "id"},                // no exact match: the one spelled in other cases
            {"Name = 'a'", "Name"},          // an exact match first
            {"NAME = 'a'", "name"},          // else the first in schema order
            {"mixed LIKE 'a%'", "Mixed"},    // any case, large_string too
            {"`my col` = 1", "my col"},      // backticks around a name with a space
            {"`odd``name` = 1", "odd`name"}, // a doubled backtick
            {"`and` = 1", "and"},            // a keyword as a name, in backticks
            {"5 <= id", "id"},
            {"((id IN (1, 2)))", "id"},
            {"id not between -5 and 5", "id"},
            {"name = 'it''s' -- a comment", "name"},
            {"flag", "flag"},
            {"not flag", "flag"},
            {"flag is not true", "flag"},
            {"tags IS NULL", "tags"},
            {"st is not null", "st"},
            {"d IS NULL", "d"},
            {"u64 = 18446744073709551615", "u64"},
            {"id = -9223372036854775808", "id"},
            {"f64 > .5e-3", "f64"},
            {"f64 < 1e999", "f64"},
            {"h >= -2", "h"},
        };
        for (const auto &[where, column] : cases) {
            QTest::newRow(where) << QString::fromUtf8(where) << QString::fromUtf8(column);
        }
    }

    void spellings()
    {
        QFETCH(QString, where);
        QFETCH(QString, column);
        const auto filter = rows::RowFilter::parse(where, schema());
        if (!filter) {
            QFAIL(qPrintable(filter.error().userMessage()));
        }
        QCOMPARE(filter->column(), column);
        QCOMPARE(filter->text(), where);
    }

    void integersCompareExactly()
    {
        const auto u64 = fixed<quint64>(u"uint64"_s, {std::numeric_limits<quint64>::max(),
                                                      quint64{1} << 63, (quint64{1} << 53) + 1,
                                                      quint64{1} << 53, 0, std::nullopt});
        QCOMPARE(kept(u"u64 = 18446744073709551615"_s, u64), QList<qint64>{0});
        QCOMPARE(kept(u"u64 > 9223372036854775807"_s, u64), (QList<qint64>{0, 1}));
        // 2^53 + 1 is not 2^53, as it would be through a double.
        QCOMPARE(kept(u"u64 = 9007199254740993"_s, u64), QList<qint64>{2});
        QCOMPARE(kept(u"u64 <> 9007199254740992"_s, u64), (QList<qint64>{0, 1, 2, 4}));
        QCOMPARE(kept(u"u64 <= 0"_s, u64), QList<qint64>{4});
        QCOMPARE(kept(u"u64 IS NULL"_s, u64), QList<qint64>{5});
        const auto id = fixed<qint64>(u"int64"_s,
                                      {std::numeric_limits<qint64>::min(), -1, 0,
                                       (qint64{1} << 53) + 1, std::numeric_limits<qint64>::max()});
        QCOMPARE(kept(u"id < -1"_s, id), QList<qint64>{0});
        QCOMPARE(kept(u"id = -9223372036854775808"_s, id), QList<qint64>{0});
        QCOMPARE(kept(u"id > 9007199254740992"_s, id), (QList<qint64>{3, 4}));
        QCOMPARE(kept(u"id BETWEEN -1 AND 0"_s, id), (QList<qint64>{1, 2}));
        const auto i8 = fixed<qint8>(u"int8"_s, {-128, -1, 0, 127, std::nullopt});
        QCOMPARE(kept(u"i8 < 0"_s, i8), (QList<qint64>{0, 1}));
        QCOMPARE(kept(u"i8 NOT IN (-128, 127)"_s, i8), (QList<qint64>{1, 2}));
        const auto u8 = fixed<quint8>(u"uint8"_s, {255, 128, 0});
        QCOMPARE(kept(u"u8 > 127"_s, u8), (QList<qint64>{0, 1}));
    }

    // Arrow's total order: -NaN < -Infinity < ... < -0.0 < 0.0 < ... < Infinity < NaN.
    void floatsInTotalOrder()
    {
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const double inf = std::numeric_limits<double>::infinity();
        const auto f64
            = fixed<double>(u"double"_s, {nan, inf, -inf, 0.0, -0.0, 1.5, -nan, std::nullopt});
        QCOMPARE(kept(u"f64 > 1e308"_s, f64), (QList<qint64>{0, 1}));
        QCOMPARE(kept(u"f64 < -1e308"_s, f64), (QList<qint64>{2, 6}));
        QCOMPARE(kept(u"f64 = 0"_s, f64), QList<qint64>{3});
        QCOMPARE(kept(u"f64 = -0.0"_s, f64), QList<qint64>{4});
        QCOMPARE(kept(u"f64 >= 0"_s, f64), (QList<qint64>{0, 1, 3, 5}));
        QCOMPARE(kept(u"f64 <> 1.5"_s, f64), (QList<qint64>{0, 1, 2, 3, 4, 6}));
        QCOMPARE(kept(u"f64 = 1e999"_s, f64), QList<qint64>{1});
        // A float column's literal is the float nearest it: 0.1 equals the stored 0.1f.
        const auto f32 = fixed<float>(u"float"_s, {0.1f, 0.2f, std::nanf("")});
        QCOMPARE(kept(u"f32 = 0.1"_s, f32), QList<qint64>{0});
        QCOMPARE(kept(u"f32 > 0.1"_s, f32), (QList<qint64>{1, 2}));
        // Half floats: 0.1 is the half nearest it.
        const auto h = fixed<qfloat16>(u"halffloat"_s,
                                       {qfloat16(0.1f), qfloat16(-2.0f), qfloat16(65504.0f)});
        QCOMPARE(kept(u"h = 0.1"_s, h), QList<qint64>{0});
        QCOMPARE(kept(u"h < 0"_s, h), QList<qint64>{1});
        QCOMPARE(kept(u"h >= 65504"_s, h), QList<qint64>{2});
    }

    void booleansAndNulls()
    {
        const auto flag = fixed<quint8>(u"bool"_s, {quint8(1), quint8(0), std::nullopt, quint8(1)});
        QCOMPARE(kept(u"flag"_s, flag), (QList<qint64>{0, 3}));
        QCOMPARE(kept(u"flag = TRUE"_s, flag), (QList<qint64>{0, 3}));
        QCOMPARE(kept(u"NOT flag"_s, flag), QList<qint64>{1});
        QCOMPARE(kept(u"flag <> true"_s, flag), QList<qint64>{1});
        QCOMPARE(kept(u"flag < TRUE"_s, flag), QList<qint64>{1});
        QCOMPARE(kept(u"flag IS NOT TRUE"_s, flag), (QList<qint64>{1, 2}));
        QCOMPARE(kept(u"flag IS NOT FALSE"_s, flag), (QList<qint64>{0, 2, 3}));
        QCOMPARE(kept(u"flag IS FALSE"_s, flag), QList<qint64>{1});
        QCOMPARE(kept(u"flag IS NULL"_s, flag), QList<qint64>{2});
    }

    // Byte by byte, UTF-8: "é" (c3 a9) sorts after "z"; LIKE's `_` is one character, however
    // many bytes it takes; a backslash makes `%` and `_` plain.
    void textByteWiseAndLike()
    {
        const auto name = text(
            {u"abc"_s, u"z"_s, u"é"_s, u"ab"_s, u""_s, std::nullopt, u"a%c"_s, u"aéc"_s, u"a_c"_s});
        QCOMPARE(kept(u"name > 'z'"_s, name), QList<qint64>{2});
        QCOMPARE(kept(u"name < 'abc'"_s, name), (QList<qint64>{3, 4, 6, 8}));
        QCOMPARE(kept(u"name = ''"_s, name), QList<qint64>{4});
        QCOMPARE(kept(u"name <> 'abc'"_s, name), (QList<qint64>{1, 2, 3, 4, 6, 7, 8}));
        QCOMPARE(kept(u"name LIKE 'a_c'"_s, name), (QList<qint64>{0, 6, 7, 8}));
        QCOMPARE(kept(u"name LIKE 'a\\%c'"_s, name), QList<qint64>{6});
        QCOMPARE(kept(u"name LIKE 'a\\_c'"_s, name), QList<qint64>{8});
        QCOMPARE(kept(u"name LIKE '_'"_s, name), (QList<qint64>{1, 2}));
        QCOMPARE(kept(u"name LIKE '%'"_s, name), (QList<qint64>{0, 1, 2, 3, 4, 6, 7, 8}));
        QCOMPARE(kept(u"name LIKE '%c%'"_s, name), (QList<qint64>{0, 6, 7, 8}));
        QCOMPARE(kept(u"name NOT LIKE 'a%'"_s, name), (QList<qint64>{1, 2, 4}));
        QCOMPARE(kept(u"name LIKE 'ab'"_s, name), QList<qint64>{3});
        QCOMPARE(kept(u"name IN ('z', 'é', 'q')"_s, name), (QList<qint64>{1, 2}));
        QCOMPARE(kept(u"name NOT IN ('z', 'é')"_s, name), (QList<qint64>{0, 3, 4, 6, 7, 8}));
        QCOMPARE(kept(u"name BETWEEN 'ab' AND 'abc'"_s, name), (QList<qint64>{0, 3}));
    }
};

LCB_TEST_GUILESS_MAIN(TestRowFilter)
#include "TestRowFilter.moc"
