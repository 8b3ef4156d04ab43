// SPDX-License-Identifier: Apache-2.0
// AuditLog: one JSON line per commit attempt in a file per profile, and never a secret, checked
// with a real lance-catalog-server that wants an API key.
#include "CatalogServerProcess.h"
#include "CommitFixtures.h"
#include "TestFiles.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "api/JsonCodec.h"
#include "commit/AuditLog.h"
#include "commit/BatchSubmitter.h"
#include "local/LocalCatalogService.h"
#include "rest/RestClient.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::test::TestFiles;
using namespace lance::api;
using namespace lance::rest;
using lance::commit::AuditLog;
using lance::commit::BatchSubmitter;
using lance::commit::CommitOutcome;
using lance::commit::SequentialApplier;
using lance::test::CatalogServerProcess;
using lance::test::CommitFixtures;

namespace {

const QString ApiKey = u"k3y-0f-the-aud1t-test-77c1"_s;

QList<QJsonObject> linesOf(const QString &path)
{
    QList<QJsonObject> lines;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return lines;
    }
    const QList<QByteArray> raw = file.readAll().split('\n');
    for (const QByteArray &line : raw) {
        if (!line.isEmpty()) {
            QJsonParseError error;
            const QJsonDocument document = QJsonDocument::fromJson(line, &error);
            if (error.error != QJsonParseError::NoError || !document.isObject()) {
                qWarning("not a JSON object: %s", line.constData());
                return {};
            }
            lines.append(document.object());
        }
    }
    return lines;
}

} // namespace

class TestAuditLog : public QObject
{
    Q_OBJECT

private slots:
    void fileNamesAreSafeAndDistinct();
    void writesOneLinePerAttempt();
    void recordsSequentialAttempts();
    void namesTheLocation();
    void neverHoldsASecret();
    void reportsAnUnwritableFolder();
};

void TestAuditLog::fileNamesAreSafeAndDistinct()
{
    const QString prod = AuditLog::fileNameFor(u"Prod EU"_s);
    QVERIFY2(prod.startsWith(u"Prod_EU-"_s) && prod.endsWith(u".audit.jsonl"_s), qPrintable(prod));
    QCOMPARE(prod.size(), QString(u"Prod_EU-12345678.audit.jsonl"_s).size());
    QCOMPARE(AuditLog::fileNameFor(u"Prod EU"_s), prod); // stable
    QVERIFY(AuditLog::fileNameFor(u"a/b"_s) != AuditLog::fileNameFor(u"a_b"_s));
    for (const QString &name :
         {u"../../etc/passwd"_s, u".hidden"_s, u""_s, u"/"_s, u"caf\u00e9 \u6771\u4eac"_s}) {
        const QString file = AuditLog::fileNameFor(name);
        QVERIFY2(!file.contains(u'/') && !file.startsWith(u'.'), qPrintable(file));
        for (const QChar c : file) {
            QVERIFY2(c.isLetterOrNumber() || c == u'.' || c == u'_' || c == u'-', qPrintable(file));
            QVERIFY(c.unicode() < 128);
        }
    }
}

void TestAuditLog::writesOneLinePerAttempt()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    AuditLog log(dir.filePath(u"audit"_s), u"Prod EU"_s);
    log.setClock([] { return QDateTime(QDate(2026, 8, 20), QTime(9, 30, 5, 123), Qt::UTC); });
    const BatchCommitTablesRequest request
        = CommitFixtures::batch({CommitFixtures::declare(u"sales$returns"_s),
                                 CommitFixtures::createVersion(u"sales$orders"_s, 3)});
    BatchCommitTablesResponse response;
    response.transactionId = u"tx-9"_s;
    response.results = {DeclareTableResponse(), CreateTableVersionResponse()};
    LCB_VERIFY_OK(
        log.append(u"http://catalog.example:2333"_s, request, CommitOutcome::committed(response)));
    const ApiError conflict = ApiError::http(
        u"BatchCommitTables"_s, QUrl(u"http://catalog.example:2333/v1/table/batch-commit"_s), 409,
        R"({"code":14,"error":"Version 3 exists.","context":{"failed_operation_index":"1"}})");
    LCB_VERIFY_OK(log.append(u"http://catalog.example:2333"_s, request,
                             CommitOutcome::fromError(conflict, request)));

    QCOMPARE(log.filePath(), dir.filePath(u"audit/"_s + AuditLog::fileNameFor(u"Prod EU"_s)));
    const QList<QJsonObject> lines = linesOf(log.filePath());
    QCOMPARE(lines.size(), 2);
    const QJsonObject committed = lines.at(0);
    QCOMPARE(committed.value(u"time"_s).toString(), u"2026-08-20T09:30:05.123Z"_s);
    QCOMPARE(committed.value(u"profile"_s).toString(), u"Prod EU"_s);
    QCOMPARE(committed.value(u"location"_s).toString(), u"http://catalog.example:2333"_s);
    QCOMPARE(committed.value(u"mode"_s).toString(), u"batch"_s);
    QCOMPARE(committed.value(u"outcome"_s).toString(), u"committed"_s);
    QCOMPARE(committed.value(u"status"_s).toInt(), 200);
    QCOMPARE(committed.value(u"transaction_id"_s).toString(), u"tx-9"_s);
    QCOMPARE(committed.value(u"request"_s).toObject(),
             QJsonDocument::fromJson(json::encode(request)).object());
    QCOMPARE(committed.value(u"response"_s).toObject().value(u"results"_s).toArray().size(), 2);
    QVERIFY(!committed.contains(u"error"_s));

    const QJsonObject failed = lines.at(1);
    QCOMPARE(failed.value(u"outcome"_s).toString(), u"conflict"_s);
    QCOMPARE(failed.value(u"status"_s).toInt(), 409);
    QVERIFY(failed.value(u"transaction_id"_s).isNull());
    const QJsonObject error = failed.value(u"error"_s).toObject();
    QCOMPARE(error.value(u"code"_s).toInt(), 14);
    QCOMPARE(error.value(u"code_name"_s).toString(), u"ConcurrentModification"_s);
    QCOMPARE(error.value(u"error"_s).toString(), u"Version 3 exists."_s);
    QCOMPARE(error.value(u"context"_s).toObject().value(u"failed_operation_index"_s).toString(),
             u"1"_s);
    QVERIFY(!failed.contains(u"response"_s));
}

void TestAuditLog::recordsSequentialAttempts()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    AuditLog log(dir.path(), u"dev"_s);
    const BatchCommitTablesRequest request = CommitFixtures::batch(
        {CommitFixtures::declare(u"a$t"_s), CommitFixtures::createVersion(u"a$t"_s, 1)});
    SequentialApplier::Report report;
    report.applied = {0};
    report.results = {DeclareTableResponse()};
    report.failedIndex = 1;
    report.failure
        = CommitOutcome::fromError(ApiError::http(u"CreateTableVersion"_s, QUrl(u"http://h/v1"_s),
                                                  500, R"({"code":18,"error":"disk full"})"),
                                   request, 1);
    LCB_VERIFY_OK(log.append(u"local:/srv/catalog"_s, request, report));
    const QList<QJsonObject> lines = linesOf(log.filePath());
    QCOMPARE(lines.size(), 1);
    QCOMPARE(lines.at(0).value(u"mode"_s).toString(), u"sequential"_s);
    QCOMPARE(lines.at(0).value(u"applied"_s).toArray(), QJsonArray{0});
    QCOMPARE(lines.at(0).value(u"failed_index"_s).toInt(), 1);
    QCOMPARE(lines.at(0).value(u"outcome"_s).toString(), u"server_error"_s);
    QCOMPARE(lines.at(0).value(u"status"_s).toInt(), 500);
    QCOMPARE(lines.at(0).value(u"location"_s).toString(), u"local:/srv/catalog"_s);
}

void TestAuditLog::namesTheLocation()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    lance::local::LocalCatalogService local(dir.path());
    QCOMPARE(AuditLog::locationOf(local), u"local:"_s + dir.path());
    QNetworkAccessManager network;
    const auto client
        = CommitFixtures::client(network, QUrl(u"https://catalog.example/lance"_s), ApiKey);
    QCOMPARE(AuditLog::locationOf(*client), u"https://catalog.example/lance"_s);
    // A URL someone typed with credentials in it loses them.
    AuditLog log(dir.filePath(u"audit"_s), u"p"_s);
    LCB_VERIFY_OK(log.append(u"https://user:pa55word@catalog.example/x?token=s3cr3t#f"_s,
                             CommitFixtures::batch({CommitFixtures::declare(u"a$t"_s)}),
                             CommitOutcome::committed({})));
    const QByteArray content = TestFiles::read(log.filePath());
    QVERIFY(content.contains("https://catalog.example/x"));
    QVERIFY(!content.contains("pa55word") && !content.contains("s3cr3t")
            && !content.contains("user"));
}

void TestAuditLog::neverHoldsASecret()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    CatalogServerProcess server;
    QVERIFY2(server.startWithApiKey(ApiKey), qPrintable(server.standardError()));
    QNetworkAccessManager network;
    const auto client = CommitFixtures::client(network, server.url(), ApiKey);
    QVERIFY(CommitFixtures::createNamespace(*client, u"s"_s));

    AuditLog log(dir.filePath(u"audit"_s), u"secured"_s);
    BatchSubmitter submitter(*client);
    QSignalSpy finished(&submitter, &BatchSubmitter::finished);
    BatchCommitTablesRequest request = CommitFixtures::batch(
        {CommitFixtures::declare(u"s$t"_s), CommitFixtures::createVersion(u"s$t"_s, 1)});
    request.context.insert(u"header.x-trace-token"_s, u"trace-s3cr3t"_s); // sent as a header
    for (int attempt = 0; attempt < 2; ++attempt) { // committed, then a conflict
        QVERIFY(submitter.submit(request));
        QVERIFY(finished.wait(10000));
        LCB_VERIFY_OK(log.append(AuditLog::locationOf(*client), request,
                                 finished.last().at(0).value<CommitOutcome>()));
    }
    const QList<QJsonObject> lines = linesOf(log.filePath());
    QCOMPARE(lines.size(), 2);
    QCOMPARE(lines.at(0).value(u"outcome"_s).toString(), u"committed"_s);
    QCOMPARE(lines.at(1).value(u"outcome"_s).toString(), u"conflict"_s);
    QCOMPARE(lines.at(0).value(u"location"_s).toString(), server.url().toString());
    const QByteArray content = TestFiles::read(log.filePath());
    QVERIFY(!content.contains(ApiKey.toUtf8()));
    QVERIFY(!content.contains("trace-s3cr3t"));
    QVERIFY(!content.toLower().contains("x-api-key"));
    QVERIFY(!content.contains("\"header."));
}

void TestAuditLog::reportsAnUnwritableFolder()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile blocker(dir.filePath(u"audit"_s)); // a file where the folder should be
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    AuditLog log(blocker.fileName(), u"p"_s);
    const lance::api::Result<void> appended
        = log.append(u"local:/x"_s, CommitFixtures::batch({CommitFixtures::declare(u"a$t"_s)}),
                     CommitOutcome::committed({}));
    LCB_VERIFY_REFUSED(appended);
    const QString error = appended.error().userMessage();
    QVERIFY2(error.startsWith(u"The audit log folder "_s), qPrintable(error));
}

LCB_TEST_GUILESS_MAIN(TestAuditLog)
#include "TestAuditLog.moc"
