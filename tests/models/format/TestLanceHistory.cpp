// SPDX-License-Identifier: Apache-2.0
// A table LanceDB took through a whole history (tests/node/record-history.mjs: create, appends,
// delete, update, add/alter/drop column, overwrite, scalar index, optimize, tag), written by
// two LanceDB releases. What LanceDB itself reported at every version is recorded beside it in
// history.json; our decoding must agree with it for every version, and the diff of each
// consecutive pair must name what the step did.
#include "TestData.h"
#include "TestRegistry.h"
#include "format/ManifestDecoder.h"
#include "format/TableStatistics.h"
#include "format/TransactionDecoder.h"
#include "format/VersionDiffReport.h"
#include "format/VersionDiffer.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance;
using format::ManifestContents;
using format::TransactionContents;

namespace {

struct Version
{
    ManifestContents manifest;
    std::optional<TransactionContents> transaction;
};

QJsonObject recordingOf(const QString &folder)
{
    return QJsonDocument::fromJson(test::TestData::read(folder + u"/history.json"_s)).object();
}

Version versionOf(const QString &folder, const QJsonObject &recording, quint64 version)
{
    const QString table = test::TestData::path(folder + u'/' + recording[u"table"].toString());
    const QString manifestPath = u"%1/_versions/%2.manifest"_s.arg(table).arg(
        std::numeric_limits<quint64>::max() - version);
    auto manifest = format::ManifestDecoder::readFile(manifestPath);
    if (!manifest) {
        qFatal("%s", qPrintable(manifest.error().details()));
    }
    Version result{*manifest, std::nullopt};
    if (!manifest->transactionFile.isEmpty()) {
        auto transaction = format::TransactionDecoder::readFile(table + u"/_transactions/"_s
                                                                + manifest->transactionFile);
        if (!transaction) {
            qFatal("%s", qPrintable(transaction.error().details()));
        }
        result.transaction = *transaction;
    }
    return result;
}

// LanceDB's Arrow type names (apache-arrow's toString()) in Lance's logical type spelling.
QString lanceType(const QString &arrowType)
{
    static const QHash<QString, QString> names{
        {u"Int32"_s, u"int32"_s}, {u"Int64"_s, u"int64"_s},   {u"Float64"_s, u"double"_s},
        {u"Utf8"_s, u"string"_s}, {u"Float32"_s, u"float"_s}, {u"LargeUtf8"_s, u"large_string"_s},
    };
    return names.value(arrowType, u"?"_s + arrowType);
}

} // namespace

class TestLanceHistory : public QObject
{
    Q_OBJECT

private slots:
    void decodingAgreesWithLanceDb_data();
    void decodingAgreesWithLanceDb();
    void statisticsAgreeWithLanceDb_data();
    void statisticsAgreeWithLanceDb();
    void statisticsOfManyFragments();
    void diffsNameEachStep_data();
    void diffsNameEachStep();
    void diffAcrossSeveralVersions();
    void reportAsTextAndJson();
};

void TestLanceHistory::decodingAgreesWithLanceDb_data()
{
    QTest::addColumn<QString>("folder");
    QTest::newRow("0.31.0") << u"lance/history/lancedb-0.31.0"_s;
    QTest::newRow("0.39.0") << u"lance/history/lancedb-0.39.0"_s;
}

void TestLanceHistory::decodingAgreesWithLanceDb()
{
    QFETCH(QString, folder);
    const QJsonObject recording = recordingOf(folder);
    const QJsonArray versions = recording[u"versions"].toArray();
    QCOMPARE(versions.size(), 13);
    for (const QJsonValue value : versions) {
        const QJsonObject reported = value.toObject();
        const auto number = quint64(reported[u"version"].toInteger());
        const Version ours = versionOf(folder, recording, number);
        const QByteArray where = "version " + QByteArray::number(number);
        QCOMPARE(ours.manifest.version, number);

        // listVersions(): the same seven keys and values, and the same commit time.
        api::StringMap metadata;
        const QJsonObject keys = reported[u"metadata"].toObject();
        for (auto it = keys.begin(); it != keys.end(); ++it) {
            metadata.insert(it.key(), it.value().toString());
        }
        QVERIFY2(ours.manifest.totals().toMetadata() == metadata, where);
        QVERIFY2(ours.manifest.totals().rowsExact, where);
        QCOMPARE(ours.manifest.timestamp->toString(Qt::ISODateWithMs),
                 reported[u"timestamp"].toString());
        // countRows() at that version.
        QCOMPARE(ours.manifest.totals().rows, reported[u"rows"].toInteger());

        // The schema LanceDB opens, top-level fields in order (this history has no nesting).
        QStringList theirs;
        for (const QJsonValue field : reported[u"schema"].toArray()) {
            theirs << u"%1 %2 %3"_s.arg(field[u"name"].toString(),
                                        lanceType(field[u"type"].toString()),
                                        field[u"nullable"].toBool() ? u"null"_s : u"not null"_s);
        }
        QStringList decoded;
        for (const ManifestContents::SchemaField &field : ours.manifest.fields) {
            QCOMPARE(field.parentId, -1);
            decoded << u"%1 %2 %3"_s.arg(field.name, field.logicalType,
                                         field.nullable ? u"null"_s : u"not null"_s);
        }
        QCOMPARE(decoded, theirs);

        // listIndices(): the same index names.
        QStringList indexNames;
        for (const QJsonValue index : reported[u"indices"].toArray()) {
            indexNames << index[u"name"].toString();
        }
        QStringList ourIndexNames;
        for (const ManifestContents::Index &index : ours.manifest.indices) {
            if (!ourIndexNames.contains(index.name)) {
                ourIndexNames << index.name;
            }
        }
        QCOMPARE(ourIndexNames, indexNames);
        QVERIFY2(ours.transaction, where);
        // Built on the version before, or earlier: optimize's compaction read version 11 and
        // was committed after the fragment reservation of version 12.
        QVERIFY2(ours.transaction->readVersion < number, where);
        QVERIFY2(ours.transaction->readVersion + 2 >= number, where);
    }
}

void TestLanceHistory::statisticsAgreeWithLanceDb_data()
{
    QTest::addColumn<QString>("folder");
    QTest::addColumn<bool>("bytesFromFiles");
    // LanceDB 0.31 counts the bytes of each column on disk, which only the data files know;
    // 0.39 sums the data and index files, as the manifest lists them.
    QTest::newRow("0.31.0") << u"lance/history/lancedb-0.31.0"_s << false;
    QTest::newRow("0.39.0") << u"lance/history/lancedb-0.39.0"_s << true;
}

void TestLanceHistory::statisticsAgreeWithLanceDb()
{
    QFETCH(QString, folder);
    QFETCH(bool, bytesFromFiles);
    const QJsonObject recording = recordingOf(folder);
    for (const QJsonValue value : recording[u"versions"].toArray()) {
        const auto number = quint64(value[u"version"].toInteger());
        const QJsonObject theirs = value[u"stats"].toObject();
        QVERIFY(!theirs.isEmpty());
        const api::GetTableStatsResponse ours
            = format::TableStatistics::of(versionOf(folder, recording, number).manifest);
        const QByteArray where = "version " + QByteArray::number(number);
        QVERIFY2(ours.numRows == theirs[u"numRows"].toInteger(), where);
        QVERIFY2(ours.numIndices == theirs[u"numIndices"].toInteger(), where);
        if (bytesFromFiles) {
            QVERIFY2(ours.totalBytes == theirs[u"totalBytes"].toInteger(), where);
        }
        const QJsonObject fragments = theirs[u"fragmentStats"].toObject();
        QVERIFY2(ours.fragmentStats.numFragments == fragments[u"numFragments"].toInteger(), where);
        QVERIFY2(ours.fragmentStats.numSmallFragments
                     == fragments[u"numSmallFragments"].toInteger(),
                 where);
        const QJsonObject lengths = fragments[u"lengths"].toObject();
        const api::FragmentSummary &summary = ours.fragmentStats.lengths;
        const QList<std::pair<QString, qint64>> ourLengths{
            {u"min"_s, summary.min}, {u"max"_s, summary.max}, {u"mean"_s, summary.mean},
            {u"p25"_s, summary.p25}, {u"p50"_s, summary.p50}, {u"p75"_s, summary.p75},
            {u"p99"_s, summary.p99}};
        for (const auto &[key, length] : ourLengths) {
            QVERIFY2(length == lengths[key].toInteger(), where + ' ' + key.toUtf8());
        }
    }
}

// The history's versions have at most four fragments; here the percentiles, the mean and the
// small-fragment line are checked where they differ, with numbers worked out by hand.
void TestLanceHistory::statisticsOfManyFragments()
{
    ManifestContents manifest;
    const QList<quint64> rows{7, 1, 10, 3, 99'999, 100'000, 5, 2, 9, 4};
    for (const quint64 count : rows) {
        ManifestContents::Fragment fragment;
        fragment.id = quint64(manifest.fragments.size());
        fragment.physicalRows = count;
        ManifestContents::DataFile file;
        file.sizeBytes = 1000;
        fragment.files.append(file);
        manifest.fragments.append(fragment);
    }
    manifest.fragments[0].deletion = ManifestContents::DeletionFile{};
    manifest.fragments[0].deletion->deletedRows = 2;
    ManifestContents::Index index;
    index.name = u"id_idx"_s;
    index.fieldIds = {0};
    index.datasetVersion = 1;
    index.files = 2;
    index.filesSize = 300;
    manifest.indices.append(index);
    index.files = 1; // a second delta of one index
    index.filesSize = 200;
    manifest.indices.append(index);
    const api::GetTableStatsResponse stats = format::TableStatistics::of(manifest);
    QCOMPARE(stats.numRows, 200'040 - 2);
    QCOMPARE(stats.numIndices, 1);
    QCOMPARE(stats.totalBytes, 10 * 1000 + 300 + 200);
    QCOMPARE(stats.fragmentStats.numFragments, 10);
    QCOMPARE(stats.fragmentStats.numSmallFragments, 9); // 100,000 rows is not small
    // Sorted: 1 2 3 4 5 7 9 10 99999 100000; the element at 10 * p / 100.
    const api::FragmentSummary &lengths = stats.fragmentStats.lengths;
    QCOMPARE(lengths.min, 1);
    QCOMPARE(lengths.max, 100'000);
    QCOMPARE(lengths.mean, 200'040 / 10);
    QCOMPARE(lengths.p25, 3);
    QCOMPARE(lengths.p50, 7);
    QCOMPARE(lengths.p75, 10);
    QCOMPARE(lengths.p99, 100'000);
    QCOMPARE(format::TableStatistics::of(ManifestContents{}), api::GetTableStatsResponse{});
}

void TestLanceHistory::diffsNameEachStep_data()
{
    QTest::addColumn<QString>("folder");
    QTest::addColumn<quint64>("version");
    QTest::addColumn<QString>("operation");
    QTest::addColumn<QStringList>("effects");
    // The steps of record-history.mjs, what Lance calls each, and what its diff must say.
    const QList<std::tuple<quint64, QString, QStringList>> steps{
        {2, u"Append"_s, {u"rows appended: 30"_s, u"fragments added: 1"_s}},
        {3, u"Append"_s, {u"rows appended: 30"_s, u"fragments added: 1"_s}},
        {4, u"Delete"_s, {u"rows deleted: 10"_s}},
        {5, u"Update"_s, {u"rows rewritten: 10"_s, u"fragments added: 1"_s}},
        {6, u"Merge"_s, {u"column added: score (int64)"_s}},
        {7, u"Project"_s, {u"column renamed: kind → category"_s}},
        {8, u"Project"_s, {u"column removed: score"_s}},
        {9, u"Overwrite"_s, {u"table overwritten: 90 rows replaced by 25"_s}},
        {10, u"Append"_s, {u"rows appended: 15"_s, u"fragments added: 1"_s}},
        {11, u"CreateIndex"_s, {u"index created: id_idx"_s}},
        // optimize(): the compaction reserves its fragment ids first, then rewrites.
        {12, u"ReserveFragments"_s, {u"no change"_s}},
        {13, u"Rewrite"_s, {u"rows rewritten: 40"_s, u"fragments compacted: 2 → 1"_s}},
    };
    for (const char *folder : {"lance/history/lancedb-0.31.0", "lance/history/lancedb-0.39.0"}) {
        for (const auto &[version, operation, effects] : steps) {
            QTest::addRow("%s v%llu", folder + 14, version)
                << QString::fromLatin1(folder) << version << operation << effects;
        }
    }
}

void TestLanceHistory::diffsNameEachStep()
{
    QFETCH(QString, folder);
    QFETCH(quint64, version);
    QFETCH(QString, operation);
    QFETCH(QStringList, effects);
    const QJsonObject recording = recordingOf(folder);
    const Version before = versionOf(folder, recording, version - 1);
    const Version after = versionOf(folder, recording, version);
    const format::VersionDiffReport report(
        format::VersionDiffer::compare(before.manifest, after.manifest, after.transaction));
    QCOMPARE(report.diff().operation, operation);
    QCOMPARE(report.effects(), effects);
}

void TestLanceHistory::diffAcrossSeveralVersions()
{
    // From the first version to the one before the overwrite: no transaction explains the
    // span, so the diff goes by what the manifests hold.
    const QString folder = u"lance/history/lancedb-0.31.0"_s;
    const QJsonObject recording = recordingOf(folder);
    const Version first = versionOf(folder, recording, 1);
    const Version eighth = versionOf(folder, recording, 8);
    const format::VersionDiff diff
        = format::VersionDiffer::compare(first.manifest, eighth.manifest, eighth.transaction);
    QVERIFY(diff.operation.isEmpty());
    // Rows of version 8 that version 1 lacks: the two appends (less the 10 the update took
    // from the second) and the update's 10; rows of version 1 gone: the delete's 10.
    QCOMPARE(diff.rowsAppended, 60);
    QCOMPARE(diff.rowsDeleted, 10);
    QCOMPARE(diff.before.rows + diff.rowsAppended - diff.rowsDeleted, diff.after.rows);
    QCOMPARE(format::VersionDiffReport(diff).effects().mid(0, 3),
             (QStringList{u"rows appended: 60"_s, u"rows deleted: 10"_s,
                          u"column renamed: kind → category"_s}));
    // A version against itself: nothing.
    QCOMPARE(format::VersionDiffReport(
                 format::VersionDiffer::compare(first.manifest, first.manifest, first.transaction))
                 .effects(),
             QStringList{u"no change"_s});
    // Backwards: what undoing the overwrite would mean.
    const Version ninth = versionOf(folder, recording, 9);
    const format::VersionDiff back
        = format::VersionDiffer::compare(ninth.manifest, eighth.manifest, eighth.transaction);
    QVERIFY(back.overwritten);
    QCOMPARE(back.after.rows, 90);
}

void TestLanceHistory::reportAsTextAndJson()
{
    const QString folder = u"lance/history/lancedb-0.31.0"_s;
    const QJsonObject recording = recordingOf(folder);
    const Version before = versionOf(folder, recording, 5);
    const Version after = versionOf(folder, recording, 6);
    const format::VersionDiffReport report(
        format::VersionDiffer::compare(before.manifest, after.manifest, after.transaction));
    const QString text = report.text();
    QVERIFY2(text.startsWith(u"Version 5 → version 6\nOperation: Merge\n"_s), qPrintable(text));
    QVERIFY2(text.contains(u"  • column added: score (int64)\n"_s), qPrintable(text));
    QVERIFY2(text.contains(u"Rows:"_s), qPrintable(text));

    const QJsonObject json = QJsonDocument::fromJson(report.json()).object();
    QCOMPARE(json[u"from_version"].toInteger(), 5);
    QCOMPARE(json[u"to_version"].toInteger(), 6);
    QCOMPARE(json[u"operation"].toString(), u"Merge"_s);
    const QJsonObject added = json[u"schema"][u"added"][0].toObject();
    QCOMPARE(added[u"path"].toString(), u"score"_s);
    QCOMPARE(added[u"type"].toString(), u"int64"_s);
    QCOMPARE(added[u"nullable"].toBool(), false);
    QCOMPARE(json[u"after"][u"rows"].toInteger(), 90);
    QCOMPARE(json[u"data_files"][u"added"].toInteger(),
             after.manifest.totals().dataFiles - before.manifest.totals().dataFiles);
    QVERIFY(json[u"commit_message"].isNull());
}

LCB_TEST_GUILESS_MAIN(TestLanceHistory)
#include "TestLanceHistory.moc"
