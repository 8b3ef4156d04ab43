// SPDX-License-Identifier: Apache-2.0
// The catalog engine with its tables on an object store (Azurite, which honours If-None-Match
// as Azure does): a staged manifest becomes final there before its record, what a refused
// request leaves, the facts read back from the store against those of the same LanceDB files
// on a disk, vended options, what a drop deletes, and restores and branches written on the
// store. LanceDB itself drives the same paths through the server in
// tests/node/object-storage-client.test.mjs.
#include "LanceFixture.h"
#include "StorageEmulator.h"
#include "TestData.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "engine/CatalogEngine.h"
#include "format/ManifestDecoder.h"
#include "storage/StoreFactory.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;
using namespace lance;
using lance::storage::CallControl;
using lance::test::StorageEmulator;

namespace {

const QString Fixture = u"lance/people.lance"_s; // three versions written by LanceDB
const QString V1 = u"18446744073709551614.manifest"_s;
const QString V2 = u"18446744073709551613.manifest"_s;
const QString V3 = u"18446744073709551612.manifest"_s;
const QString V4 = u"18446744073709551611.manifest"_s;

api::Identifier id(const QString &text)
{
    return api::Identifier(text.split(u'$'));
}

template <typename T> QByteArray why(const api::Result<T> &result)
{
    return result ? QByteArray("ok") : result.error().details().toUtf8();
}

template <typename T> int statusOf(const api::Result<T> &result)
{
    return result ? 200 : result.error().httpStatus();
}

api::Result<api::DeclareTableResponse> declarePeople(engine::CatalogEngine &engine)
{
    api::DeclareTableRequest declare;
    declare.id = id(u"people"_s);
    return engine.run(declare);
}

api::CreateTableVersionRequest versionOfPeople(qint64 version, const QString &manifestPath)
{
    api::CreateTableVersionRequest create;
    create.id = id(u"people"_s);
    create.version = version;
    create.manifestPath = manifestPath;
    return create;
}

} // namespace

class TestEngineOnStore : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void aStagedManifestBecomesFinalBeforeItsRecord();
    void factsFromTheStoreEqualThoseFromADisk();
    void refusedManifestsLeaveTheStoreAsItWas();
    void aLeftoverOfTheSameBytesIsRecorded();
    void wrongKeysAreTheOperatorsToFix();
    void optionsAreVendedOnlyWhenAsked();
    void dropDeletesOnlyUnderTheTablesRoot();
    void aRestoreIsWrittenOnTheStoreAsOnADisk();
    void branchesAreCreatedListedAndDeletedOnTheStore();
    void factsAreKeptWithTheRecords();
    void aTableAtAContainersRootBranchesAndRestores();

private:
    // The people table with LanceDB's three versions, recorded at their final names.
    bool peopleWithThreeVersions(engine::CatalogEngine &engine, const QString &table);
    QStringList keysUnder(const QString &prefix);
    // A statement on the catalog's SQLite database, beside the engine; its first value.
    QVariant query(const QString &sql);
    storage::StorageOptions options(const QString &accountKey = {}) const;
    std::unique_ptr<engine::CatalogEngine> openEngine(const storage::StorageOptions &options,
                                                      int vendSeconds = 0);
    // Copies the fixture's data and transactions, and the manifests named in `manifests`
    // (fixture name -> name in `_versions/`), to `prefix` in the container.
    // `store`: another container's (none: the "lance" container's); an empty `prefix` is its
    // root.
    bool upload(const QString &prefix, const QList<QPair<QString, QString>> &manifests,
                storage::ObjectStore *store = nullptr);
    QByteArray objectBytes(const QString &key);
    bool objectExists(const QString &key);

    StorageEmulator m_azurite;
    std::shared_ptr<storage::ObjectStore> m_store;
    std::unique_ptr<QTemporaryDir> m_database;
    int m_round = 0;
    QString m_prefix; // this test's tables' root in the container
};

void TestEngineOnStore::initTestCase()
{
    QVERIFY2(m_azurite.startAzurite({u"lance"_s, u"rooted"_s}), qPrintable(m_azurite.errorText()));
    auto store
        = storage::StoreFactory::open(*storage::StorageUri::parse(u"az://lance"_s), options());
    QVERIFY2(store, store ? "" : qPrintable(store.error().message()));
    m_store = *store;
}

void TestEngineOnStore::init()
{
    m_database = std::make_unique<QTemporaryDir>();
    m_prefix = u"round%1"_s.arg(++m_round);
}

storage::StorageOptions TestEngineOnStore::options(const QString &accountKey) const
{
    storage::StorageOptions options;
    options.set(u"azure_storage_account_name"_s,
                QString::fromLatin1(StorageEmulator::AzuriteAccount));
    options.set(u"azure_storage_account_key"_s,
                accountKey.isEmpty() ? QString::fromLatin1(StorageEmulator::AzuriteAccountKey)
                                     : accountKey);
    options.set(u"azure_storage_endpoint"_s, m_azurite.azuriteAccountUrl().toString());
    options.set(u"allow_http"_s, u"true"_s);
    return options;
}

std::unique_ptr<engine::CatalogEngine>
TestEngineOnStore::openEngine(const storage::StorageOptions &storageOptions, int vendSeconds)
{
    engine::CatalogEngine::Options engineOptions;
    engineOptions.root = m_database->path();
    engineOptions.tablesRoot = u"az://lance/"_s + m_prefix;
    engineOptions.storageOptions = storageOptions;
    engineOptions.vendedStorageOptions = storageOptions;
    engineOptions.vendSeconds = vendSeconds;
    auto engine = engine::CatalogEngine::open(engineOptions);
    if (!engine) {
        qWarning("%s", why(engine).constData());
        return {};
    }
    return std::move(*engine);
}

bool TestEngineOnStore::upload(const QString &prefix,
                               const QList<QPair<QString, QString>> &manifests,
                               storage::ObjectStore *store)
{
    storage::ObjectStore &into = store ? *store : *m_store;
    const QString folderKey = prefix.isEmpty() ? QString() : prefix + u'/';
    const QString fixture = test::TestData::path(Fixture);
    for (const QString &folder : {u"data"_s, u"_transactions"_s}) {
        for (const QString &name : QDir(fixture + u'/' + folder).entryList(QDir::Files)) {
            const QByteArray bytes = test::TestData::read(Fixture + u'/' + folder + u'/' + name);
            if (!into.createIfAbsent(folderKey + folder + u'/' + name, bytes, CallControl())) {
                return false;
            }
        }
    }
    for (const auto &[from, to] : manifests) {
        const QByteArray bytes = test::TestData::read(Fixture + u"/_versions/"_s + from);
        if (!into.createIfAbsent(folderKey + u"_versions/"_s + to, bytes, CallControl())) {
            return false;
        }
    }
    return true;
}

QByteArray TestEngineOnStore::objectBytes(const QString &key)
{
    auto read = m_store->read(key, CallControl());
    return read ? read->bytes : QByteArray();
}

bool TestEngineOnStore::objectExists(const QString &key)
{
    return m_store->stat(key, CallControl()).hasValue();
}

void TestEngineOnStore::aStagedManifestBecomesFinalBeforeItsRecord()
{
    auto engine = openEngine(options());
    QVERIFY(engine);
    const QString table = m_prefix + u"/people.lance"_s;
    const QString staged = V1 + u"-0b8e2e3c-5a6f-4c1e-9d1a-2f0c7f1e9a11"_s;
    QVERIFY(upload(table, {{V1, staged}}));

    const auto declared = declarePeople(*engine);
    QVERIFY2(declared, why(declared));
    QCOMPARE(declared->location, u"az://lance/%1"_s.arg(table));

    const api::CreateTableVersionRequest create
        = versionOfPeople(1, table + u"/_versions/"_s + staged);
    const auto created = engine->run(create);
    QVERIFY2(created, why(created));
    // Recorded at its final name, bucket-relative as Lance writes manifest paths.
    QCOMPARE(created->version->manifestPath, table + u"/_versions/"_s + V1);
    QCOMPARE(objectBytes(table + u"/_versions/"_s + V1),
             test::TestData::read(Fixture + u"/_versions/"_s + V1));
    QVERIFY(!objectExists(table + u"/_versions/"_s + staged));
    QVERIFY(created->version->eTag && !created->version->eTag->isEmpty());
    QVERIFY(created->context.isEmpty()); // read and checked, not "recorded as given"

    // Once recorded, the version is not made again.
    QVERIFY(m_store->createIfAbsent(table + u"/_versions/"_s + staged, "x"_ba, CallControl()));
    QCOMPARE(statusOf(engine->run(create)), 409);
}

void TestEngineOnStore::factsFromTheStoreEqualThoseFromADisk()
{
    // The same three LanceDB versions, on the store and in a folder of a local catalog.
    auto engine = openEngine(options());
    QVERIFY(engine);
    const QString table = m_prefix + u"/people.lance"_s;
    QVERIFY(upload(table, {}));
    QTemporaryDir localRoot;
    QVERIFY(QDir().mkpath(localRoot.path() + u"/people.lance"_s));
    auto local = engine::CatalogEngine::open({localRoot.path(), false});
    QVERIFY2(local, why(local));
    api::DeclareTableRequest declare;
    declare.id = id(u"people"_s);
    QVERIFY(engine->run(declare));
    QVERIFY((*local)->run(declare));
    const QString localTable = localRoot.path() + u"/people.lance"_s;
    QVERIFY(QDir().mkpath(localTable + u"/_versions"_s));
    QVERIFY(QDir().mkpath(localTable + u"/_transactions"_s));
    const QString fixture = test::TestData::path(Fixture);
    for (const QString &name : QDir(fixture + u"/_transactions"_s).entryList(QDir::Files)) {
        QVERIFY(QFile::copy(fixture + u"/_transactions/"_s + name,
                            localTable + u"/_transactions/"_s + name));
    }
    for (int version = 1; version <= 3; ++version) {
        const QString name
            = u"%1.manifest"_s.arg(std::numeric_limits<quint64>::max() - quint64(version));
        const QString staged = name + u"-00000000-0000-4000-8000-00000000000%1"_s.arg(version);
        const QByteArray bytes = test::TestData::read(Fixture + u"/_versions/"_s + name);
        QVERIFY(m_store->createIfAbsent(table + u"/_versions/"_s + staged, bytes, CallControl()));
        QFile file(localTable + u"/_versions/"_s + staged);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size());
        file.close();
        api::CreateTableVersionRequest create
            = versionOfPeople(version, table + u"/_versions/"_s + staged);
        const auto onStore = engine->run(create);
        QVERIFY2(onStore, why(onStore));
        create.manifestPath = (localTable + u"/_versions/"_s + staged).mid(1);
        const auto onDisk = (*local)->run(create);
        QVERIFY2(onDisk, why(onDisk));
    }
    api::ListTableVersionsRequest list;
    list.id = id(u"people"_s);
    const auto fromStore = engine->run(list);
    const auto fromDisk = (*local)->run(list);
    QVERIFY2(fromStore, why(fromStore));
    QVERIFY2(fromDisk, why(fromDisk));
    QCOMPARE(fromStore->versions.size(), 3);
    for (qsizetype i = 0; i < 3; ++i) {
        const api::TableVersion &store = fromStore->versions.at(i);
        const api::TableVersion &disk = fromDisk->versions.at(i);
        QCOMPARE(store.version, disk.version);
        QCOMPARE(store.timestampMillis, disk.timestampMillis);
        QCOMPARE(store.manifestSize, disk.manifestSize);
        QCOMPARE(store.metadata, disk.metadata); // rows, files, operation, writer
        QVERIFY(store.metadata.contains(u"operation"_s));
    }
    // DescribeTable's detailed metadata, from the store's latest manifest.
    api::DescribeTableRequest describe;
    describe.id = id(u"people"_s);
    describe.loadDetailedMetadata = true;
    const auto storeDescribed = engine->run(describe);
    const auto diskDescribed = (*local)->run(describe);
    QVERIFY2(storeDescribed, why(storeDescribed));
    QVERIFY(storeDescribed->schema.has_value());
    QCOMPARE(storeDescribed->schema, diskDescribed->schema);
    QCOMPARE(storeDescribed->stats, diskDescribed->stats);
}

void TestEngineOnStore::refusedManifestsLeaveTheStoreAsItWas()
{
    auto engine = openEngine(options());
    QVERIFY(engine);
    const QString table = m_prefix + u"/people.lance"_s;
    const QString staged = V1 + u"-11111111-2222-4333-8444-555555555555"_s;
    // Version 2's bytes under a name that says version 1.
    QVERIFY(upload(table, {{V2, staged}}));
    QVERIFY(declarePeople(*engine));

    api::CreateTableVersionRequest create = versionOfPeople(1, table + u"/_versions/"_s + staged);
    const auto mislabelled = engine->run(create);
    QCOMPARE(statusOf(mislabelled), 400);
    QVERIFY2(mislabelled.error().serverError().contains(u"version"_s), why(mislabelled));
    QVERIFY(objectExists(table + u"/_versions/"_s + staged));
    QVERIFY(!objectExists(table + u"/_versions/"_s + V1));

    create.manifestPath
        = table + u"/_versions/"_s + V1 + u"-99999999-2222-4333-8444-555555555555"_s;
    const auto missing = engine->run(create);
    QCOMPARE(statusOf(missing), 400);
    QVERIFY2(missing.error().serverError().contains(u"does not exist"_s), why(missing));

    create.manifestPath = m_prefix + u"/other.lance/_versions/"_s + staged;
    const auto elsewhere = engine->run(create);
    QCOMPARE(statusOf(elsewhere), 400);
    QVERIFY2(elsewhere.error().serverError().contains(u"_versions"_s), why(elsewhere));

    // A final name another writer holds: 409, and neither object is touched.
    const QString goodStage = V1 + u"-22222222-2222-4333-8444-555555555555"_s;
    QVERIFY(m_store->createIfAbsent(table + u"/_versions/"_s + goodStage,
                                    test::TestData::read(Fixture + u"/_versions/"_s + V1),
                                    CallControl()));
    QVERIFY(
        m_store->createIfAbsent(table + u"/_versions/"_s + V1, "another writer"_ba, CallControl()));
    create.manifestPath = table + u"/_versions/"_s + goodStage;
    const auto taken = engine->run(create);
    QCOMPARE(statusOf(taken), 409);
    QCOMPARE(objectBytes(table + u"/_versions/"_s + V1), "another writer"_ba);
    QVERIFY(objectExists(table + u"/_versions/"_s + goodStage));
    api::ListTableVersionsRequest list;
    list.id = id(u"people"_s);
    QVERIFY(engine->run(list)->versions.isEmpty());
}

void TestEngineOnStore::aLeftoverOfTheSameBytesIsRecorded()
{
    // A server that created the final name and died before its record: the client's retry
    // (the same staged bytes) is recorded, not refused for a file no record explains.
    auto engine = openEngine(options());
    QVERIFY(engine);
    const QString table = m_prefix + u"/people.lance"_s;
    const QString staged = V1 + u"-33333333-2222-4333-8444-555555555555"_s;
    QVERIFY(upload(table, {{V1, staged}, {V1, V1}}));
    QVERIFY(declarePeople(*engine));
    const auto created = engine->run(versionOfPeople(1, table + u"/_versions/"_s + staged));
    QVERIFY2(created, why(created));
    QCOMPARE(created->version->manifestPath, table + u"/_versions/"_s + V1);
    QVERIFY(!objectExists(table + u"/_versions/"_s + staged));
}

void TestEngineOnStore::wrongKeysAreTheOperatorsToFix()
{
    const QString wrongKey = QString::fromLatin1(QByteArray(64, 'k').toBase64());
    auto engine = openEngine(options(wrongKey));
    QVERIFY(engine);
    QVERIFY(declarePeople(*engine));
    const auto refused = engine->run(
        versionOfPeople(1, m_prefix + u"/people.lance/_versions/"_s + V1 + u"-4-4-4-4-4"_s));
    QCOMPARE(statusOf(refused), 500);
    const QString message = refused.error().serverError();
    QVERIFY2(message.contains(u"devstoreaccount1"_s), qPrintable(message));
    QVERIFY2(message.contains(u"azure_storage_account_key"_s), qPrintable(message));
    QVERIFY(!message.contains(wrongKey));
}

void TestEngineOnStore::optionsAreVendedOnlyWhenAsked()
{
    auto engine = openEngine(options(), 600);
    QVERIFY(engine);
    api::DeclareTableRequest declare;
    declare.id = id(u"people"_s);
    declare.vendCredentials = true;
    const auto declared = engine->run(declare);
    QVERIFY2(declared, why(declared));
    QCOMPARE(declared->storageOptions.value(u"azure_storage_account_key"_s),
             QString::fromLatin1(StorageEmulator::AzuriteAccountKey));
    const qint64 expires = declared->storageOptions.value(u"expires_at_millis"_s).toLongLong();
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    QVERIFY(expires > now + 590'000 && expires <= now + 600'000);

    api::DescribeTableRequest describe;
    describe.id = id(u"people"_s);
    QVERIFY(engine->run(describe)->storageOptions.isEmpty());
    describe.vendCredentials = true;
    QVERIFY(engine->run(describe)->storageOptions.contains(u"expires_at_millis"_s));

    // A catalog that does not vend answers none, asked or not.
    auto quiet = openEngine(options(), 0);
    QVERIFY(quiet);
    QVERIFY(quiet->run(describe)->storageOptions.isEmpty());
}

void TestEngineOnStore::dropDeletesOnlyUnderTheTablesRoot()
{
    auto engine = openEngine(options());
    QVERIFY(engine);
    const QString inside = m_prefix + u"/people.lance"_s;
    const QString outside = u"elsewhere/%1/people.lance"_s.arg(m_round);
    QVERIFY(upload(inside, {{V1, V1}}));
    QVERIFY(upload(outside, {{V1, V1}}));
    QVERIFY(declarePeople(*engine));
    api::DeclareTableRequest declare;
    declare.id = id(u"foreign"_s);
    declare.location = u"az://lance/"_s + outside;
    QVERIFY(engine->run(declare));

    api::DropTableRequest drop;
    drop.id = id(u"people"_s);
    QVERIFY(engine->run(drop));
    auto left = m_store->list(inside + u'/', {}, {}, 100, CallControl());
    QVERIFY(left);
    QVERIFY(left->objects.isEmpty());

    drop.id = id(u"foreign"_s);
    QVERIFY(engine->run(drop));
    QVERIFY(objectExists(outside + u"/_versions/"_s + V1)); // not ours to delete
}

bool TestEngineOnStore::peopleWithThreeVersions(engine::CatalogEngine &engine, const QString &table)
{
    if (!upload(table, {{V1, V1}, {V2, V2}, {V3, V3}}) || !declarePeople(engine)) {
        return false;
    }
    for (const auto &[version, name] : {std::pair{1, V1}, {2, V2}, {3, V3}}) {
        if (const auto created
            = engine.run(versionOfPeople(version, table + u"/_versions/"_s + name));
            !created) {
            qWarning("%s", why(created).constData());
            return false;
        }
    }
    return true;
}

QStringList TestEngineOnStore::keysUnder(const QString &prefix)
{
    QStringList keys;
    if (auto all = m_store->listAll(prefix, CallControl())) {
        for (const storage::ObjectMeta &object : std::as_const(*all)) {
            keys << object.key.mid(prefix.size());
        }
    }
    return keys;
}

void TestEngineOnStore::aRestoreIsWrittenOnTheStoreAsOnADisk()
{
    // The same three LanceDB versions on the store and on a disk, version 2 restored on both:
    // the disk's restore is the one checked against LanceDB (TestEngineRestore, and LanceDB
    // reads it in the node tests), so the store's must record the same facts.
    auto engine = openEngine(options());
    QVERIFY(engine);
    const QString table = m_prefix + u"/people.lance"_s;
    QVERIFY(peopleWithThreeVersions(*engine, table));
    QTemporaryDir localRoot;
    QVERIFY(test::LanceFixture::copyInto(u"people.lance"_s, localRoot.path()));
    auto local = engine::CatalogEngine::open({localRoot.path()}); // registers the copy
    QVERIFY2(local, why(local));

    api::RestoreTableRequest restore;
    restore.id = id(u"people"_s);
    restore.version = 2;
    const QStringList transactionsBefore = keysUnder(table + u"/_transactions/"_s);
    const auto onStore = engine->run(restore);
    QVERIFY2(onStore, why(onStore));
    const auto onDisk = (*local)->run(restore);
    QVERIFY2(onDisk, why(onDisk));

    // Version 4 at its final name, nothing staged left, its transaction beside the others.
    QCOMPARE(keysUnder(table + u"/_versions/"_s), (QStringList{V4, V3, V2, V1}) /* newest first */);
    const QStringList transactions = keysUnder(table + u"/_transactions/"_s);
    QCOMPARE(transactions.size(), transactionsBefore.size() + 1);
    QVERIFY(transactions.contains(u"3-%1.txn"_s.arg(*onStore->transactionId)));
    const auto manifest
        = format::ManifestDecoder::decode(objectBytes(table + u"/_versions/"_s + V4), V4);
    LCB_VERIFY_OK(manifest);
    QCOMPARE(manifest->version, quint64(4));

    api::ListTableVersionsRequest list;
    list.id = id(u"people"_s);
    const auto fromStore = engine->run(list);
    const auto fromDisk = (*local)->run(list);
    QVERIFY2(fromStore && fromDisk, why(fromStore) + why(fromDisk));
    QCOMPARE(fromStore->versions.size(), 4);
    QCOMPARE(fromDisk->versions.size(), 4);
    const api::TableVersion &restored = fromStore->versions.last();
    QCOMPARE(restored.manifestPath, table + u"/_versions/"_s + V4);
    // Not the disk's size: the commit time's nanoseconds take a varying number of bytes.
    QCOMPARE(restored.manifestSize, objectBytes(table + u"/_versions/"_s + V4).size());
    for (const QString &key : {u"operation"_s, u"total_rows"_s, u"restored_from_version"_s}) {
        QVERIFY2(restored.metadata.contains(key), qPrintable(key));
        QCOMPARE(restored.metadata.value(key), fromDisk->versions.last().metadata.value(key));
    }
    QCOMPARE(restored.metadata.value(u"total_rows"_s),
             fromStore->versions.at(1).metadata.value(u"total_rows"_s));

    // A version that is not there is refused before anything is written.
    restore.version = 9;
    QCOMPARE(statusOf(engine->run(restore)), 404);
    QCOMPARE(keysUnder(table + u"/_versions/"_s).size(), 4);
    QCOMPARE(keysUnder(table + u"/_transactions/"_s), transactions);
}

void TestEngineOnStore::branchesAreCreatedListedAndDeletedOnTheStore()
{
    auto engine = openEngine(options());
    QVERIFY(engine);
    const QString table = m_prefix + u"/people.lance"_s;
    QVERIFY(peopleWithThreeVersions(*engine, table));
    const QStringList mainBefore = keysUnder(table + u'/');

    api::CreateTableBranchRequest create;
    create.id = id(u"people"_s);
    create.name = u"exp/one"_s;
    create.fromVersion = 2;
    const auto created = engine->run(create);
    QVERIFY2(created, why(created));
    QVERIFY(objectExists(table + u"/_refs/branches/exp%2Fone.json"_s));
    QCOMPARE(keysUnder(table + u"/tree/exp/one/_versions/"_s),
             (QStringList{V2, u"latest_version_hint.json"_s}));
    QCOMPARE(keysUnder(table + u"/tree/exp/one/_transactions/"_s),
             QStringList{u"2-%1.txn"_s.arg(*created->transactionId)});
    // The branch reads main's files where they are: its base is the table's URI on the store,
    // as Lance names a dataset on a store.
    const auto first = format::ManifestDecoder::decode(
        objectBytes(table + u"/tree/exp/one/_versions/"_s + V2), V2);
    LCB_VERIFY_OK(first);
    QCOMPARE(first->branch, std::optional<QString>(u"exp/one"_s));
    QCOMPARE(first->basePaths.size(), 1);
    QCOMPARE(first->basePaths.first().path, u"az://lance/"_s + table);

    // macOS's AppleDouble file beside a ref, copied up with the table: no branch of Lance's.
    QVERIFY(m_store->createIfAbsent(table + u"/_refs/branches/._exp.json"_s, "\x00\x05"_ba,
                                    CallControl()));
    api::ListTableBranchesRequest listBranches;
    listBranches.id = id(u"people"_s);
    auto branches = engine->run(listBranches);
    QVERIFY2(branches, why(branches));
    QCOMPARE(branches->branches.keys(), QStringList{u"exp/one"_s});
    QCOMPARE(branches->branches.value(u"exp/one"_s).parentVersion, 2);
    QVERIFY(!branches->branches.value(u"exp/one"_s).parentBranch);

    api::ListTableVersionsRequest versions;
    versions.id = id(u"people"_s);
    versions.branch = u"exp/one"_s;
    const auto onBranch = engine->run(versions);
    QVERIFY2(onBranch, why(onBranch));
    QCOMPARE(onBranch->versions.size(), 1);
    QCOMPARE(onBranch->versions.first().manifestPath, table + u"/tree/exp/one/_versions/"_s + V2);

    // A branch with files on the store and no records (one LanceDB made straight on the
    // store): its versions are read from there when it is first listed.
    api::BatchDeleteTableVersionsRequest forget;
    forget.id = id(u"people"_s);
    forget.branch = u"exp/one"_s;
    forget.ranges = {api::VersionRange{}};
    QVERIFY(engine->run(forget));
    const auto found = engine->run(versions);
    QVERIFY2(found, why(found));
    QCOMPARE(found->versions.size(), 1);
    QCOMPARE(found->versions.first().manifestPath, onBranch->versions.first().manifestPath);
    QCOMPARE(found->versions.first().eTag, onBranch->versions.first().eTag);
    QCOMPARE(found->versions.first().timestampMillis, onBranch->versions.first().timestampMillis);
    QCOMPARE(found->versions.first().manifestSize, onBranch->versions.first().manifestSize);

    // A branch of the branch, from its latest version; a name in use is refused.
    create.name = u"exp/two"_s;
    create.fromBranch = u"exp/one"_s;
    create.fromVersion.reset();
    QVERIFY2(engine->run(create), "exp/two");
    QCOMPARE(statusOf(engine->run(create)), 409);
    const auto second = format::ManifestDecoder::decode(
        objectBytes(table + u"/tree/exp/two/_versions/"_s + V2), V2);
    LCB_VERIFY_OK(second);
    QCOMPARE(second->basePaths.last().path, u"az://lance/%1/tree/exp/one"_s.arg(table));

    // A restore on a branch writes into the branch's own folders.
    api::RestoreTableRequest restore;
    restore.id = id(u"people"_s);
    restore.branch = u"exp/two"_s;
    restore.version = 2;
    const auto restored = engine->run(restore);
    QVERIFY2(restored, why(restored));
    QVERIFY(objectExists(table + u"/tree/exp/two/_versions/"_s + V3));
    QVERIFY(objectExists(
        table + u"/tree/exp/two/_transactions/2-%1.txn"_s.arg(*restored->transactionId)));

    // The parent cannot go while a branch starts from it; then both go, and only their files.
    api::DeleteTableBranchRequest remove;
    remove.id = id(u"people"_s);
    remove.name = u"exp/one"_s;
    QCOMPARE(statusOf(engine->run(remove)), 400);
    remove.name = u"exp/two"_s;
    QVERIFY2(engine->run(remove), "exp/two");
    remove.name = u"exp/one"_s;
    QVERIFY2(engine->run(remove), "exp/one");
    QStringList expected = mainBefore + QStringList{u"_refs/branches/._exp.json"_s};
    std::sort(expected.begin(), expected.end()); // a store lists in key order
    QCOMPARE(keysUnder(table + u'/'), expected);
    QCOMPARE(statusOf(engine->run(remove)), 404);
    QVERIFY(engine->run(listBranches)->branches.isEmpty());
}

QVariant TestEngineOnStore::query(const QString &sql)
{
    QVariant value;
    {
        QSqlDatabase database = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"inspect"_s);
        database.setDatabaseName(m_database->filePath(u"lance-catalog.sqlite"_s));
        if (database.open()) {
            QSqlQuery statement(database);
            if (!statement.exec(sql)) {
                qWarning("%s", qPrintable(statement.lastError().text()));
            } else if (statement.next()) {
                value = statement.value(0);
            }
        }
    }
    QSqlDatabase::removeDatabase(u"inspect"_s);
    return value;
}

void TestEngineOnStore::factsAreKeptWithTheRecords()
{
    // A commit has read the manifest: what a listing shows of it is kept with the record, so
    // that a listing after a restart reads nothing from the store.
    auto engine = openEngine(options());
    QVERIFY(engine);
    const QString table = m_prefix + u"/people.lance"_s;
    QList<QPair<QString, QString>> staged;
    for (const QString &name : {V1, V2, V3}) {
        staged.append({name, name + u"-44444444-2222-4333-8444-555555555555"_s});
    }
    QVERIFY(upload(table, staged));
    QVERIFY(declarePeople(*engine));
    for (qint64 version = 1; version <= 3; ++version) {
        const auto created = engine->run(
            versionOfPeople(version, table + u"/_versions/"_s + staged.at(version - 1).second));
        QVERIFY2(created, why(created));
    }
    api::ListTableVersionsRequest list;
    list.id = id(u"people"_s);
    const auto listed = engine->run(list);
    QVERIFY2(listed, why(listed));
    const api::TableVersion second = listed->versions.at(1);
    QCOMPARE(second.metadata.value(u"operation"_s), u"Append"_s);
    const QJsonObject kept
        = QJsonDocument::fromJson(
              query(u"SELECT facts FROM table_versions WHERE version = 2"_s).toString().toUtf8())
              .object();
    QCOMPARE(kept.value(u"operation"_s).toString(), u"Append"_s);
    QCOMPARE(kept.value(u"total_rows"_s).toString(), second.metadata.value(u"total_rows"_s));

    // Kept facts are what a listing answers: a record with another e-tag (no cache of this
    // process knows it) and crafted facts shows the crafted ones, read from nowhere else.
    query(u"UPDATE table_versions SET e_tag = 'not-cached', facts = '{\"total_rows\":\"777\"}' "
          "WHERE version = 2"_s);
    QCOMPARE(engine->run(list)->versions.at(1).metadata.value(u"total_rows"_s), u"777"_s);

    // A record without facts (a catalog of an older release) is read from the store once, and
    // its facts are kept for the next listing.
    query(
        u"UPDATE table_versions SET e_tag = 'not-cached-either', facts = NULL WHERE version = 3"_s);
    const auto relisted = engine->run(list);
    QVERIFY2(relisted, why(relisted));
    QCOMPARE(relisted->versions.at(2).metadata.value(u"total_rows"_s),
             listed->versions.at(2).metadata.value(u"total_rows"_s));
    const QJsonObject learned
        = QJsonDocument::fromJson(
              query(u"SELECT facts FROM table_versions WHERE version = 3"_s).toString().toUtf8())
              .object();
    QCOMPARE(learned.value(u"total_rows"_s).toString(),
             listed->versions.at(2).metadata.value(u"total_rows"_s));
}

void TestEngineOnStore::aTableAtAContainersRootBranchesAndRestores()
{
    // A table may be a whole container (`az://rooted`): its keys start at the root, with no
    // folder (and no `/`) before `_versions/`, `_refs/` and `tree/`.
    auto opened
        = storage::StoreFactory::open(*storage::StorageUri::parse(u"az://rooted"_s), options());
    QVERIFY2(opened, opened ? "" : qPrintable(opened.error().message()));
    storage::ObjectStore &rooted = **opened;
    QVERIFY(upload({}, {{V1, V1}, {V2, V2}, {V3, V3}}, &rooted));
    auto engine = openEngine(options());
    QVERIFY(engine);
    api::DeclareTableRequest declare;
    declare.id = id(u"rooted"_s);
    declare.location = u"az://rooted"_s;
    QVERIFY(engine->run(declare));
    for (const auto &[version, name] : {std::pair{1, V1}, {2, V2}, {3, V3}}) {
        api::CreateTableVersionRequest create = versionOfPeople(version, u"_versions/"_s + name);
        create.id = id(u"rooted"_s);
        const auto created = engine->run(create);
        QVERIFY2(created, why(created));
    }

    api::CreateTableBranchRequest branch;
    branch.id = id(u"rooted"_s);
    branch.name = u"dev"_s;
    branch.fromVersion = 2;
    const auto created = engine->run(branch);
    QVERIFY2(created, why(created));
    QVERIFY(rooted.stat(u"_refs/branches/dev.json"_s, CallControl()));
    const auto first = rooted.read(u"tree/dev/_versions/"_s + V2, CallControl());
    QVERIFY(first);
    const auto decoded = format::ManifestDecoder::decode(first->bytes, V2);
    LCB_VERIFY_OK(decoded);
    QCOMPARE(decoded->basePaths.first().path, u"az://rooted"_s);
    api::ListTableVersionsRequest onBranch;
    onBranch.id = id(u"rooted"_s);
    onBranch.branch = u"dev"_s;
    const auto versions = engine->run(onBranch);
    QVERIFY2(versions, why(versions));
    QCOMPARE(versions->versions.size(), 1);
    QCOMPARE(versions->versions.first().manifestPath, u"tree/dev/_versions/"_s + V2);

    api::RestoreTableRequest restore;
    restore.id = id(u"rooted"_s);
    restore.version = 1;
    const auto restored = engine->run(restore);
    QVERIFY2(restored, why(restored));
    QVERIFY(rooted.stat(u"_versions/"_s + V4, CallControl()));
    QVERIFY(rooted.stat(u"_transactions/3-%1.txn"_s.arg(*restored->transactionId), CallControl()));

    api::DeleteTableBranchRequest remove;
    remove.id = id(u"rooted"_s);
    remove.name = u"dev"_s;
    QVERIFY2(engine->run(remove), "dev");
    const auto left = rooted.list(u"tree/"_s, {}, {}, 10, CallControl());
    QVERIFY(left);
    QVERIFY(left->objects.isEmpty());
    QVERIFY(!rooted.stat(u"_refs/branches/dev.json"_s, CallControl()));
}

LCB_TEST_GUILESS_MAIN(TestEngineOnStore)
#include "TestEngineOnStore.moc"
