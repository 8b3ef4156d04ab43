// SPDX-License-Identifier: Apache-2.0
// NamespaceController on its own: a real local catalog holding LanceDB's `people`, a
// HeadlessWindow, a ScriptedPrompter that answers from the event loop. New Namespace… asks the
// name, the properties and then whether to create it now; Drop Namespace… counts first and a
// Restrict drop of a namespace that is not empty is explained; Namespace Properties… shows what
// changes. While a question is open the tree may select something else (a refresh, a commit's
// answer): then nothing is created, dropped or changed, and the steward is told why. The catalog
// itself is asked after each step.
#include "AwaitCall.h"
#include "Finished.h"
#include "HeadlessCatalog.h"
#include "ScriptedPrompter.h"
#include "TestRegistry.h"
#include "api/NamespaceMessages.h"
#include "catalog/CatalogTreeModel.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/NamespaceController.h"

#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::api::Identifier;
using lance::api::StringMap;
using lance::test::HeadlessCatalog;
using lance::test::ScriptedPrompter;
using lance::ui::NamespaceController;

class TestNamespaceController : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void aNamespaceIsMadeWithItsProperties();
    void aNameOrPropertiesThatCannotBeAreRefused();
    void aDropCountsAndRestrictIsExplained();
    void propertiesAreChangedInPlace();
    void anotherSelectionMeanwhileCreatesNothing();
    void anotherSelectionMeanwhileDropsNothing();

private:
    bool run(void (NamespaceController::*action)());
    /// The properties of `id` in the catalog; nothing when it is not there.
    std::optional<StringMap> described(const Identifier &id);
    /// Creates `id` behind the window's back and selects it once the tree shows it.
    bool createAndSelect(const Identifier &id, const StringMap &properties = {});

    std::unique_ptr<HeadlessCatalog> m_catalog;
    std::unique_ptr<ScriptedPrompter> m_prompter;
    std::unique_ptr<NamespaceController> m_controller;
};

void TestNamespaceController::init()
{
    m_catalog = std::make_unique<HeadlessCatalog>();
    QVERIFY(m_catalog->open());
    m_prompter = std::make_unique<ScriptedPrompter>();
    m_controller = std::make_unique<NamespaceController>(
        m_catalog->window(), m_catalog->session(),
        [this]() -> lance::ui::Prompter & { return *m_prompter; });
    QVERIFY(m_catalog->select(Identifier({u"people"_s})));
}

void TestNamespaceController::cleanup()
{
    m_controller.reset();
    QCOMPARE(m_prompter->unanswered(), 0);
    m_catalog.reset();
}

bool TestNamespaceController::run(void (NamespaceController::*action)())
{
    return lance::test::finishedWith(*m_controller, &NamespaceController::finished,
                                     [&] { (m_controller.get()->*action)(); });
}

std::optional<StringMap> TestNamespaceController::described(const Identifier &id)
{
    lance::api::DescribeNamespaceRequest request;
    request.id = id;
    const auto found = lance::test::awaitCall(m_catalog->session().catalog(), request);
    return found ? std::optional(found->properties.value_or(StringMap())) : std::nullopt;
}

bool TestNamespaceController::createAndSelect(const Identifier &id, const StringMap &properties)
{
    lance::api::CreateNamespaceRequest request;
    request.id = id;
    request.properties = properties;
    if (!lance::test::awaitCall(m_catalog->session().catalog(), request)) {
        return false;
    }
    lance::ui::CatalogWorkspace *workspace = m_catalog->session().workspace();
    workspace->refresh();
    return QTest::qWaitFor([&] { return workspace->treeModel()->indexForId(id).isValid(); },
                           HeadlessCatalog::TimeoutMs)
           && m_catalog->select(id);
}

void TestNamespaceController::aNamespaceIsMadeWithItsProperties()
{
    // With a root table selected, the new namespace is a top-level one.
    m_prompter->answerText(u" sales "_s);
    m_prompter->answerText(u"owner=finance, purpose=reports"_s);
    m_prompter->answerChoice(u"Create Now"_s);
    QVERIFY(run(&NamespaceController::newNamespace));
    QCOMPARE(m_prompter->asked(),
             (QStringList{u"New Namespace"_s, u"New Namespace"_s, u"Create the Namespace Now"_s}));
    QCOMPARE(m_prompter->lastTextQuestion().label,
             u"Properties of sales (optional), as key=value separated by commas:"_s);
    QCOMPARE(m_prompter->lastQuestion().defaultChoice, 1); // applies at once: not on Enter
    QCOMPARE(described(Identifier({u"sales"_s})),
             std::optional(StringMap{{u"owner"_s, u"finance"_s}, {u"purpose"_s, u"reports"_s}}));
    QCOMPARE(m_catalog->window().status(), u"Created the namespace sales."_s);
    lance::ui::CatalogWorkspace *workspace = m_catalog->session().workspace();
    QTRY_VERIFY_WITH_TIMEOUT(workspace->treeModel()->indexForId(Identifier({u"sales"_s})).isValid(),
                             HeadlessCatalog::TimeoutMs);

    // Inside the selected namespace; no properties is an answer, not a cancel.
    QVERIFY(m_catalog->select(Identifier({u"sales"_s})));
    m_prompter->answerText(u"eu"_s);
    m_prompter->answerText(QString());
    m_prompter->answerChoice(u"Create Now"_s);
    QVERIFY(run(&NamespaceController::newNamespace));
    QCOMPARE(described(Identifier({u"sales"_s, u"eu"_s})), std::optional(StringMap()));
}

void TestNamespaceController::aNameOrPropertiesThatCannotBeAreRefused()
{
    // Said while typing, so what was typed is fixed in place rather than lost.
    m_prompter->answerText(u"a$b"_s); // the delimiter inside one name
    QVERIFY(!run(&NamespaceController::newNamespace));
    QVERIFY2(m_prompter->lastTextProblem().startsWith(u"The name \"a$b\" contains the delimiter"_s),
             qPrintable(m_prompter->lastTextProblem()));
    QCOMPARE(m_prompter->asked().size(), 1); // refused before the properties were asked
    m_prompter->answerText(u".."_s);
    QVERIFY(!run(&NamespaceController::newNamespace));
    QVERIFY(m_prompter->lastTextProblem().contains(u"names become folders"_s));

    m_prompter->answerText(u"sales"_s);
    m_prompter->answerText(u"owner"_s);
    QVERIFY(!run(&NamespaceController::newNamespace));
    QCOMPARE(m_prompter->lastTextProblem(),
             u"\"owner\" is not a property: write key=value, and separate them with commas."_s);
    QCOMPARE(described(Identifier({u"sales"_s})), std::nullopt);

    // A name the catalog holds already: refused by the catalog, said in a steward's words.
    lance::api::CreateNamespaceRequest taken;
    taken.id = Identifier({u"sales"_s});
    taken.properties = {{u"owner"_s, u"finance"_s}};
    QVERIFY(lance::test::awaitCall(m_catalog->session().catalog(), taken));
    m_prompter->answerText(u"sales"_s);
    m_prompter->answerText(u"owner=ops"_s);
    m_prompter->answerChoice(u"Create Now"_s);
    m_prompter->answerChoice(u"OK"_s);
    QVERIFY(!run(&NamespaceController::newNamespace));
    QCOMPARE(m_prompter->lastQuestion().informativeText,
             u"The catalog holds sales already: choose another name."_s);
    QCOMPARE(described(Identifier({u"sales"_s})),
             std::optional(StringMap{{u"owner"_s, u"finance"_s}}));
}

void TestNamespaceController::aDropCountsAndRestrictIsExplained()
{
    QVERIFY(createAndSelect(Identifier({u"ops"_s})));
    lance::api::CreateNamespaceRequest child;
    child.id = Identifier({u"ops"_s, u"eu"_s});
    QVERIFY(lance::test::awaitCall(m_catalog->session().catalog(), child));

    m_prompter->answerChoice(u"Drop Only If Empty"_s);
    m_prompter->answerChoice(u"OK"_s);
    QVERIFY(!run(&NamespaceController::dropNamespace));
    QCOMPARE(m_prompter->asked().first(), u"Drop Namespace"_s);
    QCOMPARE(m_prompter->asked().last(), u"Namespaces"_s);
    QVERIFY2(m_prompter->lastQuestion().informativeText.startsWith(
                 u"The namespace is not empty, so Restrict left it as it was."_s),
             qPrintable(m_prompter->lastQuestion().informativeText));
    QVERIFY(described(Identifier({u"ops"_s})));

    QVERIFY(m_catalog->select(Identifier({u"ops"_s})));
    m_prompter->answerChoice(u"Drop With Everything In It"_s);
    QVERIFY(run(&NamespaceController::dropNamespace));
    QVERIFY(m_prompter->asked().contains(u"Drop Namespace"_s));
    QCOMPARE(described(Identifier({u"ops"_s})), std::nullopt);
    QCOMPARE(described(Identifier({u"ops"_s, u"eu"_s})), std::nullopt);
    QVERIFY(m_catalog->window().statusHistory().contains(u"Counting what ops holds…"_s));
    QCOMPARE(m_catalog->window().status(), u"Dropped the namespace ops."_s);
}

void TestNamespaceController::propertiesAreChangedInPlace()
{
    QVERIFY(createAndSelect(Identifier({u"sales"_s}), {{u"owner"_s, u"finance"_s}}));
    m_prompter->answerText(u"owner=ops, purpose=reports"_s);
    m_prompter->answerChoice(u"Change Now"_s);
    QVERIFY(run(&NamespaceController::editProperties));
    QCOMPARE(m_prompter->lastTextQuestion().text, u"owner=finance"_s); // what it holds now
    QVERIFY(m_prompter->lastQuestion().informativeText.startsWith(
        u"change owner from finance to ops\nadd purpose = reports"_s));
    QCOMPARE(described(Identifier({u"sales"_s})),
             std::optional(StringMap{{u"owner"_s, u"ops"_s}, {u"purpose"_s, u"reports"_s}}));

    // Unchanged: nothing is sent, and the status line says so.
    QVERIFY(m_catalog->select(Identifier({u"sales"_s})));
    m_prompter->answerText(u"purpose=reports, owner=ops"_s);
    QVERIFY(!run(&NamespaceController::editProperties));
    QCOMPARE(m_catalog->window().status(), u"The properties of sales are unchanged."_s);
}

void TestNamespaceController::anotherSelectionMeanwhileCreatesNothing()
{
    QVERIFY(createAndSelect(Identifier({u"sales"_s})));
    m_prompter->answerText(u"eu"_s);
    m_prompter->answerText(QString());
    m_prompter->answerChoice(u"Create Now"_s);
    m_prompter->answerChoice(u"OK"_s);
    // While the confirmation is open the tree selects the root's table again.
    m_prompter->whileOpen([this] { QVERIFY(m_catalog->select(Identifier({u"people"_s}))); }, 2);
    QVERIFY(!run(&NamespaceController::newNamespace));
    QCOMPARE(m_prompter->lastQuestion().text, u"Nothing was changed."_s);
    QVERIFY2(m_prompter->lastQuestion().informativeText.startsWith(
                 u"The tree no longer selects sales"_s),
             qPrintable(m_prompter->lastQuestion().informativeText));
    QCOMPARE(described(Identifier({u"sales"_s, u"eu"_s})), std::nullopt);
}

void TestNamespaceController::anotherSelectionMeanwhileDropsNothing()
{
    QVERIFY(createAndSelect(Identifier({u"ops"_s})));
    m_prompter->answerChoice(u"Drop With Everything In It"_s);
    m_prompter->answerChoice(u"OK"_s);
    m_prompter->whileOpen([this] { QVERIFY(m_catalog->select(Identifier({u"people"_s}))); });
    QVERIFY(!run(&NamespaceController::dropNamespace));
    QVERIFY2(
        m_prompter->lastQuestion().informativeText.startsWith(u"The tree no longer selects ops"_s),
        qPrintable(m_prompter->lastQuestion().informativeText));
    QVERIFY(described(Identifier({u"ops"_s})));
}

LCB_TEST_MAIN(TestNamespaceController)
#include "TestNamespaceController.moc"
