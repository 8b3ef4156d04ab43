// SPDX-License-Identifier: Apache-2.0
// ConnectionTestView: a test that cannot finish (a TCP server on 127.0.0.1 that accepts and never
// answers) shows as running and is cancelled by its Cancel button; a profile that cannot make a
// connection says why instead of testing. The real server's answers are in TestProfilesDialog.
#include "TestRegistry.h"
#include "connection/CatalogConnection.h"
#include "ui/connection/ConnectionTestView.h"

#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::connection::ConnectionProfile;
using lance::ui::ConnectionTestView;
using State = lance::connection::ConnectionTester::Check::State;

class TestConnectionTestView : public QObject
{
    Q_OBJECT

private slots:
    void cancelsARunningTest();
    void saysWhyNoTestCanRun();
};

void TestConnectionTestView::cancelsARunningTest()
{
    QTcpServer silent; // accepts and never answers
    QVERIFY(silent.listen(QHostAddress::LocalHost));
    ConnectionProfile profile;
    profile.name = u"Silent"_s;
    profile.url = QUrl(u"http://127.0.0.1:%1"_s.arg(silent.serverPort()));

    ConnectionTestView view;
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy finished(&view, &ConnectionTestView::finished);
    view.start(profile, {});
    QVERIFY(view.isRunning());
    QCOMPARE(view.checks().at(0).state, State::Running);
    QCOMPARE(view.findChild<QLabel *>(u"checkMessageLabel0"_s)->text(), u"Running…"_s);
    QCOMPARE(view.summaryText(),
             u"Testing the connection to %1…"_s.arg(profile.url.toDisplayString()));
    auto *cancel = view.findChild<QPushButton *>(u"cancelTestButton"_s);
    QVERIFY(cancel->isVisible());
    QTRY_VERIFY(silent.hasPendingConnections()); // the request is on the wire, unanswered

    cancel->click();
    QCOMPARE(finished.count(), 1);
    QCOMPARE(finished.first().first().toBool(), false);
    QVERIFY(!view.isRunning());
    QVERIFY(!cancel->isVisible());
    QCOMPARE(view.summaryText(), u"Cancelled."_s);
    QCOMPARE(view.checks().at(1).state, State::Skipped);
    QCOMPARE(view.findChild<QLabel *>(u"checkMessageLabel1"_s)->text(),
             u"Skipped: the test was cancelled."_s);
    QCOMPARE(view.findChild<QLabel *>(u"checkIconLabel1"_s)->accessibleName(), u"Skipped"_s);

    view.clear(); // another profile is shown: the old result goes
    QVERIFY(view.checks().isEmpty());
    QVERIFY(!view.findChild<QLabel *>(u"checkMessageLabel0"_s));
}

void TestConnectionTestView::saysWhyNoTestCanRun()
{
    ConnectionProfile profile;
    profile.name = u"Nowhere"_s;
    profile.url = QUrl(u"ftp://example.com"_s);
    ConnectionTestView view;
    QSignalSpy finished(&view, &ConnectionTestView::finished);
    view.start(profile, {});
    QCOMPARE(finished.count(), 1);
    QVERIFY(!view.isRunning());
    QVERIFY(view.checks().isEmpty());
    QCOMPARE(view.summaryText(), profile.check().error().userMessage());
}

LCB_TEST_MAIN(TestConnectionTestView)
#include "TestConnectionTestView.moc"
