// SPDX-License-Identifier: Apache-2.0
// StagingJournal: a file per profile written after every change and restored at start, exact
// integers, files that cannot be used kept aside (never dropped or overwritten), write
// failures reported, and a writer killed with SIGKILL mid-write that always leaves a complete
// earlier state behind.
#include "JournalWorkload.h"
#include "StagingOperations.h"
#include "TestFiles.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "staging/PendingChanges.h"
#include "staging/StagedRenames.h"
#include "staging/StagingJournal.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace Qt::StringLiterals;
using lance::api::Identifier;
using lance::api::RenameTableRequest;
using lance::staging::PendingChanges;
using lance::staging::StagingJournal;
using lance::test::JournalWorkload;
using lance::test::TestFiles;
using Ops = lance::test::StagingOperations;
using Operation = lance::api::CommitTableOperation;
using Operations = QList<Operation>;

namespace {

const QString Profile = u"Production (EU)"_s;

bool writeAll(const QString &fileName, const QByteArray &content)
{
    QFile file(fileName);
    return file.open(QIODevice::WriteOnly) && file.write(content) == content.size();
}

QStringList corruptFiles(const QString &folder)
{
    return QDir(folder).entryList({u"*.corrupt-*"_s}, QDir::Files);
}

} // namespace

class TestStagingJournal : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void everyProfileNameGetsItsOwnFile();
    void writesEveryChangeAndRestoresIt();
    void stagedRenamesAreKeptToo();
    void readsVersionOneFiles();
    void theFileIsTheDocumentedEnvelope();
    void integersStayExact();
    void writesNothingBeforeRestore();
    void unusableFilesAreKeptAside_data();
    void unusableFilesAreKeptAside();
    void anUnreadableFileIsNeverOverwritten();
    void restoreIsRefusedWhileFrozen();
    void writeFailuresAreReported();
    void survivesSigkillWhileWriting();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_folder; //!< the journal folder, created by the first write
};

void TestStagingJournal::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_folder = m_dir->filePath(u"staged"_s);
}

void TestStagingJournal::cleanup()
{
    m_dir.reset();
}

void TestStagingJournal::everyProfileNameGetsItsOwnFile()
{
    const QStringList profiles{QString(),
                               u"local"_s,
                               u"Local"_s,
                               u"prod/eu"_s,
                               u"prod_eu"_s,
                               u"../../etc/passwd"_s,
                               u"Produktion \u00fc"_s,
                               QString(1000, u'x'),
                               u"a\nb\u0000c"_s};
    QSet<QString> fileNames;
    for (const QString &profile : profiles) {
        const QString fileName = StagingJournal::fileNameFor(m_folder, profile);
        const QFileInfo info(fileName);
        QCOMPARE(info.absolutePath(), QFileInfo(m_folder).absoluteFilePath());
        QVERIFY2(info.fileName().size() < 100, qPrintable(info.fileName()));
        QVERIFY(info.fileName().endsWith(u".json"_s));
        QVERIFY(!info.fileName().startsWith(u'.'));
        fileNames.insert(info.fileName().toLower()); // distinct on case-insensitive disks too
    }
    QCOMPARE(fileNames.size(), profiles.size());
    QCOMPARE(QFileInfo(StagingJournal::fileNameFor(m_folder, u"prod/eu"_s)).fileName().left(7),
             u"prodeu."_s);

    // Each of them can be written and restored.
    for (const QString &profile : profiles) {
        PendingChanges changes;
        StagingJournal journal(m_folder, profile, &changes);
        LCB_VERIFY_OK(journal.restore());
        LCB_VERIFY_OK(changes.stage(Ops::declare(u"t"_s)));
        journal.flush();
        QVERIFY2(QFileInfo::exists(journal.fileName()), qPrintable(journal.fileName()));
        PendingChanges restored;
        StagingJournal again(m_folder, profile, &restored);
        LCB_VERIFY_OK(again.restore());
        QCOMPARE(restored.operations(), Operations{Ops::declare(u"t"_s)});
    }
}

void TestStagingJournal::writesEveryChangeAndRestoresIt()
{
    PendingChanges changes;
    StagingJournal journal(m_folder, Profile, &changes);
    LCB_VERIFY_OK(journal.restore()); // no file yet: nothing to restore, nothing wrong
    QVERIFY(journal.isActive());
    QVERIFY(!QFileInfo::exists(journal.fileName()));

    const Operations staged{Ops::declare(u"ns$a"_s), Ops::create(u"ns$a"_s, 1, 10),
                            Ops::remove(u"ns$b"_s, 3, -1)};
    const auto restoredOperations = [&] {
        journal.flush();
        PendingChanges restored;
        StagingJournal reader(m_folder, Profile, &restored);
        return reader.restore().hasValue() ? restored.operations() : Operations{};
    };
    for (qsizetype i = 0; i < staged.size(); ++i) {
        LCB_VERIFY_OK(changes.stage(staged.at(i)));
        QCOMPARE(restoredOperations(), staged.first(i + 1));
    }
    LCB_VERIFY_OK(changes.edit(changes.stagedAt(1).rowId, Ops::create(u"ns$a"_s, 2, 10)));
    QCOMPARE(restoredOperations().at(1), Ops::create(u"ns$a"_s, 2, 10));
    LCB_VERIFY_OK(changes.undo());
    QCOMPARE(restoredOperations(), staged);
    LCB_VERIFY_OK(changes.remove(changes.stagedAt(0).rowId));
    QCOMPARE(restoredOperations(), staged.mid(1));

    // Restored rows have no undo history: undo starts from what was restored.
    PendingChanges restored;
    StagingJournal reader(m_folder, Profile, &restored);
    LCB_VERIFY_OK(reader.restore());
    QCOMPARE(restored.operations(), staged.mid(1));
    QCOMPARE(restored.undoStack()->count(), 0);

    // Nothing staged: no file.
    LCB_VERIFY_OK(changes.discardAll());
    journal.flush();
    QVERIFY(!QFileInfo::exists(journal.fileName()));
    QVERIFY(corruptFiles(m_folder).isEmpty());
}

void TestStagingJournal::stagedRenamesAreKeptToo()
{
    PendingChanges changes;
    StagingJournal journal(m_folder, Profile, &changes);
    LCB_VERIFY_OK(journal.restore());
    RenameTableRequest rename;
    rename.id = Identifier({u"ns"_s, u"a"_s});
    rename.newTableName = u"b"_s;
    rename.newNamespaceId = Identifier({u"archive"_s});
    LCB_VERIFY_OK(changes.renames().stage(rename)); // alone: a rename is staged work too
    journal.flush();
    {
        PendingChanges restored;
        StagingJournal reader(m_folder, Profile, &restored);
        LCB_VERIFY_OK(reader.restore());
        QCOMPARE(restored.count(), 0);
        QCOMPARE(restored.renames().renames(), QList<RenameTableRequest>{rename});
    }
    LCB_VERIFY_OK(changes.stage(Ops::declare(u"ns$c"_s)));
    journal.flush();
    {
        PendingChanges restored;
        StagingJournal reader(m_folder, Profile, &restored);
        LCB_VERIFY_OK(reader.restore());
        QCOMPARE(restored.operations(), Operations{Ops::declare(u"ns$c"_s)});
        QCOMPARE(restored.renames().count(), 1);
    }
    // Discard All takes both, as one step; Undo brings both back.
    LCB_VERIFY_OK(changes.discardAll());
    QVERIFY(changes.isEmpty());
    journal.flush();
    QVERIFY(!QFileInfo::exists(journal.fileName()));
    LCB_VERIFY_OK(changes.undo());
    QCOMPARE(changes.count(), 1);
    QCOMPARE(changes.renames().count(), 1);
}

void TestStagingJournal::readsVersionOneFiles()
{
    // What the app wrote before renames could be staged.
    QByteArray old = StagingJournal::encode(Profile, u"$"_s, {{Ops::declare(u"t"_s)}, {}});
    old.replace("\"version\": 2", "\"version\": 1");
    QVERIFY(QDir().mkpath(m_folder));
    QVERIFY(writeAll(StagingJournal::fileNameFor(m_folder, Profile), old));
    PendingChanges restored;
    StagingJournal reader(m_folder, Profile, &restored);
    LCB_VERIFY_OK(reader.restore());
    QCOMPARE(restored.operations(), Operations{Ops::declare(u"t"_s)});
    QCOMPARE(restored.renames().count(), 0);
}

void TestStagingJournal::theFileIsTheDocumentedEnvelope()
{
    PendingChanges changes(u"/"_s);
    StagingJournal journal(m_folder, Profile, &changes);
    LCB_VERIFY_OK(journal.restore());
    const QDateTime before = QDateTime::currentDateTimeUtc().addSecs(-1);
    LCB_VERIFY_OK(changes.stage(Ops::create(u"ns$t"_s, 7, 1234)));
    journal.flush();
    const QJsonObject envelope
        = QJsonDocument::fromJson(TestFiles::read(journal.fileName())).object();
    QCOMPARE(envelope.value(u"format"_s).toString(), u"lance-catalog-browser/staged"_s);
    QCOMPARE(envelope.value(u"version"_s).toInteger(), 2);
    QVERIFY(!envelope.contains(u"renames"_s)); // none staged
    QCOMPARE(envelope.value(u"profile"_s).toString(), Profile);
    QCOMPARE(envelope.value(u"delimiter"_s).toString(), u"/"_s);
    const QDateTime savedAt
        = QDateTime::fromString(envelope.value(u"savedAt"_s).toString(), Qt::ISODateWithMs);
    QVERIFY(savedAt.isValid() && savedAt >= before);
    const QJsonObject create = envelope.value(u"request"_s)
                                   .toObject()
                                   .value(u"operations"_s)
                                   .toArray()
                                   .at(0)
                                   .toObject()
                                   .value(u"create_table_version"_s)
                                   .toObject();
    QCOMPARE(create.value(u"version"_s).toInteger(), 7);
    QCOMPARE(create.value(u"manifest_size"_s).toInteger(), 1234);
    QCOMPARE(create.value(u"id"_s).toArray(), (QJsonArray{u"ns"_s, u"t"_s}));
}

void TestStagingJournal::integersStayExact()
{
    const Operation huge = Ops::create(u"t"_s, 9007199254740993, // 2^53 + 1: no double holds it
                                       std::numeric_limits<qint64>::max());
    PendingChanges changes;
    StagingJournal journal(m_folder, Profile, &changes);
    LCB_VERIFY_OK(journal.restore());
    LCB_VERIFY_OK(changes.stage(huge));
    journal.flush();
    PendingChanges restored;
    StagingJournal reader(m_folder, Profile, &restored);
    LCB_VERIFY_OK(reader.restore());
    QCOMPARE(restored.operations(), Operations{huge});
}

void TestStagingJournal::writesNothingBeforeRestore()
{
    const QString fileName = StagingJournal::fileNameFor(m_folder, Profile);
    QVERIFY(QDir().mkpath(m_folder));
    const QByteArray saved
        = StagingJournal::encode(Profile, u"$"_s, {{Ops::declare(u"kept"_s)}, {}});
    QVERIFY(writeAll(fileName, saved));
    PendingChanges changes;
    StagingJournal journal(m_folder, Profile, &changes);
    LCB_VERIFY_OK(changes.stage(Ops::declare(u"new"_s)));
    journal.flush();
    QCOMPARE(TestFiles::read(fileName),
             saved); // restore() has not run: the saved work is untouched
    QVERIFY(!journal.isActive());
    LCB_VERIFY_OK(journal.restore());
    QCOMPARE(changes.operations(), Operations{Ops::declare(u"kept"_s)});
}

void TestStagingJournal::unusableFilesAreKeptAside_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("reason");
    const QByteArray good = StagingJournal::encode(Profile, u"$"_s, {{Ops::declare(u"t"_s)}, {}});
    QTest::newRow("empty") << QByteArray() << u"it is not JSON"_s;
    QTest::newRow("torn") << good.left(good.size() / 2) << u"it is not JSON"_s;
    QTest::newRow("not an object") << QByteArray("[1, 2]") << u"not a journal"_s;
    QTest::newRow("another format")
        << QByteArray(good).replace("lance-catalog-browser/staged", "something/else")
        << u"not a journal"_s;
    QTest::newRow("newer version")
        << QByteArray(good).replace("\"version\": 2", "\"version\": 3")
        << u"format version 3, which this version of the app does not read"_s;
    QTest::newRow("another profile")
        << StagingJournal::encode(u"other"_s, u"$"_s, {{Ops::declare(u"t"_s)}, {}})
        << u"it belongs to the profile \"other\""_s;
    QTest::newRow("invalid request")
        << QByteArray(good).replace("\"declare_table\"", "\"drop_table\"")
        << u"request.operations[0]: expected exactly one of"_s;
    QTest::newRow("invalid rename") << QByteArray(good).replace(
        "\"request\":", "\"renames\": [{\"id\": [\"t\"]}], \"request\":")
                                    << u"renames[0]: "_s;
}

void TestStagingJournal::unusableFilesAreKeptAside()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, reason);
    const QString fileName = StagingJournal::fileNameFor(m_folder, Profile);
    QVERIFY(QDir().mkpath(m_folder));
    QVERIFY(writeAll(fileName, content));

    PendingChanges changes;
    StagingJournal journal(m_folder, Profile, &changes);
    const std::optional<QString> problem = lance::test::refusalOf(journal.restore());
    QVERIFY(problem.has_value());
    const QStringList aside = corruptFiles(m_folder);
    QCOMPARE(aside.size(), 1);
    QVERIFY(aside.first().startsWith(QFileInfo(fileName).fileName() + u".corrupt-"_s));
    QVERIFY2(problem->contains(reason), qPrintable(*problem));
    QVERIFY2(problem->contains(aside.first()), qPrintable(*problem));
    QVERIFY(problem->startsWith(u"The staged changes of profile \"Production (EU)\" could not "
                                "be restored"_s));
    QCOMPARE(TestFiles::read(QDir(m_folder).filePath(aside.first())), content);
    QCOMPARE(changes.count(), 0);

    // Staging goes on with a new journal; the kept file stays as it was.
    QVERIFY(journal.isActive());
    LCB_VERIFY_OK(changes.stage(Ops::declare(u"new"_s)));
    journal.flush();
    QCOMPARE(TestFiles::read(QDir(m_folder).filePath(aside.first())), content);
    PendingChanges restored;
    StagingJournal reader(m_folder, Profile, &restored);
    LCB_VERIFY_OK(reader.restore());
    QCOMPARE(restored.operations(), Operations{Ops::declare(u"new"_s)});
}

void TestStagingJournal::anUnreadableFileIsNeverOverwritten()
{
    // A folder where the journal should be: it cannot be opened (even by root).
    const QString fileName = StagingJournal::fileNameFor(m_folder, Profile);
    QVERIFY(QDir().mkpath(fileName));
    PendingChanges changes;
    StagingJournal journal(m_folder, Profile, &changes);
    const std::optional<QString> problem = lance::test::refusalOf(journal.restore());
    QVERIFY(problem.has_value());
    QVERIFY2(problem->contains(u"could not be read"_s), qPrintable(*problem));
    QVERIFY(problem->contains(u"new changes are not saved"_s));
    QVERIFY(!journal.isActive());
    LCB_VERIFY_OK(changes.stage(Ops::declare(u"t"_s)));
    journal.flush();
    QVERIFY(QFileInfo(fileName).isDir());
}

void TestStagingJournal::restoreIsRefusedWhileFrozen()
{
    PendingChanges changes;
    changes.setFrozen(true);
    StagingJournal journal(m_folder, Profile, &changes);
    const std::optional<QString> problem = lance::test::refusalOf(journal.restore());
    QVERIFY(problem.has_value());
    QVERIFY(problem->contains(u"commit is in flight"_s));
    QVERIFY(!journal.isActive());
}

void TestStagingJournal::writeFailuresAreReported()
{
    // A plain file where the folder should be: nothing can be written inside it.
    QVERIFY(writeAll(m_folder, "not a folder"));
    PendingChanges changes;
    StagingJournal journal(m_folder, Profile, &changes);
    LCB_VERIFY_OK(journal.restore());
    QSignalSpy failed(&journal, &StagingJournal::writeFailed);
    LCB_VERIFY_OK(changes.stage(Ops::declare(u"t"_s)));
    QVERIFY(failed.wait());
    const QString message = failed.at(0).at(0).toString();
    QVERIFY2(message.startsWith(u"Could not "_s), qPrintable(message));
    QVERIFY2(message.contains(m_folder), qPrintable(message));
}

void TestStagingJournal::survivesSigkillWhileWriting()
{
    constexpr int Kills = 15;
    QSet<qsizetype> prefixesSeen;
    for (int kill = 0; kill < Kills; ++kill) {
        QProcess writer;
        writer.setProgram(QStringLiteral(LCB_JOURNAL_WRITER_PATH));
        writer.setArguments({m_folder});
        writer.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        int written = 0;
        connect(&writer, &QProcess::readyReadStandardOutput, &writer, [&] {
            while (writer.canReadLine()) {
                writer.readLine();
                ++written;
            }
        });
        writer.start();
        QVERIFY(writer.waitForStarted());
        // A random moment: after some writes, in the middle of the next ones.
        const int after = 1 + QRandomGenerator::global()->bounded(3 * JournalWorkload::Count);
        QTRY_VERIFY_WITH_TIMEOUT(written >= after || writer.state() != QProcess::Running, 30000);
        QCOMPARE(writer.state(), QProcess::Running);
        writer.kill(); // SIGKILL
        QVERIFY(writer.waitForFinished());
        QCOMPARE(writer.exitStatus(), QProcess::CrashExit);

        PendingChanges restored;
        StagingJournal journal(m_folder, JournalWorkload::profile(), &restored);
        LCB_VERIFY_OK(journal.restore());
        const Operations operations = restored.operations();
        QVERIFY(operations.size() <= JournalWorkload::Count);
        for (qsizetype i = 0; i < operations.size(); ++i) {
            QCOMPARE(operations.at(i), JournalWorkload::operation(int(i)));
        }
        prefixesSeen.insert(operations.size());
    }
    QVERIFY(corruptFiles(m_folder).isEmpty());
    // The kills landed at different points of the stream, not always at the same state.
    QVERIFY2(prefixesSeen.size() > 1, qPrintable(QString::number(prefixesSeen.size())));
}

LCB_TEST_GUILESS_MAIN(TestStagingJournal)
#include "TestStagingJournal.moc"
