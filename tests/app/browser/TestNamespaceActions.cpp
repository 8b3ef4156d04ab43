// SPDX-License-Identifier: Apache-2.0
// Namespaces from the real window, on the embedded catalog holding LanceDB's `people`: a
// namespace made with properties, its properties edited in place, one nested inside it, a Restrict
// drop of the non-empty one refused and explained with nothing changed, then a Cascade drop whose
// confirmation counted what goes. Properties that are not key=value are refused before anything is
// sent. The catalog itself is asked after each step.
#include "BrowserApplication.h"
#include "StagingTestbed.h"
#include "TestRegistry.h"
#include "catalog/CatalogTreeModel.h"
#include "engine/CatalogEngine.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/NamespaceController.h"
#include "ui/catalog/PropertiesText.h"

#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::browser::BrowserApplication;
using lance::test::StagingTestbed;

namespace {} // namespace

class TestNamespaceActions : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void namespacesAreMadeAndDroppedFromTheWindow();
    void propertiesMustBeKeyValue();

private:
    /// The properties of namespace `text` ($-joined) in the catalog; nothing when it is absent.
    std::optional<lance::api::StringMap> described(const QString &text);
    static bool run(BrowserApplication &app, const std::function<void()> &action);

    std::optional<StagingTestbed> m_bed;
};

void TestNamespaceActions::init()
{
    m_bed.emplace();
    QVERIFY(m_bed->isValid());
}

void TestNamespaceActions::cleanup()
{
    QCOMPARE(m_bed->prompter().unanswered(), 0);
    m_bed.reset();
}

std::optional<lance::api::StringMap> TestNamespaceActions::described(const QString &text)
{
    lance::engine::CatalogEngine::Options options;
    options.root = m_bed->catalog();
    auto engine = lance::engine::CatalogEngine::open(options);
    if (!engine) {
        return std::nullopt;
    }
    lance::api::DescribeNamespaceRequest request;
    request.id = lance::api::Identifier(text.split(u'$'));
    const auto found = (*engine)->run(request);
    return found ? std::optional(found->properties.value_or(lance::api::StringMap()))
                 : std::nullopt;
}

bool TestNamespaceActions::run(BrowserApplication &app, const std::function<void()> &action)
{
    auto *namespaces = app.session()->findChild<lance::ui::NamespaceController *>();
    QSignalSpy finished(namespaces, &lance::ui::NamespaceController::finished);
    action();
    return finished.count() == 1 || finished.wait(StagingTestbed::TimeoutMs);
}

void TestNamespaceActions::namespacesAreMadeAndDroppedFromTheWindow()
{
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    auto *namespaces = app.session()->findChild<lance::ui::NamespaceController *>();
    QVERIFY(namespaces);
    lance::ui::CatalogWorkspace *workspace = app.session()->workspace();

    // With the table people selected, a new namespace goes to the top level.
    m_bed->prompter().answerText(u"sales"_s);
    m_bed->prompter().answerText(u"owner=finance, purpose=reports"_s);
    m_bed->prompter().answerChoice(u"Create Now"_s);
    QVERIFY(run(app, [&] { namespaces->newNamespace(); }));
    QCOMPARE(described(u"sales"_s),
             std::optional(lance::api::StringMap(
                 {{u"owner"_s, u"finance"_s}, {u"purpose"_s, u"reports"_s}})));

    // Inside the selected namespace.
    QTRY_VERIFY_WITH_TIMEOUT(
        workspace->treeModel()->indexForId(lance::api::Identifier({u"sales"_s})).isValid(),
        StagingTestbed::TimeoutMs);
    workspace->select(lance::api::Identifier({u"sales"_s}));

    // Its properties edited in place, from the menu by keyboard: one changed, one added, one
    // removed, each named in the confirmation. The text offered is what the catalog holds.
    m_bed->prompter().answerText(u"owner=ops, region=eu"_s);
    m_bed->prompter().answerChoice(u"Change Now"_s);
    QVERIFY(run(app, [&] {
        QVERIFY(StagingTestbed::chooseFromMenu(
            app, lance::ui::WindowActions::Id::EditNamespaceProperties));
    }));
    const QString changes = m_bed->prompter().lastQuestion().informativeText;
    for (const QString &change : {u"change owner from finance to ops"_s, u"add region = eu"_s,
                                  u"remove purpose (was reports)"_s}) {
        QVERIFY2(changes.contains(change), qPrintable(changes));
    }
    QCOMPARE(described(u"sales"_s), std::optional(lance::api::StringMap(
                                        {{u"owner"_s, u"ops"_s}, {u"region"_s, u"eu"_s}})));
    // Unchanged text: nothing is asked or sent.
    m_bed->prompter().answerText(u"region=eu, owner=ops"_s);
    QVERIFY(run(app, [&] { namespaces->editProperties(); }));
    QCOMPARE(m_bed->prompter().lastTextQuestion().text, u"owner=ops, region=eu"_s);

    m_bed->prompter().answerText(u"eu"_s);
    m_bed->prompter().answerText(QString());
    m_bed->prompter().answerChoice(u"Create Now"_s);
    QVERIFY(run(app, [&] { namespaces->newNamespace(); }));
    QVERIFY(described(u"sales$eu"_s).has_value());
    {
        lance::engine::CatalogEngine::Options options;
        options.root = m_bed->catalog();
        auto engine = lance::engine::CatalogEngine::open(options);
        QVERIFY(engine);
        lance::api::DeclareTableRequest declare;
        declare.id = lance::api::Identifier({u"sales"_s, u"eu"_s, u"orders"_s});
        QVERIFY((*engine)->run(declare));
    }

    // Restrict on a namespace that holds something: refused, explained, nothing changed. The
    // question counted what a Cascade removes.
    workspace->select(lance::api::Identifier({u"sales"_s}));
    m_bed->prompter().answerChoice(u"Drop Only If Empty"_s);
    m_bed->prompter().answerChoice(u"OK"_s);
    QVERIFY(run(app, [&] { namespaces->dropNamespace(); }));
    QVERIFY2(m_bed->prompter().lastQuestion().informativeText.contains(u"not empty"_s),
             qPrintable(m_bed->prompter().lastQuestion().informativeText));
    QVERIFY(described(u"sales$eu"_s).has_value());

    m_bed->prompter().answerChoice(u"Drop With Everything In It"_s);
    QVERIFY(run(app, [&] { namespaces->dropNamespace(); }));
    QCOMPARE(m_bed->prompter().lastQuestion().text,
             u"Namespace sales holds 1 namespace and 1 table."_s);
    QVERIFY(!described(u"sales"_s).has_value());
    QVERIFY(!described(u"sales$eu"_s).has_value());
}

void TestNamespaceActions::propertiesMustBeKeyValue()
{
    QVERIFY(!lance::ui::PropertiesText::parse(u"owner"_s).hasValue());
    QVERIFY(!lance::ui::PropertiesText::parse(u"a=1, a=2"_s).hasValue());
    QVERIFY(!lance::ui::PropertiesText::parse(u"=x"_s).hasValue());
    const auto parsed = lance::ui::PropertiesText::parse(u" a = 1 ,b=x=y,"_s);
    QVERIFY(parsed.hasValue());
    QCOMPARE(*parsed, lance::api::StringMap({{u"a"_s, u"1"_s}, {u"b"_s, u"x=y"_s}}));
    QVERIFY(lance::ui::PropertiesText::parse(QString())->isEmpty());

    // From the window: refused before anything is sent.
    BrowserApplication app;
    QVERIFY(m_bed->start(app));
    auto *namespaces = app.session()->findChild<lance::ui::NamespaceController *>();
    m_bed->prompter().answerText(u"ops"_s);
    m_bed->prompter().answerText(u"owner"_s);
    m_bed->prompter().answerChoice(u"OK"_s);
    QVERIFY(run(app, [&] { namespaces->newNamespace(); }));
    QVERIFY(!described(u"ops"_s).has_value());
}

LCB_TEST_MAIN(TestNamespaceActions)
#include "TestNamespaceActions.moc"
