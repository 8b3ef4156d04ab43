// SPDX-License-Identifier: Apache-2.0
// lance-catalog-server over TLS, with certificates made at test time: the product's RestClient
// verifies the chain (the CA file of a profile) and the host name, and refuses a wrong host and
// an expired certificate with a sentence that says so; the server refuses to start on files it
// cannot use and on plain HTTP beyond loopback.
#include "AwaitCall.h"
#include "CatalogServerProcess.h"
#include "MessageFactory.h"
#include "TestCertificates.h"
#include "TestRegistry.h"
#include "rest/RestClient.h"

#include <QFile>
#include <QNetworkAccessManager>
#include <QSslSocket>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance::api;
using namespace lance::rest;
using lance::test::awaitCall;
using lance::test::CatalogServerProcess;
using lance::test::MessageFactory;
using lance::test::TestCertificates;

namespace {

QStringList tlsArguments(const TestCertificates::Pair &pair)
{
    return {u"--tls-cert"_s, pair.certificate, u"--tls-key"_s, pair.key};
}

// One raw request on an open TLS socket; the answer's status line, or what went wrong.
QByteArray exchange(QSslSocket &socket, const QByteArray &target)
{
    socket.write("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    QByteArray answer;
    while (!answer.contains("\r\n\r\n") || !answer.contains("}")) {
        if (!socket.waitForReadyRead(10000)) {
            return "no answer: " + socket.errorString().toUtf8();
        }
        answer += socket.readAll();
    }
    return answer.left(answer.indexOf("\r\n"));
}

} // namespace

class TestServerTls : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void servesHttpsToAClientThatTrustsTheCa();
    void keepsConnectionsAliveOverTls();
    void clientRefusesAnUnknownCa();
    void clientRefusesAWrongHost();
    void clientRefusesAnExpiredCertificate();
    void refusesFilesItCannotUse();
    void refusesPlainHttpBeyondLoopback();

private:
    /// Lists the root namespace through RestClient; the error when it fails.
    Result<ListNamespacesResponse> listWith(const QUrl &url, const QString &caFile);

    TestCertificates m_certificates;
    QNetworkAccessManager m_network;
};

void TestServerTls::initTestCase()
{
    // Never skipped: without a TLS backend the product cannot talk to an HTTPS catalog.
    QVERIFY2(
        QSslSocket::supportsSsl(),
        "Qt has no TLS backend here; install Qt's OpenSSL plugin (libqt6network6) and libssl3");
    QString error;
    QVERIFY2(m_certificates.make(error), qPrintable(error));
}

Result<ListNamespacesResponse> TestServerTls::listWith(const QUrl &url, const QString &caFile)
{
    RestClientConfig config;
    config.baseUrl = url;
    config.timeoutMs = 10000;
    config.retry.maxAttempts = 1;
    config.caFile = caFile;
    RestClient client(&m_network, config);
    if (const auto check = client.configCheck(); !check.hasValue()) {
        return check.error();
    }
    return awaitCall(client, ListNamespacesRequest());
}

void TestServerTls::servesHttpsToAClientThatTrustsTheCa()
{
    CatalogServerProcess server;
    QVERIFY2(server.start({}, tlsArguments(m_certificates.server())),
             qPrintable(server.standardError()));
    QCOMPARE(server.url().scheme(), u"https"_s);

    const auto listed = listWith(server.url(), m_certificates.caFile());
    QVERIFY2(listed, qPrintable(listed ? QString() : listed.error().userMessage()));
    QCOMPARE(listed->namespaces, QStringList());

    // Plain HTTP to the TLS port gets no catalog answer.
    QUrl plain = server.url();
    plain.setScheme(u"http"_s);
    QVERIFY(!listWith(plain, {}));
    QCOMPARE(server.stop(), std::optional<int>(0));
}

void TestServerTls::keepsConnectionsAliveOverTls()
{
    CatalogServerProcess server;
    QVERIFY2(server.start({}, tlsArguments(m_certificates.server())),
             qPrintable(server.standardError()));
    QSslSocket socket;
    QSslConfiguration configuration = socket.sslConfiguration();
    configuration.setCaCertificates(QSslCertificate::fromPath(m_certificates.caFile()));
    socket.setSslConfiguration(configuration);
    socket.connectToHostEncrypted(u"127.0.0.1"_s, quint16(server.url().port()));
    QVERIFY2(socket.waitForEncrypted(10000), qPrintable(socket.errorString()));
    // Three requests, one handshake.
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(exchange(socket, "/v1/namespace/%24/list"), QByteArray("HTTP/1.1 200 OK"));
    }
    QCOMPARE(socket.state(), QAbstractSocket::ConnectedState);
}

void TestServerTls::clientRefusesAnUnknownCa()
{
    CatalogServerProcess server;
    QVERIFY2(server.start({}, tlsArguments(m_certificates.server())),
             qPrintable(server.standardError()));
    const auto listed = listWith(server.url(), {}); // the system's CAs only
    QVERIFY(!listed);
    QCOMPARE(listed.error().kind(), ApiError::Kind::Tls);
    QVERIFY2(listed.error().userMessage().contains(
                 QSslError(QSslError::UnableToGetLocalIssuerCertificate).errorString()),
             qPrintable(listed.error().userMessage()));
    QVERIFY2(listed.error().userMessage().contains(u"CA file of the connection"_s),
             qPrintable(listed.error().userMessage()));
}

void TestServerTls::clientRefusesAWrongHost()
{
    CatalogServerProcess server;
    QVERIFY2(server.start({}, tlsArguments(m_certificates.wrongHost())),
             qPrintable(server.standardError()));
    const auto listed = listWith(server.url(), m_certificates.caFile());
    QVERIFY(!listed);
    QCOMPARE(listed.error().kind(), ApiError::Kind::Tls);
    QVERIFY2(
        listed.error().userMessage().contains(QSslError(QSslError::HostNameMismatch).errorString()),
        qPrintable(listed.error().userMessage()));
}

void TestServerTls::clientRefusesAnExpiredCertificate()
{
    CatalogServerProcess server;
    QVERIFY2(server.start({}, tlsArguments(m_certificates.expired())),
             qPrintable(server.standardError()));
    // The server says so when it starts; clients refuse it.
    QVERIFY2(server.standardError().contains(u"The TLS certificate has expired"_s),
             qPrintable(server.standardError()));
    const auto listed = listWith(server.url(), m_certificates.caFile());
    QVERIFY(!listed);
    QCOMPARE(listed.error().kind(), ApiError::Kind::Tls);
    QVERIFY2(listed.error().userMessage().contains(
                 QSslError(QSslError::CertificateExpired).errorString()),
             qPrintable(listed.error().userMessage()));
}

void TestServerTls::refusesFilesItCannotUse()
{
    QTemporaryDir scratch;
    QVERIFY(scratch.isValid());
    const QString notPem = scratch.filePath(u"not.pem"_s);
    QFile file(notPem);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("not a certificate\n");
    file.close();
    const TestCertificates::Pair good = m_certificates.server();
    const TestCertificates::Pair other = m_certificates.wrongHost();

    struct Case
    {
        QStringList arguments;
        QString says;
    };
    const QList<Case> cases = {
        {{u"--tls-cert"_s, good.certificate}, u"--tls-cert and --tls-key go together"_s},
        {{u"--tls-cert"_s, scratch.filePath(u"missing.pem"_s), u"--tls-key"_s, good.key},
         u"The TLS certificate file"_s},
        {{u"--tls-cert"_s, notPem, u"--tls-key"_s, good.key}, u"holds no usable PEM certificate"_s},
        {{u"--tls-cert"_s, good.certificate, u"--tls-key"_s, notPem},
         u"holds no usable unencrypted PEM private key"_s},
        {{u"--tls-cert"_s, good.certificate, u"--tls-key"_s, other.key},
         u"does not belong to the certificate"_s},
    };
    for (const Case &each : cases) {
        CatalogServerProcess server;
        QVERIFY(!server.start({}, each.arguments));
        QCOMPARE(server.exitCode(), std::optional<int>(1));
        QVERIFY2(server.standardError().contains(each.says), qPrintable(server.standardError()));
        // The key's bytes never reach a message.
        QVERIFY(!server.standardError().contains(u"PRIVATE KEY"_s));
    }
}

void TestServerTls::refusesPlainHttpBeyondLoopback()
{
    QTemporaryDir scratch;
    QVERIFY(scratch.isValid());
    const QString keyFile = scratch.filePath(u"key"_s);
    QFile key(keyFile);
    QVERIFY(key.open(QIODevice::WriteOnly));
    key.write("an-api-key-for-this-test\n");
    key.close();
    const QStringList exposed{u"--host"_s, u"0.0.0.0"_s, u"--api-key-file"_s, keyFile};

    CatalogServerProcess plain;
    QVERIFY(!plain.start({}, exposed));
    QCOMPARE(plain.exitCode(), std::optional<int>(1));
    QVERIFY2(plain.standardError().contains(u"Refusing to serve plain HTTP on 0.0.0.0"_s),
             qPrintable(plain.standardError()));

    CatalogServerProcess insecure;
    QVERIFY2(insecure.start({}, exposed + QStringList{u"--insecure-http"_s}),
             qPrintable(insecure.standardError()));
    QVERIFY2(
        insecure.standardError().contains(u"Serving plain HTTP on 0.0.0.0 (--insecure-http)"_s),
        qPrintable(insecure.standardError()));
    QCOMPARE(insecure.stop(), std::optional<int>(0));

    CatalogServerProcess secure;
    QVERIFY2(secure.start({}, exposed + tlsArguments(m_certificates.server())),
             qPrintable(secure.standardError()));
    QCOMPARE(secure.url().scheme(), u"https"_s);
    QCOMPARE(secure.stop(), std::optional<int>(0));
}

LCB_TEST_GUILESS_MAIN(TestServerTls)
#include "TestServerTls.moc"
