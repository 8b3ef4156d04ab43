// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ui/common/Prompter.h"

#include <QObject>

#include <optional>

namespace lance::ui {

class BranchSelector;
class CatalogSession;
class ImmediateAction;
class WindowHost;
struct VersionsTarget;

/// Branches of the table shown in the Versions view, from the window. New Branch… starts one
/// at the selected version of the branch shown (main or another), asking for its name and
/// saying where it starts and that nothing is copied; Delete Branch… deletes the branch shown,
/// after a confirmation that says what it was made from, how many versions go with it and that
/// it cannot be undone. Branches are not part of a batch commit, so each applies at once (an
/// ImmediateAction: the view is read again after each question). The catalog's refusals are
/// explained (a name in use or not allowed, a branch others start from or a tag points into)
/// and change nothing. Afterwards the branch list is read again and shows the new branch, or
/// main. Offered only where the catalog listed the table's branches.
class BranchController : public QObject
{
    Q_OBJECT

public:
    BranchController(WindowHost &window, CatalogSession &session, PrompterSource prompter,
                     QObject *parent = nullptr);

    void newBranch();
    void deleteBranch();

signals:
    /// A branch action ended: applied, refused or cancelled.
    void finished(bool applied);

private:
    BranchSelector *selector() const;
    /// Follows the workspace's branch list and Versions view, once there is one.
    void followWorkspace();
    void create(const VersionsTarget &at, const QString &name);
    /// After an answer: the branch list read again, showing `show` on success.
    void relist(bool applied, const std::optional<QString> &show);
    void updateActions();

    WindowHost &m_window;
    CatalogSession &m_session;
    ImmediateAction *m_action = nullptr;
};

} // namespace lance::ui
