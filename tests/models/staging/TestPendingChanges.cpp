// SPDX-License-Identifier: Apache-2.0
// PendingChanges as a model: one row per staged operation with its texts and roles, row ids
// that are never reused, the batch in row order, refusals (frozen, unknown rows), clearing
// after a commit, loading, and problems in the model. Under QAbstractItemModelTester.
#include "StagingOperations.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "staging/PendingChanges.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

using namespace Qt::StringLiterals;
using lance::staging::PendingChanges;
using Ops = lance::test::StagingOperations;
using Operation = lance::api::CommitTableOperation;

class TestPendingChanges : public QObject
{
    Q_OBJECT

private slots:
    void showsOneRowPerOperation();
    void summariesReadLikeSentences_data();
    void summariesReadLikeSentences();
    void targetsUseTheDelimiter();
    void rowsCarryTheirOperationAndAStableId();
    void rowIdsAreNeverReused();
    void theBatchIsInRowOrder();
    void frozenRefusesEveryChange();
    void unknownRowsAndEmptyStepsAreRefused();
    void clearAfterCommitEmptiesTheHistory();
    void clearAfterCommitOfAppliedRowsKeepsTheRest();
    void loadReplacesEverythingWithoutHistory();
    void problemsShowInTheirColumnAndRoles();
    void knownStateChangesTheProblems();
    void passesTheModelTester();

private:
    static QString text(const PendingChanges &model, int row, int column,
                        int role = Qt::DisplayRole)
    {
        return model.data(model.index(row, column), role).toString();
    }
};

void TestPendingChanges::showsOneRowPerOperation()
{
    PendingChanges model;
    QSignalSpy changed(&model, &PendingChanges::changed);
    LCB_VERIFY_OK(model.stage(Ops::declare(u"sales$orders"_s)));
    LCB_VERIFY_OK(model.stage(Ops::create(u"sales$items"_s, 7, 1234)));
    LCB_VERIFY_OK(model.stage(Ops::remove(u"sales$items"_s, 3, 6)));
    LCB_VERIFY_OK(model.stage(Ops::deregister(u"sales$old"_s)));
    QCOMPARE(changed.count(), 4);
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.count(), 4);
    QCOMPARE(model.columnCount(), int(PendingChanges::ColumnCount));

    const QStringList kinds{u"Declare table"_s, u"Create version"_s, u"Delete versions"_s,
                            u"Deregister table"_s};
    const QStringList targets{u"sales$orders"_s, u"sales$items"_s, u"sales$items"_s,
                              u"sales$old"_s};
    for (int row = 0; row < 4; ++row) {
        QCOMPARE(text(model, row, PendingChanges::KindColumn), kinds.at(row));
        QCOMPARE(text(model, row, PendingChanges::TargetColumn), targets.at(row));
        QCOMPARE(text(model, row, PendingChanges::ProblemsColumn), QString());
    }
    QCOMPARE(text(model, 1, PendingChanges::SummaryColumn),
             u"version 7, manifest \u2026/7.manifest, 1.2 kB"_s);
    // The tooltip has the whole manifest path.
    QCOMPARE(text(model, 1, PendingChanges::SummaryColumn, Qt::ToolTipRole),
             u"version 7, manifest s3://bucket/sales/items.lance/_versions/7.manifest, 1.2 kB"_s);
    QCOMPARE(text(model, 2, PendingChanges::SummaryColumn), u"versions 3\u20135"_s);
    QCOMPARE(model.headerData(PendingChanges::KindColumn, Qt::Horizontal).toString(), u"Change"_s);
    QCOMPARE(model.headerData(PendingChanges::ProblemsColumn, Qt::Horizontal).toString(),
             u"Problems"_s);
}

void TestPendingChanges::summariesReadLikeSentences_data()
{
    QTest::addColumn<Operation>("operation");
    QTest::addColumn<QString>("summary");
    QTest::newRow("declare") << Ops::declare(u"t"_s) << u"location chosen by the catalog"_s;
    QTest::newRow("declare at") << Ops::declare(u"t"_s, u"s3://b/t.lance"_s)
                                << u"at s3://b/t.lance"_s;
    QTest::newRow("version without size") << Ops::create(u"t"_s, 2, std::nullopt, u"t.manifest"_s)
                                          << u"version 2, manifest t.manifest"_s;
    QTest::newRow("one version") << Ops::remove(u"t"_s, 3, 4) << u"version 3"_s;
    QTest::newRow("through the latest")
        << Ops::remove(u"t"_s, 3, -1) << u"versions 3 through the latest"_s;
    QTest::newRow("two ranges") << Ops::removeRanges(u"t"_s, {{1, 3}, {8, -1}})
                                << u"versions 1\u20132, versions 8 through the latest"_s;
    QTest::newRow("empty range") << Ops::remove(u"t"_s, 5, 3) << u"an empty range from 5 to 3"_s;
    QTest::newRow("deregister") << Ops::deregister(u"t"_s)
                                << u"leaves the catalog; its data is kept"_s;
}

void TestPendingChanges::summariesReadLikeSentences()
{
    QFETCH(Operation, operation);
    QFETCH(QString, summary);
    PendingChanges model;
    LCB_VERIFY_OK(model.stage(operation));
    QCOMPARE(text(model, 0, PendingChanges::SummaryColumn), summary);
}

void TestPendingChanges::targetsUseTheDelimiter()
{
    PendingChanges model(u"."_s);
    QCOMPARE(model.delimiter(), u"."_s);
    LCB_VERIFY_OK(model.stage(Ops::declare(u"sales$orders"_s)));
    QCOMPARE(text(model, 0, PendingChanges::TargetColumn), u"sales.orders"_s);
    QCOMPARE(model.data(model.index(0, 0), PendingChanges::TargetRole).toStringList(),
             (QStringList{u"sales"_s, u"orders"_s}));
    QCOMPARE(model.undoStack()->undoText(), u"Declare table sales.orders"_s);
}

void TestPendingChanges::rowsCarryTheirOperationAndAStableId()
{
    PendingChanges model;
    const Operation create = Ops::create(u"t"_s, 4, 10);
    LCB_VERIFY_OK(model.stage(Ops::declare(u"t"_s)));
    LCB_VERIFY_OK(model.stage(create));
    for (int column = 0; column < PendingChanges::ColumnCount; ++column) {
        const QModelIndex index = model.index(1, column);
        QCOMPARE(index.data(PendingChanges::OperationRole).value<Operation>(), create);
        QCOMPARE(index.data(PendingChanges::KindRole).toString(), u"create_table_version"_s);
        QCOMPARE(index.data(PendingChanges::RowIdRole).value<quint64>(), model.stagedAt(1).rowId);
    }
    const quint64 id = model.stagedAt(1).rowId;
    QVERIFY(id != model.stagedAt(0).rowId);
    QCOMPARE(model.rowOf(id), 1);
    QCOMPARE(model.rowOf(id + 100), -1);

    // An edit keeps the row's id and place.
    LCB_VERIFY_OK(model.edit(id, Ops::create(u"t"_s, 5, 10)));
    QCOMPARE(model.stagedAt(1).rowId, id);
    QCOMPARE(model.rowOf(id), 1);
}

void TestPendingChanges::rowIdsAreNeverReused()
{
    PendingChanges model;
    QSet<quint64> seen;
    for (int i = 0; i < 5; ++i) {
        LCB_VERIFY_OK(model.stage(Ops::create(u"t"_s, i + 1)));
        const quint64 id = model.stagedAt(model.count() - 1).rowId;
        QVERIFY(!seen.contains(id));
        seen.insert(id);
        LCB_VERIFY_OK(model.remove(id));
        LCB_VERIFY_OK(model.undo()); // the removed row comes back with its own id ...
        QCOMPARE(model.stagedAt(model.count() - 1).rowId, id);
        LCB_VERIFY_OK(model.undo()); // ... and staging it is undone
    }
    QCOMPARE(model.count(), 0);
    LCB_VERIFY_OK(model.stage(Ops::declare(u"t"_s))); // after undo: still a new id
    QVERIFY(!seen.contains(model.stagedAt(0).rowId));
    LCB_VERIFY_OK(model.discardAll());
    LCB_VERIFY_OK(model.load({Ops::declare(u"u"_s)}));
    QVERIFY(!seen.contains(model.stagedAt(0).rowId));
}

void TestPendingChanges::theBatchIsInRowOrder()
{
    PendingChanges model;
    const QList<Operation> operations{Ops::declare(u"a"_s), Ops::create(u"a"_s, 1),
                                      Ops::deregister(u"b"_s), Ops::remove(u"c"_s, 0, 2)};
    for (const Operation &operation : operations) {
        LCB_VERIFY_OK(model.stage(operation));
    }
    QCOMPARE(model.operations(), operations);
    QCOMPARE(model.toRequest().operations, operations);
    QVERIFY(model.toRequest().context.isEmpty());
    LCB_VERIFY_OK(model.remove(model.stagedAt(1).rowId));
    QCOMPARE(model.operations(),
             (QList<Operation>{operations.at(0), operations.at(2), operations.at(3)}));
}

void TestPendingChanges::frozenRefusesEveryChange()
{
    PendingChanges model;
    LCB_VERIFY_OK(model.stage(Ops::declare(u"a"_s)));
    LCB_VERIFY_OK(model.stage(Ops::create(u"b"_s, 1)));
    LCB_VERIFY_OK(model.stage(Ops::create(u"b"_s, 2)));
    LCB_VERIFY_OK(model.undo()); // something to redo too
    QSignalSpy frozenChanged(&model, &PendingChanges::frozenChanged);
    QSignalSpy undoState(&model, &PendingChanges::undoStateChanged);
    model.setFrozen(true);
    QVERIFY(model.isFrozen());
    QCOMPARE(frozenChanged.count(), 1);
    QCOMPARE(frozenChanged.at(0).at(0).toBool(), true);
    QVERIFY(undoState.count() >= 1);
    QVERIFY(!model.canUndo());
    QVERIFY(!model.canRedo());

    const QList<Operation> before = model.operations();
    const int undoIndex = model.undoStack()->index();
    QSignalSpy changed(&model, &PendingChanges::changed);
    const quint64 first = model.stagedAt(0).rowId;
    const QList<lance::api::Result<void>> refusals{
        model.stage(Ops::declare(u"c"_s)),
        model.stage(Ops::deregister(u"a"_s)), // would cancel out
        model.stageAll({Ops::declare(u"d"_s)}, u"Import"_s),
        model.remove(first),
        model.remove(QList<quint64>{first, model.stagedAt(1).rowId}),
        model.edit(first, Ops::declare(u"e"_s)),
        model.discardAll(),
        model.undo(),
        model.redo(),
        model.load({}),
    };
    for (const lance::api::Result<void> &refusal : refusals) {
        LCB_VERIFY_REFUSED(refusal);
        const QString text = refusal.error().userMessage();
        QVERIFY2(text.contains(u"commit is in flight"_s), qPrintable(text));
    }
    QCOMPARE(model.operations(), before);
    QCOMPARE(model.undoStack()->index(), undoIndex);
    QCOMPARE(changed.count(), 0);

    model.setFrozen(false);
    QVERIFY(model.canUndo());
    QVERIFY(model.canRedo());
    LCB_VERIFY_OK(model.redo());
    QCOMPARE(model.count(), 3);
}

void TestPendingChanges::unknownRowsAndEmptyStepsAreRefused()
{
    PendingChanges model;
    LCB_VERIFY_REFUSED(model.discardAll());
    LCB_VERIFY_REFUSED(model.undo());
    LCB_VERIFY_REFUSED(model.redo());
    LCB_VERIFY_REFUSED(model.stageAll({}, u"Import"_s));
    LCB_VERIFY_OK(model.stage(Ops::declare(u"a"_s)));
    const quint64 id = model.stagedAt(0).rowId;
    const int steps = model.undoStack()->count();
    LCB_VERIFY_REFUSED(model.remove(id + 1));
    // One unknown id refuses the whole removal: nothing half applied.
    LCB_VERIFY_REFUSED(model.remove(QList<quint64>{id, id + 1}));
    LCB_VERIFY_REFUSED(model.edit(id + 1, Ops::declare(u"b"_s)));
    QCOMPARE(model.count(), 1);
    QCOMPARE(model.undoStack()->count(), steps);
}

void TestPendingChanges::clearAfterCommitEmptiesTheHistory()
{
    PendingChanges model;
    LCB_VERIFY_OK(model.stage(Ops::declare(u"a"_s)));
    LCB_VERIFY_OK(model.stage(Ops::create(u"a"_s, 1)));
    model.setFrozen(true); // the commit in flight ...
    QSignalSpy changed(&model, &PendingChanges::changed);
    model.clearAfterCommit(); // ... succeeded
    QCOMPARE(changed.count(), 1);
    QCOMPARE(model.count(), 0);
    QCOMPARE(model.undoStack()->count(), 0);
    model.setFrozen(false);
    QVERIFY(!model.canUndo());
    LCB_VERIFY_REFUSED(model.undo());
}

void TestPendingChanges::clearAfterCommitOfAppliedRowsKeepsTheRest()
{
    PendingChanges model;
    for (int version = 1; version <= 4; ++version) {
        LCB_VERIFY_OK(model.stage(Ops::create(u"t"_s, version)));
    }
    model.clearAfterCommit({model.stagedAt(0).rowId, model.stagedAt(1).rowId});
    QCOMPARE(model.operations(),
             (QList<Operation>{Ops::create(u"t"_s, 3), Ops::create(u"t"_s, 4)}));
    QCOMPARE(model.undoStack()->count(), 0);
}

void TestPendingChanges::loadReplacesEverythingWithoutHistory()
{
    PendingChanges model;
    LCB_VERIFY_OK(model.stage(Ops::declare(u"old"_s)));
    const QList<Operation> restored{Ops::declare(u"a"_s), Ops::create(u"a"_s, 1)};
    QSignalSpy changed(&model, &PendingChanges::changed);
    LCB_VERIFY_OK(model.load(restored));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(model.operations(), restored);
    QVERIFY(!model.canUndo());
}

void TestPendingChanges::problemsShowInTheirColumnAndRoles()
{
    PendingChanges model;
    LCB_VERIFY_OK(model.stage(Ops::create(u"t"_s, 1)));
    QVERIFY(!model.hasBlockingProblems());
    QSignalSpy problemsChanged(&model, &PendingChanges::problemsChanged);
    LCB_VERIFY_OK(model.stage(Ops::create(u"t"_s, 1)));
    QCOMPARE(problemsChanged.count(), 1);
    QVERIFY(model.hasBlockingProblems());
    for (int row = 0; row < 2; ++row) {
        const QModelIndex index = model.index(row, PendingChanges::ProblemsColumn);
        QVERIFY(index.data(PendingChanges::BlockingRole).toBool());
        const QStringList problems = index.data(PendingChanges::ProblemsRole).toStringList();
        QCOMPARE(problems.size(), 1);
        QCOMPARE(index.data().toString(), problems.first());
        QCOMPARE(model.problemsAt(row).first().message, problems.first());
    }
    QVERIFY(text(model, 1, PendingChanges::ProblemsColumn).startsWith(u"Row 1 also creates"_s));
    LCB_VERIFY_OK(model.undo());
    QVERIFY(!model.hasBlockingProblems());
    QCOMPARE(text(model, 0, PendingChanges::ProblemsColumn), QString());
}

void TestPendingChanges::knownStateChangesTheProblems()
{
    PendingChanges model;
    LCB_VERIFY_OK(model.stage(Ops::declare(u"ns$t"_s)));
    QVERIFY(!model.hasBlockingProblems());
    QSignalSpy problemsChanged(&model, &PendingChanges::problemsChanged);
    QSignalSpy dataChanged(&model, &QAbstractItemModel::dataChanged);
    QSignalSpy changed(&model, &PendingChanges::changed);
    model.updateKnownState(
        [](lance::staging::KnownState &known) { known.setTables(Ops::table(u"ns"_s), {u"t"_s}); });
    QCOMPARE(problemsChanged.count(), 1);
    QCOMPARE(dataChanged.count(), 1);
    QCOMPARE(changed.count(), 0); // the operations did not change
    QVERIFY(model.hasBlockingProblems());
    QCOMPARE(model.knownState().tableExists(Ops::table(u"ns$t"_s)), std::optional<bool>(true));
    model.setKnownState({});
    QVERIFY(!model.hasBlockingProblems());
    QCOMPARE(problemsChanged.count(), 2);
}

void TestPendingChanges::passesTheModelTester()
{
    PendingChanges model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    LCB_VERIFY_OK(model.stage(Ops::declare(u"a"_s)));
    LCB_VERIFY_OK(model.stage(Ops::create(u"a"_s, 1)));
    LCB_VERIFY_OK(model.stage(Ops::create(u"a"_s, 1))); // problems on two rows
    LCB_VERIFY_OK(model.stage(Ops::create(u"b"_s, 5)));
    LCB_VERIFY_OK(model.stage(Ops::remove(u"b"_s, 5, 6))); // cancels out: a row removed
    LCB_VERIFY_OK(model.edit(model.stagedAt(2).rowId, Ops::create(u"a"_s, 2)));
    LCB_VERIFY_OK(model.remove(QList<quint64>{model.stagedAt(0).rowId, model.stagedAt(2).rowId}));
    LCB_VERIFY_OK(model.undo());
    LCB_VERIFY_OK(model.stageAll({Ops::deregister(u"c"_s), Ops::declare(u"d"_s)}, u"Import"_s));
    LCB_VERIFY_OK(model.discardAll());
    LCB_VERIFY_OK(model.undo());
    LCB_VERIFY_OK(model.redo());
    LCB_VERIFY_OK(model.undo());
    model.setKnownState({});
    LCB_VERIFY_OK(model.load({Ops::declare(u"e"_s), Ops::declare(u"e"_s)}));
    model.clearAfterCommit({model.stagedAt(1).rowId});
    model.clearAfterCommit();
    QCOMPARE(model.rowCount(), 0);
}

LCB_TEST_GUILESS_MAIN(TestPendingChanges)
#include "TestPendingChanges.moc"
