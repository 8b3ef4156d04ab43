// SPDX-License-Identifier: Apache-2.0
// The lost answer: a test server reads the whole batch and closes the connection, the outcome is
// Unknown, and OutcomeReconciler reads the real lance-catalog-server in each state the batch can
// have left: applied (committed for real), not applied (nothing done), and anything else.
#include "AnswerlessHttpServer.h"
#include "CatalogServerProcess.h"
#include "CommitFixtures.h"
#include "TestFiles.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "api/JsonCodec.h"
#include "commit/BatchSubmitter.h"
#include "commit/OutcomeReconciler.h"
#include "format/ManifestFiles.h"
#include "rest/RestClient.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance::api;
using namespace lance::rest;
using lance::commit::BatchStateReader;
using lance::commit::BatchSubmitter;
using lance::commit::CommitOutcome;
using lance::commit::OutcomeReconciler;
using lance::test::AnswerlessHttpServer;
using lance::test::CatalogServerProcess;
using lance::test::CommitFixtures;
using Seen = OutcomeReconciler::Seen;
using Verdict = OutcomeReconciler::Verdict;

class TestOutcomeReconciler : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void lostAnswerIsUnknownAndSentOnce();
    void noneApplied();
    void allApplied();
    void mixed();
    void unreadableServerLeavesItUnknown();
    void laterOperationsUndoEarlierOnes();

private:
    /// Namespace `ns`: `base` (versions 1 to 3, a data folder for staged manifests) and `old`.
    bool prepare(const QString &ns);
    /// Declare fresh, version 4 of base from a staged manifest, delete versions 1 and 2 of
    /// base, deregister old.
    BatchCommitTablesRequest batchFor(const QString &ns);
    OutcomeReconciler::Report reconcile(CatalogService &service,
                                        const BatchCommitTablesRequest &request);
    static QList<Seen> seen(const OutcomeReconciler::Report &report);

    QTemporaryDir m_data;
    CatalogServerProcess m_server;
    QNetworkAccessManager m_network;
    std::unique_ptr<RestClient> m_client;
};

void TestOutcomeReconciler::initTestCase()
{
    QVERIFY(m_data.isValid());
    QVERIFY2(m_server.start(), qPrintable(m_server.standardError()));
    m_client = CommitFixtures::client(m_network, m_server.url());
}

bool TestOutcomeReconciler::prepare(const QString &ns)
{
    const QString location = m_data.filePath(ns + u"/base"_s);
    const QString staged = location + u"/_versions/"_s
                           + lance::format::ManifestFiles::finalName(4, ManifestNamingScheme::V2)
                           + u"-6f0d3c2e-9a1b-4c55-8d7e-1b2c3d4e5f60"_s;
    QFile file(staged);
    if (!QDir().mkpath(location + u"/_versions"_s) || !file.open(QIODevice::WriteOnly)
        || file.write(lance::test::TestFiles::manifest(4, 300)) != 300) {
        qWarning("cannot stage %s", qPrintable(staged));
        return false;
    }
    file.close();
    // Versions 1 to 3 in place, at their final names.
    QList<CommitTableOperation> operations{CommitFixtures::declare(ns + u"$base"_s, location)};
    for (qint64 version = 1; version <= 3; ++version) {
        const QString final = lance::test::TestFiles::write(
            location + u"/_versions/"_s
                + lance::format::ManifestFiles::finalName(version, ManifestNamingScheme::V2),
            lance::test::TestFiles::manifest(version));
        operations.append(CommitFixtures::createVersion(ns + u"$base"_s, version, final));
    }
    operations.append(CommitFixtures::declare(ns + u"$old"_s));
    return CommitFixtures::createNamespace(*m_client, ns)
           && CommitFixtures::commit(*m_client, CommitFixtures::batch(operations));
}

BatchCommitTablesRequest TestOutcomeReconciler::batchFor(const QString &ns)
{
    const QString staged = m_data.filePath(ns + u"/base/_versions/"_s)
                           + lance::format::ManifestFiles::finalName(4, ManifestNamingScheme::V2)
                           + u"-6f0d3c2e-9a1b-4c55-8d7e-1b2c3d4e5f60"_s;
    return CommitFixtures::batch({CommitFixtures::declare(ns + u"$fresh"_s),
                                  CommitFixtures::createVersion(ns + u"$base"_s, 4, staged),
                                  CommitFixtures::deleteVersions(ns + u"$base"_s, 1, 3),
                                  CommitFixtures::deregister(ns + u"$old"_s)});
}

OutcomeReconciler::Report TestOutcomeReconciler::reconcile(CatalogService &service,
                                                           const BatchCommitTablesRequest &request)
{
    OutcomeReconciler reconciler(service);
    QSignalSpy finished(&reconciler, &OutcomeReconciler::finished);
    reconciler.reconcile(request);
    if (!reconciler.isRunning() || !finished.wait(10000) || finished.size() != 1) {
        qWarning("no report");
        return {};
    }
    return finished.at(0).at(0).value<OutcomeReconciler::Report>();
}

QList<Seen> TestOutcomeReconciler::seen(const OutcomeReconciler::Report &report)
{
    QList<Seen> seen;
    for (const OutcomeReconciler::Finding &finding : report.findings) {
        seen.append(finding.seen);
    }
    return seen;
}

void TestOutcomeReconciler::lostAnswerIsUnknownAndSentOnce()
{
    QVERIFY(prepare(u"lost"_s));
    AnswerlessHttpServer fake;
    QVERIFY(fake.start());
    const auto client = CommitFixtures::client(m_network, fake.url());
    BatchSubmitter submitter(*client);
    QSignalSpy finished(&submitter, &BatchSubmitter::finished);
    QVERIFY(submitter.submit(batchFor(u"lost"_s)));
    QVERIFY(finished.wait(15000));
    const auto outcome = finished.at(0).at(0).value<CommitOutcome>();
    QCOMPARE(outcome.kind(), CommitOutcome::Kind::Unknown);
    QVERIFY(!outcome.nothingApplied());
    QVERIFY(!outcome.isRetrySafe());
    QVERIFY2(outcome.message().startsWith(u"The outcome is unknown"_s),
             qPrintable(outcome.message()));
    // The whole batch arrived, once: neither Qt nor the submitter sent it again.
    QCOMPARE(fake.connectionCount(), 1);
    QCOMPARE(fake.bodies().size(), 1);
    BatchCommitTablesRequest received;
    LCB_VERIFY_OK(json::decodeInto(fake.bodies().at(0), received));
    QCOMPARE(received, batchFor(u"lost"_s));

    // Whether it was applied is for the real server to say: here it was not.
    const OutcomeReconciler::Report report = reconcile(*m_client, batchFor(u"lost"_s));
    QCOMPARE(report.verdict, Verdict::NoneApplied);
}

void TestOutcomeReconciler::noneApplied()
{
    QVERIFY(prepare(u"none"_s));
    const OutcomeReconciler::Report report = reconcile(*m_client, batchFor(u"none"_s));
    QCOMPARE(report.verdict, Verdict::NoneApplied);
    QCOMPARE(seen(report), QList<Seen>(4, Seen::NotApplied));
    QCOMPARE(report.findings.at(0).text,
             u"operation 1 (declare table none$fresh): table none$fresh does not exist"_s);
    QCOMPARE(report.findings.at(2).text,
             u"operation 3 (delete versions 1 to 2 of none$base): versions of none$base in the "
             "ranges remain: 1, 2"_s);
    QCOMPARE(report.message,
             u"The batch was not applied: no operation's effect is visible on the server, so it "
             "is still staged and can be sent again."_s);
}

void TestOutcomeReconciler::allApplied()
{
    QVERIFY(prepare(u"all"_s));
    QVERIFY(CommitFixtures::commit(*m_client, batchFor(u"all"_s))); // the lost answer was a yes
    const OutcomeReconciler::Report report = reconcile(*m_client, batchFor(u"all"_s));
    QCOMPARE(report.verdict, Verdict::AllApplied);
    QCOMPARE(seen(report), QList<Seen>(4, Seen::Applied));
    // The staged manifest was moved to its final name; the reconciler recognises it there.
    const QString moved = m_data.filePath(u"all/base/_versions/"_s)
                          + lance::format::ManifestFiles::finalName(4, ManifestNamingScheme::V2);
    QCOMPARE(report.findings.at(1).text,
             u"operation 2 (create version 4 of all$base): version 4 of all$base exists with the "
             "manifest %1"_s.arg(moved));
    QCOMPARE(report.findings.at(3).text,
             u"operation 4 (deregister table all$old): table all$old is gone"_s);
}

void TestOutcomeReconciler::mixed()
{
    QVERIFY(prepare(u"mixed"_s));
    // Part of what the batch does happened, and someone else wrote version 4.
    const QString theirs = lance::test::TestFiles::write(
        m_data.filePath(u"mixed/base/_versions/4.manifest"_s), lance::test::TestFiles::manifest(4));
    QVERIFY(CommitFixtures::commit(
        *m_client,
        CommitFixtures::batch({CommitFixtures::declare(u"mixed$fresh"_s),
                               CommitFixtures::createVersion(u"mixed$base"_s, 4, theirs)})));
    const OutcomeReconciler::Report report = reconcile(*m_client, batchFor(u"mixed"_s));
    QCOMPARE(report.verdict, Verdict::Mixed);
    QCOMPARE(seen(report),
             (QList<Seen>{Seen::Applied, Seen::Unclear, Seen::NotApplied, Seen::NotApplied}));
    const QString theirsRead = QFileInfo(theirs).canonicalFilePath();
    QVERIFY2(report.findings.at(1).text.contains(
                 u"version 4 of mixed$base exists, but with the manifest %1 instead of "_s.arg(
                     theirsRead)),
             qPrintable(report.findings.at(1).text));
    QVERIFY2(report.message.startsWith(u"The server shows a state that is neither the batch "
                                       "applied nor not applied: operation 1 (declare table "
                                       "mixed$fresh): table mixed$fresh exists; operation 2"_s),
             qPrintable(report.message));
    QVERIFY(report.message.contains(
        u"operation 4 (deregister table mixed$old): table mixed$old is still there."_s));
}

void TestOutcomeReconciler::unreadableServerLeavesItUnknown()
{
    AnswerlessHttpServer fake; // every read is received and never answered
    QVERIFY(fake.start());
    const auto client = CommitFixtures::client(m_network, fake.url());
    const OutcomeReconciler::Report report = reconcile(*client, batchFor(u"gone"_s));
    QCOMPARE(report.verdict, Verdict::ReadFailed);
    QVERIFY(report.readError.has_value());
    QCOMPARE(seen(report), QList<Seen>(4, Seen::NotRead));
    QVERIFY2(report.message.startsWith(u"The server's state could not be read"_s),
             qPrintable(report.message));
}

void TestOutcomeReconciler::laterOperationsUndoEarlierOnes()
{
    // A version created and then deleted by the same batch, and a table given a version and
    // then deregistered: only the last word on each counts.
    const BatchCommitTablesRequest request = CommitFixtures::batch(
        {CommitFixtures::createVersion(u"a$t"_s, 5),
         CommitFixtures::deleteVersions(u"a$t"_s, 5, -1),
         CommitFixtures::createVersion(u"a$u"_s, 2), CommitFixtures::deregister(u"a$u"_s)});
    BatchStateReader::Snapshot applied;
    applied.operations.resize(4);
    for (BatchStateReader::OperationState &state : applied.operations) {
        state.read = true;
    }
    applied.operations[0].tableExists = true;
    applied.operations[1].tableExists = true;
    const OutcomeReconciler::Report report = OutcomeReconciler::judge(request, applied);
    QCOMPARE(report.verdict, Verdict::AllApplied);
    QCOMPARE(seen(report),
             (QList<Seen>{Seen::Superseded, Seen::Applied, Seen::Superseded, Seen::Applied}));
    QCOMPARE(report.findings.at(0).text,
             u"operation 1 (create version 5 of a$t): undone by operation 2 of the same batch"_s);

    BatchStateReader::Snapshot untouched = applied;
    untouched.operations[1].versionsInRanges = {5, 6};
    untouched.operations[3].tableExists = true;
    QCOMPARE(OutcomeReconciler::judge(request, untouched).verdict, Verdict::NoneApplied);
}

LCB_TEST_GUILESS_MAIN(TestOutcomeReconciler)
#include "TestOutcomeReconciler.moc"
