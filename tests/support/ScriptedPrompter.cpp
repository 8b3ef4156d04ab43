// SPDX-License-Identifier: Apache-2.0
#include "ScriptedPrompter.h"

#include <QPointer>
#include <QTimer>

namespace lance::test {

namespace {

QString withoutMnemonic(QString label)
{
    return label.remove(QLatin1Char('&'));
}

} // namespace

int ScriptedPrompter::ask(const Question &question)
{
    m_asked << question.title;
    m_lastQuestion = question;
    if (m_choices.isEmpty()) {
        ++m_unanswered;
        return cancelIndex(question);
    }
    const std::variant<QString, int> answer = m_choices.dequeue();
    if (const int *index = std::get_if<int>(&answer)) {
        return *index;
    }
    const QString wanted = withoutMnemonic(std::get<QString>(answer));
    for (qsizetype index = 0; index < question.choices.size(); ++index) {
        if (withoutMnemonic(question.choices[index].label) == wanted) {
            return int(index);
        }
    }
    ++m_unanswered; // the script expected another question
    return cancelIndex(question);
}

std::optional<QString> ScriptedPrompter::askText(const TextQuestion &question)
{
    m_lastTextQuestion = question;
    std::optional<QString> text = nextText(question.title);
    // The real dialog never accepts a text with a problem: the steward can only cancel.
    if (text && question.problem) {
        m_lastTextProblem = question.problem(*text);
        if (!m_lastTextProblem.isEmpty()) {
            return std::nullopt;
        }
    }
    return text;
}

std::optional<QString> ScriptedPrompter::chooseFolder(const QString &title, const QString &)
{
    return nextText(title);
}

std::optional<QString> ScriptedPrompter::chooseOpenFile(const QString &title, const QString &,
                                                        const QString &)
{
    return nextText(title);
}

std::optional<QString> ScriptedPrompter::chooseSaveFile(const QString &title, const QString &,
                                                        const QString &)
{
    return nextText(title);
}

void ScriptedPrompter::inform(Severity, const QString &title, const QString &, const QString &)
{
    m_asked << title;
}

void ScriptedPrompter::open(const Question &question, QObject *context,
                            std::function<void(int chosen)> answered)
{
    const int chosen = ask(question);
    answerLater(context, [answered = std::move(answered), chosen] {
        if (answered) {
            answered(chosen);
        }
    });
}

void ScriptedPrompter::openText(const TextQuestion &question, QObject *context,
                                std::function<void(const std::optional<QString> &text)> answered)
{
    const std::optional<QString> text = askText(question);
    answerLater(context, [answered = std::move(answered), text] {
        if (answered) {
            answered(text);
        }
    });
}

void ScriptedPrompter::answerLater(QObject *context, std::function<void()> answer)
{
    ++m_open;
    QPointer<QObject> asker = context;
    std::function<void()> meanwhile;
    if (m_meanwhile && m_meanwhileSkips-- == 0) {
        meanwhile = std::exchange(m_meanwhile, {});
    }
    QTimer::singleShot(0, m_lifetime.get(),
                       [this, asker, meanwhile = std::move(meanwhile), answer = std::move(answer)] {
                           if (meanwhile) {
                               meanwhile();
                           }
                           --m_open;
                           if (asker) {
                               answer();
                           }
                       });
}

std::optional<QString> ScriptedPrompter::nextText(const QString &title)
{
    m_asked << title;
    if (m_texts.isEmpty()) {
        ++m_unanswered;
        return std::nullopt;
    }
    return m_texts.dequeue();
}

} // namespace lance::test
