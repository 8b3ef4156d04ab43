// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "api/TagMessages.h"

#include <QObject>

#include <functional>
#include <optional>

namespace lance::catalog {
class TableVersionModel;
}

namespace lance::ui {

class CatalogSession;
class Prompter;
class WindowHost;

/// The tags of the table shown in the Versions view, from the window: Tag Version… (Ctrl+T)
/// names the selected version (of main or of the branch shown); Move Tag Here… points an existing
/// tag at it; Delete Tag… removes one. Tags are not part of a batch commit, so each applies at
/// once, and says so; a move or a delete is confirmed first with what the tag names now. The
/// catalog's refusals are explained: a tag that exists already (offering to move it), a version or
/// tag that is gone (someone changed the table meanwhile). Afterwards the table is read again, so
/// the Tags column and tab show what the catalog holds.
class VersionTagController : public QObject
{
    Q_OBJECT

public:
    using PrompterSource = std::function<Prompter &()>;

    VersionTagController(WindowHost &window, CatalogSession &session, PrompterSource prompter,
                         QObject *parent = nullptr);

    void tagVersion();
    void moveTag();
    void deleteTag();

signals:
    /// A tag action ended: applied, refused or cancelled.
    void finished(bool applied);

private:
    /// The Versions view's model; null without a workspace.
    const catalog::TableVersionModel *shownModel() const;
    /// The one version chosen in the Versions view (listed, not staged); nothing, with a status
    /// line saying why, otherwise.
    std::optional<qint64> chosenVersion();
    /// Asks for a tag's name, pre-filled with `suggestion`; nothing when cancelled or empty.
    std::optional<QString> askTag(const QString &title, const QString &label,
                                  const QString &suggestion);
    /// "version 3", or "version 3 (branch dev)" for a version of another branch than main.
    static QString versionOn(qint64 version, const std::optional<QString> &branch);
    bool confirm(const QString &title, const QString &text, const QString &consequence,
                 const QString &go);
    /// Sends `request`, with the actions off until answered(); `done` is the status on success.
    template <typename Request>
    void send(const Request &request, const QString &done, const QString &tag, qint64 version);
    /// After an answer: the table read again, or the refusal explained.
    void answered(const api::Result<void> &result, const QString &done, const QString &tag,
                  qint64 version);
    void updateActions();

    WindowHost &m_window;
    CatalogSession &m_session;
    PrompterSource m_prompter;
    bool m_busy = false;
};

} // namespace lance::ui
