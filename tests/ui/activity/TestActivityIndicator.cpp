// SPDX-License-Identifier: Apache-2.0
// ActivityIndicator following an ActivityTracker: real requests that never finish (a TCP
// server on 127.0.0.1 that accepts and never answers) show as the count and the newest one, the
// tooltip lists them all, and Cancel cancels them.
#include "ResultCatcher.h"
#include "TestRegistry.h"
#include "activity/ActivityTracker.h"
#include "connection/CatalogConnection.h"
#include "ui/activity/ActivityIndicator.h"

#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QToolButton>

using namespace Qt::StringLiterals;
using lance::activity::ActivityTracker;
using lance::api::ApiError;
using lance::connection::CatalogConnection;
using lance::connection::ConnectionProfile;
using lance::test::ResultCatcher;
using lance::ui::ActivityIndicator;

namespace {

// Accepts connections and keeps them open without a word: requests to it never finish.
class SilentServer : public QObject
{
public:
    SilentServer()
    {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                m_sockets.append(socket);
            }
        });
    }
    bool start() { return m_server.listen(QHostAddress::LocalHost); }
    QUrl url() const { return QUrl(u"http://127.0.0.1:%1"_s.arg(m_server.serverPort())); }
    int connectionCount() const { return int(m_sockets.size()); }

private:
    QTcpServer m_server;
    QList<QTcpSocket *> m_sockets; // children of the server
};

} // namespace

class TestActivityIndicator : public QObject
{
    Q_OBJECT

private slots:
    void showsTheTrackersWorkAndCancelsIt();
    void forgetsATrackerThatIsGone();
};

void TestActivityIndicator::showsTheTrackersWorkAndCancelsIt()
{
    SilentServer server;
    QVERIFY(server.start());
    ConnectionProfile profile;
    profile.name = u"Silent"_s;
    profile.url = server.url();
    auto opened = CatalogConnection::open(profile);
    QVERIFY(opened);
    const std::unique_ptr<CatalogConnection> connection = std::move(*opened);

    QWidget window;
    auto *indicator = new ActivityIndicator(&window);
    ActivityTracker tracker;
    indicator->setTracker(&tracker);
    QCOMPARE(indicator->tracker(), &tracker);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(indicator->isHidden());

    ResultCatcher<lance::api::ListNamespacesResponse> listed;
    ResultCatcher<lance::api::DescribeNamespaceResponse> described;
    tracker.track(
        u"Listing namespaces"_s,
        connection->service()->call(lance::api::ListNamespacesRequest(), this, listed.callback()));
    QVERIFY(indicator->isVisible());
    QCOMPARE(indicator->runningCount(), 1);
    QCOMPARE(indicator->summaryText(), u"Listing namespaces"_s);
    tracker.track(u"Describing the root namespace"_s,
                  connection->service()->call(lance::api::DescribeNamespaceRequest(), this,
                                              described.callback()));
    QCOMPARE(indicator->runningCount(), 2);
    // The newest is named, the tooltip lists every one.
    QCOMPARE(indicator->summaryText(), u"Describing the root namespace (and 1 more)"_s);
    QCOMPARE(indicator->toolTip(), u"2 requests running\n• Describing the root namespace\n"
                                   "• Listing namespaces"_s);
    QTRY_VERIFY(server.connectionCount() >= 1); // really on the wire, and stuck there
    QVERIFY(!listed.done());

    QSignalSpy cancelRequested(indicator, &ActivityIndicator::cancelRequested);
    QTest::mouseClick(indicator->findChild<QToolButton *>(u"cancelActivityButton"_s),
                      Qt::LeftButton);
    QCOMPARE(cancelRequested.count(), 1);
    QTRY_VERIFY(listed.done() && described.done());
    QCOMPARE(listed.error().kind(), ApiError::Kind::Cancelled);
    QCOMPARE(described.error().kind(), ApiError::Kind::Cancelled);
    QTRY_COMPARE(tracker.runningCount(), 0);
    QCOMPARE(indicator->runningCount(), 0);
    QVERIFY(indicator->isHidden());
}

void TestActivityIndicator::forgetsATrackerThatIsGone()
{
    ActivityIndicator indicator;
    auto tracker = std::make_unique<ActivityTracker>();
    indicator.setTracker(tracker.get());
    indicator.setRunning(1, u"Reading the catalog"_s); // the older way still works
    QCOMPARE(indicator.summaryText(), u"Reading the catalog"_s);
    tracker.reset();
    QCOMPARE(indicator.tracker(), nullptr);
    QCOMPARE(indicator.runningCount(), 0);
    // Cancel without a tracker only asks.
    QSignalSpy cancelRequested(&indicator, &ActivityIndicator::cancelRequested);
    indicator.findChild<QToolButton *>(u"cancelActivityButton"_s)->click();
    QCOMPARE(cancelRequested.count(), 1);
}

LCB_TEST_MAIN(TestActivityIndicator)
#include "TestActivityIndicator.moc"
