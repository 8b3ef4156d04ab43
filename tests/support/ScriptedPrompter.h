// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ui/common/Prompter.h"

#include <QQueue>
#include <QStringList>

#include <variant>

namespace lance::test {

/// A Prompter for tests: answers from a script, in order, and records every question. A
/// question with no scripted answer left is answered as if cancelled and counted in
/// unanswered(), so a test can assert nothing unexpected was asked.
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

    /// The titles of every question, text question, folder or file choice and information, in
    /// order.
    const QStringList &asked() const { return m_asked; }
    /// The last ask()ed question.
    const Question &lastQuestion() const { return m_lastQuestion; }
    /// The last askText() question.
    const TextQuestion &lastTextQuestion() const { return m_lastTextQuestion; }
    int unanswered() const { return m_unanswered; }
    bool hasPendingAnswers() const { return !m_choices.isEmpty() || !m_texts.isEmpty(); }

private:
    std::optional<QString> nextText(const QString &title);

    QQueue<std::variant<QString, int>> m_choices;
    QQueue<std::optional<QString>> m_texts;
    QStringList m_asked;
    TextQuestion m_lastTextQuestion;
    Question m_lastQuestion;
    int m_unanswered = 0;
};

} // namespace lance::test
