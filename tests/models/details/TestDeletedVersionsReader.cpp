// SPDX-License-Identifier: Apache-2.0
// DeletedVersionsReader against the real engine: what a staged delete of people's versions
// 1-2 takes away (rows, fragments, data, the operation, read from LanceDB's manifests), a
// long range cut to its first lines, ranges that cover nothing, and a table that is not there.
#include "AwaitCall.h"
#include "LanceFixture.h"
#include "SeededCatalog.h"
#include "TestRegistry.h"
#include "details/DeletedVersionsReader.h"

#include <QTest>

using namespace Qt::StringLiterals;
using lance::api::TableVersion;
using lance::details::DeletedVersionsReader;
using lance::test::SeededCatalog;

namespace {

constexpr int TimeoutMs = 20000;

} // namespace

class TestDeletedVersionsReader : public QObject
{
    Q_OBJECT

private slots:
    void saysWhatADeleteTakesAway();
    void cutsALongListShort();
    void reportsATableItCannotList();

private:
    /// Runs the reader for `ranges` of `table` and waits for its answer.
    std::optional<lance::api::Result<QList<TableVersion>>>
    read(SeededCatalog &catalog, const QString &table, QList<lance::api::VersionRange> ranges);
    /// The versions the last read() left.
    QList<TableVersion> staying;
};

std::optional<lance::api::Result<QList<TableVersion>>>
TestDeletedVersionsReader::read(SeededCatalog &catalog, const QString &table,
                                QList<lance::api::VersionRange> ranges)
{
    lance::api::BatchDeleteTableVersionsRequest remove;
    remove.id = SeededCatalog::id(table);
    remove.ranges = std::move(ranges);
    std::optional<lance::api::Result<QList<TableVersion>>> answer;
    DeletedVersionsReader::start(
        catalog.service(), lance::details::ManifestAccess(), remove, this,
        [this, &answer](lance::api::Result<DeletedVersionsReader::Listing> listed) {
            if (!listed) {
                answer = listed.error();
                return;
            }
            answer = listed->covered;
            staying = listed->staying;
        });
    (void)QTest::qWaitFor([&answer] { return answer.has_value(); }, TimeoutMs);
    return answer;
}

void TestDeletedVersionsReader::saysWhatADeleteTakesAway()
{
    QTemporaryDir folder;
    QVERIFY(lance::test::LanceFixture::copyInto(u"people.lance"_s, folder.path()));
    SeededCatalog catalog(folder.path());
    // Versions 1-2, as on the wire: end exclusive.
    const auto covered = read(catalog, u"people"_s, {{1, 3}});
    QVERIFY(covered && covered->hasValue());
    QCOMPARE((*covered)->size(), 2);
    QCOMPARE((*covered)->at(0).version, 1);
    QCOMPARE(staying.size(), 1);
    QCOMPARE(staying.at(0).version, 3);
    const QStringList lines = DeletedVersionsReader::sentences(**covered, 12);
    QCOMPARE(lines.size(), 3);
    QVERIFY2(lines.at(0).startsWith(u"Version 1: 2 rows in 1 fragment, "_s), qPrintable(lines[0]));
    QVERIFY2(lines.at(0).endsWith(u"; Overwrite, written by lance 8.0.0"_s), qPrintable(lines[0]));
    QVERIFY2(lines.at(1).startsWith(u"Version 2: 3 rows in 2 fragments, "_s), qPrintable(lines[1]));
    QVERIFY2(lines.at(1).contains(u"; Append"_s), qPrintable(lines[1]));
    QVERIFY(lines.at(2).startsWith(u"Only the version records go"_s));

    // Through the latest: all three.
    const auto all = read(catalog, u"people"_s, {{1, lance::api::VersionRange::ThroughLatest}});
    QVERIFY(all && all->hasValue());
    QCOMPARE((*all)->size(), 3);
    // Ranges that cover no listed version say so.
    const auto none = read(catalog, u"people"_s, {{7, 9}});
    QVERIFY(none && none->hasValue());
    QCOMPARE(DeletedVersionsReader::sentences(**none, 12),
             QStringList{u"No version the catalog lists lies in these ranges now."_s});
}

void TestDeletedVersionsReader::cutsALongListShort()
{
    SeededCatalog catalog;
    QVERIFY(catalog.declareTables({}, {u"long"_s}));
    QVERIFY(catalog.addVersions(u"long"_s, 25));
    const auto covered = read(catalog, u"long"_s, {{1, 21}});
    QVERIFY(covered && covered->hasValue());
    QCOMPARE((*covered)->size(), 20);
    const QStringList lines = DeletedVersionsReader::sentences(**covered, 12);
    QCOMPARE(lines.size(), 14);
    // These records name manifests this machine cannot reach: nothing is made up.
    QCOMPARE(lines.at(0), u"Version 1: what it holds is not known here."_s);
    QCOMPARE(lines.at(11).left(11), u"Version 12:"_s);
    QCOMPARE(lines.at(12), u"… and 8 more, through version 20."_s);
}

void TestDeletedVersionsReader::reportsATableItCannotList()
{
    SeededCatalog catalog;
    const auto covered = read(catalog, u"missing"_s, {{1, 3}});
    QVERIFY(covered);
    QVERIFY(!covered->hasValue());
    QVERIFY(!covered->error().userMessage().isEmpty());
}

LCB_TEST_GUILESS_MAIN(TestDeletedVersionsReader)
#include "TestDeletedVersionsReader.moc"
