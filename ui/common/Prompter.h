// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <functional>
#include <optional>

class QObject;

namespace lance::ui {

/// Every question the app asks people goes through a Prompter, so logic never calls
/// QMessageBox or QFileDialog itself and tests can answer instead (ScriptedPrompter).
/// MessageBoxPrompter asks with real dialogs.
///
/// ask() and askText() return the answer, so the event loop runs inside them (a modal dialog's
/// own loop): network answers arrive meanwhile and may change what the question was about.
/// open() and openText() ask without waiting and hand the answer to a callback; an action that
/// goes on to change the catalog asks that way and reads its target again in the callback
/// (ImmediateAction does both).
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
        /// Why the text typed so far cannot be used (empty: it can). The dialog says it under
        /// the label and keeps OK disabled, so a wrong name is fixed in place, not lost.
        std::function<QString(const QString &text)> problem = {};
    };

    /// Whether Enter takes the accepting choice of a confirmation or Cancel.
    enum class EnterKey { Accepts, Cancels };

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

    /// As ask(), without waiting: the question shows and `answered` gets the index of the
    /// chosen choice once it is answered (the cancel choice when it is closed). Nothing is
    /// called if `context` is gone by then; the question closes with it. `answered` may be
    /// empty for a message that needs no answer.
    virtual void open(const Question &question, QObject *context,
                      std::function<void(int chosen)> answered)
        = 0;
    /// As askText(), without waiting: `answered` gets the text entered, or nothing when the
    /// question was cancelled. Nothing is called if `context` is gone by then.
    virtual void openText(const TextQuestion &question, QObject *context,
                          std::function<void(const std::optional<QString> &text)> answered)
        = 0;

    /// A yes-or-cancel question: `acceptLabel` (index 0) and Cancel (index 1, also Escape).
    /// Enter takes Cancel unless `enter` says otherwise: what changes the catalog at once is not
    /// done on a reflex.
    /// A TextQuestion::problem from a check of the text: its refusal as a sentence (first
    /// letter capitalised), nothing for a blank text (OK stays disabled for it anyway).
    static std::function<QString(const QString &text)>
    problemOf(std::function<api::Result<void>(const QString &text)> check);
    static Question confirmation(const QString &title, const QString &text,
                                 const QString &informativeText, const QString &acceptLabel,
                                 EnterKey enter = EnterKey::Cancels,
                                 ChoiceRole acceptRole = ChoiceRole::Accept,
                                 Severity severity = Severity::Question);
    /// The message that an action was refused and nothing was changed: `explained` says why,
    /// in words for people; `details` (the error's) are shown on demand. `text` is the
    /// headline, "Nothing was changed." when empty ("Nothing was staged." for a staging step).
    static Question nothingChanged(const QString &title, const QString &explained,
                                   const QString &details = {}, const QString &text = {});

    /// A yes-or-cancel question, waited for: true when `acceptLabel` was chosen. Enter takes
    /// the accepting choice unless it is Destructive.
    bool confirm(const QString &title, const QString &text, const QString &acceptLabel,
                 ChoiceRole acceptRole = ChoiceRole::Accept,
                 Severity severity = Severity::Question);

    /// The cancel choice of `question`: its cancelChoice, or else its first Reject choice, or
    /// else its last choice.
    static int cancelIndex(const Question &question);
};

/// How a controller reaches the window's Prompter: asked for each question, because the window
/// may set up its Prompter after the controllers (and tests swap in a ScriptedPrompter).
using PrompterSource = std::function<Prompter &()>;

} // namespace lance::ui
