// SPDX-License-Identifier: Apache-2.0
// What a store call says when it fails: wrong keys against the emulators that check them, and
// the answers no emulator here gives (a wrong region, a skewed clock, an expired token, a body
// cut short, a store that stays down) from scripted servers that exist only to fail. Each error
// is typed, names the URI and the store, says what to do, and never holds a secret.
#include "DroppingTcpServer.h"
#include "ScriptedHttpServer.h"
#include "StorageEmulator.h"
#include "TestRegistry.h"
#include "storage/StoreFactory.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QTcpSocket>
#include <QTest>

#include <atomic>
#include <optional>
#include <thread>

using namespace Qt::StringLiterals;
using lance::storage::CallControl;
using lance::storage::ObjectStore;
using lance::storage::StorageError;
using lance::storage::StorageOptions;
using lance::storage::StorageUri;
using lance::storage::StoreFactory;
using lance::test::DroppingTcpServer;
using lance::test::ScriptedHttpServer;
using lance::test::ScriptedResponse;
using lance::test::StorageEmulator;
using Kind = lance::storage::StorageError::Kind;

namespace {

const QString Secret = u"not/the+right-secret-42"_s;

std::shared_ptr<ObjectStore> openStore(const QString &uri, const StorageOptions &options)
{
    auto store = StoreFactory::open(*StorageUri::parse(uri), options);
    if (!store) {
        qWarning("%s", qPrintable(store.error().message()));
        return {};
    }
    return *store;
}

StorageOptions s3Options(const QUrl &endpoint, const QString &keyId, const QString &secret)
{
    StorageOptions options;
    options.set(u"aws_endpoint"_s, endpoint.toString());
    options.set(u"allow_http"_s, u"true"_s);
    options.set(u"aws_access_key_id"_s, keyId);
    options.set(u"aws_secret_access_key"_s, secret);
    return options;
}

QByteArray s3Error(const QByteArray &code, const QByteArray &extra = {})
{
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>" + code
           + "</Code><Message>refused</Message>" + extra + "</Error>";
}

} // namespace

class TestStoreFailures : public QObject
{
    Q_OBJECT

private slots:
    void wrongKeysAreNamedNotShown_data();
    void wrongKeysAreNamedNotShown();
    void plainHttpNeedsAllowHttp();
    void expiredVendedCredentialsAreNotSent();
    void scriptedRefusalsAreTyped_data();
    void scriptedRefusalsAreTyped();
    void aLostConditionalCreateIsAlreadyExists_data();
    void aLostConditionalCreateIsAlreadyExists();
    void passingFailuresAreRetried();
    void aStoreThatStaysDownIsReported();
    void aBodyCutShortIsTruncated();
    void cancelStopsAWaitingCall();
    void theDeadlineEndsAWaitingCall();
};

void TestStoreFailures::wrongKeysAreNamedNotShown_data()
{
    QTest::addColumn<QString>("backend");
    QTest::newRow("azurite, wrong account key") << u"azure"_s;
    QTest::newRow("azurite, SAS signed with another key") << u"azure-sas"_s;
    QTest::newRow("gcs, wrong hmac secret") << u"gcs"_s;
    QTest::newRow("s3rver, unknown key id") << u"s3"_s;
}

void TestStoreFailures::wrongKeysAreNamedNotShown()
{
    QFETCH(QString, backend);
    StorageEmulator emulator;
    StorageOptions options;
    QString uri;
    if (backend == u"azure"_s) {
        QVERIFY2(emulator.startAzurite({u"lance"_s}), qPrintable(emulator.errorText()));
        uri = u"az://lance"_s;
        options.set(u"azure_storage_endpoint"_s, emulator.azuriteAccountUrl().toString());
        options.set(u"allow_http"_s, u"true"_s);
        // A well-formed key of the right length that is not the account's.
        options.set(u"azure_storage_account_key"_s,
                    QString::fromLatin1(Secret.toUtf8().toBase64()));
    } else if (backend == u"azure-sas"_s) {
        QVERIFY2(emulator.startAzurite({u"lance"_s}), qPrintable(emulator.errorText()));
        uri = u"az://lance"_s;
        options.set(u"azure_storage_endpoint"_s, emulator.azuriteAccountUrl().toString());
        options.set(u"allow_http"_s, u"true"_s);
        options.set(u"azure_storage_sas_token"_s,
                    StorageEmulator::azuriteAccountSas(u"rwdlac"_s,
                                                       QDateTime::currentDateTimeUtc().addSecs(600),
                                                       Secret.toUtf8().toBase64()));
    } else if (backend == u"gcs"_s) {
        QVERIFY2(emulator.startGcs({u"lance"_s}, u"token"_s, u"GOOG1ID"_s, u"right"_s),
                 qPrintable(emulator.errorText()));
        uri = u"gs://lance"_s;
        options.set(u"google_storage_endpoint"_s, emulator.endpoint().toString());
        options.set(u"allow_http"_s, u"true"_s);
        options.set(u"google_hmac_access_id"_s, u"GOOG1ID"_s);
        options.set(u"google_hmac_secret"_s, Secret);
    } else {
        QVERIFY2(emulator.startS3({u"lance"_s}), qPrintable(emulator.errorText()));
        uri = u"s3://lance"_s;
        options = s3Options(emulator.endpoint(), u"NOT-S3RVER"_s, Secret);
    }
    auto store = openStore(uri, options);
    QVERIFY(store);
    auto read = store->read(u"t.lance/_versions/1.manifest"_s, CallControl());
    QVERIFY(!read);
    QCOMPARE(StorageError::kindName(read.error().kind()),
             StorageError::kindName(Kind::BadCredentials));
    const QString message = read.error().message();
    QVERIFY2(message.contains(uri), qPrintable(message));
    // The options of this store to check.
    const QString option = backend == u"azure"_s       ? u"azure_storage_account_key"_s
                           : backend == u"azure-sas"_s ? u"azure_storage_sas_token"_s
                           : backend == u"gcs"_s       ? u"google_hmac_secret"_s
                                                       : u"aws_secret_access_key"_s;
    QVERIFY2(message.contains(option), qPrintable(message));
    QVERIFY2(!message.contains(Secret), qPrintable(message));
    QVERIFY(!message.contains(QString::fromLatin1(Secret.toUtf8().toBase64())));
    // Nor a SAS's signature, which is a secret as long as the token is valid.
    QVERIFY2(!message.contains(u"sig="_s), qPrintable(message));
}

void TestStoreFailures::plainHttpNeedsAllowHttp()
{
    StorageOptions options = s3Options(QUrl(u"http://127.0.0.1:9"_s), u"id"_s, Secret);
    options.set(u"allow_http"_s, u"false"_s);
    auto store = StoreFactory::open(*StorageUri::parse(u"s3://bucket/t"_s), options);
    QVERIFY(!store);
    QCOMPARE(StorageError::kindName(store.error().kind()),
             StorageError::kindName(Kind::InsecureEndpoint));
    QVERIFY2(store.error().message().contains(u"allow_http"_s),
             qPrintable(store.error().message()));
}

void TestStoreFailures::expiredVendedCredentialsAreNotSent()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    StorageOptions options = s3Options(server.url(), u"id"_s, Secret);
    options.set(u"aws_session_token"_s, u"vended-token"_s);
    options.set(u"expires_at_millis"_s,
                QString::number(QDateTime::currentMSecsSinceEpoch() - 1000));
    auto store = openStore(u"s3://bucket"_s, options);
    QVERIFY(store);
    auto read = store->read(u"k"_s, CallControl());
    QVERIFY(!read);
    QCOMPARE(StorageError::kindName(read.error().kind()),
             StorageError::kindName(Kind::ExpiredCredentials));
    QCOMPARE(server.requestCount(), 0);
    QVERIFY(!read.error().message().contains(u"vended-token"_s));
}

void TestStoreFailures::scriptedRefusalsAreTyped_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("mentioned");
    QTest::newRow("wrong region") << 400
                                  << s3Error("AuthorizationHeaderMalformed",
                                             "<Region>eu-west-1</Region>")
                                  << int(Kind::WrongRegion) << u"eu-west-1"_s;
    QTest::newRow("clock skew") << 403 << s3Error("RequestTimeTooSkewed") << int(Kind::ClockSkew)
                                << u"clock"_s;
    QTest::newRow("expired token")
        << 400 << s3Error("ExpiredToken") << int(Kind::ExpiredCredentials) << u"expired"_s;
    QTest::newRow("unknown bucket")
        << 404 << s3Error("NoSuchBucket") << int(Kind::NoSuchBucket) << u"bucket"_s;
    QTest::newRow("access denied")
        << 403 << s3Error("AccessDenied") << int(Kind::AccessDenied) << u"policy"_s;
}

void TestStoreFailures::scriptedRefusalsAreTyped()
{
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    QFETCH(int, kind);
    QFETCH(QString, mentioned);
    ScriptedHttpServer server;
    QVERIFY(server.start());
    server.setDefault(u"GET /bucket/*"_s, ScriptedResponse::text(status, body));
    auto store = openStore(u"s3://bucket"_s, s3Options(server.url(), u"id"_s, Secret));
    QVERIFY(store);
    auto read = store->read(u"object"_s, CallControl());
    QVERIFY(!read);
    QCOMPARE(StorageError::kindName(read.error().kind()), StorageError::kindName(Kind(kind)));
    const QString message = read.error().message();
    QVERIFY2(message.contains(mentioned, Qt::CaseInsensitive), qPrintable(message));
    QVERIFY2(message.contains(u"s3://bucket/object"_s), qPrintable(message));
    QVERIFY2(message.contains(server.url().toString()), qPrintable(message));
    QVERIFY(!message.contains(Secret));
    // Refusals are final: one request, no retries.
    QCOMPARE(server.requestCount(), 1);
}

void TestStoreFailures::aLostConditionalCreateIsAlreadyExists_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::newRow("S3: 412") << 412 << s3Error("PreconditionFailed");
    QTest::newRow("R2-like stores: 409") << 409 << s3Error("ConditionalRequestConflict");
    QTest::newRow("some stores: 304") << 304 << QByteArray();
}

// s3rver ignores If-None-Match, so a store that refuses the second writer is scripted: the
// create says so, sends the condition, and is not sent again.
void TestStoreFailures::aLostConditionalCreateIsAlreadyExists()
{
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    ScriptedHttpServer server;
    QVERIFY(server.start());
    server.setDefault(u"PUT /bucket/*"_s, body.isEmpty() ? ScriptedResponse::empty(status)
                                                         : ScriptedResponse::text(status, body));
    auto store = openStore(u"s3://bucket"_s, s3Options(server.url(), u"id"_s, Secret));
    QVERIFY(store);
    auto created = store->createIfAbsent(u"manifest"_s, "bytes"_ba, CallControl());
    QVERIFY(!created);
    QCOMPARE(StorageError::kindName(created.error().kind()),
             StorageError::kindName(Kind::AlreadyExists));
    QCOMPARE(server.requestCount(), 1);
    QCOMPARE(server.requests().first().header("If-None-Match"), "*"_ba);
}

void TestStoreFailures::passingFailuresAreRetried()
{
    StorageEmulator gcs;
    QVERIFY2(gcs.startGcs({u"lance"_s}, u"token"_s, {}, {}), qPrintable(gcs.errorText()));
    StorageOptions options;
    options.set(u"google_storage_endpoint"_s, gcs.endpoint().toString());
    options.set(u"allow_http"_s, u"true"_s);
    options.set(u"google_storage_token"_s, u"token"_s);
    auto store = openStore(u"gs://lance"_s, options);
    QVERIFY(store);
    QVERIFY(store->createIfAbsent(u"k"_s, "bytes"_ba, CallControl()));
    // The store answers 503 twice, then serves: the read succeeds. The stub's hook needs no
    // credentials and is no object call, so a raw socket sends it.
    QTcpSocket socket;
    socket.connectToHost(u"127.0.0.1"_s, gcs.port());
    QVERIFY(socket.waitForConnected(3000));
    socket.write("POST /__stub/fail-next?status=503&count=2 HTTP/1.1\r\nHost: x\r\n"
                 "Content-Length: 0\r\nConnection: close\r\n\r\n");
    QVERIFY(socket.waitForBytesWritten(3000));
    QVERIFY(socket.waitForReadyRead(3000));
    QVERIFY(socket.readAll().startsWith("HTTP/1.1 2"));
    auto read = store->read(u"k"_s, CallControl());
    QVERIFY2(read, read ? "" : qPrintable(read.error().message()));
    QCOMPARE(read->bytes, "bytes"_ba);
}

void TestStoreFailures::aStoreThatStaysDownIsReported()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    server.setDefault(
        u"GET /bucket/*"_s,
        ScriptedResponse::text(503, s3Error("SlowDown")).withHeader("Retry-After", "0"));
    auto store = openStore(u"s3://bucket"_s, s3Options(server.url(), u"id"_s, Secret));
    QVERIFY(store);
    auto read = store->read(u"object"_s, CallControl());
    QVERIFY(!read);
    QCOMPARE(StorageError::kindName(read.error().kind()), StorageError::kindName(Kind::Throttled));
    QCOMPARE(server.requestCount(), 5); // the first try and four retries
}

void TestStoreFailures::aBodyCutShortIsTruncated()
{
    DroppingTcpServer server(0, "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n0123456789");
    QVERIFY(server.start());
    auto store = openStore(u"s3://bucket"_s, s3Options(server.url(), u"id"_s, Secret));
    QVERIFY(store);
    std::optional<lance::storage::StorageResult<lance::storage::ObjectData>> read;
    std::atomic<bool> finished = false;
    std::thread caller([&] {
        read.emplace(store->read(u"object"_s, CallControl()));
        finished = true;
    });
    // The canned server answers on this thread's event loop: keep it turning until the end.
    const bool done = QTest::qWaitFor([&] { return finished.load(); }, 25000);
    caller.join();
    QVERIFY(done);
    QCOMPARE(server.connectionCount(), 5); // a cut body is worth another try, four times
    QVERIFY(read && !*read);
    QCOMPARE(StorageError::kindName(read->error().kind()), StorageError::kindName(Kind::Truncated));
    QVERIFY2(read->error().message().contains(u"10 of 100"_s), qPrintable(read->error().message()));
}

void TestStoreFailures::cancelStopsAWaitingCall()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    ScriptedResponse held = ScriptedResponse::text(200, "late");
    held.hold = true;
    server.setDefault(u"GET /bucket/*"_s, held);
    auto store = openStore(u"s3://bucket"_s, s3Options(server.url(), u"id"_s, Secret));
    QVERIFY(store);
    const CallControl control(60000);
    std::optional<lance::storage::StorageResult<lance::storage::ObjectData>> read;
    QElapsedTimer timer;
    timer.start();
    std::thread caller([&] { read.emplace(store->read(u"object"_s, control)); });
    QVERIFY(QTest::qWaitFor([&] { return server.heldCount() == 1; }, 5000));
    control.cancellation().cancel();
    caller.join();
    QVERIFY(timer.elapsed() < 5000);
    QVERIFY(read && !*read);
    QCOMPARE(StorageError::kindName(read->error().kind()), StorageError::kindName(Kind::Cancelled));
    server.stop();
}

void TestStoreFailures::theDeadlineEndsAWaitingCall()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    ScriptedResponse held = ScriptedResponse::text(200, "late");
    held.hold = true;
    server.setDefault(u"GET /bucket/*"_s, held);
    auto store = openStore(u"s3://bucket"_s, s3Options(server.url(), u"id"_s, Secret));
    QVERIFY(store);
    QElapsedTimer timer;
    timer.start();
    auto read = store->read(u"object"_s, CallControl(400));
    QVERIFY(timer.elapsed() < 4000);
    QVERIFY(!read);
    QCOMPARE(StorageError::kindName(read.error().kind()), StorageError::kindName(Kind::Timeout));
    server.stop();
}

LCB_TEST_GUILESS_MAIN(TestStoreFailures)
#include "TestStoreFailures.moc"
