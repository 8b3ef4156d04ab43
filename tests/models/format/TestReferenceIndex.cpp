// SPDX-License-Identifier: Apache-2.0
// ReferenceIndex: what every manifest of a table names, each fragment decoded once. Checked
// against ManifestDecoder's whole decode of LanceDB's own manifests (tests/data/lance/health),
// on fragments repeated across versions (tests/support/SyntheticManifest), from many readers at
// once, and on a damaged fragment.
#include "CraftedManifest.h"
#include "LanceFixture.h"
#include "SyntheticManifest.h"
#include "TestRegistry.h"
#include "format/ManifestDecoder.h"
#include "format/ManifestReader.h"
#include "format/ManifestReferences.h"
#include "format/ReferenceIndex.h"

#include <QDir>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <limits>
#include <thread>
#include <vector>

using namespace Qt::StringLiterals;
using namespace lance;
using format::ManifestReferences;
using format::ReferenceIndex;
using test::SyntheticManifest;

namespace {

QString manifestName(quint64 version)
{
    return u"_versions/%1.manifest"_s.arg(std::numeric_limits<quint64>::max() - version);
}

// The paths a version's fragments name, in order, one list per fragment.
QList<QStringList> fragmentPaths(const ReferenceIndex &index, const ReferenceIndex::Version &v)
{
    QList<QStringList> out;
    for (const quint32 entry : v.fragments) {
        QStringList paths;
        for (const quint32 path : index.fragment(entry).files) {
            paths << index.path(path);
        }
        out << paths;
    }
    return out;
}

// An append-only table: version v holds fragments 0 .. 3v-1, and from version 5 on, fragment 2
// has a deletion file written at version 5.
QByteArray syntheticVersion(quint64 version)
{
    SyntheticManifest::Shape shape;
    shape.version = version;
    shape.fragments = SyntheticManifest::fragments(0, int(version) * 3, 100);
    if (version >= 5) {
        shape.fragments[2].deletedRows = 7;
        shape.fragments[2].deletionVersion = 5;
    }
    return SyntheticManifest::file(shape);
}

const ManifestReferences::Place Main{QString(), QString(), u"/tables/t.lance"_s};

ManifestReferences::Place mainPlace(quint64 version)
{
    return {manifestName(version), QString(), u"/tables/t.lance"_s};
}

} // namespace

class TestReferenceIndex : public QObject
{
    Q_OBJECT

private slots:
    void eachVersionNamesWhatLanceDbWrote();
    void aFragmentSeenBeforeIsTheSameEntry();
    void readersAtOnceAgreeWithOneReader();
    void aBranchResolvesTheSameBytesInItsOwnFolder();
    void aDamagedFragmentNamesItsManifest();
};

void TestReferenceIndex::eachVersionNamesWhatLanceDbWrote()
{
    QTemporaryDir dir;
    QVERIFY(test::LanceFixture::copyInto(u"health/metrics.lance"_s, dir.path(), u"t.lance"_s));
    const QString table = dir.filePath(u"t.lance"_s);
    ReferenceIndex index;
    qsizetype named = 0;
    for (quint64 version = 1; version <= 10; ++version) {
        const QString path = manifestName(version);
        const auto bytes = format::ManifestReader::readBytes(table + u'/' + path);
        QVERIFY(bytes);
        format::ManifestContents rest;
        const auto read = index.add(*bytes, path, {path, QString(), table}, &rest);
        QVERIFY2(read, read ? "" : qPrintable(read.error().details()));
        const auto whole = format::ManifestDecoder::decode(*bytes, path);
        QVERIFY(whole);
        QCOMPARE(read->version, qint64(version));
        QCOMPARE(read->timestamp, whole->timestamp);
        QVERIFY(rest.fragments.isEmpty());
        QCOMPARE(rest.indices.size(), whole->indices.size());
        QCOMPARE(rest.fields.size(), whole->fields.size());
        // Fragment by fragment: the ids, rows and files the whole decode finds.
        const QList<QStringList> paths = fragmentPaths(index, *read);
        QCOMPARE(paths.size(), whole->fragments.size());
        for (qsizetype i = 0; i < paths.size(); ++i) {
            const auto &fragment = whole->fragments.at(i);
            const ReferenceIndex::Fragment &entry = index.fragment(read->fragments.at(i));
            QCOMPARE(entry.id, fragment.id);
            QCOMPARE(entry.physicalRows, qint64(fragment.physicalRows));
            QCOMPARE(entry.deletedRows, fragment.deletedRows());
            QStringList expected;
            for (const auto &file : fragment.files) {
                expected << u"data/"_s + file.path;
            }
            if (fragment.deletion) {
                expected << u"_deletions/"_s
                                + ManifestReferences::deletionFileName(fragment.id,
                                                                       *fragment.deletion);
            }
            QCOMPARE(paths.at(i), expected);
        }
        QStringList own;
        for (const quint32 file : read->files) {
            own << index.path(file);
        }
        QCOMPARE(own, (QStringList{path, u"_transactions/"_s + whole->transactionFile}));
        QCOMPARE(read->indexFolders.size(), whole->indices.size());
        named += read->fragments.size();
    }
    // LanceDB's versions repeat their fragments: far fewer entries than fragments named.
    QVERIFY(index.fragmentCount() < named);
}

void TestReferenceIndex::aFragmentSeenBeforeIsTheSameEntry()
{
    ReferenceIndex index;
    QList<ReferenceIndex::Version> versions;
    for (quint64 version = 1; version <= 6; ++version) {
        auto read = index.add(syntheticVersion(version), manifestName(version), mainPlace(version));
        QVERIFY(read);
        versions << *read;
    }
    // 18 fragments; fragment 2 twice (with and without its deletion file), one fragment still.
    QCOMPARE(index.fragmentCount(), 19);
    QCOMPARE(index.identityCount(), 18);
    QCOMPARE(versions.at(0).fragments.mid(0, 3),
             versions.at(5).fragments.mid(0, 2) + versions.at(0).fragments.mid(2, 1));
    QVERIFY(versions.at(4).fragments.at(2) != versions.at(3).fragments.at(2));
    QCOMPARE(versions.at(4).fragments.at(2), versions.at(5).fragments.at(2));
    const ReferenceIndex::Fragment &deleted = index.fragment(versions.at(5).fragments.at(2));
    QCOMPARE(deleted.deletedRows, 7);
    QCOMPARE(deleted.identity, index.fragment(versions.at(0).fragments.at(2)).identity);
    QCOMPARE(index.path(deleted.files.last()), u"_deletions/2-5-9.arrow"_s);
    QCOMPARE(index.pathId(u"data/"_s + SyntheticManifest::dataFileName(17)),
             index.fragment(versions.at(5).fragments.at(17)).files.first());
    QCOMPARE(index.pathId(u"data/nothing.lance"_s), std::nullopt);
}

void TestReferenceIndex::readersAtOnceAgreeWithOneReader()
{
    constexpr quint64 Versions = 120;
    QList<quint64> numbers;
    for (quint64 version = 1; version <= Versions; ++version) {
        numbers << version;
    }
    ReferenceIndex alone;
    QList<QList<QStringList>> expected;
    for (const quint64 version : numbers) {
        const auto read
            = alone.add(syntheticVersion(version), manifestName(version), mainPlace(version));
        QVERIFY(read);
        expected << fragmentPaths(alone, *read);
    }
    // Eight readers on standard threads (ThreadSanitizer sees their joins; Qt's are not
    // instrumented), each taking the next version.
    ReferenceIndex together;
    QList<ReferenceIndex::Version> read(numbers.size());
    std::atomic<qsizetype> next = 0;
    std::vector<std::thread> readers;
    for (int reader = 0; reader < 8; ++reader) {
        readers.emplace_back([&] {
            for (qsizetype i = next++; i < numbers.size(); i = next++) {
                const quint64 version = numbers.at(i);
                auto added = together.add(syntheticVersion(version), manifestName(version),
                                          mainPlace(version));
                read[i] = added ? *added : ReferenceIndex::Version();
            }
        });
    }
    for (std::thread &reader : readers) {
        reader.join();
    }
    QCOMPARE(together.fragmentCount(), alone.fragmentCount());
    QCOMPARE(together.identityCount(), alone.identityCount());
    QCOMPARE(together.pathCount(), alone.pathCount());
    for (qsizetype i = 0; i < read.size(); ++i) {
        QCOMPARE(read.at(i).version, qint64(numbers.at(i)));
        QCOMPARE(fragmentPaths(together, read.at(i)), expected.at(i));
    }
}

void TestReferenceIndex::aBranchResolvesTheSameBytesInItsOwnFolder()
{
    ReferenceIndex index;
    const auto onMain = index.add(syntheticVersion(2), manifestName(2), mainPlace(2));
    const QString branchManifest = u"tree/dev/"_s + manifestName(2);
    const auto onBranch = index.add(syntheticVersion(2), branchManifest,
                                    {branchManifest, u"tree/dev/"_s, Main.tableRoot});
    QVERIFY(onMain && onBranch);
    QCOMPARE(index.fragmentCount(), 12);
    QCOMPARE(index.identityCount(), 12);
    QCOMPARE(fragmentPaths(index, *onBranch).first(),
             QStringList{u"tree/dev/data/"_s + SyntheticManifest::dataFileName(0)});
    QCOMPARE(index.path(onBranch->files.first()), branchManifest);
}

void TestReferenceIndex::aDamagedFragmentNamesItsManifest()
{
    using C = test::CraftedManifest;
    // A fragment whose data file's length runs past its end; the version is there.
    const QByteArray damaged
        = C::file(C::bytesField(2, QByteArray("\x12\x40", 2)) + C::varintField(3, 1));
    ReferenceIndex index;
    const auto read = index.add(damaged, u"broken.manifest"_s, mainPlace(1));
    QVERIFY(!read);
    QCOMPARE(read.error().kind(), api::ApiError::Kind::InvalidInput);
    QVERIFY2(read.error().userMessage().contains(u"Fragment 1 of broken.manifest"_s),
             qPrintable(read.error().userMessage()));
    // Seen again, it is refused again, not taken for a fragment with no files.
    QVERIFY(!index.add(damaged, u"broken.manifest"_s, mainPlace(1)));
    QCOMPARE(index.fragmentCount(), 0);
}

LCB_TEST_GUILESS_MAIN(TestReferenceIndex)
#include "TestReferenceIndex.moc"
