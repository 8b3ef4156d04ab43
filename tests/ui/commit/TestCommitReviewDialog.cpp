// SPDX-License-Identifier: Apache-2.0
// The review before a commit: the summary, the exact body (which the real `lance-catalog
// commit --dry-run` accepts once saved), and the typed confirmation a production catalog needs.
#include "CliRun.h"
#include "ScriptedPrompter.h"
#include "TestRegistry.h"
#include "api/JsonCodec.h"
#include "ui/commit/CommitReviewDialog.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScreen>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace Qt::StringLiterals;
using lance::api::Identifier;
using lance::ui::CommitReviewDialog;

class TestCommitReviewDialog : public QObject
{
    Q_OBJECT

private slots:
    void showsTheSummaryAndTheExactBody();
    void theSavedBodyIsAcceptedByTheCommandLine();
    void productionNeedsTheNameTyped();
    void fitsTheScreenAndCutsNoLine();

private:
    static lance::api::BatchCommitTablesRequest batch();
    static QList<CommitReviewDialog::Line> lines()
    {
        return {{u"Declare table"_s, u"sales$orders"_s, QString(), {}},
                {u"Create version"_s, u"sales$orders"_s, u"version 1"_s, {}}};
    }
};

lance::api::BatchCommitTablesRequest TestCommitReviewDialog::batch()
{
    lance::api::DeclareTableRequest declare;
    declare.id = Identifier({u"sales"_s, u"orders"_s});
    lance::api::CreateTableVersionRequest version;
    version.id = declare.id;
    version.version = 1;
    version.manifestPath = u"lake/orders.lance/_versions/1.manifest"_s;
    lance::api::BatchCommitTablesRequest request;
    request.operations = {declare, version};
    return request;
}

void TestCommitReviewDialog::showsTheSummaryAndTheExactBody()
{
    lance::test::ScriptedPrompter prompter;
    CommitReviewDialog dialog(batch(), lines(), u"Team server"_s, QString(), prompter);
    QCOMPARE(dialog.findChild<QTreeWidget *>(u"summaryTree"_s)->topLevelItemCount(), 2);
    const QString shown = dialog.findChild<QPlainTextEdit *>(u"jsonView"_s)->toPlainText();
    QCOMPARE(shown.toUtf8(), dialog.body());
    QVERIFY(shown.contains(u"\"declare_table\""_s));
    QVERIFY(shown.contains(u"\"create_table_version\""_s));
    QVERIFY(dialog.isCommitEnabled());

    QTest::mouseClick(dialog.findChild<QPushButton *>(u"copyJsonButton"_s), Qt::LeftButton);
    QCOMPARE(QApplication::clipboard()->text(), shown);

    QVERIFY(!dialog.skipReviewNextTime());
    dialog.findChild<QCheckBox *>(u"skipReviewCheck"_s)->setChecked(true);
    QVERIFY(dialog.skipReviewNextTime());
}

void TestCommitReviewDialog::theSavedBodyIsAcceptedByTheCommandLine()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(u"batch.json"_s);
    lance::test::ScriptedPrompter prompter;
    prompter.answerText(file);
    CommitReviewDialog dialog(batch(), lines(), u"Team server"_s, QString(), prompter);
    QTest::mouseClick(dialog.findChild<QPushButton *>(u"saveJsonButton"_s), Qt::LeftButton);
    QCOMPARE(prompter.asked(), QStringList{u"Save the Request Body"_s});

    const lance::test::CliRun run = lance::test::CliRun::run(
        {u"--local"_s, dir.filePath(u"catalog"_s), u"commit"_s, file, u"--dry-run"_s});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    // What the command line would send is exactly the reviewed batch.
    QCOMPARE(run.out.trimmed().toUtf8(), lance::api::json::encode(batch()));
}

void TestCommitReviewDialog::productionNeedsTheNameTyped()
{
    lance::test::ScriptedPrompter prompter;
    CommitReviewDialog dialog(batch(), lines(), u"Lake (production)"_s, u"lake-prod"_s, prompter);
    auto *confirm = dialog.findChild<QLineEdit *>(u"confirmEdit"_s);
    QVERIFY(!dialog.isCommitEnabled());
    // The name is typed first: the field has the focus as the dialog opens.
    dialog.show();
    QVERIFY(QTest::qWaitForWindowActive(&dialog));
    QTRY_COMPARE(QApplication::focusWidget(), confirm);
    QVERIFY(!dialog.findChild<QCheckBox *>(u"skipReviewCheck"_s)->isVisibleTo(&dialog));
    QTest::keyClicks(confirm, u"lake-pro"_s);
    QVERIFY(!dialog.isCommitEnabled());
    QTest::keyClicks(confirm, u"d"_s);
    QVERIFY(dialog.isCommitEnabled());
    QVERIFY(!dialog.skipReviewNextTime()); // production is never skipped
}

// A steward's walk: the review was a fixed 720 x 560 and cut long lines at any size.
void TestCommitReviewDialog::fitsTheScreenAndCutsNoLine()
{
    const QString longSummary
        = u"restore 1 as 4: what version 1 held (2 rows in 1 fragment, 1.2 KiB), instead of "
          "what version 3 holds (5 rows in 3 fragments, 2.7 KiB); the manifest is written at "
          "the commit"_s;
    const QString warning
        = u"Version 4's manifest lies outside the table's _versions folder, so the catalog "
          "would refuse it; choose a manifest of this table instead."_s;
    QList<CommitReviewDialog::Line> lines = this->lines();
    lines.append({u"Restore version"_s, u"sales$orders"_s, longSummary, {warning}});
    lance::test::ScriptedPrompter prompter;
    QWidget parent;
    parent.resize(400, 300);
    CommitReviewDialog dialog(batch(), lines, u"Team server"_s, QString(), prompter, &parent);
    const QSize available = parent.screen()->availableGeometry().size();
    QVERIFY2(dialog.width() <= available.width() && dialog.height() <= available.height(),
             qPrintable(u"%1 x %2 on %3 x %4"_s.arg(dialog.width())
                            .arg(dialog.height())
                            .arg(available.width())
                            .arg(available.height())));
    // Made narrow, the long lines wrap (their rows grow) and are whole in their tooltips.
    dialog.resize(dialog.minimumSizeHint().width(), dialog.height());
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *summary = dialog.findChild<QTreeWidget *>(u"summaryTree"_s);
    QVERIFY(summary->wordWrap());
    const QTreeWidgetItem *line = summary->topLevelItem(2);
    QCOMPARE(line->toolTip(3), longSummary);
    QCOMPARE(line->child(0)->toolTip(0), warning);
    const int oneLine = summary->fontMetrics().height();
    QTRY_VERIFY2(
        summary->visualItemRect(line).height() >= 2 * oneLine,
        qPrintable(u"%1 px for a line of %2 px"_s.arg(summary->visualItemRect(line).height())
                       .arg(oneLine)));
    QVERIFY(summary->visualItemRect(line->child(0)).height() >= 2 * oneLine);
    if (qEnvironmentVariableIsSet("LCB_SCREENSHOT_DIR")) {
        QVERIFY(dialog.grab().save(qEnvironmentVariable("LCB_SCREENSHOT_DIR")
                                   + u"/review-narrow.png"_s));
    }
    // Made wide again, they take one line each.
    dialog.resize(1600, dialog.height());
    QTRY_VERIFY(summary->visualItemRect(line).height() < 2 * oneLine);
}

LCB_TEST_MAIN(TestCommitReviewDialog)
#include "TestCommitReviewDialog.moc"
