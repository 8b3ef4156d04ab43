// SPDX-License-Identifier: Apache-2.0
// MessageBanner: what it shows for each message, and the signals of its buttons.
#include "TestRegistry.h"
#include "api/ApiError.h"
#include "ui/common/MessageBanner.h"

#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>

using namespace Qt::StringLiterals;
using lance::ui::MessageBanner;

class TestMessageBanner : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void startsHidden();
    void showsTheMessageAndOnlyTheButtonsItNeeds();
    void retryEmitsAndHides();
    void detailsExpandInline();
    void closeButtonDismisses();
    void escapeDismisses();
    void showsAnApiError();

private:
    template <typename T> T *child(const QString &name) { return m_banner->findChild<T *>(name); }

    QWidget *m_window = nullptr;
    MessageBanner *m_banner = nullptr;
};

void TestMessageBanner::init()
{
    m_window = new QWidget;
    m_banner = new MessageBanner(m_window);
    m_window->resize(640, 200);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
}

void TestMessageBanner::cleanup()
{
    delete m_window;
}

void TestMessageBanner::startsHidden()
{
    QVERIFY(m_banner->isHidden());
}

void TestMessageBanner::showsTheMessageAndOnlyTheButtonsItNeeds()
{
    m_banner->showMessage(MessageBanner::Severity::Warning, u"Saved 3 of 4 files."_s);
    QVERIFY(m_banner->isVisible());
    QCOMPARE(child<QLabel>(u"messageLabel"_s)->text(), u"Saved 3 of 4 files."_s);
    QCOMPARE(m_banner->severity(), MessageBanner::Severity::Warning);
    QVERIFY(child<QPushButton>(u"retryButton"_s)->isHidden());
    QVERIFY(child<QPushButton>(u"detailsButton"_s)->isHidden());
    QVERIFY(child<QToolButton>(u"closeButton"_s)->isVisible());
    QCOMPARE(m_banner->accessibleName(), u"Warning"_s);
    QCOMPARE(m_banner->accessibleDescription(), u"Saved 3 of 4 files."_s);

    m_banner->showMessage(MessageBanner::Severity::Error, u"Could not list tables."_s,
                          u"HTTP 503"_s, true);
    QVERIFY(child<QPushButton>(u"retryButton"_s)->isVisible());
    QVERIFY(child<QPushButton>(u"detailsButton"_s)->isVisible());
    QVERIFY(!m_banner->isShowingDetails());
    QVERIFY(m_banner->isRetryable());
}

void TestMessageBanner::retryEmitsAndHides()
{
    QSignalSpy retry(m_banner, &MessageBanner::retryRequested);
    QSignalSpy dismissed(m_banner, &MessageBanner::dismissed);
    m_banner->showMessage(MessageBanner::Severity::Error, u"Timed out."_s, {}, true);
    QTest::mouseClick(child<QPushButton>(u"retryButton"_s), Qt::LeftButton);
    QCOMPARE(retry.count(), 1);
    QCOMPARE(dismissed.count(), 0);
    QVERIFY(m_banner->isHidden());
}

void TestMessageBanner::detailsExpandInline()
{
    QSignalSpy details(m_banner, &MessageBanner::detailsRequested);
    m_banner->showMessage(MessageBanner::Severity::Error, u"The server refused."_s,
                          u"HTTP 409\ncode 14"_s, false);
    auto *detailsButton = child<QPushButton>(u"detailsButton"_s);
    auto *detailsText = child<QPlainTextEdit>(u"detailsText"_s);
    QVERIFY(detailsText->isHidden());
    QTest::mouseClick(detailsButton, Qt::LeftButton);
    QCOMPARE(details.count(), 1);
    QVERIFY(detailsText->isVisible());
    QCOMPARE(detailsText->toPlainText(), u"HTTP 409\ncode 14"_s);
    QTest::mouseClick(detailsButton, Qt::LeftButton);
    QVERIFY(detailsText->isHidden());
    QCOMPARE(details.count(), 1);

    // A new message starts collapsed.
    QTest::mouseClick(detailsButton, Qt::LeftButton);
    m_banner->showMessage(MessageBanner::Severity::Error, u"Again."_s, u"more"_s, false);
    QVERIFY(!m_banner->isShowingDetails());
}

void TestMessageBanner::closeButtonDismisses()
{
    QSignalSpy dismissed(m_banner, &MessageBanner::dismissed);
    m_banner->showMessage(MessageBanner::Severity::Information, u"Copied."_s);
    QTest::mouseClick(child<QToolButton>(u"closeButton"_s), Qt::LeftButton);
    QCOMPARE(dismissed.count(), 1);
    QVERIFY(m_banner->isHidden());
}

void TestMessageBanner::escapeDismisses()
{
    QSignalSpy dismissed(m_banner, &MessageBanner::dismissed);
    m_banner->showMessage(MessageBanner::Severity::Error, u"Failed."_s, {}, true);
    auto *retry = child<QPushButton>(u"retryButton"_s);
    retry->setFocus();
    QTest::keyClick(retry, Qt::Key_Escape);
    QCOMPARE(dismissed.count(), 1);
}

void TestMessageBanner::showsAnApiError()
{
    const auto error = lance::api::ApiError::network(
        u"ListTables"_s, QUrl(u"http://127.0.0.1:9/v1/namespace/x/table/list"_s),
        u"Connection refused"_s);
    m_banner->showError(error, true);
    QCOMPARE(m_banner->severity(), MessageBanner::Severity::Error);
    QCOMPARE(m_banner->text(), error.userMessage());
    QCOMPARE(m_banner->details(), error.details());
    QVERIFY(m_banner->isRetryable());
}

LCB_TEST_MAIN(TestMessageBanner)
#include "TestMessageBanner.moc"
