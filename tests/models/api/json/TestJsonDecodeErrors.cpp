// SPDX-License-Identifier: Apache-2.0
#include "TestRegistry.h"
#include "api/JsonCodec.h"

#include <QHash>
#include <QTest>

#include <functional>

using namespace Qt::StringLiterals;
using namespace lance::api;

namespace {

using Decoder = std::function<Result<void>(QByteArrayView)>;

template <typename T> std::pair<QString, Decoder> decoderFor(const QString &name)
{
    return {name, [](QByteArrayView text) {
                T value;
                return json::decodeInto(text, value);
            }};
}

const QHash<QString, Decoder> &decoders()
{
    static const QHash<QString, Decoder> all{
        decoderFor<BatchCommitTablesRequest>(u"BatchCommitTablesRequest"_s),
        decoderFor<BatchCommitTablesResponse>(u"BatchCommitTablesResponse"_s),
        decoderFor<BatchCreateTableVersionsRequest>(u"BatchCreateTableVersionsRequest"_s),
        decoderFor<BatchDeleteTableVersionsRequest>(u"BatchDeleteTableVersionsRequest"_s),
        decoderFor<BatchDeleteTableVersionsResponse>(u"BatchDeleteTableVersionsResponse"_s),
        decoderFor<CreateNamespaceRequest>(u"CreateNamespaceRequest"_s),
        decoderFor<CreateTableVersionRequest>(u"CreateTableVersionRequest"_s),
        decoderFor<DescribeNamespaceResponse>(u"DescribeNamespaceResponse"_s),
        decoderFor<DescribeTableResponse>(u"DescribeTableResponse"_s),
        decoderFor<DropNamespaceRequest>(u"DropNamespaceRequest"_s),
        decoderFor<ErrorResponse>(u"ErrorResponse"_s),
        decoderFor<JsonArrowSchema>(u"JsonArrowSchema"_s),
        decoderFor<ListNamespacesRequest>(u"ListNamespacesRequest"_s),
        decoderFor<ListNamespacesResponse>(u"ListNamespacesResponse"_s),
        decoderFor<ListTableTagsResponse>(u"ListTableTagsResponse"_s),
        decoderFor<ListTableVersionsResponse>(u"ListTableVersionsResponse"_s),
        decoderFor<ListTablesResponse>(u"ListTablesResponse"_s),
        decoderFor<RegisterTableRequest>(u"RegisterTableRequest"_s),
        decoderFor<TableVersion>(u"TableVersion"_s),
        decoderFor<VersionRange>(u"VersionRange"_s),
    };
    return all;
}

// A schema whose fields nest `levels` deep, each level a struct with one field.
QByteArray nestedSchema(int levels)
{
    QByteArray field = R"({"name":"leaf","type":{"type":"int8"},"nullable":true})";
    for (int level = levels - 1; level >= 1; --level) {
        field = R"({"name":"l","nullable":true,"type":{"type":"struct","fields":[)" + field + "]}}";
    }
    return R"({"fields":[)" + field + "]}";
}

// The path of the first field nested deeper than the limit of 64 levels.
QString level65Path()
{
    QString path = u"fields[0]"_s;
    for (int level = 2; level <= 65; ++level) {
        path += u".type.fields[0]"_s;
    }
    return path;
}

const QString OneOf = u"expected exactly one of declare_table, create_table_version, "
                      "delete_table_versions, deregister_table"_s;

// A valid CreateTableVersionResponse as a batch result, and one whose TableVersion is broken.
QByteArray createdResult(const QByteArray &version)
{
    return R"({"create_table_version":{"version":{"version":)" + version
           + R"(,"manifest_path":"p"}}})";
}

} // namespace

class TestJsonDecodeErrors : public QObject
{
    Q_OBJECT

private slots:
    void reportsPathAndProblem_data();
    void reportsPathAndProblem();
    void reportsDeepSchemaCleanly();
};

void TestJsonDecodeErrors::reportsPathAndProblem_data()
{
    QTest::addColumn<QString>("type");
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("detail");
    const QString namespaces = u"ListNamespacesResponse"_s;

    // The document itself.
    QTest::newRow("top-level array")
        << namespaces << QByteArray(R"(["a","b"])") << u"expected a JSON object"_s;
    QTest::newRow("top-level string")
        << namespaces << QByteArray(R"("a")") << u"expected a JSON object"_s;
    QTest::newRow("top-level null")
        << namespaces << QByteArray("null") << u"expected a JSON object"_s;
    QTest::newRow("empty document")
        << namespaces << QByteArray()
        << u"invalid JSON at byte 0: syntax error while parsing value - unexpected end of "
           "input; expected '[', '{', or a literal"_s;
    QTest::newRow("truncated document")
        << namespaces << QByteArray(R"({"namespaces":["a")")
        << u"invalid JSON at byte 18: syntax error while parsing array - unexpected end of "
           "input; expected ']'"_s;
    QTest::newRow("invalid UTF-8")
        << namespaces << QByteArray("{\"namespaces\":[\"\xff\"]}")
        << u"invalid JSON at byte 16: syntax error while parsing value - invalid string: "
           "ill-formed UTF-8 byte; last read: '\"\uFFFD'"_s;
    QTest::newRow("lone surrogate")
        << namespaces << QByteArray(R"({"namespaces":["\ud800"]})")
        << u"invalid JSON at byte 22: syntax error while parsing value - invalid string: "
           "surrogate U+D800..U+DBFF must be followed by U+DC00..U+DFFF; last read: "
           "'\"\\ud800\"'"_s;
    QTest::newRow("trailing garbage")
        << namespaces << QByteArray(R"({"namespaces":[]} x)")
        << u"invalid JSON at byte 18: syntax error while parsing value - invalid literal; "
           "last read: '\"namespaces\":[]} x'; expected end of input"_s;
    QTest::newRow("long token in the message")
        << namespaces << "{\"namespaces\":[\"" + QByteArray(100, 'x') + "\xff\"]}"
        << u"invalid JSON at byte 116: syntax error while parsing value - invalid string: "
           "ill-formed UTF-8 byte; last read: '\u2026"_s
               + QString(39, u'x') + u"\uFFFD'"_s;

    // Missing and mistyped fields.
    QTest::newRow("required list missing") << namespaces << QByteArray(R"({"page_token":"x"})")
                                           << u"namespaces: required field missing"_s;
    QTest::newRow("required list null") << namespaces << QByteArray(R"({"namespaces":null})")
                                        << u"namespaces: required field missing"_s;
    QTest::newRow("required string missing") << u"TableVersion"_s << QByteArray(R"({"version":1})")
                                             << u"manifest_path: required field missing"_s;
    QTest::newRow("expected string in list")
        << namespaces << QByteArray(R"({"namespaces":["a",2]})")
        << u"namespaces[1]: expected string"_s;
    QTest::newRow("expected string")
        << u"TableVersion"_s << QByteArray(R"({"version":1,"manifest_path":true})")
        << u"manifest_path: expected string"_s;
    QTest::newRow("expected array")
        << namespaces << QByteArray(R"({"namespaces":{}})") << u"namespaces: expected array"_s;
    QTest::newRow("expected integer (string)")
        << u"ErrorResponse"_s << QByteArray(R"({"code":"14"})") << u"code: expected integer"_s;
    QTest::newRow("expected integer (1.0)")
        << u"ErrorResponse"_s << QByteArray(R"({"code":1.0})") << u"code: expected integer"_s;
    QTest::newRow("expected integer (1e2)")
        << u"ErrorResponse"_s << QByteArray(R"({"code":1e2})") << u"code: expected integer"_s;
    QTest::newRow("expected boolean")
        << u"DescribeTableResponse"_s << QByteArray(R"({"managed_versioning":"true"})")
        << u"managed_versioning: expected boolean"_s;
    QTest::newRow("expected object") << u"DescribeTableResponse"_s << QByteArray(R"({"schema":[]})")
                                     << u"schema: expected object"_s;
    QTest::newRow("nested wrong type")
        << u"DescribeTableResponse"_s
        << QByteArray(R"({"schema":{"fields":[{"name":"a","type":{"type":5},"nullable":true}]}})")
        << u"schema.fields[0].type.type: expected string"_s;
    QTest::newRow("nested required missing")
        << u"DescribeTableResponse"_s
        << QByteArray(R"({"schema":{"fields":[{"name":"a","type":{"type":"utf8"}}]}})")
        << u"schema.fields[0].nullable: required field missing"_s;
    QTest::newRow("request id not a list")
        << u"ListNamespacesRequest"_s << QByteArray(R"({"id":"a$b"})") << u"id: expected array"_s;

    // Integers: exact int64, and the spec's minimum 0.
    QTest::newRow("beyond int64") << u"ErrorResponse"_s
                                  << QByteArray(R"({"code":9223372036854775808})")
                                  << u"code: integer out of range"_s;
    QTest::newRow("uint64 max") << u"ErrorResponse"_s
                                << QByteArray(R"({"code":18446744073709551615})")
                                << u"code: integer out of range"_s;
    QTest::newRow("beyond uint64")
        << u"ErrorResponse"_s << QByteArray(R"({"code":100000000000000000000})")
        << u"code: integer out of range"_s;
    QTest::newRow("below int64")
        << u"VersionRange"_s
        << QByteArray(R"({"start_version":-9223372036854775809,"end_version":-1})")
        << u"start_version: integer out of range"_s;
    QTest::newRow("negative version")
        << u"TableVersion"_s << QByteArray(R"({"version":-1,"manifest_path":"p"})")
        << u"version: expected integer >= 0"_s;
    QTest::newRow("negative manifest size")
        << u"TableVersion"_s
        << QByteArray(R"({"version":1,"manifest_path":"p","manifest_size":-5})")
        << u"manifest_size: expected integer >= 0"_s;
    QTest::newRow("negative deleted count")
        << u"BatchDeleteTableVersionsResponse"_s << QByteArray(R"({"deleted_count":-1})")
        << u"deleted_count: expected integer >= 0"_s;
    QTest::newRow("negative limit") << u"ListNamespacesRequest"_s << QByteArray(R"({"limit":-1})")
                                    << u"limit: expected integer >= 0"_s;
    QTest::newRow("negative code")
        << u"ErrorResponse"_s << QByteArray(R"({"code":-1})") << u"code: expected integer >= 0"_s;
    QTest::newRow("negative stats")
        << u"DescribeTableResponse"_s
        << QByteArray(R"({"stats":{"num_deleted_rows":0,"num_fragments":-2}})")
        << u"stats.num_fragments: expected integer >= 0"_s;
    QTest::newRow("negative fixed size")
        << u"JsonArrowSchema"_s
        << QByteArray(
               R"({"fields":[{"name":"v","nullable":true,"type":{"type":"fixed_size_list","length":-4}}]})")
        << u"fields[0].type.length: expected integer >= 0"_s;
    QTest::newRow("version range missing end")
        << u"BatchDeleteTableVersionsRequest"_s
        << QByteArray(R"({"ranges":[{"start_version":0,"end_version":-1},{"start_version":3}]})")
        << u"ranges[1].end_version: required field missing"_s;

    // Enums.
    QTest::newRow("unknown mode")
        << u"CreateNamespaceRequest"_s << QByteArray(R"({"mode":"Replace"})")
        << u"mode: unknown value \"Replace\", expected one of Create, ExistOk, Overwrite"_s;
    QTest::newRow("unknown behavior")
        << u"DropNamespaceRequest"_s << QByteArray(R"({"behavior":"force"})")
        << u"behavior: unknown value \"force\", expected one of Restrict, Cascade"_s;
    QTest::newRow("unknown register mode")
        << u"RegisterTableRequest"_s << QByteArray(R"({"location":"l","mode":"exist_ok"})")
        << u"mode: unknown value \"exist_ok\", expected one of Create, Overwrite"_s;
    QTest::newRow("unknown naming scheme")
        << u"CreateTableVersionRequest"_s
        << QByteArray(R"({"version":1,"manifest_path":"p","naming_scheme":"V3"})")
        << u"naming_scheme: unknown value \"V3\", expected one of V1, V2"_s;
    QTest::newRow("enum not a string")
        << u"CreateNamespaceRequest"_s << QByteArray(R"({"mode":1})") << u"mode: expected string"_s;

    // Maps.
    QTest::newRow("map not an object")
        << u"DescribeNamespaceResponse"_s << QByteArray(R"({"properties":["a"]})")
        << u"properties: expected object"_s;
    QTest::newRow("map value not a string")
        << u"DescribeNamespaceResponse"_s << QByteArray(R"({"properties":{"a":"b","n":1}})")
        << u"properties.n: expected string"_s;
    QTest::newRow("map value null")
        << u"DescribeNamespaceResponse"_s << QByteArray(R"({"properties":{"n":null}})")
        << u"properties.n: expected string"_s;
    QTest::newRow("map key with a dot")
        << u"DescribeNamespaceResponse"_s << QByteArray(R"({"context":{"a.b":false}})")
        << u"context[\"a.b\"]: expected string"_s;
    QTest::newRow("tag entry") << u"ListTableTagsResponse"_s
                               << QByteArray(R"({"tags":{"v1":{"version":-1,"manifestSize":1}}})")
                               << u"tags.v1.version: expected integer >= 0"_s;
    QTest::newRow("tag name with dot and bracket")
        << u"ListTableTagsResponse"_s << QByteArray(R"({"tags":{"a.b[1]":{"version":1}}})")
        << u"tags[\"a.b[1]\"].manifestSize: required field missing"_s;
    QTest::newRow("tag name with quote")
        << u"ListTableTagsResponse"_s << QByteArray(R"({"tags":{"say \"hi\"":{"version":"1"}}})")
        << u"tags[\"say \\\"hi\\\"\"].version: expected integer"_s;
    QTest::newRow("tag not an object")
        << u"ListTableTagsResponse"_s << QByteArray(R"({"tags":{"v1":3}})")
        << u"tags.v1: expected object"_s;
    QTest::newRow("tags missing") << u"ListTableTagsResponse"_s << QByteArray("{}")
                                  << u"tags: required field missing"_s;

    // uniqueItems.
    QTest::newRow("duplicate namespace")
        << namespaces << QByteArray(R"({"namespaces":["a","b","a"]})")
        << u"namespaces[2]: duplicate value \"a\""_s;
    QTest::newRow("duplicate table")
        << u"ListTablesResponse"_s << QByteArray(R"({"tables":["t","t"]})")
        << u"tables[1]: duplicate value \"t\""_s;

    // Lists of objects.
    QTest::newRow("version entry not an object")
        << u"ListTableVersionsResponse"_s
        << QByteArray(R"({"versions":[{"version":1,"manifest_path":"p"},"v2"]})")
        << u"versions[1]: expected object"_s;
    QTest::newRow("batch-create entry without id")
        << u"BatchCreateTableVersionsRequest"_s
        << QByteArray(R"({"entries":[{"version":1,"manifest_path":"p"}]})")
        << u"entries[0].id: required field missing"_s;

    // BatchCommitTables: exactly one kind, nested ids required.
    QTest::newRow("result version as string")
        << u"BatchCommitTablesResponse"_s
        << QByteArray(R"({"results":[)" + createdResult("1") + "," + createdResult("2") + ","
                      + createdResult("\"3\"") + "]}")
        << u"results[2].create_table_version.version.version: expected integer"_s;
    QTest::newRow("result version as fraction")
        << u"BatchCommitTablesResponse"_s
        << QByteArray(R"({"results":[)" + createdResult("1") + "," + createdResult("2") + ","
                      + createdResult("3.5") + "]}")
        << u"results[2].create_table_version.version.version: expected integer"_s;
    QTest::newRow("result version not a TableVersion")
        << u"BatchCommitTablesResponse"_s
        << QByteArray(R"({"results":[{"deregister_table":{}},{"declare_table":{}},)"
                      R"({"create_table_version":{"version":3}}]})")
        << u"results[2].create_table_version.version: expected object"_s;
    QTest::newRow("operation version as string")
        << u"BatchCommitTablesRequest"_s
        << QByteArray(
               R"({"operations":[{"deregister_table":{"id":["a"]}},)"
               R"({"deregister_table":{"id":["b"]}},)"
               R"({"create_table_version":{"id":["c"],"version":"3","manifest_path":"p"}}]})")
        << u"operations[2].create_table_version.version: expected integer"_s;
    QTest::newRow("operation without id")
        << u"BatchCommitTablesRequest"_s
        << QByteArray(R"({"operations":[{"deregister_table":{"id":["a"]}},)"
                      R"({"declare_table":{"location":"s3://b/t"}}]})")
        << u"operations[1].declare_table.id: required field missing"_s;
    QTest::newRow("operation with no kind")
        << u"BatchCommitTablesRequest"_s << QByteArray(R"({"operations":[{}]})")
        << u"operations[0]: "_s + OneOf;
    QTest::newRow("operation with only unknown kind")
        << u"BatchCommitTablesRequest"_s
        << QByteArray(R"({"operations":[{"rename_table":{"id":["a"]}}]})")
        << u"operations[0]: "_s + OneOf;
    QTest::newRow("operation with two kinds")
        << u"BatchCommitTablesRequest"_s
        << QByteArray(
               R"({"operations":[{"declare_table":{"id":["a"]},"deregister_table":{"id":["a"]}}]})")
        << u"operations[0]: "_s + OneOf;
    QTest::newRow("result with two kinds")
        << u"BatchCommitTablesResponse"_s
        << QByteArray(R"({"results":[{"declare_table":{}},)"
                      R"({"delete_table_versions":{},"deregister_table":{}}]})")
        << u"results[1]: "_s + OneOf;
    QTest::newRow("operation kind not an object")
        << u"BatchCommitTablesRequest"_s
        << QByteArray(R"({"operations":[{"declare_table":["a"]}]})")
        << u"operations[0].declare_table: expected object"_s;
    QTest::newRow("operation not an object")
        << u"BatchCommitTablesRequest"_s << QByteArray(R"({"operations":["declare_table"]})")
        << u"operations[0]: expected object"_s;
    QTest::newRow("operations missing") << u"BatchCommitTablesRequest"_s << QByteArray("{}")
                                        << u"operations: required field missing"_s;

    // Arrow schema nesting.
    QTest::newRow("schema of 65 levels")
        << u"JsonArrowSchema"_s << nestedSchema(65)
        << level65Path() + u": schema nested deeper than 64 levels"_s;
    QTest::newRow("schema of 100 levels in a table")
        << u"DescribeTableResponse"_s << QByteArray(R"({"schema":)" + nestedSchema(100) + "}")
        << u"schema."_s + level65Path() + u": schema nested deeper than 64 levels"_s;
}

void TestJsonDecodeErrors::reportsPathAndProblem()
{
    QFETCH(QString, type);
    QFETCH(QByteArray, text);
    QFETCH(QString, detail);
    const Decoder decoder = decoders().value(type);
    QVERIFY2(decoder, qPrintable(u"no decoder for "_s + type));
    const Result<void> decoded = decoder(text);
    QVERIFY2(!decoded.hasValue(), "decoding succeeded");
    QCOMPARE(decoded.error().kind(), ApiError::Kind::Decode);
    QCOMPARE(decoded.error().detail(), detail);
}

void TestJsonDecodeErrors::reportsDeepSchemaCleanly()
{
    // Far beyond the limit: refused at level 65 without walking (or recursing) any further.
    const QByteArray text = nestedSchema(5000);
    const Result<JsonArrowSchema> schema = json::decode<JsonArrowSchema>(text);
    QVERIFY(!schema);
    QCOMPARE(schema.error().kind(), ApiError::Kind::Decode);
    QCOMPARE(schema.error().detail(), level65Path() + u": schema nested deeper than 64 levels"_s);
}

LCB_TEST_GUILESS_MAIN(TestJsonDecodeErrors)
#include "TestJsonDecodeErrors.moc"
