// SPDX-License-Identifier: Apache-2.0
#include "ui/common/ImmediateAction.h"

#include "ui/common/WindowHost.h"

namespace lance::ui {

ImmediateAction::ImmediateAction(WindowHost &window, PrompterSource prompter, QString title,
                                 QString refusal, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_prompter(std::move(prompter))
    , m_title(std::move(title))
    , m_refusal(std::move(refusal))
{}

bool ImmediateAction::start(TargetCheck check)
{
    if (isBusy()) {
        m_window.showStatus(tr("%1: the last action is still under way.").arg(m_title),
                            WindowHost::StatusMessageMs);
        return false;
    }
    m_check = std::move(check);
    m_run = ++m_lastRun;
    emit busyChanged(true);
    return true;
}

void ImmediateAction::ask(const Prompter::Question &question, std::function<void(int chosen)> then)
{
    const int cancel = Prompter::cancelIndex(question);
    m_prompter().open(question, this,
                      [this, run = m_run, cancel, then = std::move(then)](int chosen) {
                          if (!carriesOn(run)) {
                              return;
                          }
                          if (chosen == cancel) {
                              stop();
                          } else if (stillThere()) {
                              then(chosen);
                          }
                      });
}

void ImmediateAction::askText(const Prompter::TextQuestion &question,
                              std::function<void(const QString &text)> then, Blank blank)
{
    m_prompter().openText(
        question, this,
        [this, run = m_run, then = std::move(then), blank](const std::optional<QString> &text) {
            if (!carriesOn(run)) {
                return;
            }
            if (!text || (blank == Blank::Cancels && text->trimmed().isEmpty())) {
                stop();
            } else if (stillThere()) {
                then(text->trimmed());
            }
        });
}

bool ImmediateAction::stillThere()
{
    const std::optional<QString> changed = m_check ? m_check() : std::nullopt;
    if (changed) {
        refuse(*changed);
        return false;
    }
    return true;
}

void ImmediateAction::finish(const api::Result<void> &result, const Outcome &outcome)
{
    if (result) {
        m_window.showStatus(outcome.done, WindowHost::StatusMessageMs);
    } else {
        const api::ApiError &error = result.error();
        QString explained = outcome.explain ? outcome.explain(error) : QString();
        if (explained.isEmpty()) {
            explained = error.userMessage();
        }
        m_prompter().open(Prompter::nothingChanged(m_title, explained, error.details(), m_refusal),
                          this, {});
    }
    // The run has ended before the refresh: what the refresh sets off may start the next one.
    end();
    if (outcome.refresh) {
        outcome.refresh(result.hasValue());
    }
    emit finished(result.hasValue());
}

void ImmediateAction::stop(const QString &status)
{
    if (!status.isEmpty()) {
        m_window.showStatus(status, WindowHost::StatusMessageMs);
    }
    end();
    emit finished(false);
}

void ImmediateAction::refuse(const QString &explained, const QString &details)
{
    m_prompter().open(Prompter::nothingChanged(m_title, explained, details, m_refusal), this, {});
    end();
    emit finished(false);
}

void ImmediateAction::refuse(const api::ApiError &error)
{
    refuse(error.userMessage(), error.details());
}

void ImmediateAction::end()
{
    m_check = {};
    if (m_run != 0) {
        m_run = 0;
        emit busyChanged(false);
    }
}

} // namespace lance::ui
