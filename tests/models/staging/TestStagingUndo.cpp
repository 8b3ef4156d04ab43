// SPDX-License-Identifier: Apache-2.0
// Undo and redo of every PendingChanges command, each one step; and cancel-out: a deregister
// of a table only declared in the batch, or a delete of versions only the batch creates,
// takes those operations back in one undoable step, and only when that is certain.
#include "StagingOperations.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "staging/PendingChanges.h"

#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

using namespace Qt::StringLiterals;
using lance::staging::KnownState;
using lance::staging::PendingChanges;
using Ops = lance::test::StagingOperations;
using Operation = lance::api::CommitTableOperation;
using Operations = QList<Operation>;

namespace {

QList<quint64> rowIds(const PendingChanges &model)
{
    QList<quint64> ids;
    for (int row = 0; row < model.count(); ++row) {
        ids.append(model.stagedAt(row).rowId);
    }
    return ids;
}

} // namespace

class TestStagingUndo : public QObject
{
    Q_OBJECT

private slots:
    void init();

    void stageUndoesAndRedoes();
    void removeUndoesToTheSamePlaceAndId();
    void removeManyIsOneStep();
    void editUndoesAndRedoes();
    void editToTheSameOperationAddsNoStep();
    void discardAllIsOneStep();
    void stageAllIsOneStep();
    void everyUndoAndRedoIsAChange();

    void deregisterOfADeclaredTableCancelsOut();
    void deregisterStagesWhenMoreThanADeclarationIsStaged();
    void deregisterStagesForATableKnownToExist();
    void deleteOfStagedVersionsCancelsOut();
    void deleteCancelsOutOnlyWhenNothingElseIsCovered_data();
    void deleteCancelsOutOnlyWhenNothingElseIsCovered();

private:
    /// Stages `operations` one by one.
    void stageEach(const Operations &operations);

    std::unique_ptr<PendingChanges> m_model;
};

void TestStagingUndo::init()
{
    m_model = std::make_unique<PendingChanges>();
}

void TestStagingUndo::stageEach(const Operations &operations)
{
    for (const Operation &operation : operations) {
        LCB_VERIFY_OK(m_model->stage(operation));
    }
}

void TestStagingUndo::stageUndoesAndRedoes()
{
    stageEach({Ops::declare(u"a"_s), Ops::create(u"a"_s, 1)});
    const QList<quint64> ids = rowIds(*m_model);
    QCOMPARE(m_model->undoStack()->undoText(), u"Create version a"_s);
    LCB_VERIFY_OK(m_model->undo());
    QCOMPARE(m_model->operations(), Operations{Ops::declare(u"a"_s)});
    LCB_VERIFY_OK(m_model->undo());
    QCOMPARE(m_model->count(), 0);
    LCB_VERIFY_OK(m_model->redo());
    LCB_VERIFY_OK(m_model->redo());
    QCOMPARE(m_model->operations(), (Operations{Ops::declare(u"a"_s), Ops::create(u"a"_s, 1)}));
    QCOMPARE(rowIds(*m_model), ids);
}

void TestStagingUndo::removeUndoesToTheSamePlaceAndId()
{
    const Operations staged{Ops::create(u"t"_s, 1), Ops::create(u"t"_s, 2), Ops::create(u"t"_s, 3)};
    stageEach(staged);
    const QList<quint64> ids = rowIds(*m_model);
    LCB_VERIFY_OK(m_model->remove(ids.at(1)));
    QCOMPARE(m_model->undoStack()->undoText(), u"Remove Create version t"_s);
    QCOMPARE(m_model->operations(), (Operations{staged.at(0), staged.at(2)}));
    LCB_VERIFY_OK(m_model->undo());
    QCOMPARE(m_model->operations(), staged);
    QCOMPARE(rowIds(*m_model), ids);
    LCB_VERIFY_OK(m_model->redo());
    QCOMPARE(m_model->operations(), (Operations{staged.at(0), staged.at(2)}));
}

void TestStagingUndo::removeManyIsOneStep()
{
    Operations staged;
    for (int version = 1; version <= 6; ++version) {
        staged.append(Ops::create(u"t"_s, version));
    }
    stageEach(staged);
    const QList<quint64> ids = rowIds(*m_model);
    const int steps = m_model->undoStack()->count();
    // Rows 0, 2, 3 and 5: three separate blocks.
    LCB_VERIFY_OK(m_model->remove(QList<quint64>{ids.at(5), ids.at(0), ids.at(2), ids.at(3)}));
    QCOMPARE(m_model->undoStack()->count(), steps + 1);
    QCOMPARE(m_model->undoStack()->undoText(), u"Remove 4 staged changes"_s);
    QCOMPARE(m_model->operations(), (Operations{staged.at(1), staged.at(4)}));
    LCB_VERIFY_OK(m_model->undo());
    QCOMPARE(m_model->operations(), staged);
    QCOMPARE(rowIds(*m_model), ids);
    LCB_VERIFY_OK(m_model->redo());
    QCOMPARE(rowIds(*m_model), (QList<quint64>{ids.at(1), ids.at(4)}));
}

void TestStagingUndo::editUndoesAndRedoes()
{
    stageEach({Ops::declare(u"a"_s), Ops::create(u"a"_s, 1)});
    const quint64 id = m_model->stagedAt(1).rowId;
    LCB_VERIFY_OK(m_model->edit(id, Ops::create(u"a"_s, 2, 99)));
    QCOMPARE(m_model->undoStack()->undoText(), u"Edit Create version a"_s);
    QCOMPARE(m_model->stagedAt(1).operation, Ops::create(u"a"_s, 2, 99));
    LCB_VERIFY_OK(m_model->undo());
    QCOMPARE(m_model->stagedAt(1).operation, Ops::create(u"a"_s, 1));
    QCOMPARE(m_model->stagedAt(1).rowId, id);
    LCB_VERIFY_OK(m_model->redo());
    QCOMPARE(m_model->stagedAt(1).operation, Ops::create(u"a"_s, 2, 99));
    QCOMPARE(m_model->stagedAt(1).rowId, id);
}

void TestStagingUndo::editToTheSameOperationAddsNoStep()
{
    stageEach({Ops::declare(u"a"_s)});
    const int steps = m_model->undoStack()->count();
    LCB_VERIFY_OK(m_model->edit(m_model->stagedAt(0).rowId, Ops::declare(u"a"_s)));
    QCOMPARE(m_model->undoStack()->count(), steps);
}

void TestStagingUndo::discardAllIsOneStep()
{
    const Operations staged{Ops::declare(u"a"_s), Ops::create(u"a"_s, 1), Ops::deregister(u"b"_s)};
    stageEach(staged);
    const QList<quint64> ids = rowIds(*m_model);
    LCB_VERIFY_OK(m_model->discardAll());
    QCOMPARE(m_model->count(), 0);
    QCOMPARE(m_model->undoStack()->undoText(), u"Discard all staged changes"_s);
    LCB_VERIFY_OK(m_model->undo()); // one step brings everything back
    QCOMPARE(m_model->operations(), staged);
    QCOMPARE(rowIds(*m_model), ids);
    LCB_VERIFY_OK(m_model->redo());
    QCOMPARE(m_model->count(), 0);
}

void TestStagingUndo::stageAllIsOneStep()
{
    stageEach({Ops::declare(u"a"_s)});
    const Operations imported{Ops::create(u"a"_s, 1), Ops::create(u"a"_s, 2)};
    LCB_VERIFY_OK(m_model->stageAll(imported, u"Import 2 operations from batch.json"_s));
    QCOMPARE(m_model->operations(), Operations{Ops::declare(u"a"_s)} + imported);
    QCOMPARE(m_model->undoStack()->undoText(), u"Import 2 operations from batch.json"_s);
    LCB_VERIFY_OK(m_model->undo());
    QCOMPARE(m_model->operations(), Operations{Ops::declare(u"a"_s)});
    LCB_VERIFY_OK(m_model->redo());
    QCOMPARE(m_model->count(), 3);
}

void TestStagingUndo::everyUndoAndRedoIsAChange()
{
    QSignalSpy changed(m_model.get(), &PendingChanges::changed);
    QSignalSpy undoState(m_model.get(), &PendingChanges::undoStateChanged);
    stageEach({Ops::declare(u"a"_s)});
    QVERIFY(undoState.count() >= 1); // canUndo became true
    QVERIFY(m_model->canUndo());
    LCB_VERIFY_OK(m_model->undo());
    LCB_VERIFY_OK(m_model->redo());
    QCOMPARE(changed.count(), 3);
}

void TestStagingUndo::deregisterOfADeclaredTableCancelsOut()
{
    stageEach({Ops::declare(u"ns$new"_s), Ops::create(u"ns$other"_s, 3)});
    const QList<quint64> ids = rowIds(*m_model);
    const int steps = m_model->undoStack()->count();
    LCB_VERIFY_OK(m_model->stage(Ops::deregister(u"ns$new"_s)));
    // The declaration is gone and the deregistration was not added, in one step.
    QCOMPARE(m_model->operations(), Operations{Ops::create(u"ns$other"_s, 3)});
    QCOMPARE(m_model->undoStack()->count(), steps + 1);
    QCOMPARE(m_model->undoStack()->undoText(), u"Take back the declaration of ns$new"_s);
    LCB_VERIFY_OK(m_model->undo());
    QCOMPARE(m_model->operations(),
             (Operations{Ops::declare(u"ns$new"_s), Ops::create(u"ns$other"_s, 3)}));
    QCOMPARE(rowIds(*m_model), ids);
    LCB_VERIFY_OK(m_model->redo());
    QCOMPARE(m_model->operations(), Operations{Ops::create(u"ns$other"_s, 3)});
}

void TestStagingUndo::deregisterStagesWhenMoreThanADeclarationIsStaged()
{
    stageEach({Ops::declare(u"t"_s), Ops::create(u"t"_s, 1), Ops::deregister(u"t"_s)});
    QCOMPARE(m_model->count(), 3);
    // The row before the deregistration says it is undone by it.
    QVERIFY(!m_model->problemsAt(0).isEmpty());
}

void TestStagingUndo::deregisterStagesForATableKnownToExist()
{
    KnownState known;
    known.setTables(Ops::table(u"ns"_s), {u"t"_s});
    m_model->setKnownState(known);
    stageEach({Ops::declare(u"ns$t"_s), Ops::deregister(u"ns$t"_s)});
    QCOMPARE(m_model->count(), 2);
}

void TestStagingUndo::deleteOfStagedVersionsCancelsOut()
{
    stageEach({Ops::create(u"t"_s, 5), Ops::create(u"u"_s, 1), Ops::create(u"t"_s, 6)});
    const QList<quint64> ids = rowIds(*m_model);
    LCB_VERIFY_OK(m_model->stage(Ops::remove(u"t"_s, 5, 7)));
    QCOMPARE(m_model->operations(), Operations{Ops::create(u"u"_s, 1)});
    QCOMPARE(m_model->undoStack()->undoText(), u"Take back versions 5\u20136 of t"_s);
    LCB_VERIFY_OK(m_model->undo());
    QCOMPARE(m_model->operations(),
             (Operations{Ops::create(u"t"_s, 5), Ops::create(u"u"_s, 1), Ops::create(u"t"_s, 6)}));
    QCOMPARE(rowIds(*m_model), ids);
    LCB_VERIFY_OK(m_model->redo());
    QCOMPARE(m_model->count(), 1);
}

void TestStagingUndo::deleteCancelsOutOnlyWhenNothingElseIsCovered_data()
{
    QTest::addColumn<Operations>("staged");
    QTest::addColumn<Operation>("remove");
    QTest::addColumn<QList<qint64>>("knownVersions"); // empty: unknown
    QTest::addColumn<int>("countAfter");
    const Operations two{Ops::create(u"t"_s, 5), Ops::create(u"t"_s, 6)};
    QTest::newRow("unknown versions, range may cover more")
        << two << Ops::remove(u"t"_s, 4, 7) << QList<qint64>{} << 3;
    QTest::newRow("unknown versions, through the latest")
        << two << Ops::remove(u"t"_s, 5, -1) << QList<qint64>{} << 3;
    QTest::newRow("known versions below the range, through the latest")
        << two << Ops::remove(u"t"_s, 5, -1) << QList<qint64>{1, 2, 3, 4} << 0;
    QTest::newRow("known versions, gap in the range")
        << two << Ops::remove(u"t"_s, 2, 10) << QList<qint64>{1} << 0;
    QTest::newRow("a known version in the range")
        << two << Ops::remove(u"t"_s, 4, -1) << QList<qint64>{1, 2, 3, 4} << 3;
    QTest::newRow("only one of two staged versions")
        << two << Ops::remove(u"t"_s, 6, 7) << QList<qint64>{} << 1;
    QTest::newRow("no staged version in the range")
        << two << Ops::remove(u"t"_s, 1, 3) << QList<qint64>{} << 3;
    QTest::newRow("range ending before its start")
        << two << Ops::remove(u"t"_s, 7, 5) << QList<qint64>{} << 3;
    QTest::newRow("table declared in this batch")
        << Operations{Ops::declare(u"t"_s), Ops::create(u"t"_s, 1), Ops::create(u"t"_s, 2)}
        << Ops::remove(u"t"_s, 0, -1) << QList<qint64>{} << 1;
    QTest::newRow("another table") << two << Ops::remove(u"u"_s, 5, 7) << QList<qint64>{} << 3;
}

void TestStagingUndo::deleteCancelsOutOnlyWhenNothingElseIsCovered()
{
    QFETCH(Operations, staged);
    QFETCH(Operation, remove);
    QFETCH(QList<qint64>, knownVersions);
    QFETCH(int, countAfter);
    if (!knownVersions.isEmpty()) {
        KnownState known;
        known.setVersions(Ops::table(u"t"_s), knownVersions);
        m_model->setKnownState(known);
    }
    stageEach(staged);
    LCB_VERIFY_OK(m_model->stage(remove));
    QCOMPARE(m_model->count(), countAfter);
    LCB_VERIFY_OK(m_model->undo());
    QCOMPARE(m_model->operations(), staged);
}

LCB_TEST_GUILESS_MAIN(TestStagingUndo)
#include "TestStagingUndo.moc"
