// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Identifier.h"
#include "ui/common/ImmediateAction.h"

#include <QObject>
#include <QPointer>

#include <functional>

namespace lance::ui {

class CatalogSession;
class WindowHost;

/// The one way the window creates a namespace, from the Changes menu inside the selected
/// namespace (NamespaceController) and from an empty catalog's first steps
/// (ConnectionCommands): the name, then its properties (optional), then a confirmation that it
/// is sent at once and is not part of the batch. An ImmediateAction: after each question the
/// caller's check reads again whether the catalog (and the place) asked about is still there.
class NamespaceCreator : public QObject
{
    Q_OBJECT

public:
    NamespaceCreator(WindowHost &window, PrompterSource prompter, QObject *parent = nullptr);

    /// Creates a namespace inside `parent` in `session`'s catalog. `check` reads the target again
    /// after each question (ImmediateAction); `refresh` reads the catalog again after the answer.
    void create(CatalogSession &session, const api::Identifier &parent,
                ImmediateAction::TargetCheck check, std::function<void(bool applied)> refresh);

    ImmediateAction &action() const { return *m_action; }

private:
    void askProperties(const api::Identifier &id);
    void confirm(const api::Identifier &id, const api::StringMap &properties);

    ImmediateAction *m_action = nullptr;
    QPointer<CatalogSession> m_session;
    std::function<void(bool applied)> m_refresh;
};

} // namespace lance::ui
