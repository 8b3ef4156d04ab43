// SPDX-License-Identifier: Apache-2.0
// ConnectionOpener: a REST profile opened with the secret the SecretStore holds (no keychain
// service runs here, so its memory fallback is what answers), against the real
// lance-catalog-server with an API key; a clear failure without a secret; a newer open()
// superseding one that still waits; ownership of a connection nobody takes.
#include "AwaitCall.h"
#include "CatalogServerProcess.h"
#include "TestConnections.h"
#include "TestRegistry.h"
#include "connection/CatalogConnection.h"
#include "connection/ConnectionOpener.h"
#include "connection/ProfileStorage.h"
#include "connection/SecretStore.h"
#include "rest/RestClient.h"

#include <QPointer>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::api::CatalogService;
using lance::api::ListNamespacesRequest;
using lance::connection::CatalogConnection;
using lance::connection::ConnectionOpener;
using lance::connection::ConnectionProfile;
using lance::connection::SecretStore;
using lance::rest::AuthMethod;
using lance::test::awaitCall;
using lance::test::CatalogServerProcess;
using lance::test::TestConnections;
using lance::test::whyFailed;

namespace {

const QString OpenerKey = u"lcb-opener-key-5d21c7"_s;
constexpr int AnswerMs = 15000; // the keychain's timeout, then the memory fallback answers

// Waits until the store has answered everything asked before this call: it answers in order.
bool storeSettled(SecretStore &store)
{
    bool answered = false;
    QObject context;
    store.readSecret(u"settle"_s, &context, [&answered](auto) { answered = true; });
    return QTest::qWaitFor([&answered] { return answered; }, AnswerMs);
}

} // namespace

class TestConnectionOpener : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void opensARestProfileWithItsSecret();
    void failsClearlyWithoutASecret();
    void bringsTheStorageCredentials();
    void failsWithTheProfilesProblem();
    void aNewerOpenSupersedesAnOlderOne();
    void cancelDropsTheOpen();
    void aConnectionNobodyTakesIsDestroyed();

private:
    QTemporaryDir m_dir;
    CatalogServerProcess m_server;
    std::unique_ptr<SecretStore> m_secrets;
};

void TestConnectionOpener::initTestCase()
{
    TestConnections::disableKeychain();
    QVERIFY(m_dir.isValid());
    QVERIFY2(m_server.startWithApiKey(OpenerKey), qPrintable(m_server.standardError()));
}

void TestConnectionOpener::init()
{
    m_secrets = std::make_unique<SecretStore>(TestConnections::KeychainService);
}

void TestConnectionOpener::cleanup()
{
    m_secrets.reset();
}

void TestConnectionOpener::opensARestProfileWithItsSecret()
{
    m_secrets->writeSecret(u"Server"_s, OpenerKey);
    ConnectionOpener opener(*m_secrets);
    std::unique_ptr<CatalogConnection> connection;
    connect(&opener, &ConnectionOpener::opened, this,
            [&] { connection = opener.takeConnection(); });
    QSignalSpy opened(&opener, &ConnectionOpener::opened);
    QSignalSpy failed(&opener, &ConnectionOpener::failed);

    opener.open(TestConnections::restProfile(m_server.url(), AuthMethod::ApiKey, u"Server"_s));
    QVERIFY(opener.isOpening());
    QCOMPARE(opened.count(), 0); // never inside open()
    QVERIFY(opened.wait(AnswerMs));
    QCOMPARE(failed.count(), 0);
    QVERIFY(!opener.isOpening());
    QVERIFY(connection);
    QCOMPARE(opened.first().first().value<CatalogConnection *>(), connection.get());
    QCOMPARE(connection->profile().name, u"Server"_s);
    QVERIFY(!opener.takeConnection()); // handed out once

    // The secret went along: the server, which wants the key, answers.
    const auto listed = awaitCall(*connection->service(), ListNamespacesRequest());
    QVERIFY2(listed, whyFailed(listed).constData());
}

void TestConnectionOpener::bringsTheStorageCredentials()
{
    using lance::connection::ProfileStorage;
    ConnectionProfile profile
        = TestConnections::restProfile(m_server.url(), AuthMethod::ApiKey, u"Lake"_s);
    profile.storage.set(Scheme::S3, u"aws_access_key_id"_s, u"AKIDEXAMPLE"_s);
    ProfileStorage secrets;
    secrets.set(Scheme::S3, u"aws_secret_access_key"_s, u"lcb-opener-storage-9e3b"_s);
    m_secrets->writeSecret(u"Lake"_s, OpenerKey);
    m_secrets->writeSecret(ProfileStorage::secretEntry(u"Lake"_s),
                           QString::fromUtf8(secrets.toSecretJson()));
    const auto open = [this](const ConnectionProfile &saved) {
        ConnectionOpener opener(*m_secrets);
        std::unique_ptr<CatalogConnection> opened;
        connect(&opener, &ConnectionOpener::opened, this,
                [&] { opened = opener.takeConnection(); });
        QSignalSpy spy(&opener, &ConnectionOpener::opened);
        opener.open(saved);
        return spy.wait(AnswerMs) ? std::move(opened) : nullptr;
    };

    // Listed in the profile: read from the keychain beside the API key.
    profile.storageSecrets = secrets.keyNames();
    std::unique_ptr<CatalogConnection> connection = open(profile);
    QVERIFY(connection);
    QCOMPARE(connection->storage(), profile.storage.mergedWith(secrets));
    QCOMPARE(connection->storage().options(Scheme::S3).value(u"aws_secret_access_key"_s),
             u"lcb-opener-storage-9e3b"_s);

    // Not listed: the keychain is not asked for them.
    profile.storageSecrets.clear();
    const quint64 asked = m_secrets->keychainRequests();
    connection = open(profile);
    QVERIFY(connection);
    QCOMPARE(connection->storage(), profile.storage);
    QVERIFY(m_secrets->keychainRequests() <= asked + 1); // the API key's read at most

    // Listed but lost from the keychain: the catalog opens all the same, without them.
    profile.storageSecrets = secrets.keyNames();
    m_secrets->removeSecret(ProfileStorage::secretEntry(u"Lake"_s));
    connection = open(profile);
    QVERIFY(connection);
    QCOMPARE(connection->storage(), profile.storage);
}

void TestConnectionOpener::failsClearlyWithoutASecret()
{
    ConnectionOpener opener(*m_secrets);
    QSignalSpy opened(&opener, &ConnectionOpener::opened);
    QSignalSpy failed(&opener, &ConnectionOpener::failed);
    opener.open(TestConnections::restProfile(m_server.url(), AuthMethod::ApiKey, u"Nokey"_s));
    QVERIFY(failed.wait(AnswerMs));
    QCOMPARE(opened.count(), 0);
    QCOMPARE(failed.first().first().toString(),
             u"No API key is saved for the connection \"Nokey\"; enter it in Manage "
             "Connections."_s);

    opener.open(
        TestConnections::restProfile(m_server.url(), AuthMethod::BearerToken, u"Notoken"_s));
    QVERIFY(failed.wait(AnswerMs));
    QCOMPARE(failed.last().first().toString(),
             u"No bearer token is saved for the connection \"Notoken\"; enter it in Manage "
             "Connections."_s);
}

void TestConnectionOpener::failsWithTheProfilesProblem()
{
    ConnectionOpener opener(*m_secrets);
    QSignalSpy failed(&opener, &ConnectionOpener::failed);
    ConnectionProfile noFolder;
    noFolder.name = u"Local"_s;
    noFolder.kind = ConnectionProfile::Kind::Local;
    opener.open(noFolder);
    QCOMPARE(failed.count(), 0);
    QVERIFY(failed.wait(AnswerMs));
    QCOMPARE(failed.first().first().toString(), u"Choose the folder of the local catalog."_s);
}

void TestConnectionOpener::aNewerOpenSupersedesAnOlderOne()
{
    m_secrets->writeSecret(u"Server"_s, OpenerKey);
    ConnectionOpener opener(*m_secrets);
    QStringList openedNames;
    connect(&opener, &ConnectionOpener::opened, this,
            [&] { openedNames.append(opener.takeConnection()->profile().name); });
    QSignalSpy failed(&opener, &ConnectionOpener::failed);

    // The REST profile waits for its secret; the local one needs none and comes second.
    opener.open(TestConnections::restProfile(m_server.url(), AuthMethod::ApiKey, u"Server"_s));
    ConnectionProfile local;
    local.name = u"Local"_s;
    local.kind = ConnectionProfile::Kind::Local;
    local.localFolder = m_dir.filePath(u"catalog"_s);
    opener.open(local);
    QCOMPARE(opener.profile().name, u"Local"_s);
    QTRY_COMPARE_WITH_TIMEOUT(openedNames.size(), 1, AnswerMs);
    QVERIFY(storeSettled(*m_secrets)); // the first open's secret has been answered too
    QCoreApplication::processEvents();
    QCOMPARE(openedNames, QStringList{u"Local"_s});
    QCOMPARE(failed.count(), 0);
}

void TestConnectionOpener::cancelDropsTheOpen()
{
    m_secrets->writeSecret(u"Server"_s, OpenerKey);
    ConnectionOpener opener(*m_secrets);
    QSignalSpy opened(&opener, &ConnectionOpener::opened);
    QSignalSpy failed(&opener, &ConnectionOpener::failed);
    opener.open(TestConnections::restProfile(m_server.url(), AuthMethod::ApiKey, u"Server"_s));
    opener.cancel();
    QVERIFY(!opener.isOpening());
    QVERIFY(storeSettled(*m_secrets));
    QCoreApplication::processEvents();
    QCOMPARE(opened.count() + failed.count(), 0);
}

void TestConnectionOpener::aConnectionNobodyTakesIsDestroyed()
{
    ConnectionOpener opener(*m_secrets);
    QPointer<CatalogConnection> seen;
    connect(&opener, &ConnectionOpener::opened, this,
            [&seen](CatalogConnection *connection) { seen = connection; });
    QSignalSpy opened(&opener, &ConnectionOpener::opened);
    opener.open(TestConnections::restProfile(m_server.url(), AuthMethod::None, u"Open"_s));
    QVERIFY(opened.wait(AnswerMs));
    QVERIFY(seen.isNull()); // not taken: destroyed when opened() returned, not leaked
}

LCB_TEST_GUILESS_MAIN(TestConnectionOpener)
#include "TestConnectionOpener.moc"
