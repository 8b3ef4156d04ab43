// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"

#include <QObject>

#include <functional>
#include <optional>

namespace lance::catalog {
class TableVersionModel;
}

namespace lance::ui {

class BranchSelector;
class CatalogSession;
class Prompter;
class WindowHost;

/// Branches of the table shown in the Versions view, from the window. New Branch… starts one
/// at the selected version of the branch shown (main or another), asking for its name and
/// saying where it starts and that nothing is copied; Delete Branch… deletes the branch shown,
/// after a confirmation that says what it made from, how many versions go with it and that it
/// cannot be undone. Branches are not part of a batch commit, so each applies at once. The
/// catalog's refusals are explained (a name in use or not allowed, a branch others start from
/// or a tag points into) and change nothing. Afterwards the branch list is read again and shows
/// the new branch, or main. Offered only where the catalog listed the table's branches.
class BranchController : public QObject
{
    Q_OBJECT

public:
    using PrompterSource = std::function<Prompter &()>;

    BranchController(WindowHost &window, CatalogSession &session, PrompterSource prompter,
                     QObject *parent = nullptr);

    void newBranch();
    void deleteBranch();

signals:
    /// A branch action ended: applied, refused or cancelled.
    void finished(bool applied);

private:
    const catalog::TableVersionModel *shownModel() const;
    BranchSelector *selector() const;
    /// The one listed version chosen in the Versions view; nothing, with a status line saying
    /// why, otherwise.
    std::optional<qint64> chosenVersion();
    /// Sends `request`, with the actions off until answered; on success the list shows `show`.
    template <typename Request>
    void send(const Request &request, const QString &done, const std::optional<QString> &show);
    void answered(const api::Result<void> &result, const QString &done,
                  const std::optional<QString> &show);
    void updateActions();

    WindowHost &m_window;
    CatalogSession &m_session;
    PrompterSource m_prompter;
    bool m_busy = false;
};

} // namespace lance::ui
