// SPDX-License-Identifier: Apache-2.0
// SigV4Signer against published vectors: AWS's Signature Version 4 test suite for generic
// services (tests/data/sigv4, its README says where from and what was left out), the worked
// examples of the S3 documentation (header signing and a presigned URL), then what a store
// client relies on: signInPlace() and the GOOG4 dialect of GCS's HMAC keys.
#include "TestData.h"
#include "TestRegistry.h"
#include "storage/SigV4Signer.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageAuthenticationCode>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::storage::SigV4Signer;

Q_DECLARE_METATYPE(SigV4Signer::Request)
Q_DECLARE_METATYPE(SigV4Signer::PathRule)

// The helpers are the class's own: the folder's sources are compiled together (unity builds).
class TestSigV4Signer : public QObject
{
    Q_OBJECT

private slots:
    void awsTestSuite_data();
    void awsTestSuite();
    void s3Examples_data();
    void s3Examples();
    void s3PresignedUrl();
    void signInPlaceAddsWhatTheStoreChecks();
    void goog4Dialect();

private:
    using Pairs = QList<QPair<QByteArray, QByteArray>>;

    static inline const QString SuiteFile = u"sigv4/aws-sigv4-test-suite.json"_s;
    // Every case of the suite's v4 folder but the one with a header folded over several lines.
    static constexpr qsizetype SuiteCases = 37;

    // The S3 documentation's examples ("Examples: Signature Calculations in AWS Signature
    // Version 4", "Authenticating Requests: Using Query Parameters").
    static inline const SigV4Signer::Credentials S3Credentials{
        u"AKIAIOSFODNN7EXAMPLE"_s, u"wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"_s, {}};
    static inline const QByteArray S3Host = "examplebucket.s3.amazonaws.com";
    static inline const QByteArray EmptyHash
        = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

    static QDateTime s3Time() { return QDateTime(QDate(2013, 5, 24), QTime(0, 0), Qt::UTC); }

    static SigV4Signer s3Signer(const SigV4Signer::Credentials &credentials = S3Credentials)
    {
        return SigV4Signer(credentials, u"us-east-1"_s, u"s3"_s, SigV4Signer::Dialect::Aws,
                           SigV4Signer::PathRule::AsSent);
    }

    static Pairs pairsOf(const QJsonArray &array)
    {
        Pairs pairs;
        for (const QJsonValue &pair : array) {
            pairs.append({pair[0].toString().toUtf8(), pair[1].toString().toUtf8()});
        }
        return pairs;
    }

    static QByteArray headerValue(const Pairs &headers, const QByteArray &name)
    {
        for (const auto &[key, value] : headers) {
            if (key.compare(name, Qt::CaseInsensitive) == 0) {
                return value;
            }
        }
        return {};
    }

    static QByteArray hmac(const QByteArray &key, const QByteArray &message)
    {
        return QMessageAuthenticationCode::hash(message, key, QCryptographicHash::Sha256);
    }

    SigV4Signer::Credentials m_suiteCredentials;
    QDateTime m_suiteTime;
    QString m_suiteRegion;
    QString m_suiteService;
};

void TestSigV4Signer::awsTestSuite_data()
{
    QTest::addColumn<SigV4Signer::PathRule>("pathRule");
    QTest::addColumn<QString>("sessionToken");
    QTest::addColumn<SigV4Signer::Request>("request");
    QTest::addColumn<QByteArray>("canonicalRequest");
    QTest::addColumn<QByteArray>("stringToSign");
    QTest::addColumn<QByteArray>("signature");

    const QJsonArray file = QJsonDocument::fromJson(lance::test::TestData::read(SuiteFile)).array();
    QVERIFY2(!file.isEmpty() && file[0].toObject().contains(u"about"), "no suite data");
    const QJsonObject about = file[0].toObject();
    m_suiteCredentials
        = {about[u"accessKeyId"].toString(), about[u"secretAccessKey"].toString(), {}};
    m_suiteTime = QDateTime::fromString(about[u"time"].toString(), Qt::ISODate);
    m_suiteRegion = about[u"region"].toString();
    m_suiteService = about[u"service"].toString();
    QVERIFY(m_suiteTime.isValid());
    QCOMPARE(file.size() - 1, SuiteCases);

    for (qsizetype i = 1; i < file.size(); ++i) {
        const QJsonObject item = file[i].toObject();
        const bool normalise = item[u"normalize"].toBool();
        SigV4Signer::Request request;
        request.method = item[u"method"].toString().toUtf8();
        // The suite writes the path unencoded (`/example space/`) and its signer encodes it
        // once (aws-c-auth runs every case with use_double_uri_encode). Normalised does that
        // encoding itself; AsSent (S3's rule) signs what an HTTP client sends: the path encoded
        // once. None of the suite's paths holds a `%`, so encoding it here is exact.
        request.path = item[u"path"].toString().toUtf8();
        if (!normalise) {
            request.path = SigV4Signer::uriEncode(request.path, true);
        }
        request.query = pairsOf(item[u"query"].toArray());
        request.headers = pairsOf(item[u"headers"].toArray());
        request.body = item[u"body"].toString().toUtf8();
        QTest::newRow(qPrintable(item[u"name"].toString()))
            << (normalise ? SigV4Signer::PathRule::Normalised : SigV4Signer::PathRule::AsSent)
            << item[u"sessionToken"].toString() << request
            << item[u"canonicalRequest"].toString().toUtf8()
            << item[u"stringToSign"].toString().toUtf8() << item[u"signature"].toString().toUtf8();
    }
}

// Each step compared in turn, so a failure names the first that differs.
void TestSigV4Signer::awsTestSuite()
{
    QFETCH(SigV4Signer::PathRule, pathRule);
    QFETCH(QString, sessionToken);
    QFETCH(SigV4Signer::Request, request);
    QFETCH(QByteArray, canonicalRequest);
    QFETCH(QByteArray, stringToSign);
    QFETCH(QByteArray, signature);

    SigV4Signer::Credentials credentials = m_suiteCredentials;
    credentials.sessionToken = sessionToken;
    const SigV4Signer signer(credentials, m_suiteRegion, m_suiteService, SigV4Signer::Dialect::Aws,
                             pathRule);
    const SigV4Signer::Signature out = signer.sign(request, m_suiteTime);
    QCOMPARE(out.canonicalRequest, canonicalRequest);
    QCOMPARE(out.stringToSign, stringToSign);
    QCOMPARE(out.signature, signature);
    const QList<QByteArray> lines = canonicalRequest.split('\n');
    QCOMPARE(out.signedHeaders, lines.value(lines.size() - 2)); // the line before the hash
    QCOMPARE(out.authorization,
             "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/"
             "aws4_request, SignedHeaders="
                 + out.signedHeaders + ", Signature=" + signature);
}

void TestSigV4Signer::s3Examples_data()
{
    QTest::addColumn<SigV4Signer::Request>("request");
    QTest::addColumn<QByteArray>("canonicalRequest");
    QTest::addColumn<QByteArray>("stringToSign");
    QTest::addColumn<QByteArray>("signature");
    const QByteArray date = "20130524T000000Z";
    const QByteArray scope
        = "AWS4-HMAC-SHA256\n20130524T000000Z\n20130524/us-east-1/s3/aws4_request\n";

    SigV4Signer::Request get{"GET",
                             "/test.txt",
                             {},
                             {{"Host", S3Host},
                              {"Range", "bytes=0-9"},
                              {"x-amz-content-sha256", EmptyHash},
                              {"x-amz-date", date}},
                             {},
                             {}};
    QTest::newRow("GET Object") << get
                                << "GET\n/test.txt\n\nhost:examplebucket.s3.amazonaws.com\n"
                                   "range:bytes=0-9\nx-amz-content-sha256:"
                                       + EmptyHash
                                       + "\nx-amz-date:20130524T000000Z\n\n"
                                         "host;range;x-amz-content-sha256;x-amz-date\n"
                                       + EmptyHash
                                << scope
                                       + "7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc439"
                                         "64946972"
                                << QByteArray("f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd910"
                                              "39c6036bdb41");

    const QByteArray body = "Welcome to Amazon S3.";
    const QByteArray bodyHash = SigV4Signer::sha256Hex(body);
    QCOMPARE(bodyHash, "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072");
    // The key `test$file.text`, sent (and signed, S3 encoding it once) as `test%24file.text`.
    SigV4Signer::Request put{"PUT",
                             "/test%24file.text",
                             {},
                             {{"Host", S3Host},
                              {"Date", "Fri, 24 May 2013 00:00:00 GMT"},
                              {"x-amz-date", date},
                              {"x-amz-storage-class", "REDUCED_REDUNDANCY"},
                              {"x-amz-content-sha256", bodyHash}},
                             {},
                             body};
    QTest::newRow("PUT Object")
        << put
        << "PUT\n/test%24file.text\n\ndate:Fri, 24 May 2013 00:00:00 GMT\n"
           "host:examplebucket.s3.amazonaws.com\nx-amz-content-sha256:"
               + bodyHash
               + "\nx-amz-date:20130524T000000Z\nx-amz-storage-class:REDUCED_REDUNDANCY\n\n"
                 "date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class\n"
               + bodyHash
        << scope + "9e0e90d9c76de8fa5b200d8c849cd5b8dc7a3be3951ddb7f6a76b4158342019d"
        << QByteArray("98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd");

    const Pairs bucketHeaders{
        {"Host", S3Host}, {"x-amz-date", date}, {"x-amz-content-sha256", EmptyHash}};
    const QByteArray bucketTail
        = "host:examplebucket.s3.amazonaws.com\nx-amz-content-sha256:" + EmptyHash
          + "\nx-amz-date:20130524T000000Z\n\n"
            "host;x-amz-content-sha256;x-amz-date\n"
          + EmptyHash;
    // `?lifecycle`: a parameter without a value is signed as `lifecycle=`.
    QTest::newRow("GET Bucket Lifecycle")
        << SigV4Signer::Request{"GET", "/", {{"lifecycle", ""}}, bucketHeaders, {}, {}}
        << "GET\n/\nlifecycle=\n" + bucketTail
        << scope + "9766c798316ff2757b517bc739a67f6213b4ab36dd5da2f94eaebf79c77395ca"
        << QByteArray("fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543");
    QTest::newRow("Get Bucket (List Objects)")
        << SigV4Signer::Request{"GET",         "/", {{"prefix", "J"}, {"max-keys", "2"}},
                                bucketHeaders, {},  {}}
        << "GET\n/\nmax-keys=2&prefix=J\n" + bucketTail
        << scope + "df57d21db20da04d7fa30298dd4488ba3a2b47ca3a489c74750e0f1e7df1b9b7"
        << QByteArray("34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7");
}

void TestSigV4Signer::s3Examples()
{
    QFETCH(SigV4Signer::Request, request);
    QFETCH(QByteArray, canonicalRequest);
    QFETCH(QByteArray, stringToSign);
    QFETCH(QByteArray, signature);

    const SigV4Signer::Signature out = s3Signer().sign(request, s3Time());
    QCOMPARE(out.canonicalRequest, canonicalRequest);
    QCOMPARE(out.stringToSign, stringToSign);
    QCOMPARE(out.signature, signature);
    QVERIFY2(out.authorization.startsWith("AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/"
                                          "20130524/us-east-1/s3/aws4_request, SignedHeaders="),
             out.authorization.constData());
}

// "Authenticating Requests: Using Query Parameters": GET /test.txt, valid for a day.
void TestSigV4Signer::s3PresignedUrl()
{
    const SigV4Signer::Request request{"GET", "/test.txt", {}, {{"Host", S3Host}}, {}, {}};
    const Pairs query = s3Signer().presign(request, s3Time(), 86400);
    const Pairs expected{
        {"X-Amz-Algorithm", "AWS4-HMAC-SHA256"},
        {"X-Amz-Credential", "AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request"},
        {"X-Amz-Date", "20130524T000000Z"},
        {"X-Amz-Expires", "86400"},
        {"X-Amz-SignedHeaders", "host"},
        {"X-Amz-Signature", "aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404"}};
    QCOMPARE(query, expected);

    // The canonical request the documentation prints: the parameters but the signature, the
    // payload unsigned.
    SigV4Signer::Request signedRequest = request;
    signedRequest.query = query.mid(0, query.size() - 1);
    signedRequest.payloadHash = "UNSIGNED-PAYLOAD";
    const SigV4Signer::Signature out = s3Signer().sign(signedRequest, s3Time());
    QCOMPARE(out.canonicalRequest,
             "GET\n/test.txt\nX-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential="
             "AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date="
             "20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host\n"
             "host:examplebucket.s3.amazonaws.com\n\nhost\nUNSIGNED-PAYLOAD");
    QCOMPARE(out.stringToSign, "AWS4-HMAC-SHA256\n20130524T000000Z\n20130524/us-east-1/s3/"
                               "aws4_request\n"
                               "3bfa292879f6447bbcda7001decf97f4a54dc650c8942174ae0a9121cf58ad04");

    // With temporary credentials the token is a signed parameter.
    const Pairs withToken
        = s3Signer({S3Credentials.accessKeyId, S3Credentials.secretAccessKey, u"session/token+="_s})
              .presign(request, s3Time(), 86400);
    QVERIFY(withToken.contains(
        QPair<QByteArray, QByteArray>("X-Amz-Security-Token", "session/token+=")));
    QCOMPARE(withToken.last().first, "X-Amz-Signature");
    QVERIFY(withToken.last().second != expected.last().second);
}

void TestSigV4Signer::signInPlaceAddsWhatTheStoreChecks()
{
    // Without a token: the documentation's GET Object, whose date and hash headers
    // signInPlace() adds itself.
    SigV4Signer::Request get{"GET", "/test.txt", {}, {{"Host", S3Host}, {"Range", "bytes=0-9"}},
                             {},    {}};
    s3Signer().signInPlace(get, s3Time());
    QCOMPARE(headerValue(get.headers, "x-amz-date"), "20130524T000000Z");
    QCOMPARE(headerValue(get.headers, "x-amz-content-sha256"), EmptyHash);
    QVERIFY(headerValue(get.headers, "x-amz-security-token").isNull());
    QCOMPARE(headerValue(get.headers, "Authorization"),
             "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, "
             "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, "
             "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41");

    // With a session token, and a body.
    const SigV4Signer signer = s3Signer(
        {S3Credentials.accessKeyId, S3Credentials.secretAccessKey, u"FQoGZXIvYXdzEXAMPLETOKEN"_s});
    SigV4Signer::Request put{"PUT", "/data/people.lance/_versions/1.manifest",
                             {},    {{"Host", S3Host}},
                             {},    "manifest bytes"};
    signer.signInPlace(put, s3Time());
    QCOMPARE(headerValue(put.headers, "x-amz-date"), "20130524T000000Z");
    QCOMPARE(headerValue(put.headers, "x-amz-content-sha256"),
             SigV4Signer::sha256Hex("manifest bytes"));
    QCOMPARE(headerValue(put.headers, "x-amz-security-token"), "FQoGZXIvYXdzEXAMPLETOKEN");
    const QByteArray authorization = headerValue(put.headers, "Authorization");
    QVERIFY(!authorization.isEmpty());
    QCOMPARE(put.headers.last().first, "Authorization");

    // What the store recomputes from the request it receives, Authorization left out.
    SigV4Signer::Request received = put;
    received.headers.removeLast();
    const SigV4Signer::Signature recomputed = signer.sign(received, s3Time());
    QCOMPARE(recomputed.authorization, authorization);
    QCOMPARE(recomputed.signedHeaders, "host;x-amz-content-sha256;x-amz-date;x-amz-security-token");
}

// GCS's XML API with HMAC keys: SigV4 under other names, and "GOOG4" before the secret.
void TestSigV4Signer::goog4Dialect()
{
    const QString secret = u"bGoa+V7g/yqDXvKRqq+JTFn4uQZbPiQJo4pf9RzJ"_s;
    const SigV4Signer signer({u"GOOG1EEXAMPLEACCESSID"_s, secret, u"ignored"_s}, u"auto"_s,
                             u"storage"_s, SigV4Signer::Dialect::Goog4,
                             SigV4Signer::PathRule::AsSent);
    QCOMPARE(signer.dateHeaderName(), "x-goog-date");
    QCOMPARE(signer.contentHashHeaderName(), "x-goog-content-sha256");

    SigV4Signer::Request request{"GET",
                                 "/lance-bucket/people.lance/_versions/",
                                 {{"prefix", "a b"}},
                                 {{"Host", "storage.googleapis.com"}},
                                 {},
                                 {}};
    signer.signInPlace(request, s3Time());
    QCOMPARE(headerValue(request.headers, "x-goog-date"), "20130524T000000Z");
    QCOMPARE(headerValue(request.headers, "x-goog-content-sha256"), EmptyHash);
    for (const auto &header : std::as_const(request.headers)) {
        QVERIFY2(!header.first.toLower().startsWith("x-amz-"), header.first.constData());
    }
    const QByteArray authorization = headerValue(request.headers, "Authorization");
    QVERIFY2(authorization.startsWith("GOOG4-HMAC-SHA256 Credential=GOOG1EEXAMPLEACCESSID/"
                                      "20130524/auto/storage/goog4_request, "
                                      "SignedHeaders=host;x-goog-content-sha256;x-goog-date, "
                                      "Signature="),
             authorization.constData());

    request.headers.removeLast();
    const SigV4Signer::Signature out = signer.sign(request, s3Time());
    QVERIFY(out.canonicalRequest.startsWith(
        "GET\n/lance-bucket/people.lance/_versions/\nprefix=a%20b\nhost:storage.googleapis.com\n"
        "x-goog-content-sha256:"));
    QCOMPARE(out.stringToSign, "GOOG4-HMAC-SHA256\n20130524T000000Z\n"
                               "20130524/auto/storage/goog4_request\n"
                                   + SigV4Signer::sha256Hex(out.canonicalRequest));
    QByteArray key = hmac("GOOG4" + secret.toUtf8(), "20130524");
    key = hmac(key, "auto");
    key = hmac(key, "storage");
    key = hmac(key, "goog4_request");
    const QByteArray expected = hmac(key, out.stringToSign).toHex();
    QCOMPARE(out.signature, expected);
    QVERIFY(authorization.endsWith("Signature=" + expected));

    const Pairs presigned = signer.presign(request, s3Time(), 600);
    QVERIFY(
        presigned.contains(QPair<QByteArray, QByteArray>("X-Goog-Algorithm", "GOOG4-HMAC-SHA256")));
    QVERIFY(presigned.contains(QPair<QByteArray, QByteArray>(
        "X-Goog-Credential", "GOOG1EEXAMPLEACCESSID/20130524/auto/storage/goog4_request")));
    QCOMPARE(presigned.last().first, "X-Goog-Signature");
}

LCB_TEST_GUILESS_MAIN(TestSigV4Signer)
#include "TestSigV4Signer.moc"
