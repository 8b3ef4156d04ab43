// SPDX-License-Identifier: Apache-2.0
// The rows two versions do not share, worded for Compare Versions, on LanceDB's `stable` table
// (tests/data/lance/rows: stable row ids through an update, a delete and a compaction) and its
// `types` table (no stable row ids): rows matched by id say so, a compaction that moved every
// row changes none, and rows matched by address keep their caveat.
#include "LanceFixture.h"
#include "TestData.h"
#include "TestRegistry.h"
#include "details/ManifestAccess.h"
#include "details/RowChangesText.h"

#include <QTest>

using namespace Qt::StringLiterals;
using lance::api::TableVersion;
using lance::details::ManifestAccess;
using lance::details::RowChangesText;

namespace {

TableVersion version(const QString &table, qint64 number)
{
    TableVersion out;
    out.version = number;
    out.manifestPath = lance::test::LanceFixture::manifests(table).value(quint64(number));
    return out;
}

} // namespace

class TestRowChangesText : public QObject
{
    Q_OBJECT

private slots:
    void rowsOfAStableTableAreMatchedById()
    {
        const QString table = lance::test::TestData::path(u"lance/rows/stable.lance"_s);
        const ManifestAccess access;
        // Version 5 compacted version 4's three fragments into one: every row moved, none left.
        const auto compacted = access.compareRows(version(table, 4), version(table, 5), 5);
        if (!compacted) {
            QFAIL(qPrintable(compacted.error().userMessage()));
        }
        QVERIFY(compacted->changes.byStableId);
        QCOMPARE(RowChangesText::text(*compacted, u"version 4"_s, u"version 5"_s),
                 u"Rows: both hold the same rows."_s);
        // Version 4 deleted the rows whose id % 7 is 3; their stable ids are their ids.
        const auto deleted = access.compareRows(version(table, 3), version(table, 4), 2);
        if (!deleted) {
            QFAIL(qPrintable(deleted.error().userMessage()));
        }
        const QStringList lines
            = RowChangesText::text(*deleted, u"version 3"_s, u"version 4"_s).split(u'\n');
        QCOMPARE(lines.value(0), u"Rows (by stable row id; rows an update or a compaction moved "
                                 "keep theirs):"_s);
        QCOMPARE(lines.value(1), u"- 214 rows in version 3 and not in version 4; the first 2:"_s);
        QVERIFY2(lines.value(2).startsWith(u"  _rowid 3: id: 3, "_s), qPrintable(lines.value(2)));
        // Then 17 (10 moved to a later fragment when version 3 updated it), its label null.
        QVERIFY2(lines.value(3).startsWith(u"  _rowid 17: id: 17, label: null, "_s),
                 qPrintable(lines.value(3)));
        QCOMPARE(lines.value(4), u"- no row only in version 4"_s);
    }

    void rowsWithoutStableIdsAreMatchedByAddress()
    {
        const QString table = lance::test::TestData::path(u"lance/rows/types.lance"_s);
        const auto update = ManifestAccess().compareRows(version(table, 3), version(table, 4), 1);
        if (!update) {
            QFAIL(qPrintable(update.error().userMessage()));
        }
        QVERIFY(!update->changes.byStableId);
        const QString text = RowChangesText::text(*update, u"version 3"_s, u"version 4"_s);
        QVERIFY2(text.startsWith(u"Rows (by row address; rows an update or a compaction "
                                 "rewrote count on both sides):\n- 4 rows in version 3 and not "
                                 "in version 4; the first 1:\n"_s),
                 qPrintable(text));
    }
};

LCB_TEST_GUILESS_MAIN(TestRowChangesText)
#include "TestRowChangesText.moc"
