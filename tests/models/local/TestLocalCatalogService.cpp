// SPDX-License-Identifier: Apache-2.0
// LocalCatalogService: the CatalogService contract (later, once, on the caller's thread, only
// while the context lives), cancelling, opening failures and shutdown, against the real engine in
// a temporary folder. The operations themselves are in TestLocalCatalogRoundTrip.
#include "MessageFactory.h"
#include "PostedEvents.h"
#include "ResultCatcher.h"
#include "SeededCatalog.h"
#include "TestRegistry.h"
#include "WorkerThread.h"
#include "api/ThreadHandoff.h"
#include "local/LocalCatalogService.h"

#include <QFile>
#include <QFileInfo>
#include <QSemaphore>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <memory>

using namespace Qt::StringLiterals;
using lance::api::ApiError;
using lance::api::Identifier;
using lance::local::LocalCatalogService;
using lance::test::MessageFactory;
using lance::test::ResultCatcher;
using lance::test::SeededCatalog;
using lance::test::WorkerThread;

namespace {

constexpr int AnswerTimeoutMs = 10000;

// Runs `work` on `thread`, behind whatever is already queued there.
// Holds the worker thread busy from construction until open() (or destruction), so calls made
// meanwhile are certainly queued and not started.
class WorkerGate
{
public:
    explicit WorkerGate(QThread *worker)
    {
        WorkerThread::post(worker, [entered = m_entered, gate = m_gate] {
            entered->release();
            gate->acquire();
        });
        m_entered->acquire();
    }
    ~WorkerGate() { open(); }
    void open()
    {
        if (!m_opened) {
            m_opened = true;
            m_gate->release();
        }
    }

private:
    std::shared_ptr<QSemaphore> m_entered = std::make_shared<QSemaphore>();
    std::shared_ptr<QSemaphore> m_gate = std::make_shared<QSemaphore>();
    bool m_opened = false;
};

// A failure's details for QVERIFY2 (which builds its message even when the check passes).
template <typename T> QByteArray why(const ResultCatcher<T> &catcher)
{
    return catcher.done() && !catcher.succeeded() ? catcher.error().details().toUtf8()
                                                  : QByteArray();
}

template <typename T> bool waitFor(const ResultCatcher<T> &catcher)
{
    return QTest::qWaitFor([&catcher] { return catcher.done(); }, AnswerTimeoutMs);
}

} // namespace

class TestLocalCatalogService : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void answersLaterOnTheCallersThreadExactlyOnce();
    void answersWithoutContextToo();
    void noAnswerOnceTheContextIsDestroyed();
    void refusesInvalidInputWithoutRunningAnything_data();
    void refusesInvalidInputWithoutRunningAnything();
    void cancelBeforeStartNeverRuns();
    void cancelledReadDropsItsResult();
    void startedWriteDeliversItsRealResult();
    void cancellingTwiceOrAfterTheAnswerDoesNothing();
    void fileAsRootGivesAClearErrorEveryTime();
    void destructionWithWorkInFlightDeliversNothing();
    void createsTheRootOnFirstUse();
    void defaultRootIsSharedUnderGenericData();

private:
    QString root() const { return m_dir->filePath(u"catalog"_s); }

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<LocalCatalogService> m_service;
};

void TestLocalCatalogService::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_service = std::make_unique<LocalCatalogService>(root());
}

void TestLocalCatalogService::cleanup()
{
    m_service.reset();
    m_dir.reset();
}

void TestLocalCatalogService::answersLaterOnTheCallersThreadExactlyOnce()
{
    ResultCatcher<lance::api::ListNamespacesResponse> catcher;
    QThread *answeredOn = nullptr;
    auto callback = catcher.callback();
    m_service->call(lance::api::ListNamespacesRequest(), this,
                    [&answeredOn, callback](auto result) {
                        answeredOn = QThread::currentThread();
                        callback(std::move(result));
                    });
    QCOMPARE(catcher.calls(), 0); // never inside the call
    QVERIFY(waitFor(catcher));
    QVERIFY2(catcher.succeeded(), why(catcher));
    QCOMPARE(answeredOn, QThread::currentThread());
    QVERIFY(answeredOn != m_service->workerThread());
    WorkerThread::settle(m_service->workerThread()); // a second answer would be here now
    QCOMPARE(catcher.calls(), 1);
}

void TestLocalCatalogService::answersWithoutContextToo()
{
    ResultCatcher<lance::api::ExistsResponse> catcher;
    m_service->call(lance::api::NamespaceExistsRequest(), nullptr, catcher.callback());
    QVERIFY(waitFor(catcher));
    QVERIFY(catcher.succeeded());
    QVERIFY(catcher.value().exists); // the root namespace always exists
}

void TestLocalCatalogService::noAnswerOnceTheContextIsDestroyed()
{
    auto context = std::make_unique<QObject>();
    ResultCatcher<lance::api::ListNamespacesResponse> abandoned;
    ResultCatcher<lance::api::ListNamespacesResponse> later;
    m_service->call(lance::api::ListNamespacesRequest(), context.get(), abandoned.callback());
    WorkerThread::reach(m_service->workerThread()); // its answer is already on its way
    context.reset();
    m_service->call(lance::api::ListNamespacesRequest(), this, later.callback());
    QVERIFY(waitFor(later)); // calls answer in order: the first had its turn
    WorkerThread::settle(m_service->workerThread());
    QCOMPARE(abandoned.calls(), 0);
}

void TestLocalCatalogService::refusesInvalidInputWithoutRunningAnything_data()
{
    QTest::addColumn<QStringList>("table");
    QTest::addColumn<QString>("message");
    QTest::newRow("empty name") << QStringList{u"sales"_s, QString()} << u"is not valid"_s;
    QTest::newRow("root as a table") << QStringList() << u"root namespace is not a table"_s;
    QTest::newRow("delimiter in a name") << QStringList{u"a$b"_s} << u"is not valid"_s;
}

void TestLocalCatalogService::refusesInvalidInputWithoutRunningAnything()
{
    QFETCH(QStringList, table);
    QFETCH(QString, message);
    // The worker is held: a refusal must not need it.
    WorkerGate gate(m_service->workerThread());
    ResultCatcher<lance::api::DeclareTableResponse> catcher;
    m_service->call(MessageFactory::withId<lance::api::DeclareTableRequest>(Identifier(table)),
                    this, catcher.callback());
    QCOMPARE(catcher.calls(), 0);
    QVERIFY(waitFor(catcher));
    QVERIFY(!catcher.succeeded());
    QCOMPARE(catcher.error().kind(), ApiError::Kind::InvalidInput);
    QVERIFY2(catcher.error().userMessage().contains(message),
             qPrintable(catcher.error().userMessage()));
    QCOMPARE(catcher.error().operation(), u"DeclareTable"_s);
}

void TestLocalCatalogService::cancelBeforeStartNeverRuns()
{
    ResultCatcher<lance::api::DeclareTableResponse> declared;
    {
        WorkerGate gate(m_service->workerThread());
        auto handle = m_service->call(
            MessageFactory::withId<lance::api::DeclareTableRequest>(SeededCatalog::id(u"ghost"_s)),
            this, declared.callback());
        QVERIFY(handle.isRunning());
        handle.cancel();
        QCOMPARE(declared.calls(), 0); // reported later, not inside cancel()
    }
    QVERIFY(waitFor(declared));
    QVERIFY(!declared.succeeded());
    QCOMPARE(declared.error().kind(), ApiError::Kind::Cancelled);
    QVERIFY(declared.error().userMessage().contains(u"DeclareTable was cancelled"_s));

    ResultCatcher<lance::api::ExistsResponse> exists;
    m_service->call(
        MessageFactory::withId<lance::api::TableExistsRequest>(SeededCatalog::id(u"ghost"_s)), this,
        exists.callback());
    QVERIFY(waitFor(exists));
    QVERIFY2(exists.succeeded(), why(exists));
    QVERIFY(!exists.value().exists);
    QCOMPARE(declared.calls(), 1);
}

void TestLocalCatalogService::cancelledReadDropsItsResult()
{
    ResultCatcher<lance::api::ListNamespacesResponse> catcher;
    auto handle = m_service->call(lance::api::ListNamespacesRequest(), this, catcher.callback());
    WorkerThread::reach(m_service->workerThread()); // it has run; the result waits to be delivered
    handle.cancel();
    QVERIFY(waitFor(catcher));
    QVERIFY(!catcher.succeeded());
    QCOMPARE(catcher.error().kind(), ApiError::Kind::Cancelled);
    WorkerThread::settle(m_service->workerThread()); // the real result, had it been delivered
    QCOMPARE(catcher.calls(), 1);
}

void TestLocalCatalogService::startedWriteDeliversItsRealResult()
{
    ResultCatcher<lance::api::CreateNamespaceResponse> created;
    auto handle = m_service->call(
        MessageFactory::withId<lance::api::CreateNamespaceRequest>(SeededCatalog::id(u"sales"_s)),
        this, created.callback());
    WorkerThread::reach(m_service->workerThread()); // the write is applied
    handle.cancel();
    QVERIFY(waitFor(created));
    QVERIFY2(created.succeeded(), why(created));

    ResultCatcher<lance::api::ExistsResponse> exists;
    m_service->call(
        MessageFactory::withId<lance::api::NamespaceExistsRequest>(SeededCatalog::id(u"sales"_s)),
        this, exists.callback());
    QVERIFY(waitFor(exists));
    QVERIFY(exists.succeeded() && exists.value().exists);
    QCOMPARE(created.calls(), 1);
}

void TestLocalCatalogService::cancellingTwiceOrAfterTheAnswerDoesNothing()
{
    ResultCatcher<lance::api::ListNamespacesResponse> catcher;
    auto handle = m_service->call(lance::api::ListNamespacesRequest(), this, catcher.callback());
    handle.cancel();
    handle.cancel();
    QVERIFY(waitFor(catcher));
    WorkerThread::settle(m_service->workerThread());
    QCOMPARE(catcher.calls(), 1);
    QVERIFY(!handle.isRunning()); // the call is gone once it has answered
    handle.cancel();
    QCOMPARE(catcher.calls(), 1);
}

void TestLocalCatalogService::fileAsRootGivesAClearErrorEveryTime()
{
    const QString file = m_dir->filePath(u"not-a-folder"_s);
    QFile blocker(file);
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    LocalCatalogService service(file);
    for (int attempt = 0; attempt < 2; ++attempt) {
        ResultCatcher<lance::api::ListTablesResponse> catcher;
        service.call(lance::api::ListTablesRequest(), this, catcher.callback());
        QVERIFY(waitFor(catcher));
        QVERIFY(!catcher.succeeded());
        const QString message = catcher.error().userMessage();
        QVERIFY2(message.startsWith(u"ListTables failed: "_s), qPrintable(message));
        QVERIFY2(message.contains(u"not-a-folder"_s), qPrintable(message));
    }
}

void TestLocalCatalogService::destructionWithWorkInFlightDeliversNothing()
{
    auto service = std::make_unique<LocalCatalogService>(m_dir->filePath(u"busy"_s));
    QList<ResultCatcher<lance::api::CreateNamespaceResponse>> writes(20);
    ResultCatcher<lance::api::ListNamespacesResponse> read;
    for (qsizetype i = 0; i < writes.size(); ++i) {
        service->call(MessageFactory::withId<lance::api::CreateNamespaceRequest>(
                          SeededCatalog::id(u"ns%1"_s.arg(i))),
                      this, writes[i].callback());
    }
    service->call(lance::api::ListNamespacesRequest(), nullptr, read.callback());
    WorkerThread::reach(service->workerThread()); // some answers are posted, none delivered
    service->call(
        MessageFactory::withId<lance::api::CreateNamespaceRequest>(SeededCatalog::id(u"last"_s)),
        this, writes[0].callback());
    service.reset();
    // Whatever it had handed over here is delivered now: none of it may call back.
    lance::test::PostedEvents::deliver();
    for (const auto &write : writes) {
        QCOMPARE(write.calls(), 0);
    }
    QCOMPARE(read.calls(), 0);
}

void TestLocalCatalogService::createsTheRootOnFirstUse()
{
    QVERIFY(!QFileInfo::exists(root())); // constructing touched nothing
    ResultCatcher<lance::api::ListTablesResponse> catcher;
    m_service->call(lance::api::ListTablesRequest(), this, catcher.callback());
    QVERIFY(waitFor(catcher));
    QVERIFY2(catcher.succeeded(), why(catcher));
    QVERIFY(catcher.value().tables.isEmpty());
    QVERIFY(QFileInfo(root()).isDir());
}

void TestLocalCatalogService::defaultRootIsSharedUnderGenericData()
{
    QStandardPaths::setTestModeEnabled(true);
    const QString base = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
    QCOMPARE(LocalCatalogService::defaultRoot(), base + u"/lance-catalog-browser/catalog"_s);
    QStandardPaths::setTestModeEnabled(false);
}

LCB_TEST_GUILESS_MAIN(TestLocalCatalogService)
#include "TestLocalCatalogService.moc"
