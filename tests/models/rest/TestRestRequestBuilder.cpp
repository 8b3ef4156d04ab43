// SPDX-License-Identifier: Apache-2.0
#include "MessageFactory.h"
#include "RestTestIds.h"
#include "TestRegistry.h"
#include "rest/RestRequestBuilder.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <functional>

using namespace Qt::StringLiterals;
using lance::test::RestTestIds;
using namespace lance::api;
using namespace lance::rest;

namespace {

RestClientConfig baseConfig(const QString &url = u"http://catalog.test:2333"_s)
{
    RestClientConfig config;
    config.baseUrl = QUrl(url);
    return config;
}

QByteArray headerOf(const PreparedRequest &request, QByteArrayView name)
{
    for (const auto &[key, value] : request.headers) {
        if (key.compare(name, Qt::CaseInsensitive) == 0) {
            return value;
        }
    }
    return {};
}

int headerCount(const PreparedRequest &request, QByteArrayView name)
{
    int count = 0;
    for (const auto &header : request.headers) {
        count += header.first.compare(name, Qt::CaseInsensitive) == 0 ? 1 : 0;
    }
    return count;
}

QJsonObject bodyOf(const PreparedRequest &request)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(request.body, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject()) {
        QTest::qFail("the body is not a JSON object", __FILE__, __LINE__);
        return {};
    }
    return document.object();
}

using lance::test::MessageFactory;

template <typename T, typename Fill> T make(Fill fill)
{
    return MessageFactory::make<T>(std::move(fill));
}

using BuildFunction = std::function<Result<PreparedRequest>(const RestRequestBuilder &)>;

} // namespace

Q_DECLARE_METATYPE(BuildFunction)

class TestRestRequestBuilder : public QObject
{
    Q_OBJECT

private slots:
    void buildsEveryRoute();
    void sendsQueryParameters();
    void describeTableFlagsTravelInTheQuery();
    void encodesIdentifiers_data();
    void encodesIdentifiers();
    void keepsThePathPrefix_data();
    void keepsThePathPrefix();
    void sendsAuthHeaders();
    void sendsExtraHeadersWithoutReplacingBuiltIns();
    void turnsContextEntriesIntoHeaders();
    void refusesInvalidInput_data();
    void refusesInvalidInput();
    void masksSecretHeaders();
};

void TestRestRequestBuilder::buildsEveryRoute()
{
    struct Case
    {
        const char *operation;
        QByteArray method;
        QByteArray path;
        bool isRead;
        bool hasBody;
        std::function<Result<PreparedRequest>(const RestRequestBuilder &)> build;
    };
    const QByteArray ns = "/v1/namespace/sales/";
    const QByteArray t = "/v1/table/sales%24orders/";
    CreateTableVersionEntry entry = make<CreateTableVersionEntry>([&](auto &r) {
        r.id = RestTestIds::Orders;
        r.version = 2;
        r.manifestPath = u"m"_s;
    });
    BatchCommitTablesRequest commit;
    commit.operations.append(MessageFactory::withId<DeregisterTableRequest>(RestTestIds::Orders));
    const std::vector<Case> cases = {
        {"ListNamespaces", "GET", ns + "list", true, false,
         [](auto &b) {
             return b.build(MessageFactory::withId<ListNamespacesRequest>(RestTestIds::Sales));
         }},
        {"DescribeNamespace", "POST", ns + "describe", true, true,
         [](auto &b) {
             return b.build(MessageFactory::withId<DescribeNamespaceRequest>(RestTestIds::Sales));
         }},
        {"CreateNamespace", "POST", ns + "create", false, true,
         [](auto &b) {
             return b.build(MessageFactory::withId<CreateNamespaceRequest>(RestTestIds::Sales));
         }},
        {"DropNamespace", "POST", ns + "drop", false, true,
         [](auto &b) {
             return b.build(MessageFactory::withId<DropNamespaceRequest>(RestTestIds::Sales));
         }},
        {"NamespaceExists", "POST", ns + "exists", true, true,
         [](auto &b) {
             return b.build(MessageFactory::withId<NamespaceExistsRequest>(RestTestIds::Sales));
         }},
        {"ListTables", "GET", ns + "table/list", true, false,
         [](auto &b) {
             return b.build(MessageFactory::withId<ListTablesRequest>(RestTestIds::Sales));
         }},
        {"DescribeTable", "POST", t + "describe", true, true,
         [](auto &b) {
             return b.build(MessageFactory::withId<DescribeTableRequest>(RestTestIds::Orders));
         }},
        {"TableExists", "POST", t + "exists", true, true,
         [](auto &b) {
             return b.build(MessageFactory::withId<TableExistsRequest>(RestTestIds::Orders));
         }},
        {"RegisterTable", "POST", t + "register", false, true,
         [](auto &b) {
             return b.build(make<RegisterTableRequest>([&](auto &r) {
                 r.id = RestTestIds::Orders;
                 r.location = u"s3://b/o.lance"_s;
             }));
         }},
        {"DeclareTable", "POST", t + "declare", false, true,
         [](auto &b) {
             return b.build(MessageFactory::withId<DeclareTableRequest>(RestTestIds::Orders));
         }},
        {"DeregisterTable", "POST", t + "deregister", false, true,
         [](auto &b) {
             return b.build(MessageFactory::withId<DeregisterTableRequest>(RestTestIds::Orders));
         }},
        {"DropTable", "POST", t + "drop", false, false,
         [](auto &b) {
             return b.build(MessageFactory::withId<DropTableRequest>(RestTestIds::Orders));
         }},
        {"ListTableVersions", "POST", t + "version/list", true, false,
         [](auto &b) {
             return b.build(MessageFactory::withId<ListTableVersionsRequest>(RestTestIds::Orders));
         }},
        {"CreateTableVersion", "POST", t + "version/create", false, true,
         [](auto &b) {
             return b.build(make<CreateTableVersionRequest>([&](auto &r) {
                 r.id = RestTestIds::Orders;
                 r.version = 2;
                 r.manifestPath = u"m"_s;
             }));
         }},
        {"DescribeTableVersion", "POST", t + "version/describe", true, true,
         [](auto &b) {
             return b.build(
                 MessageFactory::withId<DescribeTableVersionRequest>(RestTestIds::Orders));
         }},
        {"BatchDeleteTableVersions", "POST", t + "version/delete", false, true,
         [](auto &b) {
             return b.build(make<BatchDeleteTableVersionsRequest>([&](auto &r) {
                 r.id = RestTestIds::Orders;
                 r.ranges = {VersionRange{1, 3}};
             }));
         }},
        {"BatchCreateTableVersions", "POST", "/v1/table/version/batch-create", false, true,
         [entry](auto &b) {
             return b.build(
                 make<BatchCreateTableVersionsRequest>([&](auto &r) { r.entries = {entry}; }));
         }},
        {"BatchCommitTables", "POST", "/v1/table/batch-commit", false, true,
         [commit](auto &b) {
             return b.build(commit);
         }},
        {"ListTableTags", "POST", t + "tags/list", true, false,
         [](auto &b) {
             return b.build(MessageFactory::withId<ListTableTagsRequest>(RestTestIds::Orders));
         }},
        {"GetTableTagVersion", "POST", t + "tags/version", true, true,
         [](auto &b) {
             return b.build(make<GetTableTagVersionRequest>([&](auto &r) {
                 r.id = RestTestIds::Orders;
                 r.tag = u"v1"_s;
             }));
         }},
        {"CreateTableTag", "POST", t + "tags/create", false, true,
         [](auto &b) {
             return b.build(make<CreateTableTagRequest>([&](auto &r) {
                 r.id = RestTestIds::Orders;
                 r.tag = u"v1"_s;
                 r.version = 1;
             }));
         }},
        {"UpdateTableTag", "POST", t + "tags/update", false, true,
         [](auto &b) {
             return b.build(make<UpdateTableTagRequest>([&](auto &r) {
                 r.id = RestTestIds::Orders;
                 r.tag = u"v1"_s;
                 r.version = 2;
             }));
         }},
        {"DeleteTableTag", "POST", t + "tags/delete", false, true,
         [](auto &b) {
             return b.build(make<DeleteTableTagRequest>([&](auto &r) {
                 r.id = RestTestIds::Orders;
                 r.tag = u"v1"_s;
             }));
         }},
    };
    QCOMPARE(cases.size(), std::size_t(23));
    const RestRequestBuilder builder(baseConfig());
    for (const Case &c : cases) {
        const QByteArray what = c.operation;
        const Result<PreparedRequest> request = c.build(builder);
        QVERIFY2(request, what.constData());
        QCOMPARE(request->operation, QString::fromLatin1(c.operation));
        QCOMPARE(request->method, c.method);
        QCOMPARE(request->url.toEncoded(), "http://catalog.test:2333" + c.path + "?delimiter=$");
        QVERIFY2(request->isRead == c.isRead, what.constData());
        QVERIFY2(request->hasBody == c.hasBody, what.constData());
        QCOMPARE(headerOf(*request, "Accept"), QByteArray("application/json"));
        if (!c.hasBody) {
            QVERIFY2(request->body.isEmpty(), what.constData());
            QCOMPARE(headerCount(*request, "Content-Type"), 0);
            continue;
        }
        QCOMPARE(headerOf(*request, "Content-Type"), QByteArray("application/json"));
        const QJsonObject body = bodyOf(*request);
        if (c.path.startsWith("/v1/namespace/")) {
            QCOMPARE(body.value(u"id"_s).toArray(), QJsonArray{u"sales"_s});
        } else if (c.path.startsWith(t)) {
            QCOMPARE(body.value(u"id"_s).toArray(), (QJsonArray{u"sales"_s, u"orders"_s}));
        } else {
            QVERIFY2(!body.contains(u"id"_s), what.constData()); // batch routes: ids are nested
        }
    }
}

void TestRestRequestBuilder::sendsQueryParameters()
{
    const RestRequestBuilder builder(baseConfig());
    const auto namespaces = builder.build(make<ListNamespacesRequest>([&](auto &r) {
        r.id = RestTestIds::Sales;
        r.pageToken = u"a&b=c+d"_s;
        r.limit = 10;
    }));
    QVERIFY(namespaces);
    QCOMPARE(namespaces->url.toEncoded(), QByteArray("http://catalog.test:2333/v1/namespace/sales/"
                                                     "list?delimiter=$&page_token=a%26b%3Dc%2Bd"
                                                     "&limit=10"));
    const auto tables = builder.build(make<ListTablesRequest>([&](auto &r) {
        r.id = RestTestIds::Sales;
        r.pageToken = u""_s;
        r.includeDeclared = false;
    }));
    QVERIFY(tables);
    QCOMPARE(tables->url.query(QUrl::FullyEncoded), u"delimiter=$&include_declared=false"_s);
    const auto versions = make<ListTableVersionsRequest>([](auto &r) {
        r.id = RestTestIds::Orders;
        r.branch = u"dev"_s;
        r.pageToken = u"p2"_s;
        r.limit = 1;
        r.descending = true;
    });
    const auto versionList = builder.build(versions);
    QVERIFY(versionList);
    QCOMPARE(versionList->url.query(QUrl::FullyEncoded),
             u"delimiter=$&page_token=p2&limit=1&descending=true&branch=dev"_s);
    QVERIFY(versionList->body.isEmpty());
    const auto tags = builder.build(make<ListTableTagsRequest>([&](auto &r) {
        r.id = RestTestIds::Orders;
        r.pageToken = u"t/2"_s;
        r.limit = 5;
    }));
    QVERIFY(tags);
    QCOMPARE(tags->url.query(QUrl::FullyEncoded), u"delimiter=$&page_token=t/2&limit=5"_s);
}

void TestRestRequestBuilder::describeTableFlagsTravelInTheQuery()
{
    const RestRequestBuilder builder(baseConfig());
    DescribeTableRequest describe
        = MessageFactory::withId<DescribeTableRequest>(RestTestIds::Orders);
    describe.version = 7;
    describe.withTableUri = true;
    describe.loadDetailedMetadata = false;
    describe.checkDeclared = true;
    const auto request = builder.build(describe);
    QVERIFY(request);
    QCOMPARE(request->url.query(QUrl::FullyEncoded),
             u"delimiter=$&with_table_uri=true&load_detailed_metadata=false&check_declared=true"_s);
    const QJsonObject body = bodyOf(*request);
    QCOMPARE(body.value(u"version"_s).toInteger(), 7);
    QVERIFY(!body.contains(u"with_table_uri"_s));
    QVERIFY(!body.contains(u"load_detailed_metadata"_s));
    QVERIFY(!body.contains(u"check_declared"_s));
}

void TestRestRequestBuilder::encodesIdentifiers_data()
{
    QTest::addColumn<QString>("delimiter");
    QTest::addColumn<QStringList>("names");
    QTest::addColumn<QByteArray>("url");
    const QByteArray base = "http://catalog.test:2333/v1/namespace/";
    QTest::newRow("root") << u"$"_s << QStringList() << base + "%24/list?delimiter=$";
    QTest::newRow("nested") << u"$"_s << QStringList{u"qa"_s, u"events"_s}
                            << base + "qa%24events/list?delimiter=$";
    QTest::newRow("slash in a name")
        << u"$"_s << QStringList{u"a/b"_s} << base + "a%2Fb/list?delimiter=$";
    QTest::newRow("unicode and space")
        << u"$"_s << QStringList{u"caf\u00e9 bar"_s} << base + "caf%C3%A9%20bar/list?delimiter=$";
    QTest::newRow("percent and question mark")
        << u"$"_s << QStringList{u"50%?"_s} << base + "50%25%3F/list?delimiter=$";
    QTest::newRow("double colon root")
        << u"::"_s << QStringList() << base + "%3A%3A/list?delimiter=::";
    QTest::newRow("double colon nested")
        << u"::"_s << QStringList{u"a"_s, u"b$c"_s} << base + "a%3A%3Ab%24c/list?delimiter=::";
    QTest::newRow("ampersand delimiter")
        << u"&"_s << QStringList{u"a"_s, u"b"_s} << base + "a%26b/list?delimiter=%26";
}

void TestRestRequestBuilder::encodesIdentifiers()
{
    QFETCH(QString, delimiter);
    QFETCH(QStringList, names);
    QFETCH(QByteArray, url);
    RestClientConfig config = baseConfig();
    config.delimiter = delimiter;
    const auto request = RestRequestBuilder(config).build(
        MessageFactory::withId<ListNamespacesRequest>(Identifier(names)));
    QVERIFY(request);
    QCOMPARE(request->url.toEncoded(), url);
    // What Qt's HTTP layer puts in the request line: the same encoded form.
    QCOMPARE(request->url.toEncoded(QUrl::RemoveScheme | QUrl::RemoveAuthority),
             url.mid(QByteArray("http://catalog.test:2333").size()));
}

void TestRestRequestBuilder::keepsThePathPrefix_data()
{
    QTest::addColumn<QString>("baseUrl");
    QTest::addColumn<QByteArray>("url");
    QTest::newRow("prefix") << u"https://gravitino.test:9101/lance"_s
                            << QByteArray(
                                   "https://gravitino.test:9101/lance/v1/table/sales%24orders/"
                                   "describe?delimiter=$");
    QTest::newRow("prefix with slash")
        << u"https://gravitino.test:9101/lance/"_s
        << QByteArray("https://gravitino.test:9101/lance/v1/table/sales%24orders/"
                      "describe?delimiter=$");
    QTest::newRow("encoded prefix") << u"http://h/a%20b/"_s
                                    << QByteArray("http://h/a%20b/v1/table/sales%24orders/"
                                                  "describe?delimiter=$");
    QTest::newRow("no port, root path")
        << u"http://h/"_s << QByteArray("http://h/v1/table/sales%24orders/describe?delimiter=$");
}

void TestRestRequestBuilder::keepsThePathPrefix()
{
    QFETCH(QString, baseUrl);
    QFETCH(QByteArray, url);
    const auto request
        = RestRequestBuilder(baseConfig(baseUrl))
              .build(MessageFactory::withId<DescribeTableRequest>(RestTestIds::Orders));
    QVERIFY(request);
    QCOMPARE(request->url.toEncoded(), url);
}

void TestRestRequestBuilder::sendsAuthHeaders()
{
    RestClientConfig config = baseConfig();
    const auto plain = RestRequestBuilder(config).build(
        MessageFactory::withId<DescribeTableRequest>(RestTestIds::Orders));
    QVERIFY(plain);
    QCOMPARE(headerCount(*plain, "x-api-key"), 0);
    QCOMPARE(headerCount(*plain, "Authorization"), 0);
    QCOMPARE(headerOf(*plain, "User-Agent"), QByteArray("LanceCatalogBrowser/" LCB_VERSION));

    config.auth = AuthMethod::ApiKey;
    config.secret = u"k3y"_s;
    const auto apiKey = RestRequestBuilder(config).build(
        MessageFactory::withId<DescribeTableRequest>(RestTestIds::Orders));
    QVERIFY(apiKey);
    QCOMPARE(headerOf(*apiKey, "x-api-key"), QByteArray("k3y"));
    QCOMPARE(headerCount(*apiKey, "Authorization"), 0);

    config.auth = AuthMethod::BearerToken;
    config.secret = u"t0ken"_s;
    const auto bearer = RestRequestBuilder(config).build(
        MessageFactory::withId<ListNamespacesRequest>(RestTestIds::Sales));
    QVERIFY(bearer);
    QCOMPARE(headerOf(*bearer, "Authorization"), QByteArray("Bearer t0ken"));
    QCOMPARE(headerCount(*bearer, "x-api-key"), 0);
}

void TestRestRequestBuilder::sendsExtraHeadersWithoutReplacingBuiltIns()
{
    RestClientConfig config = baseConfig();
    config.auth = AuthMethod::ApiKey;
    config.secret = u"real"_s;
    config.extraHeaders = {{"X-Tenant", "acme"}, {"X-API-KEY", "forged"}, {"accept", "text/html"}};
    const auto request = RestRequestBuilder(config).build(
        MessageFactory::withId<DescribeTableRequest>(RestTestIds::Orders));
    QVERIFY(request);
    QCOMPARE(headerOf(*request, "X-Tenant"), QByteArray("acme"));
    QCOMPARE(headerCount(*request, "x-api-key"), 1);
    QCOMPARE(headerOf(*request, "x-api-key"), QByteArray("real"));
    QCOMPARE(headerCount(*request, "Accept"), 1);
    QCOMPARE(headerOf(*request, "Accept"), QByteArray("application/json"));
}

void TestRestRequestBuilder::turnsContextEntriesIntoHeaders()
{
    RestClientConfig config = baseConfig();
    config.auth = AuthMethod::BearerToken;
    config.secret = u"real"_s;
    config.extraHeaders = {{"x-tenant", "from-config"}};
    const StringMap context{{u"header.x-trace-id"_s, u"abc"_s},
                            {u"headers.X-Tenant"_s, u"from-context"_s},
                            {u"header.Authorization"_s, u"Bearer forged"_s},
                            {u"note"_s, u"kept"_s}};
    DescribeNamespaceRequest describe = make<DescribeNamespaceRequest>([&](auto &r) {
        r.id = RestTestIds::Sales;
        r.context = context;
    });
    const auto post = RestRequestBuilder(config).build(describe);
    QVERIFY(post);
    QCOMPARE(headerOf(*post, "x-trace-id"), QByteArray("abc"));
    QCOMPARE(headerCount(*post, "x-tenant"), 1);
    QCOMPARE(headerOf(*post, "x-tenant"), QByteArray("from-context"));
    QCOMPARE(headerOf(*post, "Authorization"), QByteArray("Bearer real"));
    const QJsonObject body = bodyOf(*post);
    QCOMPARE(body.value(u"context"_s).toObject(), (QJsonObject{{u"note"_s, u"kept"_s}}));

    // Without a body the header entries still travel; the others have nowhere to go.
    const auto get = RestRequestBuilder(config).build(make<ListNamespacesRequest>([&](auto &r) {
        r.id = RestTestIds::Sales;
        r.context = context;
    }));
    QVERIFY(get);
    QCOMPARE(headerOf(*get, "x-trace-id"), QByteArray("abc"));
    QVERIFY(get->body.isEmpty());
}

void TestRestRequestBuilder::refusesInvalidInput_data()
{
    using Build = BuildFunction;
    QTest::addColumn<Build>("build");
    QTest::addColumn<QString>("message");
    QTest::newRow("root as a table") << Build([](auto &b) {
        return b.build(MessageFactory::withId<DescribeTableRequest>(Identifier()));
    }) << u"A table identifier needs at least one name; the root namespace is not a table."_s;
    QTest::newRow("empty name") << Build([](auto &b) {
        return b.build(MessageFactory::withId<ListNamespacesRequest>(Identifier({u"a"_s, u""_s})));
    }) << u"The namespace identifier [\"a\", \"\"] is not valid: a name is empty."_s;
    QTest::newRow("delimiter in a name")
        << Build([](auto &b) {
               return b.build(MessageFactory::withId<DropTableRequest>(Identifier({u"a$b"_s})));
           })
        << u"The table identifier [\"a$b\"] is not valid: the name \"a$b\" contains the "
           "delimiter \"$\"."_s;
    QTest::newRow("batch entry without table")
        << Build([](auto &b) {
               BatchCreateTableVersionsRequest batch;
               batch.entries.append(make<CreateTableVersionEntry>([&](auto &r) {
                   r.id = RestTestIds::Orders;
                   r.version = 1;
                   r.manifestPath = u"m"_s;
               }));
               batch.entries.append(make<CreateTableVersionEntry>([&](auto &r) {
                   r.id = Identifier();
                   r.version = 1;
                   r.manifestPath = u"m"_s;
               }));
               return b.build(batch);
           })
        << u"Entry 2 of the batch has no table identifier; every entry needs the table it acts "
           "on."_s;
    QTest::newRow("batch commit with an invalid table")
        << Build([](auto &b) {
               BatchCommitTablesRequest batch;
               batch.operations.append(
                   MessageFactory::withId<DeclareTableRequest>(Identifier({u"x"_s, u"y$z"_s})));
               return b.build(batch);
           })
        << u"The table identifier [\"x\", \"y$z\"] in entry 1 of the batch is not valid: the "
           "name \"y$z\" contains the delimiter \"$\"."_s;
    QTest::newRow("empty batch") << Build([](auto &b) {
        return b.build(BatchCommitTablesRequest{});
    }) << u"The batch has no operations; there is nothing to commit."_s;
    QTest::newRow("empty tag") << Build([](auto &b) {
        return b.build(MessageFactory::withId<DeleteTableTagRequest>(RestTestIds::Orders));
    }) << u"The tag name is empty."_s;
    QTest::newRow("line break in a context header")
        << Build([](auto &b) {
               return b.build(make<DescribeNamespaceRequest>([&](auto &r) {
                   r.id = RestTestIds::Sales;
                   r.context = {{u"header.x-a"_s, u"1\r\nX: y"_s}};
               }));
           })
        << u"The context entry \"header.x-a\" cannot be sent as an HTTP header: its name or "
           "value is not valid in HTTP."_s;
}

void TestRestRequestBuilder::refusesInvalidInput()
{
    using Build = BuildFunction;
    QFETCH(Build, build);
    QFETCH(QString, message);
    const Result<PreparedRequest> request = build(RestRequestBuilder(baseConfig()));
    QVERIFY(!request);
    QCOMPARE(request.error().kind(), ApiError::Kind::InvalidInput);
    QCOMPARE(request.error().userMessage(), message);
}

void TestRestRequestBuilder::masksSecretHeaders()
{
    PreparedRequest request;
    request.headers = {{"x-api-key", "k"},
                       {"Authorization", "Bearer t"},
                       {"Cookie", "c=1"},
                       {"X-Auth-Token", "t"},
                       {"x-client-secret", "s"},
                       {"X-Password", "p"},
                       {"Proxy-Authorization", "b"},
                       {"X-Trace-Id", "abc"},
                       {"Accept", "application/json"}};
    const QList<QPair<QByteArray, QByteArray>> expected = {
        {"x-api-key", "***"},           {"Authorization", "***"},   {"Cookie", "***"},
        {"X-Auth-Token", "***"},        {"x-client-secret", "***"}, {"X-Password", "***"},
        {"Proxy-Authorization", "***"}, {"X-Trace-Id", "abc"},      {"Accept", "application/json"}};
    QCOMPARE(request.maskedHeaders(), expected);
    QVERIFY(PreparedRequest::isSecretHeader("X-API-Key"));
    QVERIFY(PreparedRequest::isSecretHeader("x-monkey"));
    QVERIFY(!PreparedRequest::isSecretHeader("Content-Type"));
    QVERIFY(!PreparedRequest::isSecretHeader("x-lance-trace"));
}

LCB_TEST_GUILESS_MAIN(TestRestRequestBuilder)
#include "TestRestRequestBuilder.moc"
