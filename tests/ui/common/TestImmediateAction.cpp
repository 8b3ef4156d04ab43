// SPDX-License-Identifier: Apache-2.0
// ImmediateAction, the shape every action the window applies at once shares, tested once here on
// a real local catalog (HeadlessCatalog) with a HeadlessWindow and a ScriptedPrompter whose
// questions are answered from the event loop, as dialogs are: one run at a time and busy until
// it ends; Cancel ends it quietly; the target read again after every answer, so a target that
// vanished while a question was open is said and nothing is sent; the catalog's answer turned
// into a status line or "Nothing was changed" in the steward's words; the refresh either way;
// finished() once per run; an answer that comes after the run ended goes nowhere.
#include "AwaitCall.h"
#include "HeadlessCatalog.h"
#include "ScriptedPrompter.h"
#include "TestRegistry.h"
#include "api/NamespaceMessages.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/common/ImmediateAction.h"

#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::api::ApiError;
using lance::api::Identifier;
using lance::api::Result;
using lance::test::HeadlessCatalog;
using lance::test::ScriptedPrompter;
using lance::ui::ImmediateAction;
using lance::ui::Prompter;

namespace {

Prompter::TextQuestion nameQuestion()
{
    Prompter::TextQuestion question;
    question.title = u"New Thing"_s;
    question.label = u"Name:"_s;
    return question;
}

} // namespace

class TestImmediateAction : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void oneRunAtATimeBusyUntilItEnds();
    void cancelEndsTheRunQuietly();
    void blankIsACancelOrAnAnswer();
    void aTargetGoneWhileTheQuestionIsOpenChangesNothing();
    void theCancelChoiceEndsAndOthersGoOn();
    void anAppliedAnswerIsAStatusLineAndARefresh();
    void aRefusalIsExplainedAndRefreshedToo();
    void anAsynchronousStepCarriesOnOrRefuses();
    void anAnswerAfterTheRunEndedGoesNowhere();

private:
    /// A namespace created through the action, with `check` as its target check; waits for
    /// finished() and answers its value.
    bool createNamespace(const QString &name, const ImmediateAction::TargetCheck &check,
                         const QString &explained = {});

    std::unique_ptr<HeadlessCatalog> m_catalog;
    std::unique_ptr<ScriptedPrompter> m_prompter;
    std::unique_ptr<ImmediateAction> m_action;
    int m_refreshed = 0;
    QList<bool> m_refreshes;
};

void TestImmediateAction::init()
{
    m_catalog = std::make_unique<HeadlessCatalog>();
    QVERIFY(m_catalog->open());
    m_prompter = std::make_unique<ScriptedPrompter>();
    m_action = std::make_unique<ImmediateAction>(
        m_catalog->window(), [this]() -> Prompter & { return *m_prompter; }, u"Things"_s);
    m_refreshes.clear();
}

void TestImmediateAction::cleanup()
{
    m_action.reset();
    QCOMPARE(m_prompter->unanswered(), 0);
    m_catalog.reset();
}

bool TestImmediateAction::createNamespace(const QString &name,
                                          const ImmediateAction::TargetCheck &check,
                                          const QString &explained)
{
    QSignalSpy finished(m_action.get(), &ImmediateAction::finished);
    if (!m_action->start(check)) {
        return false;
    }
    m_prompter->answerText(name);
    m_action->askText(nameQuestion(), [this, explained](const QString &typed) {
        lance::api::CreateNamespaceRequest request;
        request.id = Identifier({typed});
        ImmediateAction::Outcome outcome;
        outcome.done = u"Created %1."_s.arg(typed);
        outcome.explain = [explained](const ApiError &) {
            return explained;
        };
        outcome.refresh = [this](bool applied) {
            m_refreshes << applied;
        };
        m_action->call(m_catalog->session().catalog(), request, std::move(outcome));
    });
    if (!finished.wait(HeadlessCatalog::TimeoutMs) || finished.size() != 1) {
        qWarning("the run did not finish once");
        return false;
    }
    return finished.first().at(0).toBool();
}

void TestImmediateAction::oneRunAtATimeBusyUntilItEnds()
{
    QSignalSpy busy(m_action.get(), &ImmediateAction::busyChanged);
    QVERIFY(!m_action->isBusy());
    QVERIFY(m_action->start({}));
    QVERIFY(m_action->isBusy());
    QCOMPARE(busy.size(), 1);
    QCOMPARE(busy.last().at(0).toBool(), true);
    // A second trigger meanwhile starts nothing and says why.
    QVERIFY(!m_action->start({}));
    QCOMPARE(m_catalog->window().status(), u"Things: the last action is still under way."_s);
    m_action->stop(u"Stopped."_s);
    QVERIFY(!m_action->isBusy());
    QCOMPARE(busy.size(), 2);
    QCOMPARE(busy.last().at(0).toBool(), false);
    QCOMPARE(m_catalog->window().status(), u"Stopped."_s);
    QVERIFY(m_action->start({}));
    m_action->stop();
}

void TestImmediateAction::cancelEndsTheRunQuietly()
{
    QSignalSpy finished(m_action.get(), &ImmediateAction::finished);
    QVERIFY(m_action->start({}));
    bool answered = false;
    m_prompter->answerText(std::nullopt);
    m_action->askText(nameQuestion(), [&answered](const QString &) { answered = true; });
    // The question is open: the caller's code ran on, the run is still under way.
    QVERIFY(m_action->isBusy());
    QCOMPARE(m_prompter->openQuestions(), 1);
    QVERIFY(finished.wait(HeadlessCatalog::TimeoutMs));
    QCOMPARE(finished.first().at(0).toBool(), false);
    QVERIFY(!answered);
    QVERIFY(!m_action->isBusy());
    QCOMPARE(m_prompter->asked(), QStringList{u"New Thing"_s}); // nothing more was said
}

void TestImmediateAction::blankIsACancelOrAnAnswer()
{
    QSignalSpy finished(m_action.get(), &ImmediateAction::finished);
    QVERIFY(m_action->start({}));
    std::optional<QString> got;
    m_prompter->answerText(u"   "_s);
    m_action->askText(nameQuestion(), [&got](const QString &text) { got = text; });
    QVERIFY(finished.wait(HeadlessCatalog::TimeoutMs));
    QVERIFY(!got);

    QVERIFY(m_action->start({}));
    m_prompter->answerText(u"   "_s);
    m_action->askText(
        nameQuestion(),
        [&](const QString &text) {
            got = text;
            m_action->stop();
        },
        ImmediateAction::Blank::Answers);
    QVERIFY(finished.wait(HeadlessCatalog::TimeoutMs));
    QCOMPARE(got, std::optional(QString()));

    QVERIFY(m_action->start({}));
    m_prompter->answerText(u"  spaced  "_s);
    m_action->askText(nameQuestion(), [&](const QString &text) {
        got = text;
        m_action->stop();
    });
    QVERIFY(finished.wait(HeadlessCatalog::TimeoutMs));
    QCOMPARE(got, std::optional(u"spaced"_s)); // trimmed
}

void TestImmediateAction::aTargetGoneWhileTheQuestionIsOpenChangesNothing()
{
    bool gone = false;
    m_prompter->whileOpen([&gone] { gone = true; }); // a commit's answer, a refresh...
    m_prompter->answerChoice(u"OK"_s);
    QVERIFY(!createNamespace(u"sales"_s, [&gone]() -> std::optional<QString> {
        return gone ? std::optional(u"The view shows another table now."_s) : std::nullopt;
    }));
    QCOMPARE(m_prompter->asked(), (QStringList{u"New Thing"_s, u"Things"_s}));
    QCOMPARE(m_prompter->lastQuestion().text, u"Nothing was changed."_s);
    QCOMPARE(m_prompter->lastQuestion().informativeText, u"The view shows another table now."_s);
    QVERIFY(m_refreshes.isEmpty()); // nothing was sent, so nothing to read again
    lance::api::NamespaceExistsRequest exists;
    exists.id = Identifier({u"sales"_s});
    const auto found = lance::test::awaitCall(m_catalog->session().catalog(), exists);
    QVERIFY(found && !found->exists);
}

void TestImmediateAction::theCancelChoiceEndsAndOthersGoOn()
{
    QSignalSpy finished(m_action.get(), &ImmediateAction::finished);
    Prompter::Question question = Prompter::confirmation(u"Drop"_s, u"Drop it?"_s, {}, u"&Drop"_s);
    QCOMPARE(question.defaultChoice, 1); // Enter takes Cancel unless asked otherwise
    QCOMPARE(Prompter::cancelIndex(question), 1);
    int chosen = -1;
    QVERIFY(m_action->start({}));
    m_prompter->answerChoice(u"Cancel"_s);
    m_action->ask(question, [&chosen](int choice) { chosen = choice; });
    QVERIFY(finished.wait(HeadlessCatalog::TimeoutMs));
    QCOMPARE(chosen, -1);
    QVERIFY(m_action->start({}));
    m_prompter->answerChoice(u"Drop"_s);
    m_action->ask(question, [&](int choice) {
        chosen = choice;
        m_action->stop();
    });
    QVERIFY(finished.wait(HeadlessCatalog::TimeoutMs));
    QCOMPARE(chosen, 0);
}

void TestImmediateAction::anAppliedAnswerIsAStatusLineAndARefresh()
{
    QVERIFY(createNamespace(u"sales"_s, {}));
    QCOMPARE(m_catalog->window().status(), u"Created sales."_s);
    QCOMPARE(m_refreshes, QList<bool>{true});
    QVERIFY(!m_action->isBusy());
    QCOMPARE(m_prompter->asked(), QStringList{u"New Thing"_s}); // no message box on success
}

void TestImmediateAction::aRefusalIsExplainedAndRefreshedToo()
{
    QVERIFY(createNamespace(u"sales"_s, {}));
    // The same name again: the catalog refuses (409); the action explains, in its words when
    // the caller has some, else in the error's.
    m_prompter->answerChoice(u"OK"_s);
    QVERIFY(!createNamespace(u"sales"_s, {}, u"There is a namespace sales already."_s));
    QCOMPARE(m_prompter->lastQuestion().title, u"Things"_s);
    QCOMPARE(m_prompter->lastQuestion().text, u"Nothing was changed."_s);
    QCOMPARE(m_prompter->lastQuestion().informativeText, u"There is a namespace sales already."_s);
    QVERIFY(!m_prompter->lastQuestion().details.isEmpty()); // the server's answer, on demand
    m_prompter->answerChoice(u"OK"_s);
    QVERIFY(!createNamespace(u"sales"_s, {}));
    QVERIFY2(m_prompter->lastQuestion().informativeText.contains(u"sales"_s),
             qPrintable(m_prompter->lastQuestion().informativeText));
    QCOMPARE(m_refreshes, (QList<bool>{true, false, false}));
}

void TestImmediateAction::anAsynchronousStepCarriesOnOrRefuses()
{
    QSignalSpy finished(m_action.get(), &ImmediateAction::finished);
    bool gone = false;
    QVERIFY(m_action->start([&gone]() -> std::optional<QString> {
        return gone ? std::optional(u"It is gone."_s) : std::nullopt;
    }));
    int got = 0;
    auto counted = m_action->step<int>([&](const int &value) {
        got = value;
        m_action->stop();
    });
    counted(Result<int>(7));
    QCOMPARE(got, 7);
    QCOMPARE(finished.size(), 1);

    // A refusal of the step ends the run saying so.
    QVERIFY(m_action->start({}));
    m_prompter->answerChoice(u"OK"_s);
    m_action->step<int>([&](const int &) { got = -1; })(ApiError::invalidInput(u"No count."_s));
    QCOMPARE(got, 7);
    QCOMPARE(finished.size(), 2);
    QCOMPARE(m_prompter->lastQuestion().informativeText, u"No count."_s);

    // A value whose target went meanwhile goes no further.
    QVERIFY(m_action->start([&gone]() -> std::optional<QString> {
        return gone ? std::optional(u"It is gone."_s) : std::nullopt;
    }));
    gone = true;
    m_prompter->answerChoice(u"OK"_s);
    m_action->step<int>([&](const int &) { got = -2; })(Result<int>(9));
    QCOMPARE(got, 7);
    QCOMPARE(finished.size(), 3);
    QCOMPARE(m_prompter->lastQuestion().informativeText, u"It is gone."_s);
}

void TestImmediateAction::anAnswerAfterTheRunEndedGoesNowhere()
{
    QSignalSpy finished(m_action.get(), &ImmediateAction::finished);
    QVERIFY(m_action->start({}));
    int got = 0;
    auto late = m_action->step<int>([&got](const int &value) { got = value; });
    m_action->stop();
    QVERIFY(m_action->start({}));
    late(Result<int>(3)); // the first run's answer reaches neither it nor the second
    QCOMPARE(got, 0);
    QVERIFY(m_action->isBusy());
    m_action->stop();
    QCOMPARE(finished.size(), 2);

    // An answer to a question of an action that is gone is dropped with it.
    QVERIFY(m_action->start({}));
    bool answered = false;
    m_prompter->answerText(u"x"_s);
    m_action->askText(nameQuestion(), [&answered](const QString &) { answered = true; });
    m_action.reset();
    QTRY_COMPARE_WITH_TIMEOUT(m_prompter->openQuestions(), 0, HeadlessCatalog::TimeoutMs);
    QVERIFY(!answered);
}

LCB_TEST_MAIN(TestImmediateAction)
#include "TestImmediateAction.moc"
