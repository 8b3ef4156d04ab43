// SPDX-License-Identifier: Apache-2.0
#include "TestData.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "rest/RestClientConfig.h"

#include <QFile>
#include <QSslCertificate>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::rest::AuthMethod;
using lance::rest::RestClientConfig;
using lance::test::TestData;

namespace {

RestClientConfig validConfig()
{
    RestClientConfig config;
    config.baseUrl = QUrl(u"https://catalog.test:9101/lance"_s);
    return config;
}

} // namespace

Q_DECLARE_METATYPE(RestClientConfig)

class TestRestClientConfig : public QObject
{
    Q_OBJECT

private slots:
    void acceptsAValidConfiguration();
    void refusesBadValues_data();
    void refusesBadValues();
    void neverQuotesTheSecret();
    void checksTheCaFile();
};

void TestRestClientConfig::acceptsAValidConfiguration()
{
    RestClientConfig config = validConfig();
    LCB_VERIFY_OK(config.check());
    config.auth = AuthMethod::BearerToken;
    config.secret = u"token"_s;
    config.extraHeaders = {{"X-Tenant", "acme corp"}};
    config.caFile = TestData::path(u"tls/ca.pem"_s);
    config.delimiter = u"::"_s;
    LCB_VERIFY_OK(config.check());
}

void TestRestClientConfig::refusesBadValues_data()
{
    QTest::addColumn<RestClientConfig>("config");
    QTest::addColumn<QString>("problem");

    RestClientConfig config = validConfig();
    config.baseUrl = QUrl();
    QTest::newRow("empty URL") << config << u"The server URL is empty."_s;
    config.baseUrl = QUrl(u"ftp://catalog.test/"_s);
    QTest::newRow("scheme") << config
                            << u"The server URL \"ftp://catalog.test/\" must start with http:// or "
                               "https://."_s;
    config.baseUrl = QUrl(u"http:///lance"_s);
    QTest::newRow("no host") << config << u"The server URL \"http:///lance\" has no host name."_s;
    // A steward's walk: an invalid URL read `The server URL "" is not a valid URL: Invalid
    // hostname ...; source was ...`.
    config.baseUrl = QUrl(u"http://cata log/lance"_s, QUrl::StrictMode);
    QTest::newRow("invalid") << config
                             << u"The server URL \"http://cata log/lance\" is not a valid URL: "
                                "invalid hostname (contains invalid characters)."_s;
    config.baseUrl = QUrl(u"http://steward:s3cret@cata log/"_s, QUrl::StrictMode);
    QTest::newRow("invalid, with a password")
        << config
        << u"The server URL \"http://cata log/\" is not a valid URL: invalid hostname (contains "
           "invalid characters)."_s;
    config.baseUrl = QUrl(u"http://h/lance?x=1"_s);
    QTest::newRow("query") << config
                           << u"The server URL \"http://h/lance?x=1\" must not contain a query "
                              "(\"?...\"); the client adds its own query parameters."_s;
    config.baseUrl = QUrl(u"http://h/#top"_s);
    QTest::newRow("fragment") << config
                              << u"The server URL \"http://h/#top\" must not contain a fragment "
                                 "(\"#...\")."_s;

    config = validConfig();
    config.delimiter.clear();
    QTest::newRow("delimiter") << config << u"The identifier delimiter is empty."_s;

    config = validConfig();
    config.auth = AuthMethod::ApiKey;
    QTest::newRow("missing key") << config
                                 << u"The API key is empty, but the connection is set to "
                                    "authenticate with one."_s;
    config.auth = AuthMethod::BearerToken;
    QTest::newRow("missing token") << config
                                   << u"The bearer token is empty, but the connection is set to "
                                      "authenticate with one."_s;

    config = validConfig();
    config.extraHeaders = {{"X Tenant", "acme"}};
    QTest::newRow("header name") << config
                                 << u"The header name \"X Tenant\" is not valid: use letters, "
                                    "digits and -_.!#$%&'*+^`|~ only."_s;
    config.extraHeaders = {{"X-Tenant", "acme\r\nX-Evil: 1"}};
    QTest::newRow("header value") << config
                                  << u"The value of the header \"X-Tenant\" contains a line "
                                     "break."_s;

    config = validConfig();
    config.timeoutMs = 0;
    QTest::newRow("timeout") << config
                             << u"The request timeout must be longer than 0 ms (it is 0 ms)."_s;
    config = validConfig();
    config.retry.maxAttempts = 0;
    QTest::newRow("attempts") << config
                              << u"The retry policy must allow at least one attempt (it allows "
                                 "0)."_s;
}

void TestRestClientConfig::refusesBadValues()
{
    QFETCH(RestClientConfig, config);
    QFETCH(QString, problem);
    QCOMPARE(lance::test::refusalOf(config.check()), std::optional<QString>(problem));
}

void TestRestClientConfig::neverQuotesTheSecret()
{
    RestClientConfig config = validConfig();
    config.auth = AuthMethod::ApiKey;
    config.secret = u"s3cr3t\nInjected: yes"_s;
    const std::optional<QString> problem = lance::test::refusalOf(config.check());
    QVERIFY(problem);
    QCOMPARE(*problem, u"The API key contains a line break, which cannot be sent in an HTTP "
                       "header."_s);
    QVERIFY(!problem->contains(u"s3cr3t"_s));
}

void TestRestClientConfig::checksTheCaFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    RestClientConfig config = validConfig();

    config.caFile = dir.filePath(u"missing.pem"_s);
    QCOMPARE(lance::test::refusalOf(config.check()),
             std::optional<QString>(u"The CA file \"%1\" cannot be read: No such file or "
                                    "directory."_s.arg(config.caFile)));

    const QString garbage = dir.filePath(u"garbage.pem"_s);
    QFile file(garbage);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("-----BEGIN CERTIFICATE-----\nnot base64\n-----END CERTIFICATE-----\n");
    file.close();
    config.caFile = garbage;
    QCOMPARE(lance::test::refusalOf(config.check()),
             std::optional<QString>(u"The CA file \"%1\" contains no PEM or DER "
                                    "certificate."_s.arg(garbage)));

    // DER is accepted as well as PEM.
    const QString der = dir.filePath(u"ca.der"_s);
    const QList<QSslCertificate> pem = QSslCertificate::fromPath(TestData::path(u"tls/ca.pem"_s));
    QCOMPARE(pem.size(), 1);
    QFile derFile(der);
    QVERIFY(derFile.open(QIODevice::WriteOnly));
    derFile.write(pem.first().toDer());
    derFile.close();
    config.caFile = der;
    LCB_VERIFY_OK(config.check());
}

LCB_TEST_GUILESS_MAIN(TestRestClientConfig)
#include "TestRestClientConfig.moc"
