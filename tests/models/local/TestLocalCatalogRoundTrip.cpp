// SPDX-License-Identifier: Apache-2.0
// Every CatalogService operation of LocalCatalogService, through the real engine in a temporary
// folder: what goes in comes back, and refusals keep the spec's code and HTTP status.
#include "AwaitCall.h"
#include "LanceFixture.h"
#include "MessageFactory.h"
#include "SeededCatalog.h"
#include "TestFiles.h"
#include "TestRegistry.h"
#include "local/LocalCatalogService.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

#include <memory>

using namespace Qt::StringLiterals;
using lance::test::SeededCatalog;
using namespace lance::api;
using lance::local::LocalCatalogService;
using lance::test::MessageFactory;
using lance::test::whyFailed;

namespace {

int codeOf(const ApiError &error)
{
    return error.serverCode().value_or(-1);
}

QList<qint64> numbers(const QList<TableVersion> &versions)
{
    QList<qint64> out;
    for (const TableVersion &version : versions) {
        out.append(version.version);
    }
    return out;
}

} // namespace

class TestLocalCatalogRoundTrip : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void namespaces();
    void tables();
    void versions();
    void duplicateVersionIsAConflictWithCode14();
    void batchCommitAppliesAllOrNothing();
    void tags();
    void registersTheLanceTablesAlreadyInTheRoot();

private:
    /// Calls `request`'s operation and waits for its answer.
    template <typename Request>
    Result<lance::api::ResponseOf<Request>> call(const Request &request);
    /// Writes a staged manifest for `version` in the default folder of root table `table`, as a
    /// Lance writer does in managed versioning; answers its path.
    QString stageManifest(const QString &table, qint64 version);
    CreateTableVersionRequest versionRequest(const QString &table, qint64 version);
    void declare(const QString &table);
    void createVersion(const QString &table, qint64 version);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<LocalCatalogService> m_service;
};

void TestLocalCatalogRoundTrip::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_service = std::make_unique<LocalCatalogService>(m_dir->path());
}

void TestLocalCatalogRoundTrip::cleanup()
{
    m_service.reset();
    m_dir.reset();
}

template <typename Request>
Result<lance::api::ResponseOf<Request>> TestLocalCatalogRoundTrip::call(const Request &request)
{
    return lance::test::awaitCall(*m_service, request);
}

QString TestLocalCatalogRoundTrip::stageManifest(const QString &table, qint64 version)
{
    const QString path
        = m_dir->filePath(u"%1.lance/_versions/%2.manifest-%3"_s.arg(table).arg(version).arg(
            QUuid::createUuid().toString(QUuid::WithoutBraces)));
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly)
        || file.write(lance::test::TestFiles::manifest(version, 100 + version)) < 0) {
        qWarning("cannot write %s", qPrintable(path));
    }
    return path;
}

CreateTableVersionRequest TestLocalCatalogRoundTrip::versionRequest(const QString &table,
                                                                    qint64 version)
{
    auto request = MessageFactory::withId<CreateTableVersionRequest>(SeededCatalog::id(table));
    request.version = version;
    request.manifestPath = stageManifest(table, version);
    request.manifestSize = 100 + version;
    request.namingScheme = ManifestNamingScheme::V2;
    return request;
}

void TestLocalCatalogRoundTrip::declare(const QString &table)
{
    const auto declared
        = call(MessageFactory::withId<DeclareTableRequest>(SeededCatalog::id(table)));
    QVERIFY2(declared, whyFailed(declared));
}

void TestLocalCatalogRoundTrip::createVersion(const QString &table, qint64 version)
{
    const auto created = call(versionRequest(table, version));
    QVERIFY2(created, whyFailed(created));
}

void TestLocalCatalogRoundTrip::namespaces()
{
    auto create = MessageFactory::withId<CreateNamespaceRequest>(SeededCatalog::id(u"sales"_s));
    create.properties = {{u"owner"_s, u"qa"_s}};
    auto created = call(create);
    QVERIFY2(created, whyFailed(created));
    created
        = call(MessageFactory::withId<CreateNamespaceRequest>(SeededCatalog::id(u"sales$eu"_s)));
    QVERIFY2(created, whyFailed(created));

    const auto again = call(create);
    QVERIFY(!again);
    QCOMPARE(codeOf(again.error()), int(ErrorCode::NamespaceAlreadyExists));
    QCOMPARE(again.error().httpStatus(), 409);

    const auto described
        = call(MessageFactory::withId<DescribeNamespaceRequest>(SeededCatalog::id(u"sales"_s)));
    QVERIFY2(described, whyFailed(described));
    QCOMPARE(described->properties.value_or(StringMap()).value(u"owner"_s), u"qa"_s);

    const auto roots = call(ListNamespacesRequest());
    QVERIFY2(roots, whyFailed(roots));
    QCOMPARE(roots->namespaces, QStringList{u"sales"_s});
    const auto children
        = call(MessageFactory::withId<ListNamespacesRequest>(SeededCatalog::id(u"sales"_s)));
    QVERIFY2(children, whyFailed(children));
    QCOMPARE(children->namespaces, QStringList{u"eu"_s});

    const auto notEmpty
        = call(MessageFactory::withId<DropNamespaceRequest>(SeededCatalog::id(u"sales"_s)));
    QVERIFY(!notEmpty);
    QCOMPARE(codeOf(notEmpty.error()), int(ErrorCode::NamespaceNotEmpty));
    const auto dropped
        = call(MessageFactory::withId<DropNamespaceRequest>(SeededCatalog::id(u"sales$eu"_s)));
    QVERIFY2(dropped, whyFailed(dropped));
    const auto exists
        = call(MessageFactory::withId<NamespaceExistsRequest>(SeededCatalog::id(u"sales$eu"_s)));
    QVERIFY2(exists, whyFailed(exists));
    QVERIFY(!exists->exists);

    const auto missing
        = call(MessageFactory::withId<DescribeNamespaceRequest>(SeededCatalog::id(u"nowhere"_s)));
    QVERIFY(!missing);
    QCOMPARE(missing.error().kind(), ApiError::Kind::Http);
    QCOMPARE(missing.error().httpStatus(), 404);
    QCOMPARE(codeOf(missing.error()), int(ErrorCode::NamespaceNotFound));
    QCOMPARE(missing.error().operation(), u"DescribeNamespace"_s);
}

void TestLocalCatalogRoundTrip::tables()
{
    declare(u"orders"_s);
    declare(u"draft"_s);
    createVersion(u"orders"_s, 1);
    QVERIFY(!QTest::currentTestFailed());

    auto describe = MessageFactory::withId<DescribeTableRequest>(SeededCatalog::id(u"orders"_s));
    describe.checkDeclared = true;
    auto described = call(describe);
    QVERIFY2(described, whyFailed(described));
    const QString location = described->location.value_or(QString());
    QVERIFY2(location.endsWith(u"/orders.lance"_s), qPrintable(location));
    QCOMPARE(described->managedVersioning, std::optional<bool>(true));
    QCOMPARE(described->isOnlyDeclared, std::optional<bool>(false));
    describe.id = SeededCatalog::id(u"draft"_s);
    described = call(describe);
    QVERIFY2(described, whyFailed(described));
    QCOMPARE(described->isOnlyDeclared, std::optional<bool>(true));

    auto listed = call(ListTablesRequest());
    QVERIFY2(listed, whyFailed(listed));
    listed->tables.sort();
    QCOMPARE(listed->tables, (QStringList{u"draft"_s, u"orders"_s}));
    auto withData = ListTablesRequest();
    withData.includeDeclared = false;
    listed = call(withData);
    QVERIFY2(listed, whyFailed(listed));
    QCOMPARE(listed->tables, QStringList{u"orders"_s});

    const auto deregistered
        = call(MessageFactory::withId<DeregisterTableRequest>(SeededCatalog::id(u"orders"_s)));
    QVERIFY2(deregistered, whyFailed(deregistered));
    const auto exists = [this] {
        const auto answer
            = call(MessageFactory::withId<TableExistsRequest>(SeededCatalog::id(u"orders"_s)));
        return answer && answer->exists;
    };
    QVERIFY(!exists());
    QVERIFY(QFileInfo(location).isDir()); // deregistering keeps the data

    // Registered again from its data: the version is read back from `_versions/`.
    auto reRegister = MessageFactory::withId<RegisterTableRequest>(SeededCatalog::id(u"orders"_s));
    reRegister.location = location;
    const auto registered = call(reRegister);
    QVERIFY2(registered, whyFailed(registered));
    QVERIFY(exists());
    const auto versions
        = call(MessageFactory::withId<ListTableVersionsRequest>(SeededCatalog::id(u"orders"_s)));
    QVERIFY2(versions, whyFailed(versions));
    QCOMPARE(numbers(versions->versions), QList<qint64>{1});

    const auto dropped
        = call(MessageFactory::withId<DropTableRequest>(SeededCatalog::id(u"orders"_s)));
    QVERIFY2(dropped, whyFailed(dropped));
    QVERIFY(!exists());
    QVERIFY(!QFileInfo::exists(location)); // inside the root: dropping deletes the data
}

void TestLocalCatalogRoundTrip::versions()
{
    declare(u"orders"_s);
    for (qint64 version : {1, 2}) {
        const auto created = call(versionRequest(u"orders"_s, version));
        QVERIFY2(created, whyFailed(created));
        QCOMPARE(created->version->version, version);
        QVERIFY2(created->version->manifestPath.endsWith(
                     u"/_versions/%1.manifest"_s.arg(quint64(-1) - quint64(version))),
                 qPrintable(created->version->manifestPath));
    }
    auto list = MessageFactory::withId<ListTableVersionsRequest>(SeededCatalog::id(u"orders"_s));
    list.descending = true;
    auto listed = call(list);
    QVERIFY2(listed, whyFailed(listed));
    QCOMPARE(numbers(listed->versions), (QList<qint64>{2, 1}));

    list.descending = false;
    list.limit = 1;
    listed = call(list);
    QVERIFY2(listed, whyFailed(listed));
    QCOMPARE(numbers(listed->versions), QList<qint64>{1});
    QVERIFY(listed->pageToken && !listed->pageToken->isEmpty());
    list.pageToken = listed->pageToken;
    listed = call(list);
    QVERIFY2(listed, whyFailed(listed));
    QCOMPARE(numbers(listed->versions), QList<qint64>{2});

    const auto latest
        = call(MessageFactory::withId<DescribeTableVersionRequest>(SeededCatalog::id(u"orders"_s)));
    QVERIFY2(latest, whyFailed(latest));
    QCOMPARE(latest->version.version, 2);
    QCOMPARE(latest->version.manifestSize, std::optional<qint64>(102));

    BatchCreateTableVersionsRequest batch;
    for (qint64 version : {3, 4}) {
        const CreateTableVersionRequest one = versionRequest(u"orders"_s, version);
        CreateTableVersionEntry entry;
        entry.id = one.id;
        entry.version = one.version;
        entry.manifestPath = one.manifestPath;
        entry.manifestSize = one.manifestSize;
        batch.entries.append(entry);
    }
    const auto batchCreated = call(batch);
    QVERIFY2(batchCreated, whyFailed(batchCreated));
    QCOMPARE(numbers(batchCreated->versions), (QList<qint64>{3, 4}));

    auto remove
        = MessageFactory::withId<BatchDeleteTableVersionsRequest>(SeededCatalog::id(u"orders"_s));
    remove.ranges = {VersionRange{1, 3}};
    const auto deleted = call(remove);
    QVERIFY2(deleted, whyFailed(deleted));
    QCOMPARE(deleted->deletedCount, std::optional<qint64>(2));
    list = MessageFactory::withId<ListTableVersionsRequest>(SeededCatalog::id(u"orders"_s));
    listed = call(list);
    QVERIFY2(listed, whyFailed(listed));
    QCOMPARE(numbers(listed->versions), (QList<qint64>{3, 4}));
}

void TestLocalCatalogRoundTrip::duplicateVersionIsAConflictWithCode14()
{
    declare(u"orders"_s);
    createVersion(u"orders"_s, 1);
    QVERIFY(!QTest::currentTestFailed());
    const auto second = call(versionRequest(u"orders"_s, 1));
    QVERIFY(!second);
    QCOMPARE(second.error().kind(), ApiError::Kind::Http);
    QCOMPARE(second.error().httpStatus(), 409);
    QCOMPARE(codeOf(second.error()), int(ErrorCode::ConcurrentModification));
    QVERIFY(second.error().isConflict());
    QCOMPARE(second.error().operation(), u"CreateTableVersion"_s);
}

void TestLocalCatalogRoundTrip::batchCommitAppliesAllOrNothing()
{
    BatchCommitTablesRequest batch;
    batch.operations = {MessageFactory::withId<DeclareTableRequest>(SeededCatalog::id(u"a"_s)),
                        MessageFactory::withId<DeclareTableRequest>(SeededCatalog::id(u"b"_s)),
                        versionRequest(u"a"_s, 1)};
    const auto committed = call(batch);
    QVERIFY2(committed, whyFailed(committed));
    QCOMPARE(committed->results.size(), 3);
    QVERIFY(std::holds_alternative<DeclareTableResponse>(committed->results.at(1)));
    const auto &created = std::get<CreateTableVersionResponse>(committed->results.at(2));
    QCOMPARE(created.version->version, 1);

    // The second operation conflicts: the declaration before it must not stay.
    BatchCommitTablesRequest failing;
    failing.operations = {MessageFactory::withId<DeclareTableRequest>(SeededCatalog::id(u"c"_s)),
                          versionRequest(u"a"_s, 1)};
    const auto refused = call(failing);
    QVERIFY(!refused);
    QCOMPARE(codeOf(refused.error()), int(ErrorCode::ConcurrentModification));
    QCOMPARE(refused.error().context().value(u"failed_operation_index"_s), u"1"_s);
    const auto exists = call(MessageFactory::withId<TableExistsRequest>(SeededCatalog::id(u"c"_s)));
    QVERIFY(exists && !exists->exists);

    // Refused before anything runs: the batch is checked as the command line checks it.
    const auto empty = call(BatchCommitTablesRequest());
    QVERIFY(!empty);
    QCOMPARE(empty.error().kind(), ApiError::Kind::InvalidInput);
}

void TestLocalCatalogRoundTrip::tags()
{
    declare(u"orders"_s);
    createVersion(u"orders"_s, 1);
    createVersion(u"orders"_s, 2);
    QVERIFY(!QTest::currentTestFailed());
    auto create = MessageFactory::withId<CreateTableTagRequest>(SeededCatalog::id(u"orders"_s));
    create.tag = u"golden"_s;
    create.version = 1;
    const auto created = call(create);
    QVERIFY2(created, whyFailed(created));

    auto get = MessageFactory::withId<GetTableTagVersionRequest>(SeededCatalog::id(u"orders"_s));
    get.tag = u"golden"_s;
    auto version = call(get);
    QVERIFY2(version, whyFailed(version));
    QCOMPARE(version->version, 1);

    auto update = MessageFactory::withId<UpdateTableTagRequest>(SeededCatalog::id(u"orders"_s));
    update.tag = u"golden"_s;
    update.version = 2;
    const auto updated = call(update);
    QVERIFY2(updated, whyFailed(updated));
    const auto listed
        = call(MessageFactory::withId<ListTableTagsRequest>(SeededCatalog::id(u"orders"_s)));
    QVERIFY2(listed, whyFailed(listed));
    QCOMPARE(listed->tags.keys(), QStringList{u"golden"_s});
    QCOMPARE(listed->tags.value(u"golden"_s).version, 2);

    auto remove = MessageFactory::withId<DeleteTableTagRequest>(SeededCatalog::id(u"orders"_s));
    remove.tag = u"golden"_s;
    const auto removed = call(remove);
    QVERIFY2(removed, whyFailed(removed));
    version = call(get);
    QVERIFY(!version);
    QCOMPARE(version.error().httpStatus(), 404);
    QCOMPARE(codeOf(version.error()), int(ErrorCode::TableTagNotFound));
}

void TestLocalCatalogRoundTrip::registersTheLanceTablesAlreadyInTheRoot()
{
    // A fresh service on a folder that already holds a LanceDB table, before its first call.
    m_service.reset();
    QVERIFY(lance::test::LanceFixture::copyInto(u"people.lance"_s, m_dir->path()));
    m_service = std::make_unique<LocalCatalogService>(m_dir->path());

    const auto listed = call(ListTablesRequest());
    QVERIFY2(listed, whyFailed(listed));
    QCOMPARE(listed->tables, QStringList{u"people"_s});
    auto list = MessageFactory::withId<ListTableVersionsRequest>(SeededCatalog::id(u"people"_s));
    list.descending = true;
    const auto versions = call(list);
    QVERIFY2(versions, whyFailed(versions));
    QCOMPARE(numbers(versions->versions), (QList<qint64>{3, 2, 1}));
}

LCB_TEST_GUILESS_MAIN(TestLocalCatalogRoundTrip)
#include "TestLocalCatalogRoundTrip.moc"
