// SPDX-License-Identifier: Apache-2.0
// CatalogConnection and ConnectionTester end to end: a local catalog folder, the real
// lance-catalog-server with an API key (right, wrong, missing), a port nobody listens on, and a
// TLS server the profile does or does not trust.
#include "AwaitCall.h"
#include "CatalogServerProcess.h"
#include "MessageFactory.h"
#include "PostedEvents.h"
#include "ScriptedHttpServer.h"
#include "TestConnections.h"
#include "TestData.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "connection/CatalogConnection.h"
#include "connection/ConnectionTester.h"
#include "local/LocalCatalogService.h"
#include "rest/RestClient.h"

#include <QDir>
#include <QSignalSpy>
#include <QSslSocket>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::api::CatalogService;
using lance::api::CreateNamespaceRequest;
using lance::api::ExchangeRecord;
using lance::api::Identifier;
using lance::connection::CatalogConnection;
using lance::connection::ConnectionProfile;
using lance::connection::ConnectionTester;
using lance::rest::AuthMethod;
using lance::test::awaitCall;
using lance::test::CatalogServerProcess;
using lance::test::MessageFactory;
using lance::test::ScriptedHttpServer;
using lance::test::ScriptedResponse;
using lance::test::TestConnections;
using lance::test::TestData;
using lance::test::whyFailed;
using State = ConnectionTester::Check::State;

namespace {

const QString ApiKey = u"lcb-right-key-20cf9e"_s;
const QString WrongKey = u"lcb-wrong-key-77b1d4"_s;

// Runs the tester to its end; false when it did not finish in time.
bool runToEnd(ConnectionTester &tester)
{
    QSignalSpy finished(&tester, &ConnectionTester::finished);
    tester.start();
    return finished.count() > 0 || finished.wait(20000);
}

QString messages(const ConnectionTester &tester)
{
    QStringList lines;
    const QList<ConnectionTester::Check> checks = tester.checks();
    for (const ConnectionTester::Check &check : checks) {
        lines.append(check.title + u": "_s + check.message);
    }
    return lines.join(u'\n');
}

} // namespace

class TestCatalogConnection : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void opensALocalFolder();
    void refusesWhatCannotConnect();
    void testsAServerWithTheRightKey();
    void aWrongApiKeyGivesAClear401();
    void aNewKeyIsUsedWithoutReconnecting();
    void missingCredentialsSayWhatIsNeeded();
    void anUnreachableServerSkipsTheRest();
    void namesTlsProblems();
    void cancelStopsTheTest();

private:
    QTemporaryDir m_dir;
    CatalogServerProcess m_server;
};

void TestCatalogConnection::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(m_server.startWithApiKey(ApiKey), qPrintable(m_server.standardError()));
}

void TestCatalogConnection::opensALocalFolder()
{
    ConnectionProfile profile;
    profile.name = u"Local"_s;
    profile.kind = ConnectionProfile::Kind::Local;
    profile.localFolder = m_dir.filePath(u"catalog"_s);
    profile.readOnly = true;
    const std::unique_ptr<CatalogConnection> connection = TestConnections::open(profile, {});
    QVERIFY(connection);
    QVERIFY(connection->isLocal());
    QVERIFY(connection->isReadOnly());
    QVERIFY(connection->localService());
    QVERIFY(!connection->restClient());
    QCOMPARE(connection->delimiter(), u"$"_s);
    QCOMPARE(connection->profile(), profile);

    QSignalSpy exchanges(connection.get(), &CatalogConnection::exchangeFinished);
    const auto created = awaitCall(
        *connection->service(),
        MessageFactory::withId<CreateNamespaceRequest>(Identifier(QStringList{u"sales"_s})));
    QVERIFY2(created, whyFailed(created).constData());
    QCOMPARE(exchanges.count(), 1);
    const auto record = exchanges.first().first().value<ExchangeRecord>();
    QCOMPARE(record.method, QByteArray("LOCAL"));
    QCOMPARE(record.url,
             u"local:%1/CreateNamespace"_s.arg(QDir(profile.localFolder).absolutePath()));
    QCOMPARE(record.status, 200);

    ConnectionTester tester(connection.get());
    QVERIFY(runToEnd(tester));
    QVERIFY2(tester.passed(), qPrintable(messages(tester)));
    QCOMPARE(tester.checks().at(0).message,
             u"Connected; the root namespace has one namespace, \"sales\"."_s);
    QCOMPARE(tester.checks().at(1).state, State::Passed);
    QCOMPARE(tester.summary(), u"Connected to %1: everything works."_s.arg(
                                   QDir::toNativeSeparators(profile.localFolder)));
}

void TestCatalogConnection::refusesWhatCannotConnect()
{
    ConnectionProfile noFolder;
    noFolder.name = u"Local"_s;
    noFolder.kind = ConnectionProfile::Kind::Local;
    auto opened = CatalogConnection::open(noFolder);
    QVERIFY(!opened);
    QCOMPARE(opened.error().userMessage(), u"Choose the folder of the local catalog."_s);

    opened = CatalogConnection::open(
        TestConnections::restProfile(m_server.url(), AuthMethod::ApiKey), {});
    QVERIFY(!opened);
    QCOMPARE(opened.error().userMessage(),
             u"The API key is empty, but the connection is set to authenticate with one."_s);
}

void TestCatalogConnection::testsAServerWithTheRightKey()
{
    const auto connection = TestConnections::openRest(m_server.url(), AuthMethod::ApiKey, ApiKey);
    QVERIFY(connection);
    QVERIFY(connection->restClient());
    QVERIFY(!connection->isLocal());
    QSignalSpy exchanges(connection.get(), &CatalogConnection::exchangeFinished);
    ConnectionTester tester(connection.get());
    QVERIFY(runToEnd(tester));
    QVERIFY2(tester.passed(), qPrintable(messages(tester)));
    QCOMPARE(tester.summary(),
             u"Connected to %1: everything works."_s.arg(m_server.url().toDisplayString()));

    // Both checks went over the wire, and the request log sees the key masked.
    QCOMPARE(exchanges.count(), 2);
    for (const QList<QVariant> &signal : std::as_const(exchanges)) {
        const auto record = signal.first().value<ExchangeRecord>();
        QCOMPARE(record.status, 200);
        QVERIFY(record.headers.contains({"x-api-key", "***"}));
        for (const auto &[name, value] : record.headers) {
            QVERIFY(!value.contains(ApiKey.toUtf8()));
        }
    }
}

void TestCatalogConnection::aWrongApiKeyGivesAClear401()
{
    const auto connection = TestConnections::openRest(m_server.url(), AuthMethod::ApiKey, WrongKey);
    QVERIFY(connection);
    ConnectionTester tester(connection.get());
    QVERIFY(runToEnd(tester));
    QVERIFY(!tester.passed());
    const QList<ConnectionTester::Check> checks = tester.checks();
    QCOMPARE(checks.at(0).state, State::Failed);
    QCOMPARE(checks.at(0).message, u"401: the API key was refused."_s);
    QCOMPARE(checks.at(0).error->httpStatus(), 401);
    QVERIFY(checks.at(0).error->isAuthError());
    // The server was reached, so the next check ran too, and says the same.
    QCOMPARE(checks.at(1).state, State::Failed);
    QCOMPARE(checks.at(1).message, u"401: the API key was refused."_s);
    QCOMPARE(tester.summary(), u"401: the API key was refused."_s);
    QVERIFY(!messages(tester).contains(WrongKey));

    const auto bearer
        = TestConnections::openRest(m_server.url(), AuthMethod::BearerToken, WrongKey);
    ConnectionTester bearerTester(bearer.get());
    QVERIFY(runToEnd(bearerTester));
    QCOMPARE(bearerTester.summary(), u"401: the bearer token was refused."_s);
}

void TestCatalogConnection::aNewKeyIsUsedWithoutReconnecting()
{
    const auto connection = TestConnections::openRest(m_server.url(), AuthMethod::ApiKey, WrongKey);
    QVERIFY(connection);
    QVERIFY(connection->acceptsSecret());
    const auto list = [&connection] {
        return awaitCall(*connection->service(), lance::api::ListNamespacesRequest());
    };
    const auto refused = list();
    QVERIFY(!refused);
    QCOMPARE(refused.error().httpStatus(), 401);

    // An unusable key changes nothing and is never quoted.
    const std::optional<QString> problem
        = lance::test::refusalOf(connection->replaceSecret(u"two\nlines"_s));
    QVERIFY(problem);
    QVERIFY(!problem->contains(u"two"_s));
    QCOMPARE(list().error().httpStatus(), 401);

    LCB_VERIFY_OK(connection->replaceSecret(ApiKey));
    const auto listed = list();
    QVERIFY2(listed, whyFailed(listed).constData());

    // A local catalog has no key to replace.
    ConnectionProfile local;
    local.name = u"Local"_s;
    local.kind = ConnectionProfile::Kind::Local;
    local.localFolder = m_dir.filePath(u"catalog"_s);
    const std::unique_ptr<CatalogConnection> folder = TestConnections::open(local, {});
    QVERIFY(!folder->acceptsSecret());
    LCB_VERIFY_REFUSED(folder->replaceSecret(ApiKey));
}

void TestCatalogConnection::missingCredentialsSayWhatIsNeeded()
{
    const auto connection = TestConnections::openRest(m_server.url(), AuthMethod::None, {});
    QVERIFY(connection);
    ConnectionTester tester(connection.get());
    QVERIFY(runToEnd(tester));
    QCOMPARE(tester.summary(), u"401: the server wants credentials; choose API key or bearer "
                               "token authentication."_s);
}

void TestCatalogConnection::anUnreachableServerSkipsTheRest()
{
    QTcpServer closed;
    QVERIFY(closed.listen(QHostAddress::LocalHost));
    const quint16 port = closed.serverPort();
    closed.close(); // nobody listens there now
    QUrl url(u"http://127.0.0.1"_s);
    url.setPort(port);
    const auto connection = TestConnections::openRest(url, AuthMethod::None, {});
    QVERIFY(connection);
    ConnectionTester tester(connection.get());
    QVERIFY(runToEnd(tester));
    const QList<ConnectionTester::Check> checks = tester.checks();
    QCOMPARE(checks.at(0).state, State::Failed);
    QCOMPARE(checks.at(0).message,
             u"Unreachable: Could not reach 127.0.0.1:%1: Connection refused."_s.arg(port));
    QCOMPARE(checks.at(1).state, State::Skipped);
    QCOMPARE(checks.at(1).message, u"Skipped: the server could not be reached."_s);
}

void TestCatalogConnection::namesTlsProblems()
{
    // Never skipped: without a TLS backend the product cannot reach an HTTPS catalog.
    QVERIFY2(QSslSocket::supportsSsl(), "Qt has no TLS backend here; install libssl3 and Qt's "
                                        "OpenSSL plugin (libqt6network6)");
    ScriptedHttpServer server(
        {TestData::path(u"tls/server.pem"_s), TestData::path(u"tls/server.key"_s)});
    QVERIFY(server.start());
    server.setDefault(
        u"GET /v1/namespace/*/list"_s,
        ScriptedResponse::json(200, R"({"namespaces": ["sales"], "page_token": "n"})"));
    server.setDefault(u"POST /v1/namespace/*/describe"_s,
                      ScriptedResponse::json(200, R"({"properties": {"owner": "data"}})"));

    ConnectionProfile profile = TestConnections::restProfile(server.url(), AuthMethod::None);
    const auto untrusted = TestConnections::open(profile, {});
    ConnectionTester tester(untrusted.get());
    QVERIFY(runToEnd(tester));
    QCOMPARE(tester.checks().at(0).error->kind(), lance::api::ApiError::Kind::Tls);
    QVERIFY2(tester.summary().startsWith(
                 u"The secure connection to 127.0.0.1:%1 failed: "_s.arg(server.url().port())),
             qPrintable(tester.summary()));
    QVERIFY(tester.summary().endsWith(u"Check the server certificate or the CA file of the "
                                      "connection."_s));
    QCOMPARE(tester.checks().at(1).state, State::Skipped);

    profile.caFile = TestData::path(u"tls/ca.pem"_s);
    const auto trusted = TestConnections::open(profile, {});
    ConnectionTester trustedTester(trusted.get());
    QVERIFY(runToEnd(trustedTester));
    QVERIFY2(trustedTester.passed(), qPrintable(messages(trustedTester)));
    QCOMPARE(trustedTester.checks().at(0).message,
             u"Connected; the root namespace has namespaces, the first is \"sales\"."_s);
    QCOMPARE(trustedTester.checks().at(1).message,
             u"The root namespace can be described (properties: 1)."_s);
}

void TestCatalogConnection::cancelStopsTheTest()
{
    ScriptedHttpServer server;
    QVERIFY(server.start());
    ScriptedResponse held = ScriptedResponse::json(200, R"({"namespaces": []})");
    held.hold = true;
    server.setDefault(u"GET /v1/namespace/*/list"_s, held);
    const auto connection = TestConnections::openRest(server.url(), AuthMethod::None, {});
    ConnectionTester tester(connection.get());
    QSignalSpy finished(&tester, &ConnectionTester::finished);
    tester.start();
    QVERIFY(tester.isRunning());
    QTRY_COMPARE(server.heldCount(), 1);
    tester.cancel();
    QCOMPARE(finished.count(), 1);
    QCOMPARE(finished.first().first().toBool(), false);
    QVERIFY(!tester.isRunning());
    QCOMPARE(tester.checks().at(0).message, u"Cancelled."_s);
    QCOMPARE(tester.checks().at(1).message, u"Skipped: the test was cancelled."_s);
    // The held answer goes out; once the server has stopped nothing more can come, and what
    // came has been read and handed on here.
    server.releaseHeld();
    server.stop();
    lance::test::PostedEvents::deliver();
    QCOMPARE(finished.count(), 1); // the late answer changes nothing
}

LCB_TEST_GUILESS_MAIN(TestCatalogConnection)
#include "TestCatalogConnection.moc"
