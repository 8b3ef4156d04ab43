// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

namespace lance::ui {

/// Every question the app asks people goes through a Prompter, so logic never calls
/// QMessageBox or QFileDialog itself and tests can answer instead (ScriptedPrompter).
/// MessageBoxPrompter asks with real dialogs.
class Prompter
{
    Q_DECLARE_TR_FUNCTIONS(Prompter)

public:
    enum class Severity { Information, Question, Warning, Critical };
    enum class ChoiceRole {
        Accept,      //!< goes ahead
        Destructive, //!< goes ahead and loses something (Discard, Delete)
        Reject,      //!< backs out (Cancel, Keep)
        Other,       //!< anything else (Refresh and review)
    };

    struct Choice
    {
        QString label; //!< "&Discard", with a mnemonic
        ChoiceRole role = ChoiceRole::Other;
    };

    struct Question
    {
        Severity severity = Severity::Question;
        QString title;
        QString text;            //!< the question, one sentence
        QString informativeText; //!< what happens with each choice
        QString details;         //!< shown on demand (a JSON body, an error's details)
        QList<Choice> choices;
        int defaultChoice = 0;
        int cancelChoice = -1; //!< answered on Escape or close; -1: the first Reject choice
    };

    struct TextQuestion
    {
        QString title;
        QString label;
        QString text; //!< pre-filled
        QString placeholder;
        bool secret = false; //!< typed hidden, as a password (an API key asked for again)
    };

    virtual ~Prompter() = default;

    /// The index of the chosen choice in `question.choices`; the cancel choice when the dialog
    /// was closed without choosing.
    virtual int ask(const Question &question) = 0;
    /// The text entered, or nothing when cancelled.
    virtual std::optional<QString> askText(const TextQuestion &question) = 0;
    /// An existing folder, or nothing when cancelled.
    virtual std::optional<QString> chooseFolder(const QString &title, const QString &start) = 0;
    /// An existing file to read, or nothing when cancelled. `filter` as QFileDialog takes it
    /// ("Certificates (*.pem *.crt);;All files (*)").
    virtual std::optional<QString> chooseOpenFile(const QString &title, const QString &start,
                                                  const QString &filter)
        = 0;
    /// A file to write (the dialog asks before replacing one), or nothing when cancelled.
    /// `suggested` is a file name or path to start from; `filter` as for chooseOpenFile().
    virtual std::optional<QString> chooseSaveFile(const QString &title, const QString &suggested,
                                                  const QString &filter)
        = 0;
    /// Tells something that needs no answer.
    virtual void inform(Severity severity, const QString &title, const QString &text,
                        const QString &details = {})
        = 0;

    /// Tells that an action was refused and nothing was changed: `explained` says why, in
    /// words for people; `details` (the error's) are shown on demand.
    void tellNothingChanged(const QString &title, const QString &explained, const QString &details);

    /// A yes-or-cancel question: true when `acceptLabel` was chosen.
    bool confirm(const QString &title, const QString &text, const QString &acceptLabel,
                 ChoiceRole acceptRole = ChoiceRole::Accept,
                 Severity severity = Severity::Question);

    /// The cancel choice of `question`: its cancelChoice, or else its first Reject choice, or
    /// else its last choice.
    static int cancelIndex(const Question &question);
};

} // namespace lance::ui
