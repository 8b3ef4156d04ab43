// SPDX-License-Identifier: Apache-2.0
// A table's health, on the table LanceDB made for it (tests/node/record-health.mjs: appends, a
// delete, an update, a B-tree index, a compaction, an append the index does not cover, Lance's
// own tag on version 3 and a branch from version 5). health.json holds what LanceDB reported of
// every version and what its own cleanup removed from copies: the files no kept version needs
// must be exactly those, and the latest version's counts those LanceDB gives.
#include "HealthRecording.h"
#include "LanceFixture.h"
#include "TestData.h"
#include "TestRegistry.h"
#include "format/ManifestDecoder.h"
#include "format/ManifestFileName.h"
#include "format/ManifestReader.h"
#include "format/ManifestReferences.h"
#include "format/ReferenceIndex.h"
#include "format/RoaringBitmap.h"
#include "format/TableHealth.h"

#include <QDir>
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using namespace lance;
using format::ManifestReferences;
using format::ReferenceIndex;
using format::TableHealth;

class TestTableHealth : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void theLatestVersionIsCountedAsLanceDbCountsIt();
    void theFilesNoKeptVersionNeedsAreWhatLanceCleansUp();
    void aBranchKeepsTheFilesItReadsFromMain();
    void fragmentsAreCountedOnceAcrossVersions();
    void missingFilesAndBasesOutsideTheTable();
    void filesAreKnownByWhereTheyAre();
    void roaringBitmapsAreReadWhole();

private:
    // The health with main's versions `mainVersions` kept (the latest is the highest) and, when
    // `withBranch`, every version of the branch.
    // `tableRoot`: where the table's root is said to be (empty: where LanceDB made it).
    TableHealth::Input input(const QList<quint64> &mainVersions, bool withBranch,
                             const QString &tableRoot = {}) const;

    QTemporaryDir m_dir;
    QString m_table;
    QList<storage::ObjectMeta> m_listing;
    QString m_recordedRoot; // where LanceDB made the table, as its branch names main's root
    mutable QList<std::shared_ptr<ReferenceIndex>> m_indexes; // those of the inputs made
};

void TestTableHealth::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(
        test::LanceFixture::copyInto(u"health/metrics.lance"_s, m_dir.path(), u"metrics.lance"_s));
    m_table = m_dir.filePath(u"metrics.lance"_s);
    QDirIterator files(m_table, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (files.hasNext()) {
        const QFileInfo file = files.nextFileInfo();
        m_listing.append({QDir(m_table).relativeFilePath(file.filePath()),
                          file.size(),
                          {},
                          file.lastModified()});
    }
    std::sort(m_listing.begin(), m_listing.end(),
              [](const auto &a, const auto &b) { return a.key < b.key; });
    // The branch reads main's files through a base path: LanceDB's absolute path of the table
    // when it recorded it. The table moved (here), so that path is the root to resolve against.
    const auto branchFirst = format::ManifestDecoder::readFile(
        m_table + u"/tree/experiment/_versions/18446744073709551610.manifest"_s);
    QVERIFY2(branchFirst, branchFirst ? "" : qPrintable(branchFirst.error().details()));
    QCOMPARE(branchFirst->basePaths.size(), 1);
    QVERIFY(branchFirst->basePaths.first().isDatasetRoot);
    m_recordedRoot = branchFirst->basePaths.first().path;
}

TableHealth::Input TestTableHealth::input(const QList<quint64> &mainVersions, bool withBranch,
                                          const QString &tableRoot) const
{
    TableHealth::Input in;
    in.listing = m_listing;
    auto index = std::make_shared<ReferenceIndex>();
    m_indexes.append(index);
    in.index = index.get();
    const auto add
        = [&](const QString &path, const QString &ownRoot, format::ManifestContents *rest) {
              const auto bytes = format::ManifestReader::readBytes(m_table + u'/' + path);
              if (!bytes) {
                  qFatal("%s", qPrintable(bytes.error().details()));
              }
              const QString root = tableRoot.isEmpty() ? m_recordedRoot : tableRoot;
              auto version = index->add(*bytes, path, {path, ownRoot, root}, rest);
              if (!version) {
                  qFatal("%s", qPrintable(version.error().details()));
              }
              in.kept.append(*version);
          };
    const quint64 latest = *std::max_element(mainVersions.cbegin(), mainVersions.cend());
    for (const quint64 version : mainVersions) {
        const QString path
            = u"_versions/%1.manifest"_s.arg(std::numeric_limits<quint64>::max() - version);
        add(path, QString(), version == latest ? &in.latestManifest : nullptr);
        if (version == latest) {
            in.latest = in.kept.size() - 1;
        }
    }
    if (withBranch) {
        for (const storage::ObjectMeta &object : m_listing) {
            if (object.key.startsWith(u"tree/experiment/_versions/"_s)
                && object.key.endsWith(u".manifest"_s)) {
                add(object.key, u"tree/experiment/"_s, nullptr);
            }
        }
    }
    return in;
}

void TestTableHealth::theLatestVersionIsCountedAsLanceDbCountsIt()
{
    const auto health = TableHealth::of(input({1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, true));
    const QJsonArray versions = test::HealthRecording::all()[u"versions"].toArray();
    const QJsonObject latest = versions.last().toObject();
    QCOMPARE(latest[u"version"].toInt(), 10);
    QCOMPARE(health.latestVersion, 10);
    const QJsonObject metadata = latest[u"metadata"].toObject();
    QCOMPARE(health.latest.versions, 1);
    QCOMPARE(health.latest.fragments, metadata[u"total_fragments"].toString().toLongLong());
    QCOMPARE(health.latest.physicalRows, metadata[u"total_data_file_rows"].toString().toLongLong());
    QCOMPARE(health.latest.deletedRows,
             metadata[u"total_deletion_file_rows"].toString().toLongLong());
    QCOMPARE(health.latest.physicalRows - health.latest.deletedRows, latest[u"rows"].toInteger());
    QCOMPARE(health.latest.referenced.data.bytes,
             metadata[u"total_files_size"].toString().toLongLong());
    QCOMPARE(health.latest.referenced.data.files,
             metadata[u"total_data_files"].toString().toLongLong());
    QCOMPARE(health.latest.referenced.deletion.files,
             metadata[u"total_deletion_files"].toString().toLongLong());
    // Every fragment is far below Lance's compaction target.
    QCOMPARE(health.smallFragmentRows, TableHealth::DefaultSmallFragmentRows);
    QCOMPARE(health.latest.smallFragments, health.latest.fragments);
    // LanceDB's indexStats(): the rows the index was not built on.
    const QJsonArray indices = latest[u"indices"].toArray();
    QCOMPARE(health.indices.size(), indices.size());
    QCOMPARE(health.indices.first().name, indices.first()[u"name"].toString());
    QCOMPARE(health.indices.first().columns, QStringList{u"id"_s});
    QCOMPARE(health.indices.first().uncoveredRows, indices.first()[u"unindexedRows"].toInteger());
    QCOMPARE(health.indices.first().uncoveredFragments, 1);
    QCOMPARE(health.indices.first().files.files, 2); // page_data and page_lookup
    // Version 6, the index's first: it covered every fragment then.
    const auto atIndex = TableHealth::of(input({1, 2, 3, 4, 5, 6}, false));
    QCOMPARE(atIndex.indices.first().uncoveredRows, 0);
    QCOMPARE(versions.at(5)[u"indices"][0][u"unindexedRows"].toInt(), 0);
    // A smaller threshold: the compacted fragment (13 rows) is no longer small.
    auto smaller = input({10}, false);
    smaller.smallFragmentRows = 10;
    QCOMPARE(TableHealth::of(smaller).latest.smallFragments, 1);

    // Everything is needed by some version, and the sums hold.
    QVERIFY(health.unreferencedFiles.isEmpty());
    QVERIFY(health.missingFiles.isEmpty());
    QCOMPARE(health.outsideFiles, 0);
    qint64 bytes = 0;
    for (const storage::ObjectMeta &object : m_listing) {
        bytes += object.size;
    }
    QCOMPARE(health.folder.files, m_listing.size());
    QCOMPARE(health.folder.bytes, bytes);
    qint64 other = 0; // the version hints and the refs belong to no version
    for (const storage::ObjectMeta &object : m_listing) {
        if (ManifestReferences::kindOf(object.key) == ManifestReferences::Kind::Other) {
            other += object.size;
        }
    }
    QCOMPARE(health.kept.total.bytes + other, bytes);
}

void TestTableHealth::theFilesNoKeptVersionNeedsAreWhatLanceCleansUp()
{
    // LanceDB's cleanup of everything before version 3 (the tag is on 3): versions 1 and 2 go.
    // Kept here: 3 to 10 and the branch, the versions Lance's cleanup kept.
    const QJsonObject before3 = test::HealthRecording::cleanup(3, false);
    QVERIFY(!before3.isEmpty());
    const auto health = TableHealth::of(input({3, 4, 5, 6, 7, 8, 9, 10}, true));
    QStringList ours;
    qint64 bytes = 0;
    for (const api::TableHealthFile &file : health.unreferencedFiles) {
        ours << file.path;
        bytes += file.size;
    }
    QCOMPARE(ours, before3[u"removed"].toObject().keys());
    QCOMPARE(bytes, before3[u"prune"][u"bytesRemoved"].toInteger());
    QCOMPARE(health.unreferenced.manifest.files, before3[u"prune"][u"oldVersionsRemoved"].toInt());

    // LanceDB refuses a cleanup past a tagged version; it removes everything before 10 once
    // the tag is gone. Without the tag and the branch, the same here, file for file.
    QVERIFY(test::HealthRecording::cleanup(10, false).contains(u"error"_s));
    const QJsonObject before10 = test::HealthRecording::cleanup(10, true);
    const auto alone = TableHealth::of(input({10}, false));
    QStringList aloneFiles;
    for (const api::TableHealthFile &file : alone.unreferencedFiles) {
        // The branch's own files are its versions' business, kept in both.
        if (!file.path.startsWith(u"tree/"_s)) {
            aloneFiles << file.path;
        }
    }
    QCOMPARE(aloneFiles, before10[u"removed"].toObject().keys());
}

void TestTableHealth::aBranchKeepsTheFilesItReadsFromMain()
{
    // Lance's cleanup (before 10, tag deleted) removed files that the branch `experiment`
    // reads from main: its version 5 is main's version 5. Kept here, they are needed.
    const QStringList lance
        = test::HealthRecording::cleanup(10, true)[u"removed"].toObject().keys();
    const auto withBranch = TableHealth::of(input({10}, true));
    QSet<QString> ours;
    for (const api::TableHealthFile &file : withBranch.unreferencedFiles) {
        ours.insert(file.path);
    }
    QStringList keptForTheBranch;
    for (const QString &path : lance) {
        if (!ours.contains(path)) {
            keptForTheBranch << path;
        }
    }
    QVERIFY(ours.size() < lance.size());
    QVERIFY(QSet<QString>(lance.cbegin(), lance.cend()).contains(ours));
    // The branch needs main's version 5: its four data files and its two deletion files.
    const auto fifth = TableHealth::of(input({5}, false));
    QStringList fifthFiles;
    for (const QString &path : keptForTheBranch) {
        const auto kind = ManifestReferences::kindOf(path);
        QVERIFY2(kind == ManifestReferences::Kind::Data
                     || kind == ManifestReferences::Kind::Deletion,
                 qPrintable(path));
        fifthFiles << path;
    }
    QCOMPARE(qint64(fifthFiles.size()),
             fifth.latest.referenced.data.files + fifth.latest.referenced.deletion.files);
}

void TestTableHealth::fragmentsAreCountedOnceAcrossVersions()
{
    // Main: one fragment per write (8, 4, 4 rows), the update's (1), the compaction's (13),
    // the last append's (3); the branch adds its own (2) and reads main's first four.
    const auto health = TableHealth::of(input({1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, true));
    QCOMPARE(health.kept.versions, 12);
    QCOMPARE(health.kept.fragments, 7);
    QCOMPARE(health.kept.referenced.data.files, 7);
    QCOMPARE(health.kept.physicalRows, 8 + 4 + 4 + 1 + 13 + 3 + 2);
    // Deleted and still stored: 3 of the first write's, the updated row, 1 of the last append.
    QCOMPARE(health.kept.deletedRows, 3 + 1 + 1);
}

void TestTableHealth::missingFilesAndBasesOutsideTheTable()
{
    auto damaged = input({10}, false);
    // The last delete's deletion file, of fragment 5 (the last append's).
    const auto found
        = std::find_if(damaged.listing.cbegin(), damaged.listing.cend(),
                       [](const auto &o) { return o.key.startsWith(u"_deletions/5-"_s); });
    QVERIFY(found != damaged.listing.cend());
    const QString gone = found->key;
    damaged.listing.removeIf([&](const storage::ObjectMeta &object) { return object.key == gone; });
    const auto health = TableHealth::of(damaged);
    QCOMPARE(health.missingFiles, QStringList{gone});
    QCOMPARE(health.latest.referenced.deletion.files, 0);

    // Where LanceDB made the table is not where it is now: the branch's reads of main are
    // outside this folder, and counted so, not taken for this folder's files.
    const auto elsewhere = TableHealth::of(input({10}, true, m_table));
    QVERIFY(elsewhere.outsideFiles > 0);
    QCOMPARE(ManifestReferences::folderInTable(m_table + u"/"_s, m_table), QString());
    QCOMPARE(ManifestReferences::folderInTable(m_table + u"/tree/dev"_s, m_table), u"tree/dev/"_s);
    QCOMPARE(ManifestReferences::folderInTable(m_table + u"2"_s, m_table), std::nullopt);
}

void TestTableHealth::filesAreKnownByWhereTheyAre()
{
    using Kind = ManifestReferences::Kind;
    QCOMPARE(ManifestReferences::kindOf(u"data/abc.lance"_s), Kind::Data);
    QCOMPARE(ManifestReferences::kindOf(u"tree/dev/fix/data/abc.lance"_s), Kind::Data);
    QCOMPARE(ManifestReferences::kindOf(u"_deletions/0-3-7.arrow"_s), Kind::Deletion);
    QCOMPARE(ManifestReferences::kindOf(u"_deletions/0-3-7.bin"_s), Kind::Deletion);
    QCOMPARE(ManifestReferences::kindOf(u"_indices/u-u-i-d/page_data.lance"_s), Kind::Index);
    QCOMPARE(ManifestReferences::kindOf(u"_versions/1.manifest"_s), Kind::Manifest);
    QCOMPARE(ManifestReferences::kindOf(u"_versions/.tmp_1.manifest_x"_s), Kind::Manifest);
    QCOMPARE(ManifestReferences::kindOf(u"_versions/latest_version_hint.json"_s), Kind::Other);
    QCOMPARE(ManifestReferences::kindOf(u"_transactions/0-a.txn"_s), Kind::Transaction);
    QCOMPARE(ManifestReferences::kindOf(u"_refs/tags/q3.json"_s), Kind::Other);
    QCOMPARE(ManifestReferences::kindOf(u"data/readme.txt"_s), Kind::Other);
    QCOMPARE(ManifestReferences::kindOf(u".lance-reserved"_s), Kind::Other);
    QCOMPARE(ManifestReferences::indexFolderOf(u"tree/dev/_indices/abc/part"_s),
             u"tree/dev/_indices/abc/"_s);
    QCOMPARE(ManifestReferences::indexFolderOf(u"_indices/abc"_s), QString());
    format::ManifestContents::DeletionFile deletion;
    deletion.readVersion = 3;
    deletion.id = 42;
    QCOMPARE(ManifestReferences::deletionFileName(7, deletion), u"7-3-42.arrow"_s);
    deletion.fileType = 1;
    QCOMPARE(ManifestReferences::deletionFileName(7, deletion), u"7-3-42.bin"_s);
}

void TestTableHealth::roaringBitmapsAreReadWhole()
{
    // The portable format without run containers (cookie 12346): one array container of
    // key 0 holding 1, 5 and 9, at offset 16.
    const QByteArray bitmap = QByteArray::fromHex("3a300000"
                                                  "01000000"
                                                  "00000200"
                                                  "10000000"
                                                  "010005000900");
    const auto values = format::RoaringBitmap::decode(bitmap, u"test"_s);
    QVERIFY2(values, values ? "" : qPrintable(values.error().userMessage()));
    QCOMPARE(*values, (QList<quint32>{1, 5, 9}));
    QVERIFY(!format::RoaringBitmap::decode(bitmap.chopped(1), u"test"_s));
    QVERIFY(!format::RoaringBitmap::decode(bitmap + '\0', u"test"_s));
    QVERIFY(!format::RoaringBitmap::decode({}, u"test"_s));
    const auto tooMany = format::RoaringBitmap::decode(bitmap, u"The fragments"_s, 2);
    QVERIFY(!tooMany);
    QVERIFY2(tooMany.error().userMessage().contains(u"The fragments holds 3 numbers"_s),
             qPrintable(tooMany.error().userMessage()));
    // The index LanceDB wrote covers the fragments it was built on.
    const auto manifest = format::ManifestDecoder::readFile(
        m_table + u"/_versions/%1.manifest"_s.arg(std::numeric_limits<quint64>::max() - 10));
    QVERIFY(manifest);
    QCOMPARE(manifest->indices.size(), 1);
    QVERIFY(manifest->indices.first().fragmentIds);
    QCOMPARE(manifest->indices.first().fragmentIds->size(), 1);
    QCOMPARE(manifest->indices.first().uuid.size(), 36);
}

LCB_TEST_GUILESS_MAIN(TestTableHealth)
#include "TestTableHealth.moc"
