// SPDX-License-Identifier: Apache-2.0
// StagedMarks, what the views draw over what they loaded: the tables staged to be declared in
// each namespace, the versions each table has staged for deletion and for creation.
#include "StagingOperations.h"
#include "TestRegistry.h"
#include "staging/StagedMarks.h"

#include <QTest>

using namespace Qt::StringLiterals;
using lance::api::VersionRange;
using lance::staging::StagedMarks;
using Ops = lance::test::StagingOperations;

class TestStagedOverlay : public QObject
{
    Q_OBJECT

private slots:
    void declaredTablesAreListedByNamespace();
    void deletedVersionsFollowTheWireRanges_data();
    void deletedVersionsFollowTheWireRanges();
    void createdVersionsAreSortedOnce();
    void otherTablesAreBlank();
};

void TestStagedOverlay::declaredTablesAreListedByNamespace()
{
    const StagedMarks marks = StagedMarks::fromOperations({
        Ops::declare(u"sales$returns"_s),
        Ops::declare(u"sales$new_orders"_s),
        Ops::declare(u"sales$eu$refunds"_s),
        Ops::declare(u"scratch"_s), // at the root
        Ops::create(u"sales$orders"_s, 3),
    });
    QCOMPARE(marks.declaredIn({u"sales"_s}), (QStringList{u"new_orders"_s, u"returns"_s}));
    QCOMPARE(marks.declaredIn({u"sales"_s, u"eu"_s}), QStringList{u"refunds"_s});
    QCOMPARE(marks.declaredIn({}), QStringList{u"scratch"_s});
    QVERIFY(marks.declaredIn({u"hr"_s}).isEmpty());
    // A version created is not a table declared.
    QVERIFY(!marks.declaredIn({u"sales"_s}).contains(u"orders"_s));
}

void TestStagedOverlay::deletedVersionsFollowTheWireRanges_data()
{
    QTest::addColumn<QList<VersionRange>>("ranges");
    QTest::addColumn<QList<qint64>>("deleted");
    QTest::addColumn<QList<qint64>>("kept");
    // End exclusive: [2, 4) is 2 and 3.
    QTest::newRow("one range") << QList<VersionRange>{{2, 4}} << QList<qint64>{2, 3}
                               << QList<qint64>{1, 4};
    QTest::newRow("through the latest") << QList<VersionRange>{{5, VersionRange::ThroughLatest}}
                                        << QList<qint64>{5, 6, 1000} << QList<qint64>{4};
    QTest::newRow("several") << QList<VersionRange>{{1, 2}, {7, 9}} << QList<qint64>{1, 7, 8}
                             << QList<qint64>{2, 6, 9};
    QTest::newRow("empty") << QList<VersionRange>{{5, 5}} << QList<qint64>{}
                           << QList<qint64>{4, 5, 6};
}

void TestStagedOverlay::deletedVersionsFollowTheWireRanges()
{
    QFETCH(QList<VersionRange>, ranges);
    QFETCH(QList<qint64>, deleted);
    QFETCH(QList<qint64>, kept);
    const StagedMarks marks
        = StagedMarks::fromOperations({Ops::removeRanges(u"hr$people"_s, ranges)});
    const StagedMarks::Mark mark = marks.markOf({u"hr"_s, u"people"_s});
    QCOMPARE(mark.deletedRanges, ranges);
    for (const qint64 version : deleted) {
        QVERIFY2(mark.deletes(version), qPrintable(QString::number(version)));
    }
    for (const qint64 version : kept) {
        QVERIFY2(!mark.deletes(version), qPrintable(QString::number(version)));
    }
}

void TestStagedOverlay::createdVersionsAreSortedOnce()
{
    const StagedMarks marks = StagedMarks::fromOperations({
        Ops::create(u"hr$people"_s, 9),
        Ops::create(u"hr$people"_s, 4),
        Ops::create(u"hr$people"_s, 9), // twice: StagingCheck's problem, one mark here
        Ops::remove(u"hr$people"_s, 1, 2),
        Ops::remove(u"hr$people"_s, 3, VersionRange::ThroughLatest),
    });
    const StagedMarks::Mark mark = marks.markOf({u"hr"_s, u"people"_s});
    QCOMPARE(mark.createdVersions, (QList<qint64>{4, 9}));
    QCOMPARE(mark.changes, 5);
    // Two deletes of one table: both ranges count.
    QCOMPARE(mark.deletedRanges, (QList<VersionRange>{{1, 2}, {3, VersionRange::ThroughLatest}}));
    QVERIFY(mark.deletes(1) && !mark.deletes(2) && mark.deletes(3));
    QVERIFY(!mark.deregistered);
}

void TestStagedOverlay::otherTablesAreBlank()
{
    const StagedMarks marks = StagedMarks::fromOperations({Ops::deregister(u"hr$people"_s)});
    QVERIFY(marks.markOf({u"hr"_s, u"people"_s}).deregistered);
    const StagedMarks::Mark other = marks.markOf({u"hr"_s, u"contractors"_s});
    QCOMPARE(other.changes, 0);
    QVERIFY(other.deletedRanges.isEmpty() && other.createdVersions.isEmpty());
    QVERIFY(!other.deletes(1));
    QVERIFY(StagedMarks::fromOperations({}).declaredIn({}).isEmpty());
}

LCB_TEST_GUILESS_MAIN(TestStagedOverlay)
#include "TestStagedOverlay.moc"
