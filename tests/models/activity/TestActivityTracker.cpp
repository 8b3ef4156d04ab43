// SPDX-License-Identifier: Apache-2.0
// ActivityTracker follows real requests (RestClient against a server that holds its answers) to
// their end, whether they succeed, are cancelled one by one, or all at once.
#include "MessageFactory.h"
#include "ResultCatcher.h"
#include "ScriptedHttpServer.h"
#include "TestRegistry.h"
#include "activity/ActivityTracker.h"
#include "rest/RestClient.h"

#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance::api;
using namespace lance::rest;
using lance::activity::ActivityTracker;
using lance::test::MessageFactory;
using lance::test::ResultCatcher;
using lance::test::ScriptedHttpServer;
using lance::test::ScriptedResponse;

namespace {

const QString DescribeAnyNamespace = u"POST /v1/namespace/*/describe"_s;

DescribeNamespaceRequest describe(const QString &name)
{
    return MessageFactory::withId<DescribeNamespaceRequest>(Identifier(QStringList{name}));
}

} // namespace

class TestActivityTracker : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void followsWorkToItsEnd();
    void cancelsOne();
    void cancelsAll();
    void ignoresFinishedWork();

private:
    std::unique_ptr<ScriptedHttpServer> m_server;
    std::unique_ptr<QNetworkAccessManager> m_network;
    std::unique_ptr<RestClient> m_client;
};

void TestActivityTracker::init()
{
    m_server = std::make_unique<ScriptedHttpServer>();
    QVERIFY(m_server->start());
    ScriptedResponse held = ScriptedResponse::json(200, R"({"properties":{}})");
    held.hold = true;
    m_server->setDefault(DescribeAnyNamespace, held);
    m_network = std::make_unique<QNetworkAccessManager>();
    RestClientConfig config;
    config.baseUrl = m_server->url();
    m_client = std::make_unique<RestClient>(m_network.get(), config);
}

void TestActivityTracker::cleanup()
{
    m_server->stop();
    m_client.reset();
    m_network.reset();
    m_server.reset();
}

void TestActivityTracker::followsWorkToItsEnd()
{
    ActivityTracker tracker;
    QSignalSpy changed(&tracker, &ActivityTracker::changed);
    ResultCatcher<DescribeNamespaceResponse> first;
    ResultCatcher<DescribeNamespaceResponse> second;
    const quint64 a = tracker.track(u"Describing sales"_s,
                                    m_client->call(describe(u"sales"_s), this, first.callback()));
    const quint64 b = tracker.track(u"Describing hr"_s,
                                    m_client->call(describe(u"hr"_s), this, second.callback()));
    QVERIFY(a != 0 && b != 0 && a != b);
    QCOMPARE(tracker.runningCount(), 2);
    QCOMPARE(changed.count(), 2);
    const QList<ActivityTracker::Activity> running = tracker.running();
    QCOMPARE(running.at(0).description, u"Describing sales"_s); // oldest first
    QCOMPARE(running.at(1).id, b);
    QVERIFY(running.at(0).startedAt.isValid());

    QTRY_COMPARE(m_server->heldCount(), 2);
    m_server->releaseHeld();
    QTRY_COMPARE(tracker.runningCount(), 0);
    QVERIFY(first.succeeded());
    QVERIFY(second.succeeded());
    QCOMPARE(changed.count(), 4);
}

void TestActivityTracker::cancelsOne()
{
    ActivityTracker tracker;
    ResultCatcher<DescribeNamespaceResponse> first;
    ResultCatcher<DescribeNamespaceResponse> second;
    const quint64 a
        = tracker.track(u"a"_s, m_client->call(describe(u"a"_s), this, first.callback()));
    tracker.track(u"b"_s, m_client->call(describe(u"b"_s), this, second.callback()));
    QTRY_COMPARE(m_server->heldCount(), 2);

    tracker.cancel(a);
    QTRY_VERIFY(first.done());
    QCOMPARE(first.error().kind(), ApiError::Kind::Cancelled);
    QTRY_COMPARE(tracker.runningCount(), 1);
    QCOMPARE(tracker.running().first().description, u"b"_s);
    QVERIFY(!second.done());
    tracker.cancel(a); // gone already: nothing happens
    tracker.cancel(12345);
    QCOMPARE(tracker.runningCount(), 1);
}

void TestActivityTracker::cancelsAll()
{
    ActivityTracker tracker;
    QList<ResultCatcher<DescribeNamespaceResponse>> catchers(3);
    for (int i = 0; i < 3; ++i) {
        tracker.track(u"n%1"_s.arg(i),
                      m_client->call(describe(u"n%1"_s.arg(i)), this, catchers[i].callback()));
    }
    QCOMPARE(tracker.runningCount(), 3);
    tracker.cancelAll();
    QTRY_COMPARE(tracker.runningCount(), 0);
    for (const auto &catcher : std::as_const(catchers)) {
        QCOMPARE(catcher.calls(), 1);
        QCOMPARE(catcher.error().kind(), ApiError::Kind::Cancelled);
    }
}

void TestActivityTracker::ignoresFinishedWork()
{
    ActivityTracker tracker;
    QSignalSpy changed(&tracker, &ActivityTracker::changed);
    QCOMPARE(tracker.track(u"nothing"_s, RequestHandle()), quint64(0));
    QCOMPARE(tracker.runningCount(), 0);
    QCOMPARE(changed.count(), 0);
}

LCB_TEST_GUILESS_MAIN(TestActivityTracker)
#include "TestActivityTracker.moc"
