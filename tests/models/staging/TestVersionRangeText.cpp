// SPDX-License-Identifier: Apache-2.0
// VersionRangeText: the line of ranges a person edits ("1-3, 5, 7-latest") and the wire
// ranges (end exclusive, -1 through the latest) it stands for, both ways.
#include "TestRegistry.h"
#include "staging/VersionRangeText.h"

#include <QTest>

using namespace Qt::StringLiterals;
using lance::api::VersionRange;
using lance::staging::VersionRangeText;
using Ranges = QList<VersionRange>;

class TestVersionRangeText : public QObject
{
    Q_OBJECT

private slots:
    void roundTrips_data();
    void roundTrips();
    void readsWhatPeopleType_data();
    void readsWhatPeopleType();
    void refusesWhatIsNotARange_data();
    void refusesWhatIsNotARange();
};

void TestVersionRangeText::roundTrips_data()
{
    QTest::addColumn<Ranges>("ranges");
    QTest::addColumn<QString>("text");
    constexpr qint64 Latest = VersionRange::ThroughLatest;
    QTest::newRow("none") << Ranges{} << QString();
    QTest::newRow("one version") << Ranges{{5, 6}} << u"5"_s;
    QTest::newRow("both ends included") << Ranges{{1, 4}} << u"1-3"_s;
    QTest::newRow("through the latest") << Ranges{{7, Latest}} << u"7-latest"_s;
    QTest::newRow("several") << Ranges{{1, 4}, {5, 6}, {7, Latest}} << u"1-3, 5, 7-latest"_s;
    // An empty range from a file stays visibly empty: it ends before it starts.
    QTest::newRow("empty") << Ranges{{5, 5}} << u"5-4"_s;
    QTest::newRow("large") << Ranges{{0, 999999999999999999}} << u"0-999999999999999998"_s;
}

void TestVersionRangeText::roundTrips()
{
    QFETCH(Ranges, ranges);
    QFETCH(QString, text);
    QCOMPARE(VersionRangeText::format(ranges), text);
    QCOMPARE(VersionRangeText::parse(text), std::optional(ranges));
}

void TestVersionRangeText::readsWhatPeopleType_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<Ranges>("ranges");
    QTest::newRow("spaces around the dash") << u" 1 - 3 "_s << Ranges{{1, 4}};
    QTest::newRow("en dash") << u"1–3"_s << Ranges{{1, 4}};
    QTest::newRow("no spaces after commas") << u"1,3,5-6"_s << Ranges{{1, 2}, {3, 4}, {5, 7}};
    QTest::newRow("spaces only") << u"1 3"_s << Ranges{{1, 2}, {3, 4}};
    QTest::newRow("Latest") << u"2-Latest"_s << Ranges{{2, VersionRange::ThroughLatest}};
    QTest::newRow("trailing comma") << u"4,"_s << Ranges{{4, 5}};
}

void TestVersionRangeText::readsWhatPeopleType()
{
    QFETCH(QString, text);
    QFETCH(Ranges, ranges);
    QCOMPARE(VersionRangeText::parse(text), std::optional(ranges));
}

void TestVersionRangeText::refusesWhatIsNotARange_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("half typed") << u"3-"_s;
    QTest::newRow("negative") << u"-3"_s;
    QTest::newRow("a word") << u"3-soon"_s;
    QTest::newRow("stuck") << u"3x"_s;
    QTest::newRow("two dashes") << u"1-2-3"_s;
    QTest::newRow("an end of 0") << VersionRangeText::format({{3, 0}});
    QTest::newRow("too long") << u"1234567890123456789"_s;
}

void TestVersionRangeText::refusesWhatIsNotARange()
{
    QFETCH(QString, text);
    QCOMPARE(VersionRangeText::parse(text), std::nullopt);
}

LCB_TEST_GUILESS_MAIN(TestVersionRangeText)
#include "TestVersionRangeText.moc"
