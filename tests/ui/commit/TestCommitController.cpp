// SPDX-License-Identifier: Apache-2.0
// CommitController on its own: a real local catalog holding the LanceDB table `people`, its
// PendingChanges filled directly, a HeadlessWindow in place of the main window. The review and
// the conflict dialog are real, found among the host's children and answered.
#include "AwaitCall.h"
#include "HeadlessCatalog.h"
#include "PostedEvents.h"
#include "ScriptedPrompter.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "connection/CatalogConnection.h"
#include "settings/AppSettings.h"
#include "staging/PendingChanges.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/commit/CommitController.h"
#include "ui/commit/CommitReviewDialog.h"
#include "ui/commit/ConflictDialog.h"
#include "ui/common/MessageBanner.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTest>
#include <QTreeWidget>

using namespace Qt::StringLiterals;
using lance::api::Identifier;
using lance::test::HeadlessCatalog;
using lance::test::ScriptedPrompter;
using lance::ui::CommitController;
using Id = lance::ui::WindowActions::Id;
using Severity = lance::ui::MessageBanner::Severity;

class TestCommitController : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void theActionFollowsWhatIsStaged();
    void aCommitAppliesTheBatchAndSaysSo();
    void theReviewCanBeLeftWithoutSending();
    void warningsAreAlwaysReviewed();
    void theReviewSaysWhatStagedVersionsHold();
    void aConflictKeepsEverythingStaged();

private:
    std::unique_ptr<CommitController> makeController();
    QAction *commitAction() { return m_catalog->window().actions().action(Id::Commit); }
    bool tableExists(const QString &name);
    /// Commits and waits for the end; false when it did not end or did not commit.
    bool commitAndWait(CommitController &controller);

    std::unique_ptr<HeadlessCatalog> m_catalog;
    std::unique_ptr<QSettings> m_settings;
    std::unique_ptr<lance::staging::PendingChanges> m_changes;
    ScriptedPrompter m_prompter;
    const Identifier m_people{QStringList{u"people"_s}};
};

void TestCommitController::init()
{
    m_prompter = ScriptedPrompter();
    m_catalog = std::make_unique<HeadlessCatalog>();
    QVERIFY(m_catalog->open());
    m_settings = std::make_unique<QSettings>(
        QDir(m_catalog->stateFolder()).filePath(u"settings.ini"_s), QSettings::IniFormat);
    m_changes = std::make_unique<lance::staging::PendingChanges>(u"$"_s);
}

void TestCommitController::cleanup()
{
    m_changes.reset();
    m_settings.reset();
    m_catalog.reset();
}

std::unique_ptr<CommitController> TestCommitController::makeController()
{
    return std::make_unique<CommitController>(
        m_catalog->window(), m_catalog->session(), *m_changes, *m_settings,
        [this]() -> lance::ui::Prompter & { return m_prompter; }, m_catalog->stateFolder());
}

bool TestCommitController::tableExists(const QString &name)
{
    lance::api::TableExistsRequest request;
    request.id = Identifier(QStringList{name});
    const auto exists = lance::test::awaitCall(m_catalog->session().catalog(), request);
    return exists && exists->exists;
}

bool TestCommitController::commitAndWait(CommitController &controller)
{
    QSignalSpy finished(&controller, &CommitController::commitFinished);
    controller.commit();
    return finished.wait(10000) && finished.first().first().toBool();
}

void TestCommitController::theActionFollowsWhatIsStaged()
{
    auto controller = makeController();
    QVERIFY(!commitAction()->isEnabled());
    lance::api::DeregisterTableRequest deregister;
    deregister.id = m_people;
    LCB_VERIFY_OK(m_changes->stage(deregister));
    QVERIFY(commitAction()->isEnabled());
    m_changes->setFrozen(true); // a commit in flight
    QVERIFY(!commitAction()->isEnabled());
    m_changes->setFrozen(false);
    QVERIFY(commitAction()->isEnabled());
    controller.reset();
    QVERIFY(!commitAction()->isEnabled());
}

void TestCommitController::aCommitAppliesTheBatchAndSaysSo()
{
    lance::settings::AppSettings(*m_settings).setSkipCommitReview(true);
    auto controller = makeController();
    lance::api::DeregisterTableRequest deregister;
    deregister.id = m_people;
    LCB_VERIFY_OK(m_changes->stage(deregister));
    QVERIFY(tableExists(u"people"_s));
    QVERIFY(commitAndWait(*controller));
    QCOMPARE(m_changes->count(), 0);
    QVERIFY(!tableExists(u"people"_s));
    QCOMPARE(m_catalog->window().banner().severity(), Severity::Positive);
    QVERIFY2(m_catalog->window().bannerText().contains(u"1"_s),
             qPrintable(m_catalog->window().bannerText()));
    QVERIFY(m_catalog->window().statusHistory().contains(u"Committing 1 operation…"_s));
    // Every attempt is in the profile's audit log.
    const QStringList audits
        = QDir(m_catalog->stateFolder()).entryList({u"*.audit.jsonl"_s}, QDir::Files);
    QCOMPARE(audits.size(), 1);
}

void TestCommitController::theReviewCanBeLeftWithoutSending()
{
    auto controller = makeController();
    lance::api::DeregisterTableRequest deregister;
    deregister.id = m_people;
    LCB_VERIFY_OK(m_changes->stage(deregister));
    QSignalSpy finished(controller.get(), &CommitController::commitFinished);
    controller->commit();
    auto *review = m_catalog->window().dialogParent()->findChild<lance::ui::CommitReviewDialog *>();
    QVERIFY(review);
    QTRY_VERIFY(review->isVisible());
    review->reject();
    lance::test::PostedEvents::deliver(); // a send it queued would have come now
    QCOMPARE(finished.count(), 0);
    QCOMPARE(m_changes->count(), 1);
    QVERIFY(!m_changes->isFrozen());
    QVERIFY(tableExists(u"people"_s));
}

void TestCommitController::warningsAreAlwaysReviewed()
{
    // Even with the review turned off, a batch with a warning is shown before it is sent.
    lance::settings::AppSettings(*m_settings).setSkipCommitReview(true);
    auto controller = makeController();
    lance::staging::KnownState known;
    known.setVersions(m_people, {1, 2, 3});
    m_changes->setKnownState(known);
    lance::api::BatchDeleteTableVersionsRequest remove;
    remove.id = m_people;
    remove.ranges = {{3, 4}};
    LCB_VERIFY_OK(m_changes->stage(remove));
    QCOMPARE(m_changes->problemsAt(0).size(), 1); // deleting the latest: a warning, not a block
    QSignalSpy finished(controller.get(), &CommitController::commitFinished);
    controller->commit();
    auto *review = m_catalog->window().dialogParent()->findChild<lance::ui::CommitReviewDialog *>();
    QVERIFY(review);
    QTRY_VERIFY(review->isVisible());
    const auto *heading = review->findChild<QLabel *>(u"reviewHeading"_s);
    QVERIFY2(heading->text().contains(u"1 warning below: read it"_s), qPrintable(heading->text()));
    const auto *summary = review->findChild<QTreeWidget *>(u"summaryTree"_s);
    QTreeWidgetItem *row = summary->topLevelItem(0);
    QVERIFY(row->childCount() >= 1); // the warning first; what goes arrives after it
    QVERIFY2(row->child(0)->text(0).contains(u"the latest of people"_s),
             qPrintable(row->child(0)->text(0)));
    QVERIFY(row->isExpanded());
    QVERIFY(!row->icon(0).isNull());
    // What the delete takes away, listed and read from LanceDB's manifest after the review
    // opened: version 3's five rows, that no file goes, and then the two rows (dave and erin,
    // the append of version 3) that no version that stays holds, read from their data file.
    QTRY_COMPARE(row->childCount(), 4);
    QVERIFY2(row->child(1)->text(0).startsWith(u"Version 3: 5 rows in 3 fragments, "_s),
             qPrintable(row->child(1)->text(0)));
    QVERIFY2(row->child(1)->text(0).contains(u"; Append, written by lance 8.0.0"_s),
             qPrintable(row->child(1)->text(0)));
    QVERIFY(row->child(2)->text(0).startsWith(u"Only the version records go"_s));
    QVERIFY2(row->child(3)->text(0).startsWith(u"Rows only these versions hold, which no version "
                                               "that stays holds (by their place"_s)
                 && row->child(3)->text(0).endsWith(u"): 2:"_s),
             qPrintable(row->child(3)->text(0)));
    QTreeWidgetItem *leaving = row->child(3);
    QCOMPARE(leaving->childCount(), 2);
    QVERIFY(leaving->isExpanded());
    QCOMPARE(leaving->child(0)->text(0), u"_rowid 8589934592: id: 4, name: dave, age: 55"_s);
    QCOMPARE(leaving->child(1)->text(0), u"_rowid 8589934593: id: 5, name: erin, age: 19"_s);
    // Seen as a person sees it (into LCB_SCREENSHOT_DIR when set).
    const QString folder = qEnvironmentVariable("LCB_SCREENSHOT_DIR", m_catalog->stateFolder());
    QVERIFY(review->grab().toImage().save(QDir(folder).filePath(u"commit-review-delete.png"_s)));
    review->reject();
    lance::test::PostedEvents::deliver(); // a send it queued would have come now
    QCOMPARE(finished.count(), 0);
    QCOMPARE(m_changes->count(), 1);
}

void TestCommitController::theReviewSaysWhatStagedVersionsHold()
{
    // A new table at people's first manifest (two rows, written by LanceDB's create), and a
    // version 4 of people whose manifest says it is version 3: the review says what the first
    // holds and why the second's contents are unknown.
    auto controller = makeController();
    const QString versions = m_catalog->folder() + u"/people.lance/_versions/"_s;
    lance::api::DeclareTableRequest declare;
    declare.id = Identifier(QStringList{u"copy"_s});
    LCB_VERIFY_OK(m_changes->stage(declare));
    lance::api::CreateTableVersionRequest first;
    first.id = declare.id;
    first.version = 1;
    first.manifestPath = versions + u"18446744073709551614.manifest"_s;
    LCB_VERIFY_OK(m_changes->stage(first));
    lance::api::CreateTableVersionRequest mislabelled;
    mislabelled.id = m_people;
    mislabelled.version = 4;
    mislabelled.manifestPath = versions + u"18446744073709551612.manifest"_s;
    LCB_VERIFY_OK(m_changes->stage(mislabelled));
    controller->commit();
    auto *review = m_catalog->window().dialogParent()->findChild<lance::ui::CommitReviewDialog *>();
    QVERIFY(review);
    const auto *summary = review->findChild<QTreeWidget *>(u"summaryTree"_s);
    QCOMPARE(summary->topLevelItemCount(), 3);
    QCOMPARE(summary->topLevelItem(0)->childCount(), 0); // a declaration holds nothing yet
    QTRY_COMPARE(summary->topLevelItem(1)->childCount(), 1);
    QVERIFY2(summary->topLevelItem(1)->child(0)->text(0).startsWith(u"2 rows in 1 fragment, "_s),
             qPrintable(summary->topLevelItem(1)->child(0)->text(0)));
    QVERIFY2(
        summary->topLevelItem(1)->child(0)->text(0).contains(u"; Overwrite, written by lance"_s),
        qPrintable(summary->topLevelItem(1)->child(0)->text(0)));
    QTRY_COMPARE(summary->topLevelItem(2)->childCount(), 1);
    QVERIFY2(summary->topLevelItem(2)->child(0)->text(0).contains(u"is of version 3, not 4"_s),
             qPrintable(summary->topLevelItem(2)->child(0)->text(0)));
    // Seen as a person sees it (into LCB_SCREENSHOT_DIR when set).
    const QString folder = qEnvironmentVariable("LCB_SCREENSHOT_DIR", m_catalog->stateFolder());
    QVERIFY(review->grab().toImage().save(QDir(folder).filePath(u"commit-review-facts.png"_s)));
    review->reject();
    QCOMPARE(m_changes->count(), 3);
}

void TestCommitController::aConflictKeepsEverythingStaged()
{
    lance::settings::AppSettings(*m_settings).setSkipCommitReview(true);
    auto controller = makeController();
    // Version 1 of people is in the catalog already: the batch conflicts.
    lance::api::CreateTableVersionRequest create;
    create.id = m_people;
    create.version = 1;
    create.manifestPath
        = m_catalog->folder() + u"/people.lance/_versions/18446744073709551614.manifest"_s;
    LCB_VERIFY_OK(m_changes->stage(create));
    QSignalSpy finished(controller.get(), &CommitController::commitFinished);
    controller->commit();
    lance::ui::ConflictDialog *dialog = nullptr;
    QTRY_VERIFY(
        (dialog = m_catalog->window().dialogParent()->findChild<lance::ui::ConflictDialog *>()));
    QTRY_VERIFY(dialog->isVisible());
    // The other side: the version that is there, pointing at the same manifest.
    const auto *tree = dialog->findChild<QTreeWidget *>(u"conflictTree"_s);
    QCOMPARE(tree->topLevelItem(0)->text(0), u"1"_s); // counted from 1, as the panel does
    QVERIFY2(tree->topLevelItem(0)->text(3).contains(u"the same as the staged one"_s),
             qPrintable(tree->topLevelItem(0)->text(3)));
    QTest::mouseClick(dialog->findChild<QPushButton *>(u"keepStaged"_s), Qt::LeftButton);
    QTRY_COMPARE(finished.count(), 1);
    QCOMPARE(finished.first().first().toBool(), false);
    QCOMPARE(m_changes->count(), 1);
    QVERIFY(!m_changes->isFrozen());
    QVERIFY(commitAction()->isEnabled());
}

LCB_TEST_MAIN(TestCommitController)
#include "TestCommitController.moc"
