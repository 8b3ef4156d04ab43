// SPDX-License-Identifier: Apache-2.0
// ManifestBrancher against Lance's own create_branch: tests/data/lance/branches holds a table
// LanceDB 0.31.0 (Lance 8.0.0) branched as `dev` from main's version 2 and as `dev/fix` from
// dev's version 3 (record-branches.mjs). Given the same root, uuid and time, our branch must
// write the transaction Lance wrote, byte for byte, and the manifest too (for `dev/fix` Lance
// writes the two base paths in hash-map order, so there the contents are compared). Then an
// index's base, the refusals, and the names a branch may have.

#include "CraftedManifest.h"
#include "ManifestCommitTime.h"
#include "TestData.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "format/BranchNames.h"
#include "format/ManifestBrancher.h"
#include "format/ManifestDecoder.h"
#include "format/ManifestFiles.h"
#include "format/ManifestReader.h"
#include "format/ProtobufReader.h"

#include <QMap>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance;
using format::ManifestBrancher;
using format::ManifestContents;
using format::ManifestFiles;
using test::CraftedManifest;

namespace {

const QString BranchedTable = u"lance/branches/orders.lance"_s;
// Where record-branches.mjs wrote the table: Lance records the source's absolute path.
const QString RecordedRoot = u"/work/main/tests/data/lance/branches/orders.lance"_s;

QString manifestOf(const QString &branchFolder, qint64 version)
{
    return BranchedTable + branchFolder + u"/_versions/"_s
           + ManifestFiles::finalName(version, api::ManifestNamingScheme::V2);
}

// Base paths by id: Lance writes them in hash-map order.
QMap<quint32, ManifestContents::BasePath> basesById(const QList<ManifestContents::BasePath> &bases)
{
    QMap<quint32, ManifestContents::BasePath> byId;
    for (const ManifestContents::BasePath &base : bases) {
        byId.insert(base.id, base);
    }
    return byId;
}

// The base_id (9) of each index in the manifest file's index section.
QList<quint64> indexBaseIds(const QByteArray &file)
{
    const auto decoded = format::ManifestDecoder::decode(file, u"manifest"_s);
    if (!decoded || !decoded->indexSection) {
        return {};
    }
    const auto offset = qsizetype(*decoded->indexSection);
    const auto length = qFromLittleEndian<quint32>(file.constData() + offset);
    QList<quint64> ids;
    format::ProtobufReader section(QByteArrayView(file).sliced(offset + 4, length));
    while (const auto index = section.next()) {
        format::ProtobufReader metadata(index->bytes);
        while (const auto field = metadata.next()) {
            if (field->number == 9) {
                ids << field->varint;
            }
        }
    }
    return ids;
}

} // namespace

class TestManifestBrancher : public QObject
{
    Q_OBJECT

private slots:
    void writesWhatLanceWrites_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("sourceFolder"); // under the table; empty for main
        QTest::addColumn<qint64>("version");
        QTest::addColumn<bool>("sameBytes");
        QTest::newRow("dev from main 2") << u"dev"_s << QString() << qint64(2) << true;
        QTest::newRow("dev/fix from dev 3") << u"dev/fix"_s << u"/tree/dev"_s << qint64(3) << false;
    }
    void writesWhatLanceWrites()
    {
        QFETCH(QString, name);
        QFETCH(QString, sourceFolder);
        QFETCH(qint64, version);
        QFETCH(bool, sameBytes);
        const QByteArray theirs = test::TestData::read(manifestOf(u"/tree/"_s + name, version));
        const auto lances = format::ManifestDecoder::decode(theirs, u"Lance's"_s);
        LCB_VERIFY_OK(lances);
        const QString uuid = lances->transactionFile.section(u'-', 1).chopped(4);
        QCOMPARE(uuid.size(), 36);

        const QByteArray source = test::TestData::read(manifestOf(sourceFolder, version));
        std::optional<QString> sourceBranch;
        if (!sourceFolder.isEmpty()) {
            sourceBranch = sourceFolder.section(u'/', 2);
        }
        const auto ours = ManifestBrancher::branch(
            {source, u"source"_s, sourceBranch, RecordedRoot + sourceFolder}, name, uuid,
            test::manifestCommitTime(theirs));
        LCB_VERIFY_OK(ours);
        QCOMPARE(ours->version, version);
        QCOMPARE(ours->transactionFileName, lances->transactionFile);
        QCOMPARE(ours->transaction.toHex(),
                 test::TestData::read(BranchedTable + u"/tree/"_s + name + u"/_transactions/"_s
                                      + lances->transactionFile)
                     .toHex());
        QCOMPARE(ours->manifest.size(), theirs.size());
        if (sameBytes) {
            QCOMPARE(ours->manifest.toHex(), theirs.toHex());
        }
        auto decoded = format::ManifestDecoder::decode(ours->manifest, u"ours"_s);
        LCB_VERIFY_OK(decoded);
        QCOMPARE(basesById(decoded->basePaths), basesById(lances->basePaths));
        QCOMPARE(decoded->basePaths.size(), lances->basePaths.size());
        decoded->basePaths = lances->basePaths;
        decoded->fileSize = lances->fileSize;
        QCOMPARE(decoded->fragments, lances->fragments);
        QCOMPARE(decoded->branch, std::optional(name));
        QCOMPARE(decoded->readerFeatureFlags, lances->readerFeatureFlags);
        QCOMPARE(decoded->writerFeatureFlags, lances->writerFeatureFlags);
        QCOMPARE(decoded->timestamp, lances->timestamp);
        QCOMPARE(decoded->transactionSection, lances->transactionSection);
    }

    void pointsAnIndexAtTheSourceRoot()
    {
        // scores.lance version 3 has a B-tree index (restores fixture); it names no base.
        const QByteArray source
            = test::TestData::read(u"lance/restores/scores.lance/_versions/"_s
                                   + ManifestFiles::finalName(3, api::ManifestNamingScheme::V2));
        QVERIFY(indexBaseIds(source).isEmpty());
        const auto branched = ManifestBrancher::branch(
            {source, u"scores v3"_s, std::nullopt, u"/data/scores.lance"_s}, u"exp"_s,
            u"u"_s.repeated(36), std::chrono::seconds(1));
        LCB_VERIFY_OK(branched);
        QCOMPARE(indexBaseIds(branched->manifest), QList<quint64>{0});
        const auto decoded = format::ManifestDecoder::decode(branched->manifest, u"ours"_s);
        LCB_VERIFY_OK(decoded);
        QCOMPARE(decoded->indices.size(), 1);
        QCOMPARE(decoded->indexSection, std::optional<quint64>(0));
        for (const ManifestContents::Fragment &fragment : decoded->fragments) {
            for (const ManifestContents::DataFile &file : fragment.files) {
                QCOMPARE(file.baseId, std::optional<quint32>(0));
            }
        }
    }

    void refusesWhatItCannotBranchSafely_data()
    {
        QTest::addColumn<QByteArray>("source");
        QTest::addColumn<QString>("says");
        const QByteArray writer = CraftedManifest::bytesField(
            13, CraftedManifest::bytesField(1, "lance") + CraftedManifest::bytesField(2, "8.0.0"));
        const QByteArray version = CraftedManifest::varintField(3, 2);
        QTest::newRow("no writer")
            << CraftedManifest::file(version) << u"does not say which Lance wrote it"_s;
        QTest::newRow("unknown writer flag")
            << CraftedManifest::file(version + CraftedManifest::varintField(10, 128) + writer)
            << u"feature flags 0x80"_s;
        const QByteArray external = CraftedManifest::bytesField(
            2, CraftedManifest::varintField(4, 3)
                   + CraftedManifest::bytesField(6, CraftedManifest::bytesField(1, "ids.bin")));
        QTest::newRow("external row ids")
            << CraftedManifest::file(external + version + writer) << u"files of their own"_s;
        QTest::newRow("not a manifest") << QByteArray("hello") << u"not a Lance manifest"_s;
    }
    void refusesWhatItCannotBranchSafely()
    {
        QFETCH(QByteArray, source);
        QFETCH(QString, says);
        const auto branched = ManifestBrancher::branch(
            {source, u"crafted"_s, std::nullopt, u"/t"_s}, u"b"_s, u"u"_s.repeated(36), {});
        const std::optional<QString> refusal = test::refusalOf(branched);
        QVERIFY(refusal.has_value());
        QVERIFY2(refusal->contains(says), qPrintable(*refusal));
    }

    void namesABranchMayHave_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("allowed");
        QTest::newRow("plain") << u"dev"_s << true;
        QTest::newRow("nested") << u"team-a/fix_1.2"_s << true;
        QTest::newRow("empty") << QString() << false;
        QTest::newRow("main") << u"main"_s << false;
        QTest::newRow("leading slash") << u"/dev"_s << false;
        QTest::newRow("trailing slash") << u"dev/"_s << false;
        QTest::newRow("double slash") << u"a//b"_s << false;
        QTest::newRow("parent") << u"../outside"_s << false;
        QTest::newRow("parent inside") << u"a/../../b"_s << false;
        QTest::newRow("dot segment") << u"a/./b"_s << false;
        QTest::newRow("dots") << u"a..b"_s << false;
        QTest::newRow("backslash") << u"a\\b"_s << false;
        QTest::newRow("lock") << u"dev.lock"_s << false;
        QTest::newRow("space") << u"my branch"_s << false;
        QTest::newRow("percent") << u"a%2Fb"_s << false;
        QTest::newRow("colon") << u"c:x"_s << false;
        QTest::newRow("a branch's folder below") << u"dev/data"_s << false;
        QTest::newRow("versions below") << u"a/_versions/b"_s << false;
        QTest::newRow("data first") << u"data"_s << true;
        QTest::newRow("too long") << u"a"_s.repeated(201) << false;
    }
    void namesABranchMayHave()
    {
        QFETCH(QString, name);
        QFETCH(bool, allowed);
        const auto checked = format::BranchNames::check(name);
        QVERIFY2(checked.hasValue() == allowed,
                 checked.hasValue() ? "allowed" : qPrintable(checked.error().userMessage()));
    }

    void namesTheFileAsLanceDoes()
    {
        QCOMPARE(format::BranchNames::refFileName(u"dev"_s), u"dev.json"_s);
        QCOMPARE(format::BranchNames::refFileName(u"dev/fix"_s), u"dev%2Ffix.json"_s);
    }
};

LCB_TEST_GUILESS_MAIN(TestManifestBrancher)
#include "TestManifestBrancher.moc"
