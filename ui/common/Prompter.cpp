// SPDX-License-Identifier: Apache-2.0
#include "ui/common/Prompter.h"

namespace lance::ui {

std::function<QString(const QString &text)>
Prompter::problemOf(std::function<api::Result<void>(const QString &text)> check)
{
    return [check = std::move(check)](const QString &text) -> QString {
        if (text.trimmed().isEmpty()) {
            return {};
        }
        const api::Result<void> checked = check(text);
        if (checked.hasValue()) {
            return {};
        }
        QString sentence = checked.error().userMessage();
        if (!sentence.isEmpty()) {
            sentence[0] = sentence[0].toUpper();
        }
        return sentence;
    };
}

Prompter::Question Prompter::confirmation(const QString &title, const QString &text,
                                          const QString &informativeText,
                                          const QString &acceptLabel, EnterKey enter,
                                          ChoiceRole acceptRole, Severity severity)
{
    Question question;
    question.severity = severity;
    question.title = title;
    question.text = text;
    question.informativeText = informativeText;
    question.choices = {{acceptLabel, acceptRole}, {tr("Cancel"), ChoiceRole::Reject}};
    question.defaultChoice = enter == EnterKey::Accepts ? 0 : 1;
    question.cancelChoice = 1;
    return question;
}

Prompter::Question Prompter::nothingChanged(const QString &title, const QString &explained,
                                            const QString &details, const QString &text)
{
    Question problem;
    problem.severity = Severity::Warning;
    problem.title = title;
    problem.text = text.isEmpty() ? tr("Nothing was changed.") : text;
    problem.informativeText = explained;
    problem.details = details;
    problem.choices = {{tr("OK"), ChoiceRole::Accept}};
    return problem;
}

bool Prompter::confirm(const QString &title, const QString &text, const QString &acceptLabel,
                       ChoiceRole acceptRole, Severity severity)
{
    const EnterKey enter
        = acceptRole == ChoiceRole::Destructive ? EnterKey::Cancels : EnterKey::Accepts;
    return ask(confirmation(title, text, {}, acceptLabel, enter, acceptRole, severity)) == 0;
}

int Prompter::cancelIndex(const Question &question)
{
    if (question.cancelChoice >= 0 && question.cancelChoice < question.choices.size()) {
        return question.cancelChoice;
    }
    for (qsizetype index = 0; index < question.choices.size(); ++index) {
        if (question.choices[index].role == ChoiceRole::Reject) {
            return int(index);
        }
    }
    return int(question.choices.size()) - 1;
}

} // namespace lance::ui
