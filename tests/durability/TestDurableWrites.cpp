// SPDX-License-Identifier: Apache-2.0
//
// Runs with LD_PRELOAD of syscall-trace.c (CMakeLists.txt sets it and LCB_SYSCALL_TRACE), which
// records renames, syncs, SQLite's log writes and socket sends in the order they happen. The
// checks are on that order: what a power loss could take back must be synced before the answer.
#include "CatalogServerProcess.h"
#include "HttpProbe.h"
#include "TestFiles.h"
#include "TestRegistry.h"
#include "staging/JournalWriter.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

using namespace Qt::StringLiterals;
using lance::staging::JournalWriter;
using lance::test::CatalogServerProcess;
using lance::test::HttpProbe;

namespace {

struct Call
{
    QString what; //!< rename, link, unlink, sync, write, send
    QStringList paths;
};

} // namespace

class TestDurableWrites : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void journalSyncsFileThenRenamesThenSyncsFolder();
    void serverSyncsCommitAndManifestBeforeAnswering();

private:
    void markTrace();
    /// The calls of process `pid` recorded since markTrace().
    QList<Call> callsSinceMark(qint64 pid) const;
    static qsizetype indexOf(const QList<Call> &calls, const QString &what,
                             const std::function<bool(const Call &)> &matches, qsizetype from = 0);

    QString m_trace;
    qint64 m_mark = 0;
};

void TestDurableWrites::initTestCase()
{
    m_trace = qEnvironmentVariable("LCB_SYSCALL_TRACE");
    QVERIFY2(!m_trace.isEmpty() && qEnvironmentVariable("LD_PRELOAD").contains(u"syscall-trace"_s),
             "run through ctest: it preloads the trace library and names its file");
}

void TestDurableWrites::markTrace()
{
    m_mark = QFileInfo(m_trace).size();
}

QList<Call> TestDurableWrites::callsSinceMark(qint64 pid) const
{
    QFile file(m_trace);
    if (!file.open(QIODevice::ReadOnly) || !file.seek(m_mark)) {
        qWarning("cannot read %s", qPrintable(m_trace));
        return {};
    }
    QList<Call> calls;
    const QByteArray prefix = QByteArray::number(pid) + ' ';
    for (const QByteArray &line : file.readAll().split('\n')) {
        if (!line.startsWith(prefix)) {
            continue;
        }
        QStringList words = QString::fromUtf8(line.mid(prefix.size())).split(u' ');
        Call call;
        call.what = words.takeFirst();
        call.paths = words; // the paths of these tests have no spaces
        calls.append(call);
    }
    return calls;
}

qsizetype TestDurableWrites::indexOf(const QList<Call> &calls, const QString &what,
                                     const std::function<bool(const Call &)> &matches,
                                     qsizetype from)
{
    for (qsizetype i = std::max<qsizetype>(from, 0); i < calls.size(); ++i) {
        if (calls[i].what == what && matches(calls[i])) {
            return i;
        }
    }
    return -1;
}

void TestDurableWrites::journalSyncsFileThenRenamesThenSyncsFolder()
{
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    const QString canonical = QFileInfo(folder.path()).canonicalFilePath();
    const QString journal = canonical + u"/staged.json"_s;
    const auto inFolder = [&](const Call &call) {
        return call.paths.value(0).startsWith(canonical + u'/');
    };
    const auto isFolder = [&](const Call &call) {
        return call.paths.value(0) == canonical;
    };

    // A new journal, then one replacing it: QSaveFile may place the first with link() (from an
    // unnamed temporary file) and replaces with rename().
    for (const QByteArray &content : {QByteArray("{\"operations\":[]}"), QByteArray("{}")}) {
        markTrace();
        QVERIFY(JournalWriter::writeNow(journal, content));
        const QList<Call> calls = callsSinceMark(QCoreApplication::applicationPid());
        const auto placesJournal = [&](const Call &call) {
            return call.paths.value(1) == journal;
        };
        qsizetype placed = indexOf(calls, u"rename"_s, placesJournal);
        if (placed < 0) {
            placed = indexOf(calls, u"link"_s, placesJournal);
        }
        QVERIFY2(placed >= 0, "the journal was not renamed or linked into place");
        const qsizetype fileSynced = indexOf(calls, u"sync"_s, inFolder);
        QVERIFY2(fileSynced >= 0 && fileSynced < placed,
                 "the journal's bytes must be synced before it takes its name");
        QVERIFY2(indexOf(calls, u"sync"_s, isFolder, placed) > placed,
                 "the folder must be synced after the journal took its name");
    }

    // Removing it (everything committed) syncs the folder too.
    markTrace();
    QVERIFY(JournalWriter::writeNow(journal, std::nullopt));
    const QList<Call> calls = callsSinceMark(QCoreApplication::applicationPid());
    const qsizetype removed = indexOf(
        calls, u"unlink"_s, [&](const Call &call) { return call.paths.value(0) == journal; });
    QVERIFY(removed >= 0);
    QVERIFY2(indexOf(calls, u"sync"_s, isFolder, removed) > removed,
             "the folder must be synced after the journal was removed");
}

void TestDurableWrites::serverSyncsCommitAndManifestBeforeAnswering()
{
    CatalogServerProcess server;
    QVERIFY2(server.start(), qPrintable(server.standardError()));
    HttpProbe probe(server.url());
    QCOMPARE(probe.send("POST", "/v1/table/t/declare", "{}").status, 200);

    const QString root = QFileInfo(server.root()).canonicalFilePath();
    const QString versions = root + u"/t.lance/_versions"_s;
    QVERIFY(QDir().mkpath(versions));
    const QString staged
        = versions + u"/1.manifest-"_s + QUuid::createUuid().toString(QUuid::WithoutBraces);
    {
        QFile file(staged);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QCOMPARE(file.write(lance::test::TestFiles::manifest(1, 100)), 100);
    }
    const QByteArray body = u"{\"version\":1,\"manifest_path\":\"%1\",\"manifest_size\":100,"
                            "\"naming_scheme\":\"V2\"}"_s.arg(staged)
                                .toUtf8();
    markTrace();
    const auto created = probe.send("POST", "/v1/table/t/version/create", body);
    QCOMPARE(created.status, 200);
    const QList<Call> calls = callsSinceMark(server.processId());

    const QString log = root + u"/lance-catalog.sqlite-wal"_s;
    const auto isLog = [&](const Call &call) {
        return call.paths.value(0) == log;
    };
    const qsizetype moved = indexOf(calls, u"rename"_s, [&](const Call &call) {
        return call.paths.value(0) == staged && call.paths.value(1).startsWith(versions + u'/');
    });
    QVERIFY2(moved >= 0, "the staged manifest was not moved into place");
    const QString final = calls[moved].paths[1];

    // The version record is committed and synced before the manifest takes its final name:
    // after a power loss a final manifest never lacks its record.
    const qsizetype logWritten = indexOf(calls, u"write"_s, isLog);
    QVERIFY2(logWritten >= 0 && logWritten < moved, "the commit must be written before the move");
    const qsizetype logSynced = indexOf(calls, u"sync"_s, isLog, logWritten);
    QVERIFY2(logSynced > logWritten && logSynced < moved,
             "SQLite must sync its log at the commit (synchronous = FULL), before the move");

    // Then the manifest and its folder, then the answer.
    const qsizetype manifestSynced = indexOf(
        calls, u"sync"_s, [&](const Call &call) { return call.paths.value(0) == final; }, moved);
    QVERIFY2(manifestSynced > moved, "the moved manifest must be synced");
    const qsizetype folderSynced = indexOf(
        calls, u"sync"_s, [&](const Call &call) { return call.paths.value(0) == versions; }, moved);
    QVERIFY2(folderSynced > moved, "the _versions folder must be synced after the move");
    const qsizetype answered = indexOf(calls, u"send"_s, [](const Call &) { return true; });
    QVERIFY2(answered > manifestSynced && answered > folderSynced,
             "the answer must leave only after the syncs");
    QCOMPARE(server.stop(), 0);
}

LCB_TEST_GUILESS_MAIN(TestDurableWrites)
#include "TestDurableWrites.moc"
