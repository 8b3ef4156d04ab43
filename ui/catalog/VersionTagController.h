// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ui/common/Prompter.h"

#include <QObject>

#include <optional>

namespace lance::api {
class ApiError;
}

namespace lance::ui {

class CatalogSession;
class ImmediateAction;
class WindowHost;
struct VersionsTarget;

/// The tags of the table shown in the Versions view, from the window: Tag Version… (Ctrl+T)
/// names the selected version (of main or of the branch shown); Move Tag Here… points an existing
/// tag at it; Delete Tag… removes one. Tags are not part of a batch commit, so each applies at
/// once (an ImmediateAction: the view is read again after each question), and says so; a move or
/// a delete is confirmed first with what the tag names now. The catalog's refusals are explained:
/// a tag that exists already (offering to move it), a version or tag that is gone (someone
/// changed the table meanwhile). Afterwards the table is read again, so the Tags column and tab
/// show what the catalog holds.
class VersionTagController : public QObject
{
    Q_OBJECT

public:
    VersionTagController(WindowHost &window, CatalogSession &session, PrompterSource prompter,
                         QObject *parent = nullptr);

    void tagVersion();
    void moveTag();
    void deleteTag();

signals:
    /// A tag action ended: applied, refused or cancelled.
    void finished(bool applied);

private:
    /// The one version chosen in the Versions view, and starts a run on it; nothing (the run
    /// answered) when none is chosen or a run is under way.
    std::optional<VersionsTarget> startOnChosen();
    /// A question for a tag's name, pre-filled with `suggestion`.
    static Prompter::TextQuestion tagQuestion(const QString &title, const QString &label,
                                              const QString &suggestion);
    /// "version 3", or "version 3 (branch dev)" for a version of another branch than main.
    static QString versionOn(qint64 version, const std::optional<QString> &branch);
    /// Sends `request`; `done` is the status line on success.
    template <typename Request>
    void send(const Request &request, const QString &done, const QString &tag, qint64 version);
    /// The catalog's refusal of `tag` on `version` in a steward's words.
    static QString explain(const api::ApiError &error, const QString &tag, qint64 version);
    void updateActions();

    WindowHost &m_window;
    CatalogSession &m_session;
    ImmediateAction *m_action = nullptr;
};

} // namespace lance::ui
