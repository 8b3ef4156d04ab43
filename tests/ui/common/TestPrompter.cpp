// SPDX-License-Identifier: Apache-2.0
// Prompter: the scripted answers tests rely on, and the real dialogs driven the way a person
// would (find the modal dialog, press a button).
#include "ScriptedPrompter.h"
#include "TestRegistry.h"
#include "ui/common/MessageBoxPrompter.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QInputDialog>
#include <QLineEdit>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QTest>
#include <QTimer>

using namespace Qt::StringLiterals;
using namespace lance::ui;
using lance::test::ScriptedPrompter;

namespace {

Prompter::Question discardQuestion()
{
    Prompter::Question question;
    question.severity = Prompter::Severity::Warning;
    question.title = u"Discard Changes"_s;
    question.text = u"Discard the 3 staged operations?"_s;
    question.details = u"[{\"declare_table\":{}}]"_s;
    question.choices = {{u"&Discard"_s, Prompter::ChoiceRole::Destructive},
                        {u"&Keep"_s, Prompter::ChoiceRole::Reject},
                        {u"&Review"_s, Prompter::ChoiceRole::Other}};
    question.defaultChoice = 1;
    return question;
}

// Clicks the button labelled `label` of the next modal dialog, once it is there.
void clickInNextDialog(const QString &label)
{
    QTimer::singleShot(0, qApp, [label] {
        QWidget *dialog = QApplication::activeModalWidget();
        if (!dialog) {
            clickInNextDialog(label);
            return;
        }
        const QList<QPushButton *> buttons = dialog->findChildren<QPushButton *>();
        for (QPushButton *button : buttons) {
            if (button->text().remove(u'&') == label) {
                button->click();
                return;
            }
        }
        qWarning("no button %s", qPrintable(label));
    });
}

} // namespace

class TestPrompter : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void scriptedAnswersInOrder();
    void scriptedCountsWhatItCouldNotAnswer();
    void confirmIsAcceptOrCancel();
    void cancelIndexFallsBackToTheRejectChoice();
    void messageBoxChoosesTheClickedButton();
    void messageBoxEscapeIsTheCancelChoice();
    void inputDialogAnswersTheText();
    void aTextWithAProblemWaitsToBeFixed();
    void openedQuestionsLetTheEventLoopRun();
    void anOpenedQuestionClosesWithItsAsker();
    void scriptedOpenAnswersFromTheEventLoop();

private:
    std::unique_ptr<QWidget> m_parent; //!< what the real dialogs are modal to
};

void TestPrompter::init()
{
    m_parent = std::make_unique<QWidget>();
    m_parent->show();
}

void TestPrompter::cleanup()
{
    m_parent.reset();
}

void TestPrompter::scriptedAnswersInOrder()
{
    ScriptedPrompter prompter;
    prompter.answerChoice(u"Review"_s);
    prompter.answerChoice(0);
    prompter.answerText(u"analytics"_s);
    prompter.answerText(std::nullopt);
    QCOMPARE(prompter.ask(discardQuestion()), 2);
    QCOMPARE(prompter.ask(discardQuestion()), 0);
    QCOMPARE(prompter.askText({u"Create a Namespace"_s, {}, {}, {}}), u"analytics"_s);
    QCOMPARE(prompter.chooseFolder(u"Open a Folder"_s, {}), std::nullopt);
    QCOMPARE(prompter.asked(), (QStringList{u"Discard Changes"_s, u"Discard Changes"_s,
                                            u"Create a Namespace"_s, u"Open a Folder"_s}));
    QCOMPARE(prompter.lastQuestion().text, u"Discard the 3 staged operations?"_s);
    QCOMPARE(prompter.unanswered(), 0);
    QVERIFY(!prompter.hasPendingAnswers());
}

void TestPrompter::scriptedCountsWhatItCouldNotAnswer()
{
    ScriptedPrompter prompter;
    QCOMPARE(prompter.ask(discardQuestion()), 1); // "Keep", the Reject choice
    prompter.answerChoice(u"Delete"_s);           // not a choice of this question
    QCOMPARE(prompter.ask(discardQuestion()), 1);
    QCOMPARE(prompter.askText({}), std::nullopt);
    QCOMPARE(prompter.unanswered(), 3);
}

void TestPrompter::confirmIsAcceptOrCancel()
{
    ScriptedPrompter prompter;
    prompter.answerChoice(u"Delete"_s);
    prompter.answerChoice(u"Cancel"_s);
    QVERIFY(prompter.confirm(u"Delete"_s, u"Delete 2 versions?"_s, u"&Delete"_s,
                             Prompter::ChoiceRole::Destructive));
    // Destructive: Cancel is the default, so Enter does not destroy.
    QCOMPARE(prompter.lastQuestion().defaultChoice, 1);
    QVERIFY(!prompter.confirm(u"Delete"_s, u"Delete 2 versions?"_s, u"&Delete"_s));
}

void TestPrompter::cancelIndexFallsBackToTheRejectChoice()
{
    Prompter::Question question = discardQuestion();
    QCOMPARE(Prompter::cancelIndex(question), 1);
    question.cancelChoice = 2;
    QCOMPARE(Prompter::cancelIndex(question), 2);
    question.cancelChoice = -1;
    question.choices = {{u"A"_s, Prompter::ChoiceRole::Accept}, {u"B"_s, {}}};
    QCOMPARE(Prompter::cancelIndex(question), 1);
}

void TestPrompter::messageBoxChoosesTheClickedButton()
{
    MessageBoxPrompter prompter(m_parent.get());
    clickInNextDialog(u"Review"_s);
    QCOMPARE(prompter.ask(discardQuestion()), 2);
    clickInNextDialog(u"Discard"_s);
    QCOMPARE(prompter.ask(discardQuestion()), 0);
}

void TestPrompter::messageBoxEscapeIsTheCancelChoice()
{
    MessageBoxPrompter prompter(m_parent.get());
    QTimer::singleShot(0, qApp, [] {
        if (QWidget *dialog = QApplication::activeModalWidget()) {
            QTest::keyClick(dialog, Qt::Key_Escape);
        }
    });
    QCOMPARE(prompter.ask(discardQuestion()), 1);
}

void TestPrompter::inputDialogAnswersTheText()
{
    MessageBoxPrompter prompter(m_parent.get());
    QTimer::singleShot(0, qApp, [] {
        auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget());
        QVERIFY(dialog);
        QCOMPARE(dialog->findChild<QLineEdit *>()->placeholderText(), u"analytics"_s);
        dialog->setTextValue(u"sales$eu"_s);
        dialog->accept();
    });
    const auto text
        = prompter.askText({u"Create a Namespace"_s, u"Name:"_s, QString(), u"analytics"_s});
    QCOMPARE(text, u"sales$eu"_s);
}

// A steward's walk: a tag, branch or namespace name that was refused closed the dialog and lost
// what was typed. The question now says what is wrong as it is typed and keeps OK disabled.
void TestPrompter::aTextWithAProblemWaitsToBeFixed()
{
    MessageBoxPrompter prompter(m_parent.get());
    QObject asker;
    std::optional<std::optional<QString>> typed;
    Prompter::TextQuestion question{u"Tag Version"_s, u"A tag:"_s, {}, {}};
    question.problem = [](const QString &text) {
        return text.contains(u'/') ? u"No slash, please."_s : QString();
    };
    prompter.openText(question, &asker,
                      [&typed](const std::optional<QString> &text) { typed = text; });
    auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget());
    QVERIFY(dialog);
    QPushButton *ok = dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    QVERIFY(!ok->isEnabled()); // nothing typed yet
    auto *edit = dialog->findChild<QLineEdit *>();
    QTest::keyClicks(edit, u"bad/tag"_s);
    QVERIFY(!ok->isEnabled());
    QCOMPARE(dialog->labelText(), u"A tag:\n\nNo slash, please."_s);
    QTest::keyClick(edit, Qt::Key_Return); // Enter does not take it either
    QVERIFY(dialog->isVisible());
    QVERIFY(!typed);
    for (int i = 0; i < 4; ++i) {
        QTest::keyClick(edit, Qt::Key_Backspace);
    }
    QTest::keyClicks(edit, u"-tag"_s);
    QVERIFY(ok->isEnabled());
    QCOMPARE(dialog->labelText(), u"A tag:"_s);
    ok->click();
    QTRY_VERIFY(typed);
    QCOMPARE(*typed, std::optional(u"bad-tag"_s));
}

void TestPrompter::openedQuestionsLetTheEventLoopRun()
{
    MessageBoxPrompter prompter(m_parent.get());
    QObject asker;
    std::optional<int> chosen;
    prompter.open(discardQuestion(), &asker, [&chosen](int choice) { chosen = choice; });
    // open() returned with the question on screen, modal to its window only; no nested loop
    // runs it, so a timer of the caller's fires while it is open.
    auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
    QVERIFY(box);
    QCOMPARE(box->windowModality(), Qt::WindowModal);
    QVERIFY(!chosen);
    bool ticked = false;
    QTimer::singleShot(0, &asker, [&ticked] { ticked = true; });
    QTRY_VERIFY(ticked);
    QVERIFY(box->isVisible());
    clickInNextDialog(u"Review"_s);
    QTRY_COMPARE(chosen, std::optional(2));

    std::optional<std::optional<QString>> typed;
    prompter.openText({u"Create a Namespace"_s, u"Name:"_s, u"sales"_s, {}}, &asker,
                      [&typed](const std::optional<QString> &text) { typed = text; });
    auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget());
    QVERIFY(dialog);
    QCOMPARE(dialog->textValue(), u"sales"_s);
    dialog->setTextValue(u"ops"_s);
    dialog->accept();
    QTRY_VERIFY(typed);
    QCOMPARE(*typed, std::optional(u"ops"_s));
    prompter.openText({u"Create a Namespace"_s, {}, {}, {}}, &asker,
                      [&typed](const std::optional<QString> &text) { typed = text; });
    QTRY_VERIFY(QApplication::activeModalWidget());
    QTest::keyClick(QApplication::activeModalWidget(), Qt::Key_Escape);
    QTRY_COMPARE(*typed, std::optional<QString>());
}

void TestPrompter::anOpenedQuestionClosesWithItsAsker()
{
    MessageBoxPrompter prompter(m_parent.get());
    auto asker = std::make_unique<QObject>();
    bool answered = false;
    prompter.open(discardQuestion(), asker.get(), [&answered](int) { answered = true; });
    QPointer<QWidget> box = QApplication::activeModalWidget();
    QVERIFY(box);
    asker.reset();     // the controller that asked is gone (the catalog was closed)
    QTRY_VERIFY(!box); // the question went with it, deleted on close
    QVERIFY(!answered);
}

void TestPrompter::scriptedOpenAnswersFromTheEventLoop()
{
    ScriptedPrompter prompter;
    QObject asker;
    std::optional<int> chosen;
    QStringList order;
    prompter.answerChoice(u"Discard"_s);
    prompter.whileOpen([&order] { order << u"meanwhile"_s; });
    prompter.open(discardQuestion(), &asker, [&](int choice) {
        order << u"answered"_s;
        chosen = choice;
    });
    order << u"asker ran on"_s;
    QCOMPARE(prompter.openQuestions(), 1);
    QCOMPARE(prompter.lastQuestion().title, u"Discard Changes"_s); // recorded at once
    QTRY_COMPARE(prompter.openQuestions(), 0);
    QCOMPARE(chosen, std::optional(0));
    QCOMPARE(order, (QStringList{u"asker ran on"_s, u"meanwhile"_s, u"answered"_s}));
    // The hook was for that one question only.
    prompter.answerText(u"x"_s);
    bool textAnswered = false;
    prompter.openText({}, &asker, [&](const std::optional<QString> &) { textAnswered = true; });
    QTRY_VERIFY(textAnswered);
    QCOMPARE(order.size(), 3);
}

LCB_TEST_MAIN(TestPrompter)
#include "TestPrompter.moc"
