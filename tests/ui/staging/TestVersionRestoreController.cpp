// SPDX-License-Identifier: Apache-2.0
// VersionRestoreController on its own: a real local catalog holding LanceDB's `people`
// (versions 1 to 3, 2 then 5 rows), a HeadlessWindow, a ScriptedPrompter that answers from the
// event loop, and the Pending Changes it stages into. Restore Version… says what the restored
// and the latest version hold, then stages "restore 1 as 4" with its files kept aside: nothing is
// written into the table before the commit.
// While the question is open the view may change under it (the version deleted, a newer latest
// version, another table): then no manifest is written and nothing is staged, and the steward
// is told why.
#include "Finished.h"
#include "HeadlessCatalog.h"
#include "ScriptedPrompter.h"
#include "TestRegistry.h"
#include "VersionSelection.h"
#include "api/BatchMessages.h"
#include "catalog/TableVersionModel.h"
#include "connection/CatalogConnection.h"
#include "details/RestoreSpool.h"
#include "staging/PendingChanges.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/staging/VersionRestoreController.h"

#include <QDir>
#include <QSettings>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::api::Identifier;
using lance::test::HeadlessCatalog;
using lance::test::ScriptedPrompter;
using lance::test::VersionSelection;
using lance::ui::VersionRestoreController;

class TestVersionRestoreController : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void aRestoreIsStagedWithoutWritingIntoTheTable();
    void whatCannotBeRestoredSaysWhy();
    void aVersionGoneMeanwhileWritesNothing();
    void aNewerLatestMeanwhileWritesNothing();

private:
    bool restore();
    /// The manifests people's _versions folder holds.
    QStringList manifests() const;
    lance::catalog::TableVersionModel *model()
    {
        return m_catalog->session().workspace()->versionModel();
    }

    std::unique_ptr<HeadlessCatalog> m_catalog;
    std::unique_ptr<ScriptedPrompter> m_prompter;
    std::unique_ptr<QSettings> m_settings;
    std::unique_ptr<lance::staging::PendingChanges> m_changes;
    std::unique_ptr<VersionRestoreController> m_controller;
    const Identifier m_people{QStringList{u"people"_s}};
};

void TestVersionRestoreController::init()
{
    m_catalog = std::make_unique<HeadlessCatalog>();
    QVERIFY(m_catalog->open());
    m_prompter = std::make_unique<ScriptedPrompter>();
    m_settings = std::make_unique<QSettings>(
        QDir(m_catalog->stateFolder()).filePath(u"settings.ini"_s), QSettings::IniFormat);
    m_changes = std::make_unique<lance::staging::PendingChanges>();
    m_controller = std::make_unique<VersionRestoreController>(
        m_catalog->window(), m_catalog->session(), *m_changes, *m_settings,
        [this]() -> lance::ui::Prompter & { return *m_prompter; });
    QVERIFY(m_catalog->select(m_people));
    QCOMPARE(model()->rowCount(), 3);
}

void TestVersionRestoreController::cleanup()
{
    m_controller.reset();
    QCOMPARE(m_prompter->unanswered(), 0);
    m_changes.reset();
    m_settings.reset();
    m_catalog.reset();
}

bool TestVersionRestoreController::restore()
{
    return lance::test::finishedWith(*m_controller, &VersionRestoreController::finished,
                                     [this] { m_controller->restore(); });
}

QStringList TestVersionRestoreController::manifests() const
{
    return QDir(QDir(m_catalog->folder()).filePath(u"people.lance/_versions"_s))
        .entryList(QDir::Files, QDir::Name);
}

void TestVersionRestoreController::aRestoreIsStagedWithoutWritingIntoTheTable()
{
    const QStringList before = manifests();
    VersionSelection::select(*m_catalog->session().workspace(), {1});
    m_prompter->answerChoice(u"Stage Restore"_s);
    QVERIFY(restore());
    const auto &question = m_prompter->lastQuestion();
    QCOMPARE(question.text, u"Stage restoring version 1 of people as version 4?"_s);
    QVERIFY2(question.informativeText.contains(u"2 rows"_s), qPrintable(question.informativeText));
    // The rows it takes away, read from the data files: the three appended after version 1,
    // in fragments 1 and 2 (LanceDB's `_rowid` 4294967296 is fragment 1's first row).
    QVERIFY2(question.informativeText.contains(
                 u"- 3 rows in the latest version 3 and not in version 1:"_s),
             qPrintable(question.informativeText));
    QVERIFY2(question.informativeText.contains(u"  _rowid 4294967296: id: 3, name: carol"_s),
             qPrintable(question.informativeText));
    QVERIFY2(question.informativeText.contains(u"- no row only in version 1"_s),
             qPrintable(question.informativeText));
    QCOMPARE(question.defaultChoice, 0);
    QCOMPARE(m_changes->count(), 1);
    const QList<lance::api::CommitTableOperation> operations = m_changes->operations();
    const auto *create = std::get_if<lance::api::CreateTableVersionRequest>(&operations.first());
    QVERIFY(create);
    QCOMPARE(create->version, 4);
    QCOMPARE(lance::api::restoredVersionOf(create->metadata), std::optional<qint64>(1));
    QCOMPARE(manifests(), before); // kept aside until the commit
    const lance::details::RestoreSpool spool
        = lance::details::RestoreSpool::forProfile(m_catalog->session().connection().profile());
    QCOMPARE(spool.kept(),
             QStringList{*lance::details::RestoreSpool::uuidOf(create->manifestPath)});
    QVERIFY(m_catalog->window().statusHistory().contains(
        u"Preparing the restored manifest of version 1…"_s));
    QVERIFY(m_catalog->window().status().startsWith(u"Staged restoring version 1 as version 4"_s));
}

void TestVersionRestoreController::whatCannotBeRestoredSaysWhy()
{
    VersionSelection::select(*m_catalog->session().workspace(), {3});
    QVERIFY(!restore());
    QCOMPARE(m_catalog->window().status(),
             u"Version 3 is the latest version already: there is nothing to restore. Select an "
             "older version."_s);
    VersionSelection::select(*m_catalog->session().workspace(), {1, 2});
    QVERIFY(!restore());
    QCOMPARE(m_catalog->window().status(),
             u"Select the one version to restore in the Versions view."_s);
    QVERIFY(m_prompter->asked().isEmpty());
    QCOMPARE(m_changes->count(), 0);
}

void TestVersionRestoreController::aVersionGoneMeanwhileWritesNothing()
{
    const QStringList before = manifests();
    VersionSelection::select(*m_catalog->session().workspace(), {1});
    m_prompter->answerChoice(u"Stage Restore"_s);
    m_prompter->answerChoice(u"OK"_s);
    m_prompter->whileOpen([this] { QVERIFY(m_catalog->deleteBehind(m_people, 1)); });
    QVERIFY(!restore());
    QCOMPARE(m_prompter->lastQuestion().title, u"Restore Version"_s);
    QCOMPARE(m_prompter->lastQuestion().text, u"The version was not restored."_s);
    QVERIFY2(m_prompter->lastQuestion().informativeText.contains(
                 u"Version 1 of people is no longer listed"_s),
             qPrintable(m_prompter->lastQuestion().informativeText));
    QCOMPARE(manifests(), before);
    QCOMPARE(m_changes->count(), 0);
}

void TestVersionRestoreController::aNewerLatestMeanwhileWritesNothing()
{
    const QStringList before = manifests();
    VersionSelection::select(*m_catalog->session().workspace(), {1});
    m_prompter->answerChoice(u"Stage Restore"_s);
    m_prompter->answerChoice(u"OK"_s);
    // Meanwhile a version 4 is staged (a drop, say): the restore would no longer be "as 4".
    m_prompter->whileOpen([this] {
        lance::api::TableVersion staged = model()->versionAt(model()->rowCount() - 1);
        staged.version = 4;
        model()->setStagedVersions({staged});
    });
    QVERIFY(!restore());
    QVERIFY2(m_prompter->lastQuestion().informativeText.contains(
                 u"The latest version of people is 4 now, not 3"_s),
             qPrintable(m_prompter->lastQuestion().informativeText));
    QCOMPARE(manifests(), before);
    QCOMPARE(m_changes->count(), 0);
}

LCB_TEST_MAIN(TestVersionRestoreController)
#include "TestVersionRestoreController.moc"
