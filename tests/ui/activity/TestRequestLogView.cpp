// SPDX-License-Identifier: Apache-2.0
// RequestLogView over a RequestLog fed by a real CatalogConnection to lance-catalog-server with
// an API key: the rows, failures marked, details with masked headers, Copy URL, Clear, and
// Save… writing JSON lines that hold no secret. Plus following the newest row.
#include "AwaitCall.h"
#include "CatalogServerProcess.h"
#include "ScriptedPrompter.h"
#include "TestConnections.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "activity/RequestLog.h"
#include "connection/CatalogConnection.h"
#include "ui/activity/RequestLogDelegate.h"
#include "ui/activity/RequestLogView.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDialog>
#include <QFile>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::activity::RequestLog;
using lance::api::CatalogService;
using lance::api::DescribeNamespaceRequest;
using lance::api::ExchangeRecord;
using lance::api::Identifier;
using lance::api::ListNamespacesRequest;
using lance::connection::CatalogConnection;
using lance::rest::AuthMethod;
using lance::test::awaitCall;
using lance::test::CatalogServerProcess;
using lance::test::ScriptedPrompter;
using lance::test::TestConnections;
using lance::ui::RequestLogDelegate;
using lance::ui::RequestLogView;

namespace {

const QString ApiKey = u"lcb-log-key-9a3e61"_s;

// Opens up the delegate's styling for the test.
class DelegateProbe : public RequestLogDelegate
{
public:
    using RequestLogDelegate::initStyleOption;
};

ExchangeRecord syntheticRecord(int n)
{
    ExchangeRecord record;
    record.startedAt = QDateTime::currentDateTime();
    record.operation = u"ListNamespaces"_s;
    record.method = "GET";
    record.url = u"http://127.0.0.1:1/v1/namespace/n%1/list"_s.arg(n);
    record.status = 200;
    return record;
}

} // namespace

class TestRequestLogView : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void showsExchangesOfARealConnection();
    void savesJsonLinesWithoutSecrets();
    void reportsASaveThatFails();
    void copiesUrlsAndClears();
    void followsTheNewestRowOnlyAtTheBottom();

private:
    QTemporaryDir m_dir;
    CatalogServerProcess m_server;
    std::unique_ptr<CatalogConnection> m_connection;
    std::unique_ptr<RequestLog> m_log;
    ScriptedPrompter m_prompter;
};

void TestRequestLogView::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(m_server.startWithApiKey(ApiKey), qPrintable(m_server.standardError()));
}

void TestRequestLogView::init()
{
    m_connection = TestConnections::openRest(m_server.url(), AuthMethod::ApiKey, ApiKey);
    QVERIFY(m_connection);
    m_log = std::make_unique<RequestLog>();
    connect(m_connection.get(), &CatalogConnection::exchangeFinished, m_log.get(),
            &RequestLog::append);
    m_prompter = ScriptedPrompter();

    // One exchange that works and one that fails (no such namespace).
    QVERIFY(awaitCall(*m_connection->service(), ListNamespacesRequest()));
    DescribeNamespaceRequest missing;
    missing.id = Identifier(QStringList{u"missing"_s});
    QVERIFY(!awaitCall(*m_connection->service(), missing));
    QCOMPARE(m_log->rowCount(), 2);
}

void TestRequestLogView::cleanup()
{
    m_connection.reset();
    m_log.reset();
    QCOMPARE(m_prompter.unanswered(), 0);
}

void TestRequestLogView::showsExchangesOfARealConnection()
{
    RequestLogView view(m_log.get(), m_prompter);
    view.resize(900, 300);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QTableView *table = view.findChild<QTableView *>(u"requestTable"_s);
    QVERIFY(table);
    QCOMPARE(table->model(), m_log.get());
    const QAbstractItemModel &model = *table->model();
    QCOMPARE(model.index(0, RequestLog::MethodColumn).data().toString(), u"GET"_s);
    QCOMPARE(model.index(0, RequestLog::StatusColumn).data().toInt(), 200);
    QCOMPARE(model.index(0, RequestLog::OperationColumn).data().toString(), u"ListNamespaces"_s);
    QVERIFY(model.index(0, RequestLog::UrlColumn)
                .data()
                .toString()
                .startsWith(m_server.url().toString()));
    QCOMPARE(model.index(1, RequestLog::StatusColumn).data().toInt(), 404);
    QVERIFY(!model.index(1, RequestLog::ErrorColumn).data().toString().isEmpty());

    // The failed row is tinted and its status carries the error icon; the good one is not.
    DelegateProbe delegate;
    QStyleOptionViewItem failed;
    failed.initFrom(table);
    delegate.initStyleOption(&failed, model.index(1, RequestLog::StatusColumn));
    QVERIFY(failed.backgroundBrush.style() != Qt::NoBrush);
    QVERIFY(failed.backgroundBrush.color().red() > failed.backgroundBrush.color().green());
    QVERIFY(failed.features & QStyleOptionViewItem::HasDecoration);
    QStyleOptionViewItem passed;
    passed.initFrom(table);
    delegate.initStyleOption(&passed, model.index(0, RequestLog::StatusColumn));
    QCOMPARE(passed.backgroundBrush.style(), Qt::NoBrush);
    QVERIFY(qobject_cast<RequestLogDelegate *>(table->itemDelegate()));

    // A double-click shows the exchange's details, the key masked.
    const QRect cell = table->visualRect(model.index(0, RequestLog::UrlColumn));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
    QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, cell.center());
    auto *details = view.findChild<QDialog *>(u"requestDetailsDialog"_s);
    QVERIFY(details);
    QVERIFY(details->isVisible());
    const QString text
        = details->findChild<QPlainTextEdit *>(u"requestDetailsText"_s)->toPlainText();
    QVERIFY2(text.contains(u"x-api-key: ***"_s), qPrintable(text));
    QVERIFY(text.contains(u"Operation: ListNamespaces"_s));
    QVERIFY(text.contains(u"Status: 200"_s));
    QVERIFY(!text.contains(ApiKey));
    view.showDetails(1); // the same window, now about the failure
    QCOMPARE(view.findChildren<QDialog *>(u"requestDetailsDialog"_s).size(), 1);
    const QString failure = details->findChild<QPlainTextEdit *>()->toPlainText();
    QVERIFY(failure.contains(u"Status: 404"_s));
    QVERIFY(failure.contains(u"Error: "_s + m_log->record(1).error));
}

void TestRequestLogView::savesJsonLinesWithoutSecrets()
{
    RequestLogView view(m_log.get(), m_prompter);
    const QString path = m_dir.filePath(u"requests.jsonl"_s);
    m_prompter.answerText(path);
    view.findChild<QAction *>(u"saveLogAction"_s)->trigger();
    QCOMPARE(m_prompter.asked().last(), u"Save Request Log"_s);

    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    QVERIFY(!bytes.contains(ApiKey.toUtf8()));
    const QList<QByteArray> lines = bytes.trimmed().split('\n');
    QCOMPARE(lines.size(), 2);
    for (const QByteArray &line : lines) {
        QJsonParseError error;
        const QJsonObject object = QJsonDocument::fromJson(line, &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QVERIFY(
            object.value(u"headers"_s).toArray().contains(QJsonArray{u"x-api-key"_s, u"***"_s}));
    }
    QCOMPARE(QJsonDocument::fromJson(lines.at(1)).object().value(u"status"_s).toInt(), 404);

    // Cancelling the file choice writes nothing.
    QVERIFY(QFile::remove(path));
    m_prompter.answerText(std::nullopt);
    view.saveAs();
    QVERIFY(!QFile::exists(path));
}

void TestRequestLogView::reportsASaveThatFails()
{
    RequestLogView view(m_log.get(), m_prompter);
    const QString path = m_dir.filePath(u"no-such-folder/requests.jsonl"_s);
    const std::optional<QString> problem = lance::test::refusalOf(view.saveTo(path));
    QVERIFY(problem);
    QVERIFY2(problem->startsWith(u"The request log could not be saved to %1: "_s.arg(path)),
             qPrintable(*problem));
    QVERIFY(!QFile::exists(path));

    m_prompter.answerText(path);
    view.saveAs(); // tells the person
    QCOMPARE(m_prompter.asked(), (QStringList{u"Save Request Log"_s, u"Save Request Log"_s}));
}

void TestRequestLogView::copiesUrlsAndClears()
{
    RequestLogView view(m_log.get(), m_prompter);
    QAction *copy = view.findChild<QAction *>(u"copyUrlAction"_s);
    QAction *clear = view.findChild<QAction *>(u"clearLogAction"_s);
    QVERIFY(!copy->isEnabled()); // nothing selected
    QVERIFY(clear->isEnabled());
    view.table()->selectRow(1);
    QVERIFY(copy->isEnabled());
    copy->trigger();
    QCOMPARE(QApplication::clipboard()->text(), m_log->record(1).url);
    view.table()->selectAll();
    copy->trigger();
    QCOMPARE(QApplication::clipboard()->text(),
             m_log->record(0).url + u'\n' + m_log->record(1).url);
    // Ctrl+C in the table copies them too.
    QApplication::clipboard()->clear();
    QTest::keySequence(view.table(), QKeySequence::Copy);
    QCOMPARE(QApplication::clipboard()->text(),
             m_log->record(0).url + u'\n' + m_log->record(1).url);

    clear->trigger();
    QCOMPARE(m_log->rowCount(), 0);
    QVERIFY(!clear->isEnabled());
    QVERIFY(!view.findChild<QAction *>(u"saveLogAction"_s)->isEnabled());
    QVERIFY(!copy->isEnabled());
}

void TestRequestLogView::followsTheNewestRowOnlyAtTheBottom()
{
    RequestLogView view(m_log.get(), m_prompter);
    view.resize(700, 200);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QScrollBar *bar = view.table()->verticalScrollBar();
    for (int n = 0; n < 100; ++n) {
        m_log->append(syntheticRecord(n));
    }
    QTRY_VERIFY(bar->maximum() > 0);
    QTRY_COMPARE(bar->value(), bar->maximum());

    // Scrolled up to read: new rows do not pull the view away.
    bar->setValue(0);
    m_log->append(syntheticRecord(100));
    QCoreApplication::processEvents(); // runs a queued scroll, if one had been asked for
    QCOMPARE(bar->value(), 0);

    // Back at the bottom, it follows again.
    bar->setValue(bar->maximum());
    m_log->append(syntheticRecord(101));
    QTRY_COMPARE(bar->value(), bar->maximum());
    QVERIFY(view.table()->rowAt(view.table()->viewport()->height() - 2) >= 100);
}

LCB_TEST_MAIN(TestRequestLogView)
#include "TestRequestLogView.moc"
