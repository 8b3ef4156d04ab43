// SPDX-License-Identifier: Apache-2.0
// details::RestoreSpool on a copy of LanceDB's `people` (versions 1 to 3): version 1 restored
// as 4 (format::RestoredVersionWriter::build()) is kept aside, read there, placed into the
// table byte for byte, taken back, placed again and forgotten; what no staged operation names
// is removed; what the catalog moved into place is never written over or taken back; a table
// that cannot be written gets nothing, and says why.
#include "LanceFixture.h"
#include "TestRegistry.h"
#include "details/RestoreSpool.h"
#include "format/ManifestDecoder.h"
#include "format/ManifestFiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::details::RestoreSpool;
using lance::format::RestoredVersionWriter;

class TestRestoreSpool : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void namesItsRestoresByTheirUuid();
    void keepsPlacesWithdrawsAndForgets();
    void keepsOnlyWhatIsStaged();
    void neverTakesBackWhatTheCatalogMoved();
    void aTableThatCannotBeWrittenGetsNothing();

private:
    RestoredVersionWriter::Built build() const;
    /// What the table's `_versions/` and `_transactions/` hold.
    QStringList tableFiles() const;
    static QByteArray bytes(const QString &path);

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_table;
};

void TestRestoreSpool::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QVERIFY(lance::test::LanceFixture::copyInto(u"people.lance"_s, m_dir->path()));
    m_table = QDir(m_dir->path()).canonicalPath() + u"/people.lance"_s;
}

RestoredVersionWriter::Built TestRestoreSpool::build() const
{
    const auto file = [this](qint64 version) {
        return m_table + u"/_versions/"_s
               + lance::format::ManifestFiles::finalName(version,
                                                         lance::api::ManifestNamingScheme::V2);
    };
    const auto built = RestoredVersionWriter::build(file(1), file(3));
    if (!built) {
        qWarning() << built.error().userMessage();
        return {};
    }
    return *built;
}

QStringList TestRestoreSpool::tableFiles() const
{
    QStringList files;
    for (const QString &folder : {u"_versions"_s, u"_transactions"_s}) {
        for (const QString &name :
             QDir(m_table + u'/' + folder).entryList(QDir::Files, QDir::Name)) {
            files << folder + u'/' + name;
        }
    }
    return files;
}

QByteArray TestRestoreSpool::bytes(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void TestRestoreSpool::namesItsRestoresByTheirUuid()
{
    const QString uuid = u"0b6d4bb5-4bd2-4d4e-9d0f-5b8a3c2f7e11"_s;
    const QString name = u"18446744073709551611.manifest-"_s + uuid;
    QCOMPARE(RestoreSpool::uuidOf(u"/lake/people.lance/_versions/"_s + name), uuid);
    QCOMPARE(RestoreSpool::uuidOf(u"s3://lake/people.lance/_versions/"_s + name), uuid);
    QCOMPARE(RestoreSpool::uuidOf(u"4.manifest-"_s + uuid), uuid); // the V1 scheme
    QCOMPARE(RestoreSpool::uuidOf(u"/lake/t/_versions/18446744073709551611.manifest"_s),
             std::nullopt); // a final manifest
    QCOMPARE(RestoreSpool::uuidOf(u"/lake/t/_versions/notes.txt-"_s + uuid), std::nullopt);
    QCOMPARE(RestoreSpool::uuidOf(u"/lake/t/_versions/4.manifest-not-a-uuid-at-all-000000000000"_s),
             std::nullopt);
}

void TestRestoreSpool::keepsPlacesWithdrawsAndForgets()
{
    const RestoredVersionWriter::Built built = build();
    QCOMPARE(built.staged.version, 4);
    const QStringList before = tableFiles();
    const RestoreSpool spool(m_dir->filePath(u"spool"_s));
    QVERIFY(spool.keep(built));
    QCOMPARE(tableFiles(), before);
    const QString target = built.staged.manifestFile;
    const std::optional<QString> kept = spool.keptFile(target);
    QVERIFY(kept);
    QCOMPARE(bytes(*kept), built.manifest);
    QCOMPARE(spool.kept(), QStringList{*RestoreSpool::uuidOf(target)});
    // Laid out as a table, so the kept manifest's transaction is where a reader looks.
    const auto contents = lance::format::ManifestDecoder::readFile(*kept);
    QVERIFY(contents);
    QCOMPARE(contents->version, quint64(4));
    QCOMPARE(bytes(QFileInfo(*kept).absolutePath() + u"/../_transactions/"_s
                   + contents->transactionFile),
             built.transaction);

    // Placed: the table holds the same bytes under the staged names; once only.
    const auto placed = spool.place(target);
    QVERIFY(placed && *placed);
    QCOMPARE(tableFiles().size(), before.size() + 2);
    QCOMPARE(bytes(target), built.manifest);
    QCOMPARE(bytes(built.staged.transactionFile), built.transaction);
    const auto twice = spool.place(target);
    QVERIFY(twice && !*twice);

    // Withdrawn: the table as before, the kept copy still there for the next commit.
    spool.withdraw(target);
    QCOMPARE(tableFiles(), before);
    QVERIFY(spool.keptFile(target));
    // A name it does not keep is never removed from a table.
    const QString final
        = QFileInfo(target).absolutePath() + u'/'
          + lance::format::ManifestFiles::finalName(3, lance::api::ManifestNamingScheme::V2);
    spool.withdraw(final);
    QVERIFY(QFileInfo::exists(final));

    // Placed and taken by the catalog: the kept copy goes, the table's files stay.
    QVERIFY(spool.place(target));
    spool.forget(target);
    QVERIFY(!spool.keptFile(target));
    QVERIFY(spool.kept().isEmpty());
    QCOMPARE(tableFiles().size(), before.size() + 2);
}

void TestRestoreSpool::keepsOnlyWhatIsStaged()
{
    const RestoreSpool spool(m_dir->filePath(u"spool"_s));
    const RestoredVersionWriter::Built first = build();
    const RestoredVersionWriter::Built second = build();
    QVERIFY(spool.keep(first));
    QVERIFY(spool.keep(second));
    QCOMPARE(spool.kept().size(), 2);
    // Something else in the folder is not the spool's to remove.
    QVERIFY(QDir().mkpath(m_dir->filePath(u"spool/notes"_s)));

    lance::api::CreateTableVersionRequest staged;
    staged.version = 4;
    staged.manifestPath
        = u"s3://lake/people.lance/_versions/"_s + QFileInfo(second.staged.manifestFile).fileName();
    lance::api::DeclareTableRequest declared;
    spool.keepOnly(QList<lance::api::CommitTableOperation>{declared, staged});
    QCOMPARE(spool.kept(), QStringList{*RestoreSpool::uuidOf(second.staged.manifestFile)});
    QVERIFY(QFileInfo::exists(m_dir->filePath(u"spool/notes"_s)));
    spool.keepOnly(QList<lance::api::CommitTableOperation>{});
    QVERIFY(spool.kept().isEmpty());
}

// A commit whose answer was lost: the catalog may have moved the staged manifest to its final
// name, and the transaction is then the new version's. Placing again must not write over it,
// and taking back must not remove it.
void TestRestoreSpool::neverTakesBackWhatTheCatalogMoved()
{
    const RestoredVersionWriter::Built built = build();
    const RestoreSpool spool(m_dir->filePath(u"spool"_s));
    QVERIFY(spool.keep(built));
    const QString staged = built.staged.manifestFile;
    QVERIFY(spool.place(staged));
    const QString final
        = QFileInfo(staged).absolutePath() + u'/'
          + lance::format::ManifestFiles::finalName(4, lance::api::ManifestNamingScheme::V2);
    QVERIFY(QFile::rename(staged, final)); // as the catalog's commit does
    const QStringList committed = tableFiles();

    const auto again = spool.place(staged);
    QVERIFY(again && !*again); // its transaction is there: nothing is written
    QVERIFY(!QFileInfo::exists(staged));
    spool.withdraw(staged);
    QCOMPARE(tableFiles(), committed);
    QCOMPARE(bytes(built.staged.transactionFile), built.transaction);
}

void TestRestoreSpool::aTableThatCannotBeWrittenGetsNothing()
{
    const RestoredVersionWriter::Built built = build();
    const RestoreSpool spool(m_dir->filePath(u"spool"_s));
    QVERIFY(spool.keep(built));
    // The table's folders went away meanwhile (a file in place of `_transactions`).
    QVERIFY(QDir(m_table + u"/_transactions"_s).removeRecursively());
    QFile blocker(m_table + u"/_transactions"_s);
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    const QStringList before = tableFiles();
    const auto placed = spool.place(built.staged.manifestFile);
    QVERIFY(!placed);
    QVERIFY2(placed.error().userMessage().contains(u"_transactions"_s),
             qPrintable(placed.error().userMessage()));
    QCOMPARE(tableFiles(), before);
    QVERIFY(!QFileInfo::exists(built.staged.manifestFile));
    QVERIFY(spool.keptFile(built.staged.manifestFile)); // still kept for another try
}

LCB_TEST_GUILESS_MAIN(TestRestoreSpool)
#include "TestRestoreSpool.moc"
