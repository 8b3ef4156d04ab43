// SPDX-License-Identifier: Apache-2.0
// VersionRanges: the selected versions of the versions view as the fewest ranges that delete
// exactly them, and the words for a range.
#include "TestRegistry.h"
#include "catalog/VersionRanges.h"

#include <QTest>

using namespace Qt::StringLiterals;
using lance::api::VersionRange;
using lance::catalog::VersionRanges;

using Ranges = QList<VersionRange>;
using Versions = QList<qint64>;

class TestVersionRanges : public QObject
{
    Q_OBJECT

private slots:
    void fromSelection_data();
    void fromSelection();
    void describe();
};

void TestVersionRanges::fromSelection_data()
{
    QTest::addColumn<Versions>("selected");
    QTest::addColumn<Versions>("known");
    QTest::addColumn<bool>("throughLatest");
    QTest::addColumn<Ranges>("expected");
    const Versions known{1, 2, 3, 5, 6, 9};
    QTest::newRow("nothing") << Versions{} << known << false << Ranges{};
    // Wire ranges: start inclusive, end exclusive.
    QTest::newRow("one") << Versions{3} << known << false << Ranges{{3, 4}};
    QTest::newRow("adjacent") << Versions{1, 2, 3} << known << false << Ranges{{1, 4}};
    // 4 does not exist, so nothing between 3 and 5 is spared: one range.
    QTest::newRow("over a gap") << Versions{3, 5} << known << false << Ranges{{3, 6}};
    QTest::newRow("split by a kept version")
        << Versions{1, 3, 6} << known << false << Ranges{{1, 2}, {3, 4}, {6, 7}};
    QTest::newRow("unsorted, repeated") << Versions{6, 5, 5, 3} << known << false << Ranges{{3, 7}};
    QTest::newRow("through the latest")
        << Versions{6, 9} << known << true << Ranges{{6, VersionRange::ThroughLatest}};
    QTest::newRow("latest not selected") << Versions{5} << known << true << Ranges{{5, 6}};
    QTest::newRow("unknown versions still covered")
        << Versions{20, 21} << known << false << Ranges{{20, 22}};
}

void TestVersionRanges::fromSelection()
{
    QFETCH(Versions, selected);
    QFETCH(Versions, known);
    QFETCH(bool, throughLatest);
    QFETCH(Ranges, expected);
    const Ranges ranges = VersionRanges::fromSelection(selected, known, throughLatest);
    QCOMPARE(ranges, expected);
    // Exactly the selected known versions are deleted, no other.
    Versions wanted;
    for (const qint64 v : known) {
        if (selected.contains(v)) {
            wanted << v;
        }
    }
    QCOMPARE(VersionRanges::covered(ranges, known), wanted);
}

void TestVersionRanges::describe()
{
    QCOMPARE(VersionRanges::describe({{3, 4}}), u"3"_s);
    QCOMPARE(VersionRanges::describe({{3, 6}, {7, 8}}), u"3–5, 7"_s);
    QCOMPARE(VersionRanges::inclusive(3, 5), (VersionRange{3, 6}));
    QCOMPARE(VersionRanges::describe({{7, VersionRange::ThroughLatest}}),
             u"7 through the latest"_s);
}

LCB_TEST_GUILESS_MAIN(TestVersionRanges)
#include "TestVersionRanges.moc"
