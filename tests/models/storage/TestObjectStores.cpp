// SPDX-License-Identifier: Apache-2.0
// Every ObjectStore call on every backend, against the real thing where it runs here: the local
// file system, s3rver (S3), Azurite (Azure Blob, which checks Shared Key) and the GCS stub (which
// checks the bearer token and the GOOG4 signature as GCS does). The same script for all, so the
// backends agree on what each call means.
#include "StorageEmulator.h"
#include "TestRegistry.h"
#include "storage/StoreFactory.h"

#include <QDateTime>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <thread>
#include <vector>

using namespace Qt::StringLiterals;
using lance::storage::CallControl;
using lance::storage::ObjectStore;
using lance::storage::StorageError;
using lance::storage::StorageOptions;
using lance::storage::StorageUri;
using lance::storage::StoreFactory;
using lance::test::StorageEmulator;

#define STORE_OK(expr)                                                                             \
    do {                                                                                           \
        const auto &storeResult_ = (expr);                                                         \
        if (!storeResult_.hasValue()) {                                                            \
            QFAIL(qPrintable(                                                                      \
                u"%1 failed: %2"_s.arg(QStringLiteral(#expr), storeResult_.error().message())));   \
        }                                                                                          \
    } while (false)

#define STORE_FAILS_WITH(expr, expectedKind)                                                       \
    do {                                                                                           \
        const auto &storeResult_ = (expr);                                                         \
        QVERIFY2(!storeResult_.hasValue(), #expr " succeeded");                                    \
        QCOMPARE(StorageError::kindName(storeResult_.error().kind()),                              \
                 StorageError::kindName(expectedKind));                                            \
    } while (false)

namespace {

const QString GcsToken = u"gcs-test-token"_s;
const QString GcsHmacId = u"GOOG1TESTACCESSID"_s;
const QString GcsHmacSecret = u"gcs/test+secret"_s;

QByteArray bytesOf(int size)
{
    QByteArray bytes(size, Qt::Uninitialized);
    for (int i = 0; i < size; ++i) {
        bytes[i] = char(i * 7 + 3);
    }
    return bytes;
}

} // namespace

class TestObjectStores : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void createReadStatRemove_data() { backends(); }
    void createReadStatRemove();
    void rangesReadTheRightBytes_data() { backends(); }
    void rangesReadTheRightBytes();
    void listingsPageInByteOrder_data() { backends(); }
    void listingsPageInByteOrder();
    void copiesOnlyIfAbsent_data() { backends(); }
    void copiesOnlyIfAbsent();
    void missingBucketIsNamed_data();
    void missingBucketIsNamed();
    void racingCreatorsHaveOneWinner();
    void requestsAreToldWithoutSecrets_data() { backends(); }
    void requestsAreToldWithoutSecrets();

private:
    void backends();
    std::shared_ptr<ObjectStore> open(const QString &backend, const QString &bucket = u"lance"_s);
    QString keyFor(const QString &backend, const QString &relative) const;

    StorageEmulator m_s3;
    StorageEmulator m_azurite;
    StorageEmulator m_gcs;
    QTemporaryDir m_localRoot;
    int m_round = 0;
};

void TestObjectStores::initTestCase()
{
    QVERIFY2(m_s3.startS3({u"lance"_s}), qPrintable(m_s3.errorText()));
    QVERIFY2(m_azurite.startAzurite({u"lance"_s}), qPrintable(m_azurite.errorText()));
    QVERIFY2(m_gcs.startGcs({u"lance"_s}, GcsToken, GcsHmacId, GcsHmacSecret),
             qPrintable(m_gcs.errorText()));
    QVERIFY(m_localRoot.isValid());
}

void TestObjectStores::backends()
{
    QTest::addColumn<QString>("backend");
    for (const char *name : {"local", "s3", "azure", "azure-sas", "gcs-token", "gcs-hmac"}) {
        QTest::newRow(name) << QString::fromLatin1(name);
    }
}

std::shared_ptr<ObjectStore> TestObjectStores::open(const QString &backend, const QString &bucket)
{
    StorageOptions options;
    QString uri;
    if (backend == u"local"_s) {
        uri = m_localRoot.path();
    } else if (backend == u"s3"_s) {
        uri = u"s3://"_s + bucket;
        options = StorageOptions(StorageEmulator::s3Options(m_s3.endpoint()));
    } else if (backend == u"azure-sas"_s) {
        // An account SAS in place of the key, as Azure hands out for a container; Azurite
        // checks its signature and its permissions.
        uri = u"az://"_s + bucket;
        options.set(u"azure_storage_account_name"_s,
                    QString::fromLatin1(StorageEmulator::AzuriteAccount));
        options.set(u"azure_storage_sas_token"_s,
                    u"?"_s
                        + StorageEmulator::azuriteAccountSas(
                            u"rwdlac"_s, QDateTime::currentDateTimeUtc().addSecs(3600)));
        options.set(u"azure_storage_endpoint"_s, m_azurite.azuriteAccountUrl().toString());
        options.set(u"allow_http"_s, u"true"_s);
    } else if (backend == u"azure"_s) {
        uri = u"az://"_s + bucket;
        // camelCase, as a steward pastes LanceDB's storageOptions.
        options.set(u"azureStorageAccountName"_s,
                    QString::fromLatin1(StorageEmulator::AzuriteAccount));
        options.set(u"azureStorageAccountKey"_s,
                    QString::fromLatin1(StorageEmulator::AzuriteAccountKey));
        options.set(u"azure_storage_endpoint"_s, m_azurite.azuriteAccountUrl().toString());
        options.set(u"allow_http"_s, u"true"_s);
    } else {
        uri = u"gs://"_s + bucket;
        options.set(u"google_storage_endpoint"_s, m_gcs.endpoint().toString());
        options.set(u"allow_http"_s, u"true"_s);
        if (backend == u"gcs-token"_s) {
            options.set(u"google_storage_token"_s, GcsToken);
        } else {
            options.set(u"google_hmac_access_id"_s, GcsHmacId);
            options.set(u"google_hmac_secret"_s, GcsHmacSecret);
        }
    }
    auto parsed = StorageUri::parse(uri);
    if (!parsed) {
        qWarning("%s", qPrintable(parsed.error().message()));
        return {};
    }
    auto store = StoreFactory::open(*parsed, options);
    if (!store) {
        qWarning("%s", qPrintable(store.error().message()));
        return {};
    }
    return *store;
}

// Each test writes under a prefix of its own, so tests and rows never see each other's objects.
QString TestObjectStores::keyFor(const QString &backend, const QString &relative) const
{
    const QString base = u"t%1/"_s.arg(m_round) + relative;
    return backend == u"local"_s ? m_localRoot.path() + u'/' + base : base;
}

void TestObjectStores::createReadStatRemove()
{
    QFETCH(QString, backend);
    ++m_round;
    auto store = open(backend);
    QVERIFY(store);
    const QString key = keyFor(backend, u"tbl.lance/_versions/1.manifest"_s);
    const QByteArray bytes = bytesOf(5000);
    const CallControl control;

    STORE_FAILS_WITH(store->read(key, control), StorageError::Kind::NotFound);
    STORE_FAILS_WITH(store->stat(key, control), StorageError::Kind::NotFound);
    // The sentence names the object by its URI as written (`az://`, never `Az://`).
    const QString missing = store->read(key, control).error().message();
    QVERIFY2(missing.startsWith(store->uriOf(key).toString()), qPrintable(missing));
    STORE_OK(store->createIfAbsent(key, bytes, control));
    // The second writer loses, and what the first wrote stays.
    if (backend != u"s3"_s) { // s3rver ignores If-None-Match (tests/support/StorageEmulator.h)
        STORE_FAILS_WITH(store->createIfAbsent(key, "other"_ba, control),
                         StorageError::Kind::AlreadyExists);
    }
    auto read = store->read(key, control);
    STORE_OK(read);
    QCOMPARE(read->bytes, bytes);
    auto meta = store->stat(key, control);
    STORE_OK(meta);
    QCOMPARE(meta->size, qint64(bytes.size()));
    QVERIFY(!meta->eTag.isEmpty());
    QVERIFY(meta->lastModified.isValid());
    QCOMPARE(store->uriOf(key).key(), key);

    STORE_OK(store->remove(key, control));
    STORE_FAILS_WITH(store->read(key, control), StorageError::Kind::NotFound);
    // Removing what is gone succeeds: a retried delete must not fail.
    STORE_OK(store->remove(key, control));
}

void TestObjectStores::rangesReadTheRightBytes()
{
    QFETCH(QString, backend);
    ++m_round;
    auto store = open(backend);
    QVERIFY(store);
    const QString key = keyFor(backend, u"data.bin"_s);
    const QByteArray bytes = bytesOf(10000);
    const CallControl control;
    STORE_OK(store->createIfAbsent(key, bytes, control));

    auto middle = store->readRange(key, 1234, 100, control);
    STORE_OK(middle);
    QCOMPARE(middle->offset, qint64(1234));
    QCOMPARE(middle->bytes, bytes.mid(1234, 100));
    QCOMPARE(middle->meta.size, qint64(bytes.size()));

    // The footer first, as a Lance reader does: the last bytes, and the object's size with them.
    auto tail = store->readRange(key, -1, 64, control);
    STORE_OK(tail);
    QCOMPARE(tail->bytes, bytes.right(64));
    QCOMPARE(tail->offset, qint64(bytes.size() - 64));
    QCOMPARE(tail->meta.size, qint64(bytes.size()));

    auto longerThanObject = store->readRange(key, -1, 50000, control);
    STORE_OK(longerThanObject);
    QCOMPARE(longerThanObject->bytes, bytes);
    QCOMPARE(longerThanObject->offset, qint64(0));

    auto pastTheEnd = store->readRange(key, 9990, 100, control);
    STORE_OK(pastTheEnd);
    QCOMPARE(pastTheEnd->bytes, bytes.right(10));

    auto beyond = store->readRange(key, 20000, 10, control);
    STORE_OK(beyond);
    QVERIFY(beyond->bytes.isEmpty());
}

void TestObjectStores::listingsPageInByteOrder()
{
    QFETCH(QString, backend);
    ++m_round;
    auto store = open(backend);
    QVERIFY(store);
    const CallControl control;
    // V2 manifest names, a hint file that is not a manifest, and a key beside the prefix.
    const QStringList names
        = {u"18446744073709551612.manifest"_s, u"18446744073709551613.manifest"_s,
           u"18446744073709551614.manifest"_s, u"latest_version_hint.json"_s,
           u"18446744073709551611.manifest"_s};
    for (const QString &name : names) {
        STORE_OK(store->createIfAbsent(keyFor(backend, u"t.lance/_versions/"_s + name),
                                       name.toUtf8(), control));
    }
    STORE_OK(store->createIfAbsent(keyFor(backend, u"t.lance/_versionsX"_s), "x"_ba, control));

    const QString prefix = keyFor(backend, u"t.lance/_versions/"_s);
    QStringList listed;
    QString continuation;
    int pages = 0;
    do {
        auto page = store->list(prefix, {}, continuation, 2, control);
        STORE_OK(page);
        QVERIFY(page->objects.size() <= 2);
        for (const auto &object : page->objects) {
            QVERIFY2(object.key.startsWith(prefix), qPrintable(object.key));
            listed.append(object.key.mid(prefix.size()));
            QCOMPARE(object.size, qint64(listed.last().toUtf8().size()));
        }
        continuation = page->continuation;
        QVERIFY(++pages < 10);
    } while (!continuation.isEmpty());
    QStringList expected = names;
    std::sort(expected.begin(), expected.end());
    QCOMPARE(listed, expected);
    QVERIFY(pages >= 3);
    // listAll(): the same, whatever the store does for it (the local one walks its folder once).
    const auto all = store->listAll(prefix, control);
    STORE_OK(all);
    QStringList whole;
    for (const auto &object : *all) {
        whole.append(object.key.mid(prefix.size()));
        QCOMPARE(object.size, qint64(whole.last().toUtf8().size()));
    }
    QCOMPARE(whole, expected);

    // Start after a key: the newest V2 manifest first, then the rest.
    auto after = store->list(prefix, prefix + u"18446744073709551612.manifest"_s, {}, 100, control);
    STORE_OK(after);
    QStringList rest;
    for (const auto &object : after->objects) {
        rest.append(object.key.mid(prefix.size()));
    }
    QCOMPARE(rest, expected.mid(2));

    auto nothing = store->list(keyFor(backend, u"absent/"_s), {}, {}, 10, control);
    STORE_OK(nothing);
    QVERIFY(nothing->objects.isEmpty());
    QVERIFY(nothing->continuation.isEmpty());
}

void TestObjectStores::copiesOnlyIfAbsent()
{
    QFETCH(QString, backend);
    ++m_round;
    auto store = open(backend);
    QVERIFY(store);
    const CallControl control;
    const QString from = keyFor(backend, u"a/source.manifest"_s);
    const QString to = keyFor(backend, u"b/copy.manifest"_s);
    STORE_OK(store->createIfAbsent(from, "source bytes"_ba, control));
    STORE_OK(store->copyIfAbsent(from, to, control));
    auto copied = store->read(to, control);
    STORE_OK(copied);
    QCOMPARE(copied->bytes, "source bytes"_ba);
    if (backend != u"s3"_s) {
        STORE_FAILS_WITH(store->copyIfAbsent(from, to, control), StorageError::Kind::AlreadyExists);
    }
    auto missing
        = store->copyIfAbsent(keyFor(backend, u"a/none"_s), keyFor(backend, u"b/x"_s), control);
    STORE_FAILS_WITH(missing, StorageError::Kind::NotFound);
    QVERIFY2(missing.error().uri().endsWith(u"a/none"_s), qPrintable(missing.error().uri()));
}

void TestObjectStores::missingBucketIsNamed_data()
{
    QTest::addColumn<QString>("backend");
    for (const char *name : {"s3", "azure", "gcs-token"}) {
        QTest::newRow(name) << QString::fromLatin1(name);
    }
}

void TestObjectStores::missingBucketIsNamed()
{
    QFETCH(QString, backend);
    auto store = open(backend, u"no-such-bucket"_s);
    QVERIFY(store);
    auto listed = store->list(u"t/"_s, {}, {}, 10, CallControl());
    STORE_FAILS_WITH(listed, StorageError::Kind::NoSuchBucket);
    const QString message = listed.error().message();
    QVERIFY2(message.contains(u"no-such-bucket"_s), qPrintable(message));
    QVERIFY2(message.contains(u"bucket"_s), qPrintable(message));
}

// Of many writers creating one manifest name at once, exactly one wins: the store is the
// arbiter (Azurite honours If-None-Match: * atomically; s3rver does not, so it is not here).
void TestObjectStores::racingCreatorsHaveOneWinner()
{
    auto store = open(u"azure"_s);
    QVERIFY(store);
    constexpr int Writers = 8;
    for (int version = 1; version <= 3; ++version) {
        const QString key = u"race/_versions/%1.manifest"_s.arg(version);
        std::atomic<int> wins = 0;
        std::atomic<int> losses = 0;
        std::atomic<int> others = 0;
        std::vector<std::thread> threads;
        for (int writer = 0; writer < Writers; ++writer) {
            threads.emplace_back([&, writer] {
                auto created
                    = store->createIfAbsent(key, QByteArray::number(writer), CallControl());
                if (created) {
                    ++wins;
                } else if (created.error().kind() == StorageError::Kind::AlreadyExists) {
                    ++losses;
                } else {
                    ++others;
                }
            });
        }
        for (auto &thread : threads) {
            thread.join();
        }
        QCOMPARE(others.load(), 0);
        QCOMPARE(wins.load(), 1);
        QCOMPARE(losses.load(), Writers - 1);
    }
}

void TestObjectStores::requestsAreToldWithoutSecrets()
{
    // What the window's request log gets of each request: the object's URI, the method, the
    // status and the time, never the query string (a SAS token) or a header (a signature).
    QFETCH(QString, backend);
    ++m_round;
    auto store = open(backend);
    QVERIFY(store);
    QList<lance::api::ExchangeRecord> told;
    store->observe([&told](const lance::api::ExchangeRecord &record) { told.append(record); });
    const QString key = keyFor(backend, u"tbl.lance/_versions/1.manifest"_s);
    const CallControl control;
    STORE_OK(store->createIfAbsent(key, "bytes"_ba, control));
    STORE_OK(store->read(key, control));
    STORE_OK(store->list(keyFor(backend, u"tbl.lance/"_s), {}, {}, 10, control));
    STORE_FAILS_WITH(store->read(key + u".gone"_s, control), StorageError::Kind::NotFound);
    if (backend == u"local"_s) {
        QVERIFY(told.isEmpty()); // no request is sent
        return;
    }
    QStringList operations;
    for (const lance::api::ExchangeRecord &record : std::as_const(told)) {
        operations << record.operation;
        QVERIFY2(record.url.startsWith(store->uriOf({}).toString()), qPrintable(record.url));
        QVERIFY2(!record.url.contains(u'?'), qPrintable(record.url));
        QVERIFY(record.headers.isEmpty());
        QVERIFY(record.startedAt.isValid());
        QVERIFY(record.elapsedMs >= 0);
        for (const QString &secret : {QString::fromLatin1(StorageEmulator::AzuriteAccountKey),
                                      u"sig="_s, GcsToken, GcsHmacSecret}) {
            QVERIFY(!record.url.contains(secret) && !record.error.contains(secret));
        }
    }
    QVERIFY2(operations.contains(u"PutObject"_s), qPrintable(operations.join(u", ")));
    QVERIFY2(operations.contains(u"GetObject"_s), qPrintable(operations.join(u", ")));
    QVERIFY2(operations.contains(u"ListObjects"_s), qPrintable(operations.join(u", ")));
    QCOMPARE(told.last().status, 404);
    QCOMPARE(told.last().url, store->uriOf(key + u".gone"_s).toString());
}

LCB_TEST_GUILESS_MAIN(TestObjectStores)
#include "TestObjectStores.moc"
