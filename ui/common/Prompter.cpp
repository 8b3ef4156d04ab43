// SPDX-License-Identifier: Apache-2.0
#include "ui/common/Prompter.h"

namespace lance::ui {

bool Prompter::confirm(const QString &title, const QString &text, const QString &acceptLabel,
                       ChoiceRole acceptRole, Severity severity)
{
    Question question;
    question.severity = severity;
    question.title = title;
    question.text = text;
    question.choices = {{acceptLabel, acceptRole}, {tr("Cancel"), ChoiceRole::Reject}};
    question.defaultChoice = acceptRole == ChoiceRole::Destructive ? 1 : 0;
    question.cancelChoice = 1;
    return ask(question) == 0;
}

void Prompter::tellNothingChanged(const QString &title, const QString &explained,
                                  const QString &details)
{
    Question problem;
    problem.severity = Severity::Warning;
    problem.title = title;
    problem.text = tr("Nothing was changed.");
    problem.informativeText = explained;
    problem.details = details;
    problem.choices = {{tr("OK"), ChoiceRole::Accept}};
    ask(problem);
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
