// SPDX-License-Identifier: Apache-2.0
// StorageEmulator: s3rver, Azurite and the GCS stub start on 127.0.0.1 with their buckets or
// containers, check credentials as the services do (as far as each does), and are gone once the
// object is, so the storage tests can rely on them.
#include "HttpProbe.h"
#include "StorageEmulator.h"
#include "TestRegistry.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTcpSocket>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::test::HttpProbe;
using lance::test::ProbeReply;
using lance::test::StorageEmulator;

namespace {

using RequestHeaders = QList<QPair<QByteArray, QByteArray>>;

// start…() with its time printed (how long a test pays for an emulator).
template <typename Start> bool timedStart(const char *what, Start start)
{
    QElapsedTimer timer;
    timer.start();
    const bool started = start();
    qInfo("%s started in %lld ms", what, timer.elapsed());
    return started;
}

QString describeReply(const ProbeReply &reply)
{
    return u"HTTP %1 %2 %3"_s.arg(QString::number(reply.status), QString::fromUtf8(reply.body),
                                  reply.networkError);
}

bool portRefusesConnections(quint16 port)
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    return !socket.waitForConnected(3000);
}

} // namespace

class TestStorageEmulators : public QObject
{
    Q_OBJECT

private slots:
    void s3rverServesItsBuckets();
    void azuriteWantsSharedKey();
    void gcsStubChecksTokenAndPreconditions();
    void gcsStubFailsOnDemand();
    void destructorStopsTheEmulator();
    void failedStartSaysWhy();
};

void TestStorageEmulators::s3rverServesItsBuckets()
{
    StorageEmulator s3;
    QVERIFY2(timedStart("s3rver",
                        [&] {
                            return s3.startS3({u"lance-data"_s, u"other"_s});
                        }),
             qPrintable(s3.errorText()));
    QCOMPARE(s3.kind(), StorageEmulator::Kind::S3);
    QCOMPARE(s3.endpoint(), QUrl(u"http://127.0.0.1:%1"_s.arg(s3.port())));
    HttpProbe probe(s3.endpoint());

    const ProbeReply listing = probe.send("GET", "/lance-data?list-type=2");
    QVERIFY2(listing.status == 200, qPrintable(describeReply(listing)));
    QVERIFY2(listing.body.contains("<ListBucketResult")
                 && listing.body.contains("<Name>lance-data</Name>"),
             listing.body.constData());
    QCOMPARE(probe.send("GET", "/other?list-type=2").status, 200);

    const ProbeReply missing = probe.send("GET", "/absent?list-type=2");
    QCOMPARE(missing.status, 404);
    QVERIFY(missing.body.contains("<Code>NoSuchBucket</Code>"));

    // The credentials it reads: an unknown key id is refused (the V4 signature is not checked).
    const QByteArray now
        = QDateTime::currentDateTimeUtc().toString(u"yyyyMMdd'T'HHmmss'Z'"_s).toLatin1();
    const ProbeReply unknownKey = probe.send(
        "GET", "/lance-data?list-type=2", std::nullopt,
        {{"x-amz-date", now},
         {"x-amz-content-sha256", "UNSIGNED-PAYLOAD"},
         {"Authorization", "AWS4-HMAC-SHA256 Credential=NOT-S3RVER/" + now.left(8)
                               + "/us-east-1/s3/aws4_request, SignedHeaders=host;x-amz-date, "
                                 "Signature=00"}});
    QCOMPARE(unknownKey.status, 403);
    QVERIFY2(unknownKey.body.contains("<Code>InvalidAccessKeyId</Code>"), unknownKey.body);
}

void TestStorageEmulators::azuriteWantsSharedKey()
{
    StorageEmulator azurite;
    QVERIFY2(timedStart("Azurite",
                        [&] {
                            return azurite.startAzurite({u"lance-data"_s, u"other"_s});
                        }),
             qPrintable(azurite.errorText()));
    QCOMPARE(azurite.azuriteAccountUrl(),
             QUrl(u"http://127.0.0.1:%1/devstoreaccount1"_s.arg(azurite.port())));
    HttpProbe probe(azurite.endpoint());
    const QByteArray listing = "/devstoreaccount1/lance-data?restype=container&comp=list";

    // Unsigned: refused, as Azure refuses a private container to anonymous callers.
    const ProbeReply anonymous = probe.send("GET", listing);
    QVERIFY2(anonymous.status == 403, qPrintable(describeReply(anonymous)));

    const ProbeReply signedListing
        = probe.send("GET", listing, std::nullopt, StorageEmulator::signAzurite("GET", listing));
    QVERIFY2(signedListing.status == 200, qPrintable(describeReply(signedListing)));
    QVERIFY2(signedListing.body.contains("ContainerName=\"lance-data\""), signedListing.body);

    const QByteArray other = "/devstoreaccount1/other?restype=container&comp=list";
    QCOMPARE(
        probe.send("GET", other, std::nullopt, StorageEmulator::signAzurite("GET", other)).status,
        200);
    const QByteArray absent = "/devstoreaccount1/absent?restype=container&comp=list";
    const ProbeReply missing
        = probe.send("GET", absent, std::nullopt, StorageEmulator::signAzurite("GET", absent));
    QCOMPARE(missing.status, 404);
    QVERIFY2(missing.body.contains("<Code>ContainerNotFound</Code>"), missing.body);

    // Signed with another key: refused, so the signature is what let the request above in.
    const QByteArray wrongKey = QByteArray(32, 'k').toBase64();
    const ProbeReply forged = probe.send(
        "GET", listing, std::nullopt, StorageEmulator::signAzurite("GET", listing, {}, wrongKey));
    QVERIFY2(forged.status == 403, qPrintable(describeReply(forged)));
}

void TestStorageEmulators::gcsStubChecksTokenAndPreconditions()
{
    StorageEmulator gcs;
    QVERIFY2(timedStart("GCS stub",
                        [&] {
                            return gcs.startGcs({u"lance-data"_s}, u"test-token"_s,
                                                u"GOOG1TESTID"_s, u"test-secret"_s);
                        }),
             qPrintable(gcs.errorText()));
    HttpProbe probe(gcs.endpoint());
    const RequestHeaders bearer{{"Authorization", "Bearer test-token"}};

    const ProbeReply anonymous = probe.send("GET", "/lance-data?max-keys=10");
    QCOMPARE(anonymous.status, 403);
    QVERIFY(anonymous.body.contains("<Code>AccessDenied</Code>"));
    QCOMPARE(probe
                 .send("GET", "/lance-data?max-keys=10", std::nullopt,
                       {{"Authorization", "Bearer other-token"}})
                 .status,
             403);
    const ProbeReply listing = probe.send("GET", "/lance-data?max-keys=10", std::nullopt, bearer);
    QVERIFY2(listing.status == 200, qPrintable(describeReply(listing)));
    QVERIFY(listing.body.contains("<Name>lance-data</Name>"));
    QCOMPARE(probe.send("GET", "/absent", std::nullopt, bearer).status, 404);

    // Create-only puts: the first wins, the second finds the object there.
    RequestHeaders createOnly = bearer;
    createOnly.append(qMakePair(QByteArray("x-goog-if-generation-match"), QByteArray("0")));
    const ProbeReply first = probe.send("PUT", "/lance-data/v1.manifest", "one", createOnly);
    QVERIFY2(first.status == 200, qPrintable(describeReply(first)));
    QVERIFY(!first.header("x-goog-generation").isEmpty());
    const ProbeReply second = probe.send("PUT", "/lance-data/v1.manifest", "two", createOnly);
    QCOMPARE(second.status, 412);
    QVERIFY(second.body.contains("<Code>PreconditionFailed</Code>"));
    const ProbeReply read = probe.send("GET", "/lance-data/v1.manifest", std::nullopt, bearer);
    QCOMPARE(read.status, 200);
    QCOMPARE(read.body, QByteArray("one"));
}

void TestStorageEmulators::gcsStubFailsOnDemand()
{
    StorageEmulator gcs;
    QVERIFY2(gcs.startGcs({u"lance-data"_s}, u"test-token"_s, {}, {}), qPrintable(gcs.errorText()));
    HttpProbe probe(gcs.endpoint());
    const RequestHeaders bearer{{"Authorization", "Bearer test-token"}};

    QCOMPARE(probe.send("POST", "/__stub/fail-next?status=503&count=2", QByteArray()).status, 200);
    QCOMPARE(probe.send("GET", "/lance-data", std::nullopt, bearer).status, 503);
    QCOMPARE(probe.send("GET", "/lance-data", std::nullopt, bearer).status, 503);
    QCOMPARE(probe.send("GET", "/lance-data", std::nullopt, bearer).status, 200);

    // The requests it saw, with header names and never their values (the token).
    const ProbeReply seen = probe.send("GET", "/__stub/requests");
    QCOMPARE(seen.status, 200);
    const QJsonArray requests = QJsonDocument::fromJson(seen.body).array();
    QCOMPARE(requests.size(), 3);
    QCOMPARE(requests.at(2)[u"path"_s].toString(), u"/lance-data"_s);
    QCOMPARE(requests.at(2)[u"status"_s].toInt(), 200);
    QVERIFY(requests.at(2)[u"headers"_s].toArray().contains(u"authorization"_s));
    QVERIFY(!seen.body.contains("test-token"));
}

void TestStorageEmulators::destructorStopsTheEmulator()
{
    quint16 port = 0;
    {
        StorageEmulator gcs;
        QVERIFY2(gcs.startGcs({}, u"test-token"_s, {}, {}), qPrintable(gcs.errorText()));
        port = gcs.port();
        QVERIFY(gcs.isRunning());
        QVERIFY(!portRefusesConnections(port));
    }
    QVERIFY(portRefusesConnections(port));

    StorageEmulator s3;
    QVERIFY2(s3.startS3({u"bucket"_s}), qPrintable(s3.errorText()));
    const QString data = s3.dataPath();
    QVERIFY(QDir(data + u"/bucket"_s).exists());
    port = s3.port();
    s3.stop();
    QVERIFY(!s3.isRunning());
    QVERIFY(s3.endpoint().isEmpty());
    QVERIFY(portRefusesConnections(port));
    QVERIFY(!QDir(data).exists());
}

void TestStorageEmulators::failedStartSaysWhy()
{
    // The stub refuses to start without any credential: the reason and its own words.
    StorageEmulator gcs;
    QVERIFY(!gcs.startGcs({u"bucket"_s}, {}, {}, {}));
    QVERIFY(!gcs.isRunning());
    QVERIFY(gcs.endpoint().isEmpty());
    QVERIFY2(gcs.errorText().contains(u"exited"_s) && gcs.errorText().contains(u"give --token"_s),
             qPrintable(gcs.errorText()));

    // A container name Azure refuses (too short): the creation's answer is in the text.
    StorageEmulator azurite;
    QVERIFY(!azurite.startAzurite({u"ab"_s}));
    QVERIFY2(azurite.errorText().contains(u"\"ab\""_s)
                 && azurite.errorText().contains(u"HTTP 400"_s),
             qPrintable(azurite.errorText()));
}

LCB_TEST_GUILESS_MAIN(TestStorageEmulators)
#include "TestStorageEmulators.moc"
