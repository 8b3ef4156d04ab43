// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CatalogService.h"
#include "api/Result.h"
#include "ui/common/Prompter.h"

#include <QObject>
#include <QString>

#include <functional>
#include <optional>

namespace lance::ui {

class WindowHost;

/// The shape every action of the window shares that acts on the catalog at once, outside the
/// staged batch (a tag, a branch, a namespace), or that prepares staged work with a step of its
/// own (a rename, a restore). A controller reads what it acts on, then runs:
///
/// 1. start(check): one run at a time; the action is busy (busyChanged(), for the controller to
///    grey its menu entries) until finished(). `check` reads the target again.
/// 2. ask(), askText(): questions that do not wait for their answer (Prompter::open()). Network
///    answers go on arriving while one is open, so on the answer the target is read again; if
///    it changed meanwhile (a commit's answer emptied the Versions view, a refresh dropped the
///    table, another client deleted the version) the run ends with "Nothing was changed" and
///    why, and nothing is sent. Cancel ends the run quietly.
/// 3. call() sends the request; step() wraps any other asynchronous step (a count, a describe, a
///    manifest written) whose refusal ends the run; finish() takes the result of a step of the
///    controller's own (staging).
/// 4. The answer becomes a status line on success or "Nothing was changed" with the reason in
///    the steward's words (Outcome::explain); Outcome::refresh runs either way, since a
///    refusal may come from a change made elsewhere; then finished(applied).
///
/// docs/ARCHITECTURE.md walks through adding an action on it.
class ImmediateAction : public QObject
{
    Q_OBJECT

public:
    /// Reads the run's target again: nothing while it still is what the questions named, else
    /// the sentence that says what changed.
    using TargetCheck = std::function<std::optional<QString>()>;

    /// What the answer to a run's request becomes.
    struct Outcome
    {
        /// The status line on success.
        QString done;
        /// The refusal in the steward's words; empty (or no function): the error's own.
        std::function<QString(const api::ApiError &)> explain;
        /// Reads again what the run changed or was refused on; runs after the answer.
        std::function<void(bool applied)> refresh;
    };

    /// `title`: the title of the run's messages ("Tags"). `refusal`: their headline when the
    /// run changed nothing; "Nothing was changed." when empty.
    ImmediateAction(WindowHost &window, PrompterSource prompter, QString title,
                    QString refusal = {}, QObject *parent = nullptr);

    /// A run is under way: from start() to finished().
    bool isBusy() const { return m_run != 0; }

    /// Starts a run on a target `check` reads again after each answer. While another run is
    /// under way nothing starts: a status line says so and false is returned.
    bool start(TargetCheck check);

    /// Asks `question` without waiting. The cancel choice ends the run; any other answer goes
    /// to `then` once the target was read again and is still there.
    void ask(const Prompter::Question &question, std::function<void(int chosen)> then);
    /// Whether an answer of nothing but spaces ends the run, as Cancel does, or is an answer.
    enum class Blank { Cancels, Answers };

    /// Asks for a text without waiting. Cancel (and, unless `blank` says otherwise, nothing but
    /// spaces) ends the run; the text, trimmed, goes to `then` once the target was read again
    /// and is still there.
    void askText(const Prompter::TextQuestion &question,
                 std::function<void(const QString &text)> then, Blank blank = Blank::Cancels);

    /// The callback of an asynchronous step of the run (a count, a describe, a file written):
    /// a refusal ends the run saying so; a value goes to `next` once the target was read again
    /// and is still there.
    template <typename T>
    std::function<void(api::Result<T>)> step(std::function<void(const T &value)> next)
    {
        return [this, run = m_run, next = std::move(next)](api::Result<T> result) {
            if (!carriesOn(run)) {
                return;
            }
            if (!result) {
                refuse(result.error());
                return;
            }
            if (stillThere()) {
                next(*result);
            }
        };
    }

    /// Sends `request`; its answer becomes `outcome`.
    template <api::OperationRequest Request>
    void call(api::CatalogService &service, const Request &request, Outcome outcome)
    {
        service.call(request, this, [this, run = m_run, outcome = std::move(outcome)](auto result) {
            if (carriesOn(run)) {
                finish(api::Result<void>(result), outcome);
            }
        });
    }

    /// Ends the run with `result`, the answer to a step of the controller's own, as `outcome`
    /// says.
    void finish(const api::Result<void> &result, const Outcome &outcome);
    /// Ends the run (or answers a trigger that found nothing to act on) without a change:
    /// `status`, when given, is the status line that says why.
    void stop(const QString &status = {});
    /// Ends the run, saying that nothing was changed and why.
    void refuse(const QString &explained, const QString &details = {});
    void refuse(const api::ApiError &error);

signals:
    void busyChanged(bool busy);
    /// A run ended, or a trigger found nothing to act on: applied, refused or cancelled.
    void finished(bool applied);

private:
    /// Whether `run` is the run under way (an answer of an ended run is dropped).
    bool carriesOn(quint64 run) const { return run != 0 && run == m_run; }
    /// Reads the target again; when it changed, ends the run saying so and answers false.
    bool stillThere();
    void end();

    WindowHost &m_window;
    PrompterSource m_prompter;
    QString m_title;
    QString m_refusal;
    TargetCheck m_check;
    quint64 m_run = 0;     //!< the run under way; 0: none
    quint64 m_lastRun = 0; //!< numbers runs, so that a late answer never reaches a newer one
};

} // namespace lance::ui
