// SPDX-License-Identifier: Apache-2.0
// ManifestRestorer against Lance's own restore: tests/data/lance/restores holds a table in which
// LanceDB 0.31.0 (Lance 8.0.0) restored version 3 (with a B-tree index) as 5 and version 4
// (with a deletion file) as 6. Given the same uuid and commit time, our restore must write the
// same bytes, manifest and transaction alike. Then the refusals, and the files on disk.

#include "CraftedManifest.h"
#include "ManifestCommitTime.h"
#include "TestData.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "format/ManifestDecoder.h"
#include "format/ManifestFiles.h"
#include "format/ManifestReader.h"
#include "format/ManifestRestorer.h"
#include "format/RestoredVersionWriter.h"
#include "format/TransactionDecoder.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance;
using format::ManifestFiles;
using format::ManifestRestorer;
using test::CraftedManifest;

namespace {

const QString RestoredTable = u"lance/restores/scores.lance"_s;

QString manifestOf(qint64 version)
{
    return RestoredTable + u"/_versions/"_s
           + ManifestFiles::finalName(version, api::ManifestNamingScheme::V2);
}

} // namespace

class TestManifestRestorer : public QObject
{
    Q_OBJECT

private slots:
    void writesWhatLanceWrites_data()
    {
        QTest::addColumn<qint64>("restored");
        QTest::addColumn<qint64>("latest");
        QTest::addColumn<qint64>("lances");
        QTest::newRow("3 with its index, as 5") << qint64(3) << qint64(4) << qint64(5);
        QTest::newRow("4 with its deletion file, as 6") << qint64(4) << qint64(5) << qint64(6);
    }
    void writesWhatLanceWrites()
    {
        QFETCH(qint64, restored);
        QFETCH(qint64, latest);
        QFETCH(qint64, lances);
        const QByteArray theirs = test::TestData::read(manifestOf(lances));
        const auto decoded = format::ManifestDecoder::decode(theirs, u"Lance's"_s);
        LCB_VERIFY_OK(decoded);
        // "{L}-{uuid}.txn": the uuid Lance gave its transaction.
        const QString uuid = decoded->transactionFile.section(u'-', 1).chopped(4);
        QCOMPARE(uuid.size(), 36);

        const auto ours
            = ManifestRestorer::restore(test::TestData::read(manifestOf(restored)), u"source"_s,
                                        test::TestData::read(manifestOf(latest)), u"latest"_s, uuid,
                                        test::manifestCommitTime(theirs));
        LCB_VERIFY_OK(ours);
        QCOMPARE(ours->restoredVersion, restored);
        QCOMPARE(ours->version, lances);
        QCOMPARE(ours->transactionFileName, decoded->transactionFile);
        QCOMPARE(ours->transaction, test::TestData::read(RestoredTable + u"/_transactions/"_s
                                                         + decoded->transactionFile));
        QCOMPARE(ours->manifest.toHex(), theirs.toHex());

        const auto transaction = format::TransactionDecoder::decode(ours->transaction, u"txn"_s);
        QVERIFY(transaction.hasValue());
        QCOMPARE(transaction->readVersion, quint64(latest));
    }

    void keepsTheHighestFragmentIdAndRowId()
    {
        // N used fragment ids up to 1 and row ids up to 9; the latest up to 7 and 20.
        const auto manifest = [](quint64 version, quint32 maxFragment, quint64 nextRowId) {
            const QByteArray writer
                = CraftedManifest::bytesField(1, "lance") + CraftedManifest::bytesField(2, "8.0.0");
            return CraftedManifest::file(CraftedManifest::varintField(3, version)
                                         + CraftedManifest::varintField(11, maxFragment)
                                         + CraftedManifest::bytesField(13, writer)
                                         + CraftedManifest::varintField(14, nextRowId));
        };
        const auto restored = ManifestRestorer::restore(
            manifest(2, 1, 9), u"n"_s, manifest(5, 7, 20), u"l"_s, u"u"_s.repeated(36), {});
        LCB_VERIFY_OK(restored);
        const auto decoded = format::ManifestDecoder::decode(restored->manifest, u"restored"_s);
        LCB_VERIFY_OK(decoded);
        QCOMPARE(decoded->version, quint64(6));
        QCOMPARE(decoded->maxFragmentId, std::optional<quint32>(7));
        QCOMPARE(decoded->nextRowId, quint64(20));
        QCOMPARE(decoded->writerVersion, u"8.0.0"_s);
    }

    void refusesWhatItCannotRestoreSafely_data()
    {
        QTest::addColumn<QByteArray>("source");
        QTest::addColumn<QString>("says");
        const QByteArray writer = CraftedManifest::bytesField(
            13, CraftedManifest::bytesField(1, "lance") + CraftedManifest::bytesField(2, "8.0.0"));
        const QByteArray version = CraftedManifest::varintField(3, 2);
        QTest::newRow("no writer")
            << CraftedManifest::file(version) << u"does not say which Lance wrote it"_s;
        QTest::newRow("unknown reader flag")
            << CraftedManifest::file(version + CraftedManifest::varintField(9, 64) + writer)
            << u"feature flags 0x40"_s;
        QTest::newRow("newer than the latest")
            << CraftedManifest::file(CraftedManifest::varintField(3, 9) + writer)
            << u"newer than the latest version 4"_s;
        QTest::newRow("not a manifest") << QByteArray("hello") << u"not a Lance manifest"_s;
    }
    void refusesWhatItCannotRestoreSafely()
    {
        QFETCH(QByteArray, source);
        QFETCH(QString, says);
        const auto restored
            = ManifestRestorer::restore(source, u"crafted"_s, test::TestData::read(manifestOf(4)),
                                        u"latest"_s, u"u"_s.repeated(36), {});
        const std::optional<QString> refusal = test::refusalOf(restored);
        QVERIFY(refusal.has_value());
        QVERIFY2(refusal->contains(says), qPrintable(*refusal));
    }

    void writesTheStagedFilesBesideTheSource()
    {
        QTemporaryDir dir;
        const QString table = dir.filePath(u"scores.lance"_s);
        QVERIFY(QDir().mkpath(table + u"/_versions"_s));
        for (const qint64 version : {2, 6}) {
            const QString name = ManifestFiles::finalName(version, api::ManifestNamingScheme::V2);
            QVERIFY(QFile::copy(test::TestData::path(manifestOf(version)),
                                table + u"/_versions/"_s + name));
        }
        const QString source
            = table + u"/_versions/"_s + ManifestFiles::finalName(2, api::ManifestNamingScheme::V2);
        const QString latest
            = table + u"/_versions/"_s + ManifestFiles::finalName(6, api::ManifestNamingScheme::V2);
        const auto built = format::RestoredVersionWriter::build(source, latest);
        LCB_VERIFY_OK(built);
        LCB_VERIFY_OK(format::RestoredVersionWriter::write(*built));
        const auto *staged = &built->staged;
        QCOMPARE(staged->restoredVersion, 2);
        QCOMPARE(staged->version, 7);
        QCOMPARE(QFileInfo(staged->manifestFile).fileName(),
                 ManifestFiles::finalName(7, api::ManifestNamingScheme::V2) + u'-'
                     + staged->transactionId);
        QCOMPARE(QFileInfo(staged->manifestFile).size(), staged->manifestSize);
        QCOMPARE(QFileInfo(staged->transactionFile).fileName(),
                 u"6-%1.txn"_s.arg(staged->transactionId));
        const auto decoded = format::ManifestDecoder::readFile(staged->manifestFile);
        LCB_VERIFY_OK(decoded);
        QCOMPARE(decoded->version, quint64(7));
        QCOMPARE(decoded->totals().rows, 3); // version 2: the three rows of the create, indexed
        QVERIFY(decoded->timestamp.has_value());
        QVERIFY(qAbs(decoded->timestamp->secsTo(QDateTime::currentDateTimeUtc())) < 600);

        QCOMPARE(ManifestReader::readBytes(staged->manifestFile).value(), built->manifest);
        QCOMPARE(ManifestReader::readBytes(staged->transactionFile).value(), built->transaction);

        // A file that is not a version's manifest in `_versions/` is not restored.
        QVERIFY(QFile::copy(latest, latest + u"-copy"_s));
        const auto refused = format::RestoredVersionWriter::build(latest + u"-copy"_s, latest);
        LCB_VERIFY_REFUSED(refused);
    }

    // On a store the names are keys: the staged manifest beside N's, the transaction in the
    // `_transactions/` of N's table or branch, spelled as N's key is.
    void namesTheFilesOfAStoreByKey_data()
    {
        QTest::addColumn<QString>("home");
        QTest::newRow("a table") << u"lake/scores.lance/"_s;
        QTest::newRow("a branch") << u"lake/scores.lance/tree/dev/fix/"_s;
        QTest::newRow("a table at the bucket's root") << QString();
    }

    void namesTheFilesOfAStoreByKey()
    {
        QFETCH(QString, home);
        const auto bytesOf = [](qint64 version) {
            return ManifestReader::readBytes(test::TestData::path(manifestOf(version))).value();
        };
        const QString source
            = home + u"_versions/"_s + ManifestFiles::finalName(2, api::ManifestNamingScheme::V2);
        const auto built = format::RestoredVersionWriter::buildFromBytes(
            bytesOf(2), source, u"s3://b/"_s + source, bytesOf(6), u"the latest"_s);
        LCB_VERIFY_OK(built);
        const QString id = built->staged.transactionId;
        QCOMPARE(built->staged.manifestFile,
                 home + u"_versions/"_s + ManifestFiles::finalName(7, api::ManifestNamingScheme::V2)
                     + u'-' + id);
        QCOMPARE(built->staged.transactionFile, home + u"_transactions/6-%1.txn"_s.arg(id));

        const auto elsewhere = format::RestoredVersionWriter::buildFromBytes(
            bytesOf(2), home + ManifestFiles::finalName(2, api::ManifestNamingScheme::V2),
            u"there"_s, bytesOf(6), u"the latest"_s);
        LCB_VERIFY_REFUSED(elsewhere);
        QVERIFY(elsewhere.error().userMessage().contains(u"there"_s));
    }
};

LCB_TEST_GUILESS_MAIN(TestManifestRestorer)
#include "TestManifestRestorer.moc"
