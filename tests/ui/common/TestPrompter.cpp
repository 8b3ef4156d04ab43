// SPDX-License-Identifier: Apache-2.0
// Prompter: the scripted answers tests rely on, and the real dialogs driven the way a person
// would (find the modal dialog, press a button).
#include "ScriptedPrompter.h"
#include "ui/common/MessageBoxPrompter.h"

#include <QApplication>
#include <QInputDialog>
#include <QLineEdit>
#include <QMessageBox>
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

QTEST_MAIN(TestPrompter)
#include "TestPrompter.moc"
