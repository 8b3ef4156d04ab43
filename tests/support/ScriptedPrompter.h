// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ui/common/Prompter.h"

#include <QObject>
#include <QQueue>
#include <QStringList>

#include <memory>
#include <variant>

namespace lance::test {

/// A Prompter for tests: answers from a script, in order, and records every question. A
/// question with no scripted answer left is answered as if cancelled and counted in
/// unanswered(), so a test can assert nothing unexpected was asked.
///
/// A question opened without waiting (open(), openText()) takes its scripted answer at once but
/// gives it from the event loop, as a dialog would: the asker's code runs on first. What a test
/// gave whileOpen() runs before that answer, while the question is open: the moment another
/// client, a commit's answer or a refresh changes what the question is about.
class ScriptedPrompter : public ui::Prompter
{
public:
    /// The next ask() chooses the choice labelled `label` (mnemonic `&` ignored), or index
    /// `index`.
    void answerChoice(const QString &label) { m_choices.enqueue(label); }
    void answerChoice(int index) { m_choices.enqueue(index); }
    /// The next askText(), chooseFolder(), chooseOpenFile() or chooseSaveFile() answers
    /// `text`; nothing means cancelled.
    void answerText(const std::optional<QString> &text) { m_texts.enqueue(text); }

    int ask(const Question &question) override;
    std::optional<QString> askText(const TextQuestion &question) override;
    std::optional<QString> chooseFolder(const QString &title, const QString &start) override;
    std::optional<QString> chooseOpenFile(const QString &title, const QString &start,
                                          const QString &filter) override;
    std::optional<QString> chooseSaveFile(const QString &title, const QString &suggested,
                                          const QString &filter) override;
    void inform(Severity severity, const QString &title, const QString &text,
                const QString &details = {}) override;
    void open(const Question &question, QObject *context,
              std::function<void(int chosen)> answered) override;
    void openText(const TextQuestion &question, QObject *context,
                  std::function<void(const std::optional<QString> &text)> answered) override;

    /// The next question opened without waiting (or the one after `skipped` more) runs
    /// `meanwhile` before it is answered.
    void whileOpen(std::function<void()> meanwhile, int skipped = 0)
    {
        m_meanwhile = std::move(meanwhile);
        m_meanwhileSkips = skipped;
    }
    /// Questions opened without waiting whose answer has not been given yet.
    int openQuestions() const { return m_open; }

    /// The titles of every question, text question, folder or file choice and information, in
    /// order.
    const QStringList &asked() const { return m_asked; }
    /// The last ask()ed question.
    const Question &lastQuestion() const { return m_lastQuestion; }
    /// The last askText() question.
    const TextQuestion &lastTextQuestion() const { return m_lastTextQuestion; }
    /// What the last text question's problem() said of the scripted answer (empty: none); an
    /// answer with a problem is taken as cancelled, as the dialog would not accept it.
    const QString &lastTextProblem() const { return m_lastTextProblem; }
    int unanswered() const { return m_unanswered; }
    bool hasPendingAnswers() const { return !m_choices.isEmpty() || !m_texts.isEmpty(); }

private:
    std::optional<QString> nextText(const QString &title);
    /// Gives `answer` from the event loop, after the pending whileOpen() step, unless `context`
    /// is gone.
    void answerLater(QObject *context, std::function<void()> answer);

    QQueue<std::variant<QString, int>> m_choices;
    QQueue<std::optional<QString>> m_texts;
    QStringList m_asked;
    TextQuestion m_lastTextQuestion;
    QString m_lastTextProblem;
    Question m_lastQuestion;
    int m_unanswered = 0;
    int m_open = 0;
    std::function<void()> m_meanwhile;
    int m_meanwhileSkips = 0;
    /// Answers still to give are dropped with it: with the prompter, or when a test assigns a
    /// fresh one.
    std::unique_ptr<QObject> m_lifetime = std::make_unique<QObject>();
};

} // namespace lance::test
