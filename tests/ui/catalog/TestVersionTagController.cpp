// SPDX-License-Identifier: Apache-2.0
// VersionTagController on its own: a real local catalog holding LanceDB's `people` (versions 1
// to 3) and a copy of it as `pets`, a HeadlessWindow, a ScriptedPrompter that answers from the
// event loop. Tag, move and delete reach the catalog and the view reads them back; a name in use
// is explained. While a question is open, another table shown or the version gone means nothing
// is tagged, moved or deleted, and the steward is told why.
#include "AwaitCall.h"
#include "Finished.h"
#include "HeadlessCatalog.h"
#include "ScriptedPrompter.h"
#include "TestRegistry.h"
#include "VersionSelection.h"
#include "api/TagMessages.h"
#include "catalog/TableVersionModel.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/VersionTagController.h"

#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::api::Identifier;
using lance::test::HeadlessCatalog;
using lance::test::ScriptedPrompter;
using lance::test::VersionSelection;
using lance::ui::VersionTagController;

class TestVersionTagController : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void aTagIsMadeMovedAndDeleted();
    void aNameInUseIsExplained();
    void aNameLanceWouldRefuseIsNeverSent();
    void anotherTableShownMeanwhileTagsNothing();
    void aVersionGoneMeanwhileTagsNothing();
    void aTableGoneBeforeTheConfirmationMovesNothing();

private:
    bool run(void (VersionTagController::*action)());
    /// Tags `version` of people as `name` through the controller and waits until the view
    /// shows it.
    bool tag(qint64 version, const QString &name);
    /// The version `tag` of `table` names in the catalog; -1 when there is none.
    qint64 tagged(const QString &tag, const Identifier &table);
    lance::catalog::TableVersionModel *model()
    {
        return m_catalog->session().workspace()->versionModel();
    }

    std::unique_ptr<HeadlessCatalog> m_catalog;
    std::unique_ptr<ScriptedPrompter> m_prompter;
    std::unique_ptr<VersionTagController> m_controller;
    const Identifier m_people{QStringList{u"people"_s}};
    const Identifier m_pets{QStringList{u"pets"_s}};
};

void TestVersionTagController::init()
{
    m_catalog = std::make_unique<HeadlessCatalog>();
    QVERIFY(m_catalog->open({u"pets"_s}));
    m_prompter = std::make_unique<ScriptedPrompter>();
    m_controller = std::make_unique<VersionTagController>(
        m_catalog->window(), m_catalog->session(),
        [this]() -> lance::ui::Prompter & { return *m_prompter; });
    QVERIFY(m_catalog->select(m_people));
}

void TestVersionTagController::cleanup()
{
    m_controller.reset();
    QCOMPARE(m_prompter->unanswered(), 0);
    m_catalog.reset();
}

bool TestVersionTagController::run(void (VersionTagController::*action)())
{
    return lance::test::finishedWith(*m_controller, &VersionTagController::finished,
                                     [&] { (m_controller.get()->*action)(); });
}

bool TestVersionTagController::tag(qint64 version, const QString &name)
{
    VersionSelection::select(*m_catalog->session().workspace(), {version});
    m_prompter->answerText(name);
    m_prompter->answerChoice(u"Tag Version"_s);
    return run(&VersionTagController::tagVersion)
           && QTest::qWaitFor([&] { return model()->tagsOf(version) == QStringList{name}; },
                              HeadlessCatalog::TimeoutMs);
}

qint64 TestVersionTagController::tagged(const QString &tag, const Identifier &table)
{
    lance::api::GetTableTagVersionRequest request;
    request.id = table;
    request.tag = tag;
    const auto found = lance::test::awaitCall(m_catalog->session().catalog(), request);
    return found ? found->version : -1;
}

void TestVersionTagController::aTagIsMadeMovedAndDeleted()
{
    VersionSelection::select(*m_catalog->session().workspace(), {2});
    m_prompter->answerText(u"stable"_s);
    m_prompter->answerChoice(u"Tag Version"_s);
    QVERIFY(run(&VersionTagController::tagVersion));
    // Confirmed like the other changes that apply at once.
    QCOMPARE(m_prompter->lastQuestion().text, u"Tag version 2 of people as stable?"_s);
    QCOMPARE(tagged(u"stable"_s, m_people), 2);
    QCOMPARE(m_catalog->window().status(), u"Tagged version 2 of people as stable."_s);
    QTRY_COMPARE_WITH_TIMEOUT(model()->tagsOf(2), QStringList{u"stable"_s},
                              HeadlessCatalog::TimeoutMs);

    // Moved to 3: the confirmation says from where, read after the name was given.
    VersionSelection::select(*m_catalog->session().workspace(), {3});
    m_prompter->answerText(u"stable"_s);
    m_prompter->answerChoice(u"Move Tag"_s);
    QVERIFY(run(&VersionTagController::moveTag));
    QCOMPARE(m_prompter->lastQuestion().text, u"Move tag stable from version 2 to version 3?"_s);
    QCOMPARE(tagged(u"stable"_s, m_people), 3);

    QTRY_COMPARE_WITH_TIMEOUT(model()->tagsOf(3), QStringList{u"stable"_s},
                              HeadlessCatalog::TimeoutMs);
    VersionSelection::select(*m_catalog->session().workspace(), {3});
    m_prompter->answerText(u"stable"_s);
    m_prompter->answerChoice(u"Delete Tag"_s);
    QVERIFY(run(&VersionTagController::deleteTag));
    QCOMPARE(m_prompter->lastTextQuestion().text, u"stable"_s); // the selected version's tag
    QCOMPARE(tagged(u"stable"_s, m_people), -1);
}

// A steward's walk: `bad tag/..!$` was accepted and applied at once.
void TestVersionTagController::aNameLanceWouldRefuseIsNeverSent()
{
    VersionSelection::select(*m_catalog->session().workspace(), {2});
    m_prompter->answerText(u"bad tag/..!$"_s);
    QVERIFY(!run(&VersionTagController::tagVersion));
    QCOMPARE(m_prompter->lastTextProblem(),
             u"The tag name \"bad tag/..!$\" holds a space; a tag may hold only letters, digits, "
             "'.', '-' and '_'."_s);
    QCOMPARE(tagged(u"bad tag/..!$"_s, m_people), -1);
    lance::api::ListTableTagsRequest list;
    list.id = m_people;
    const auto tags = lance::test::awaitCall(m_catalog->session().catalog(), list);
    QVERIFY(tags.hasValue());
    QVERIFY(tags->tags.isEmpty());
}

void TestVersionTagController::aNameInUseIsExplained()
{
    QVERIFY(tag(2, u"stable"_s));
    VersionSelection::select(*m_catalog->session().workspace(), {3});
    m_prompter->answerText(u"stable"_s);
    m_prompter->answerChoice(u"Tag Version"_s);
    m_prompter->answerChoice(u"OK"_s);
    QVERIFY(!run(&VersionTagController::tagVersion));
    QVERIFY2(m_prompter->lastQuestion().informativeText.contains(u"Move Tag Here"_s),
             qPrintable(m_prompter->lastQuestion().informativeText));
    QCOMPARE(tagged(u"stable"_s, m_people), 2);
}

void TestVersionTagController::anotherTableShownMeanwhileTagsNothing()
{
    VersionSelection::select(*m_catalog->session().workspace(), {2});
    m_prompter->answerText(u"stable"_s);
    m_prompter->answerChoice(u"OK"_s);
    m_prompter->whileOpen([this] { QVERIFY(m_catalog->select(m_pets)); });
    QVERIFY(!run(&VersionTagController::tagVersion));
    QCOMPARE(m_prompter->lastQuestion().text, u"Nothing was changed."_s);
    QVERIFY2(m_prompter->lastQuestion().informativeText.contains(
                 u"The Versions view no longer shows people"_s),
             qPrintable(m_prompter->lastQuestion().informativeText));
    QCOMPARE(tagged(u"stable"_s, m_people), -1);
    QCOMPARE(tagged(u"stable"_s, m_pets), -1); // not the table shown by the time of the answer
}

void TestVersionTagController::aVersionGoneMeanwhileTagsNothing()
{
    VersionSelection::select(*m_catalog->session().workspace(), {1});
    m_prompter->answerText(u"old"_s);
    m_prompter->answerChoice(u"OK"_s);
    m_prompter->whileOpen([this] { QVERIFY(m_catalog->deleteBehind(m_people, 1)); });
    QVERIFY(!run(&VersionTagController::tagVersion));
    QVERIFY2(m_prompter->lastQuestion().informativeText.contains(
                 u"Version 1 of people is no longer listed"_s),
             qPrintable(m_prompter->lastQuestion().informativeText));
    QCOMPARE(tagged(u"old"_s, m_people), -1);
}

void TestVersionTagController::aTableGoneBeforeTheConfirmationMovesNothing()
{
    QVERIFY(tag(2, u"stable"_s));
    // The name is given; while the confirmation is open the view is emptied (a commit
    // deregistered the table, say).
    VersionSelection::select(*m_catalog->session().workspace(), {3});
    m_prompter->answerText(u"stable"_s);
    m_prompter->answerChoice(u"Move Tag"_s);
    m_prompter->answerChoice(u"OK"_s);
    m_prompter->whileOpen([this] { model()->clear(); }, 1); // the second question
    QVERIFY(!run(&VersionTagController::moveTag));
    QCOMPARE(m_prompter->asked().mid(m_prompter->asked().size() - 3),
             (QStringList{u"Move Tag"_s, u"Move Tag"_s, u"Tags"_s}));
    QCOMPARE(tagged(u"stable"_s, m_people), 2);
}

LCB_TEST_MAIN(TestVersionTagController)
#include "TestVersionTagController.moc"
