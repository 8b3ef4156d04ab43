// SPDX-License-Identifier: Apache-2.0
// StagingCheck, rule by rule: what it blocks, what it warns about, the row it names, and that
// an unknown catalog state never makes a problem. Hundreds of rows stay cheap.
#include "StagingOperations.h"
#include "TestRegistry.h"
#include "staging/StagingCheck.h"

#include <QElapsedTimer>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::api::Identifier;
using lance::staging::KnownState;
using lance::staging::StagingCheck;
using lance::staging::StagingProblem;
using Ops = lance::test::StagingOperations;
using Operation = lance::api::CommitTableOperation;
using Operations = QList<Operation>;
using Severity = StagingProblem::Severity;

namespace {

using Problems = QList<QList<StagingProblem>>;

Problems check(const Operations &operations, const KnownState &known = {},
               const QString &delimiter = u"$"_s)
{
    return StagingCheck::check(operations, known, delimiter);
}

// The one problem of `row`, failing the test when there is not exactly one.
StagingProblem only(const Problems &problems, qsizetype row)
{
    if (problems.at(row).size() != 1) {
        qWarning() << "row" << row << "has" << problems.at(row).size() << "problems";
        return StagingProblem{Severity::Warning, u"<not exactly one problem>"_s};
    }
    return problems.at(row).first();
}

bool isClean(const Problems &problems)
{
    return std::all_of(problems.cbegin(), problems.cend(),
                       [](const QList<StagingProblem> &row) { return row.isEmpty(); });
}

Operation withId(Operation operation, const Identifier &id)
{
    std::visit([&id](auto &request) { request.id = id; }, operation);
    return operation;
}

} // namespace

class TestStagingCheck : public QObject
{
    Q_OBJECT

private slots:
    void aGoodBatchHasNoProblems();
    void invalidNamesBlock_data();
    void invalidNamesBlock();
    void theDelimiterDecidesWhatIsValid();
    void validatorRulesBlock_data();
    void validatorRulesBlock();
    void twoOperationsCreatingOneVersionBlockBoth();
    void aKnownVersionBlocks();
    void aRangeEndingBeforeItStartsBlocks();
    void aRangeMatchingNothingKnownWarns();
    void deletingTheLatestOrEveryVersionWarns();
    void eachOperationIsCheckedOnItsOwnBranch();
    void operationsAfterADeregistrationBlock();
    void operationsBeforeADeregistrationWarn();
    void declaringAKnownTableBlocks();
    void declaringTwiceBlocks();
    void tablesKnownToBeMissingBlock();
    void unknownStateMakesNoProblem();
    void blockingProblemsComeFirst();
    void hundredsOfRowsStayCheap();
};

void TestStagingCheck::aGoodBatchHasNoProblems()
{
    KnownState known;
    known.setTables(Ops::table(u"ns"_s), {u"t"_s});
    known.setVersions(Ops::table(u"ns$t"_s), {1, 2, 3});
    const Problems problems = check({Ops::declare(u"ns$new"_s), Ops::create(u"ns$new"_s, 1),
                                     Ops::create(u"ns$t"_s, 4), Ops::remove(u"ns$t"_s, 1, 3)},
                                    known);
    QCOMPARE(problems.size(), 4);
    QVERIFY(isClean(problems));
}

void TestStagingCheck::invalidNamesBlock_data()
{
    QTest::addColumn<Identifier>("id");
    QTest::addColumn<QString>("message");
    QTest::newRow("root") << Identifier() << u"No table is named; choose one."_s;
    QTest::newRow("empty name") << Identifier({u"ns"_s, QString()})
                                << u"The table identifier is not valid: a name is empty."_s;
    QTest::newRow("delimiter in a name")
        << Identifier({u"a$b"_s})
        << u"The table identifier is not valid: the name \"a$b\" contains the delimiter \"$\"."_s;
    QTest::newRow("control character")
        << Identifier({u"a\tb"_s}) << u"The table identifier is not valid: the name"_s;
}

void TestStagingCheck::invalidNamesBlock()
{
    QFETCH(Identifier, id);
    QFETCH(QString, message);
    for (const Operation &operation : {Ops::declare(u"x"_s), Ops::create(u"x"_s, 1),
                                       Ops::remove(u"x"_s, 1, 2), Ops::deregister(u"x"_s)}) {
        const StagingProblem problem = only(check({withId(operation, id)}), 0);
        QCOMPARE(problem.severity, Severity::Blocking);
        QVERIFY2(problem.message.startsWith(message), qPrintable(problem.message));
    }
}

void TestStagingCheck::theDelimiterDecidesWhatIsValid()
{
    const Operation dotted = withId(Ops::declare(u"x"_s), Identifier({u"v1.2"_s}));
    QVERIFY(isClean(check({dotted}, {}, u"$"_s)));
    QVERIFY(only(check({dotted}, {}, u"."_s), 0).message.contains(u"delimiter \".\""_s));
}

void TestStagingCheck::validatorRulesBlock_data()
{
    QTest::addColumn<Operation>("operation");
    QTest::addColumn<QString>("message");
    auto emptyManifest = std::get<lance::api::CreateTableVersionRequest>(Ops::create(u"t"_s, 1));
    emptyManifest.manifestPath = u"  "_s;
    QTest::newRow("empty manifest path")
        << Operation(emptyManifest) << u"The manifest path is empty."_s;
    QTest::newRow("negative version")
        << Ops::create(u"t"_s, -1) << u"The version -1 is negative."_s;
    QTest::newRow("negative size")
        << Ops::create(u"t"_s, 1, -5) << u"The manifest size -5 is negative."_s;
    QTest::newRow("no ranges") << Ops::removeRanges(u"t"_s, {}) << u"No version ranges"_s;
    QTest::newRow("negative start") << Ops::remove(u"t"_s, -2, 3) << u"Ranges[0] starts at -2"_s;
    QTest::newRow("empty location")
        << Ops::declare(u"t"_s, QString()) << u"The location is empty; leave it out"_s;
}

void TestStagingCheck::validatorRulesBlock()
{
    QFETCH(Operation, operation);
    QFETCH(QString, message);
    const StagingProblem problem = only(check({operation}), 0);
    QCOMPARE(problem.severity, Severity::Blocking);
    QVERIFY2(problem.message.startsWith(message), qPrintable(problem.message));
}

void TestStagingCheck::twoOperationsCreatingOneVersionBlockBoth()
{
    const Problems problems
        = check({Ops::create(u"ns$t"_s, 7), Ops::create(u"ns$u"_s, 7), Ops::create(u"ns$t"_s, 7)});
    QCOMPARE(only(problems, 0).severity, Severity::Blocking);
    QCOMPARE(only(problems, 0).message,
             u"Row 3 also creates version 7 of ns$t; each version can be created once."_s);
    QVERIFY(problems.at(1).isEmpty());
    QCOMPARE(only(problems, 2).message,
             u"Row 1 also creates version 7 of ns$t; each version can be created once."_s);
}

void TestStagingCheck::aKnownVersionBlocks()
{
    KnownState known;
    known.setVersions(Ops::table(u"t"_s), {1, 2, 3});
    const Problems problems
        = check({Ops::create(u"t"_s, 3), Ops::create(u"t"_s, 5), Ops::create(u"t"_s, 4)}, known);
    QCOMPARE(only(problems, 0).severity, Severity::Blocking);
    // The next free version counts what the batch creates as well.
    QCOMPARE(only(problems, 0).message,
             u"Version 3 of t already exists in the catalog; the next free version is 6."_s);
    QVERIFY(problems.at(1).isEmpty());
    QVERIFY(problems.at(2).isEmpty());
    // Deleted earlier in the batch: created again, no problem (the delete, of the latest,
    // warns on its own row).
    const Problems again = check({Ops::remove(u"t"_s, 3, -1), Ops::create(u"t"_s, 3)}, known);
    QCOMPARE(only(again, 0).severity, Severity::Warning);
    QVERIFY(again.at(1).isEmpty());
    // Unknown versions: no problem.
    QVERIFY(isClean(check({Ops::create(u"t"_s, 3)})));
}

void TestStagingCheck::aRangeEndingBeforeItStartsBlocks()
{
    for (const Operation &operation : {Ops::remove(u"t"_s, 5, 3), Ops::remove(u"t"_s, 5, 5)}) {
        const StagingProblem problem = only(check({operation}), 0);
        QCOMPARE(problem.severity, Severity::Blocking);
        QVERIFY2(problem.message.startsWith(u"The range from 5 to "_s),
                 qPrintable(problem.message));
        QVERIFY(problem.message.contains(u"ends before it starts"_s));
    }
    QVERIFY(isClean(check({Ops::remove(u"t"_s, 5, -1), Ops::remove(u"u"_s, 5, 6)})));
}

void TestStagingCheck::aRangeMatchingNothingKnownWarns()
{
    KnownState known;
    known.setVersions(Ops::table(u"t"_s), {1, 2});
    known.setDeclaredOnly(Ops::table(u"d"_s));
    const Problems problems = check({Ops::remove(u"t"_s, 5, -1), Ops::remove(u"t"_s, 1, 2),
                                     Ops::remove(u"d"_s, 0, -1), Ops::remove(u"u"_s, 9, 10)},
                                    known);
    QCOMPARE(only(problems, 0).severity, Severity::Warning);
    QCOMPARE(only(problems, 0).message,
             u"No known version of t is in versions 5 through the latest; nothing would be "
             "deleted."_s);
    QVERIFY(problems.at(1).isEmpty());
    QCOMPARE(only(problems, 2).severity, Severity::Warning); // declared only: no versions
    QVERIFY(problems.at(3).isEmpty());                       // u's versions are unknown
    // A version the batch creates before the delete is something to delete.
    QVERIFY(isClean(
        check({Ops::create(u"t"_s, 5), Ops::create(u"t"_s, 6), Ops::remove(u"t"_s, 5, 6)}, known)));
    // A version an earlier row deletes is no longer there to delete.
    const Problems twice = check({Ops::remove(u"t"_s, 1, 2), Ops::remove(u"t"_s, 1, 2)}, known);
    QVERIFY(twice.at(0).isEmpty());
    QVERIFY2(only(twice, 1).message.contains(u"nothing would be deleted"_s),
             qPrintable(only(twice, 1).message));
}

void TestStagingCheck::deletingTheLatestOrEveryVersionWarns()
{
    KnownState known;
    known.setVersions(Ops::table(u"t"_s), {1, 2, 3});
    known.setVersions(Ops::table(u"only"_s), {3});
    const Problems problems
        = check({Ops::remove(u"t"_s, 3, 4), Ops::remove(u"only"_s, 3, 4)}, known);
    QCOMPARE(only(problems, 0).severity, Severity::Warning);
    QCOMPARE(only(problems, 0).message,
             u"This deletes version 3, the latest of t; readers will see version 2 instead."_s);
    QCOMPARE(only(problems, 1).severity, Severity::Warning);
    QCOMPARE(only(problems, 1).message,
             u"This deletes every version of only (1 version); the table stays registered with "
             "nothing left to read."_s);
    // Through the latest deletes the latest; a gap below it keeps the newest version left.
    QCOMPARE(only(check({Ops::remove(u"t"_s, 2, -1)}, known), 0).message,
             u"This deletes version 3, the latest of t; readers will see version 1 instead."_s);
    QCOMPARE(only(check({Ops::remove(u"t"_s, 0, -1)}, known), 0).message,
             u"This deletes every version of t (3 versions); the table stays registered with "
             "nothing left to read."_s);
    // Versions staged before the delete count: the latest is then the staged one.
    QVERIFY(isClean(check({Ops::create(u"t"_s, 4), Ops::remove(u"t"_s, 3, 4)}, known)));
    QVERIFY(isClean(check({Ops::remove(u"t"_s, 1, 3)}, known)));
}

// A steward's walk: with a delete of main's versions 3-5 staged, opening a branch listed the
// branch's versions, and main's delete was then checked against them ("nothing would be
// deleted") while the commit deleted all three.
void TestStagingCheck::eachOperationIsCheckedOnItsOwnBranch()
{
    const auto onBranch = [](Operation operation, const QString &branch) {
        std::visit(
            [&](auto &request) {
                if constexpr (requires { request.branch; }) {
                    request.branch = branch;
                }
            },
            operation);
        return operation;
    };
    KnownState known;
    known.setVersions(Ops::table(u"t"_s), {1, 2, 3, 4, 5, 6});
    known.setVersions(Ops::table(u"t"_s), {1, 2}, u"exp"_s);
    // Main's delete is checked against main's versions only.
    QVERIFY(isClean(check({Ops::remove(u"t"_s, 3, 6)}, known)));
    QVERIFY(known.versionsOf(Ops::table(u"t"_s), u"main"_s)->contains(6)); // "main" is main
    // The branch's own operations against the branch's versions, named with their branch.
    const Problems branch = check({onBranch(Ops::remove(u"t"_s, 3, 6), u"exp"_s),
                                   onBranch(Ops::create(u"t"_s, 2), u"exp"_s),
                                   onBranch(Ops::create(u"t"_s, 3), u"exp"_s)},
                                  known);
    QCOMPARE(only(branch, 0).message,
             u"No known version of t (branch exp) is in versions 3–5; nothing would be "
             "deleted."_s);
    QCOMPARE(only(branch, 1).severity, Severity::Blocking);
    QCOMPARE(only(branch, 1).message,
             u"Version 2 of t (branch exp) already exists in the catalog; the next free version "
             "is 4."_s);
    QVERIFY(branch.at(2).isEmpty());
    // A branch whose versions were never listed is unknown, so nothing is a problem there.
    QVERIFY(isClean(check({onBranch(Ops::remove(u"t"_s, 3, 6), u"other"_s)}, known)));
    // Forgetting the table forgets every branch of it.
    known.forget(Ops::table(u"t"_s));
    QVERIFY(!known.versionsOf(Ops::table(u"t"_s), u"exp"_s));
    QVERIFY(!known.versionsOf(Ops::table(u"t"_s)));
}

void TestStagingCheck::operationsAfterADeregistrationBlock()
{
    const Problems problems = check({Ops::deregister(u"ns$t"_s), Ops::create(u"ns$t"_s, 5),
                                     Ops::remove(u"ns$t"_s, 1, 2), Ops::deregister(u"ns$t"_s)});
    QVERIFY(problems.at(0).isEmpty());
    QCOMPARE(only(problems, 1).severity, Severity::Blocking);
    QCOMPARE(only(problems, 1).message,
             u"Row 1 deregisters ns$t before this operation, which would then fail; move it "
             "after row 1 or remove it."_s);
    QCOMPARE(only(problems, 2).severity, Severity::Blocking);
    QCOMPARE(only(problems, 3).message,
             u"Row 1 already deregisters ns$t; remove one of the two."_s);
    // Declared again after the deregistration: a new table, a warning only.
    const Problems again
        = check({Ops::deregister(u"t"_s), Ops::declare(u"t"_s), Ops::create(u"t"_s, 1)});
    QCOMPARE(only(again, 1).severity, Severity::Warning);
    QVERIFY(only(again, 1).message.contains(u"declares it again as a new table"_s));
    QVERIFY(again.at(2).isEmpty());
}

void TestStagingCheck::operationsBeforeADeregistrationWarn()
{
    const Problems problems
        = check({Ops::declare(u"t"_s), Ops::create(u"t"_s, 1), Ops::deregister(u"t"_s)});
    for (const qsizetype row : {0, 1}) {
        QCOMPARE(only(problems, row).severity, Severity::Warning);
        QCOMPARE(only(problems, row).message,
                 u"Row 3 deregisters t later in this batch, which undoes this change; remove one "
                 "of them unless that is intended."_s);
    }
    QVERIFY(problems.at(2).isEmpty());
}

void TestStagingCheck::declaringAKnownTableBlocks()
{
    KnownState known;
    known.setTables(Ops::table(u"ns"_s), {u"t"_s});
    known.setDeclaredOnly(Ops::table(u"other$d"_s));
    const Problems problems = check(
        {Ops::declare(u"ns$t"_s), Ops::declare(u"ns$new"_s), Ops::declare(u"other$d"_s)}, known);
    QCOMPARE(only(problems, 0).severity, Severity::Blocking);
    QCOMPARE(only(problems, 0).message,
             u"ns$t already exists in the catalog; choose another name."_s);
    QVERIFY(problems.at(1).isEmpty());
    QCOMPARE(only(problems, 2).severity, Severity::Blocking);
}

void TestStagingCheck::declaringTwiceBlocks()
{
    const Problems problems = check({Ops::declare(u"t"_s), Ops::declare(u"t"_s)});
    QCOMPARE(only(problems, 0).message,
             u"Row 2 also declares t; a batch can declare a table only once."_s);
    QCOMPARE(only(problems, 1).severity, Severity::Blocking);
}

void TestStagingCheck::tablesKnownToBeMissingBlock()
{
    KnownState known;
    known.setTables(Ops::table(u"ns"_s), {u"t"_s});
    const Problems problems = check({Ops::create(u"ns$gone"_s, 1), Ops::deregister(u"ns$other"_s),
                                     Ops::declare(u"ns$new"_s), Ops::create(u"ns$new"_s, 1)},
                                    known);
    QCOMPARE(only(problems, 0).severity, Severity::Blocking);
    QCOMPARE(only(problems, 0).message,
             u"ns$gone does not exist in the catalog and is not declared earlier in this batch."_s);
    QCOMPARE(problems.at(1).size(), 1);
    QVERIFY(problems.at(2).isEmpty());
    QVERIFY(problems.at(3).isEmpty());
}

void TestStagingCheck::unknownStateMakesNoProblem()
{
    // The same batch that blocks with a known state is clean without one.
    const Operations batch{Ops::declare(u"ns$t"_s), Ops::create(u"ns$x"_s, 3),
                           Ops::remove(u"ns$y"_s, 7, -1), Ops::deregister(u"ns$z"_s)};
    QVERIFY(isClean(check(batch)));
    KnownState known;
    known.setTables(Ops::table(u"ns"_s), {u"t"_s, u"x"_s, u"y"_s});
    known.setVersions(Ops::table(u"ns$x"_s), {3});
    known.setVersions(Ops::table(u"ns$y"_s), {1});
    const Problems problems = check(batch, known);
    for (qsizetype row = 0; row < batch.size(); ++row) {
        QCOMPARE(problems.at(row).size(), 1);
    }
    known.forget(Ops::table(u"ns"_s));
    known.forget(Ops::table(u"ns$x"_s));
    known.forget(Ops::table(u"ns$y"_s));
    QVERIFY(known.isEmpty());
}

void TestStagingCheck::blockingProblemsComeFirst()
{
    KnownState known;
    known.setVersions(Ops::table(u"t"_s), {1});
    const Problems problems = check({Ops::create(u"t"_s, 1), Ops::deregister(u"t"_s)}, known);
    QCOMPARE(problems.at(0).size(), 2);
    QCOMPARE(problems.at(0).at(0).severity, Severity::Blocking);
    QCOMPARE(problems.at(0).at(1).severity, Severity::Warning);
}

void TestStagingCheck::hundredsOfRowsStayCheap()
{
    KnownState known;
    QStringList tables;
    for (int i = 0; i < 500; ++i) {
        tables << u"t%1"_s.arg(i);
    }
    known.setTables(Ops::table(u"ns"_s), tables);
    Operations batch;
    for (int i = 0; i < 5000; ++i) {
        batch << Ops::create(u"ns$t%1"_s.arg(i % 500), i / 500 + 1);
    }
    batch << Ops::create(u"ns$t0"_s, 1); // a duplicate of row 1
    QElapsedTimer timer;
    timer.start();
    const Problems problems = check(batch, known);
    // Linear: a few milliseconds here. A check that compared every pair would take seconds.
    QVERIFY2(timer.elapsed() < 2000, qPrintable(QString::number(timer.elapsed())));
    QCOMPARE(only(problems, 0).message,
             u"Row 5001 also creates version 1 of ns$t0; each version can be created once."_s);
    QCOMPARE(std::count_if(problems.cbegin(), problems.cend(),
                           [](const QList<StagingProblem> &row) { return !row.isEmpty(); }),
             2);
}

LCB_TEST_GUILESS_MAIN(TestStagingCheck)
#include "TestStagingCheck.moc"
