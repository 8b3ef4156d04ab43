// SPDX-License-Identifier: Apache-2.0
// The conflict dialog: the server's answer, the conflicting operations marked among all
// staged ones, and the four ways on (closing it keeps everything staged).
#include "TestRegistry.h"
#include "api/ErrorCode.h"
#include "ui/commit/ConflictDialog.h"

#include <QLabel>
#include <QPushButton>
#include <QTest>
#include <QTreeWidget>

using namespace Qt::StringLiterals;
using lance::commit::CommitOutcome;
using lance::ui::ConflictDialog;

class TestConflictDialog : public QObject
{
    Q_OBJECT

private slots:
    void showsTheServerAndMarksTheConflicts();
    void everyButtonAnswersItsChoice_data();
    void everyButtonAnswersItsChoice();
    void withoutKnownConflictsOnlySafeWaysAreOffered();

private:
    static CommitOutcome conflict(bool withIndex)
    {
        lance::api::BatchCommitTablesRequest request;
        for (const QString &name : {u"a"_s, u"b"_s, u"c"_s}) {
            lance::api::DeclareTableRequest declare;
            declare.id = lance::api::Identifier({name});
            request.operations.append(declare);
        }
        CommitOutcome outcome = CommitOutcome::fromError(
            lance::api::ApiError::catalog(lance::api::ErrorCode::TableAlreadyExists,
                                          u"Table b already exists"_s, u"BatchCommitTables"_s),
            request);
        if (withIndex) {
            outcome.setConflicts(
                {{1, u"operation 2 (declare b)"_s, u"b exists now"_s,
                  u"Declared with the location s3://x/b.lance and no properties."_s}});
        }
        return outcome;
    }
    static const QStringList operations()
    {
        return {u"declare a"_s, u"declare b"_s, u"declare c"_s};
    }
};

void TestConflictDialog::showsTheServerAndMarksTheConflicts()
{
    const CommitOutcome outcome = conflict(true);
    QCOMPARE(outcome.kind(), CommitOutcome::Kind::Conflict);
    ConflictDialog dialog(outcome, operations());
    const QString server = dialog.findChild<QLabel *>(u"serverMessage"_s)->text();
    QVERIFY2(server.contains(u"409"_s) && server.contains(u"Table b already exists"_s),
             qPrintable(server));
    auto *tree = dialog.findChild<QTreeWidget *>(u"conflictTree"_s);
    QCOMPARE(tree->topLevelItemCount(), 3);
    QCOMPARE(tree->topLevelItem(1)->text(2), u"b exists now"_s);
    // What the other side declared, beside the conflict.
    QCOMPARE(tree->topLevelItem(1)->text(3),
             u"Declared with the location s3://x/b.lance and no properties."_s);
    // The first conflict is current, and shown in full below the list.
    QCOMPARE(tree->currentItem(), tree->topLevelItem(1));
    QCOMPARE(dialog.findChild<QLabel *>(u"conflictDetails"_s)->text(),
             u"Conflict: b exists now\nOn the server now: Declared with the location "
             "s3://x/b.lance and no properties."_s);
    QVERIFY(tree->topLevelItem(0)->text(2).isEmpty());
    QVERIFY(tree->topLevelItem(2)->text(2).isEmpty());
}

void TestConflictDialog::everyButtonAnswersItsChoice_data()
{
    QTest::addColumn<QString>("button");
    QTest::addColumn<ConflictDialog::Choice>("choice");
    QTest::addColumn<int>("result");
    QTest::newRow("retry") << u"removeAndRetry"_s
                           << ConflictDialog::Choice::RemoveConflictingAndRetry
                           << int(QDialog::Accepted);
    QTest::newRow("refresh") << u"refreshAndReview"_s << ConflictDialog::Choice::RefreshAndReview
                             << int(QDialog::Accepted);
    QTest::newRow("keep") << u"keepStaged"_s << ConflictDialog::Choice::KeepStaged
                          << int(QDialog::Rejected);
    QTest::newRow("discard") << u"discardAll"_s << ConflictDialog::Choice::DiscardAll
                             << int(QDialog::Accepted);
}

void TestConflictDialog::everyButtonAnswersItsChoice()
{
    QFETCH(QString, button);
    QFETCH(ConflictDialog::Choice, choice);
    QFETCH(int, result);
    ConflictDialog dialog(conflict(true), operations());
    dialog.show();
    QTest::mouseClick(dialog.findChild<QPushButton *>(button), Qt::LeftButton);
    QCOMPARE(dialog.choice(), choice);
    QCOMPARE(dialog.result(), result);
}

void TestConflictDialog::withoutKnownConflictsOnlySafeWaysAreOffered()
{
    ConflictDialog dialog(conflict(false), operations());
    QVERIFY(!dialog.findChild<QPushButton *>(u"removeAndRetry"_s)->isEnabled());
    QVERIFY(dialog.findChild<QPushButton *>(u"keepStaged"_s)->isDefault());
    dialog.show();
    dialog.close(); // Escape or the window's close button: nothing changes
    QCOMPARE(dialog.choice(), ConflictDialog::Choice::KeepStaged);
}

LCB_TEST_MAIN(TestConflictDialog)
#include "TestConflictDialog.moc"
