// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"
#include "api/Identifier.h"
#include "ui/common/Prompter.h"

#include <QObject>

#include <optional>

namespace lance::ui {

class CatalogSession;
class ImmediateAction;
class NamespaceCreator;
class WindowHost;

/// Namespaces from the window: New Namespace… makes one inside the selected namespace (or the
/// selected table's), with properties (NamespaceCreator, the same questions the empty catalog's
/// first steps ask); Drop Namespace… removes the selected one, Restrict (only if empty) or
/// Cascade (with everything in it, counted first: the confirmation says how many namespaces and
/// tables go; their data stays); Namespace Properties… sets and removes the selected namespace's
/// properties in place (UpdateNamespaceProperties, this project's extension: a server without it
/// is told apart from a refusal). None can be staged (a batch commit carries table operations
/// only), so each applies at once and says so, as an ImmediateAction: after each question the
/// tree must still select the namespace asked about. Refusals (a name taken, a namespace not
/// empty) are explained and change nothing; the tree is read again after each.
class NamespaceController : public QObject
{
    Q_OBJECT

public:
    NamespaceController(WindowHost &window, CatalogSession &session, PrompterSource prompter,
                        QObject *parent = nullptr);

    void newNamespace();
    void dropNamespace();
    void editProperties();

signals:
    /// An action ended: applied, refused or cancelled.
    void finished(bool applied);

private:
    /// The selected namespace, or the selected table's; the root when nothing is selected.
    api::Identifier selectedNamespace() const;
    /// Nothing while the tree still selects `id` (as selectedNamespace()); else what changed.
    std::optional<QString> changed(const api::Identifier &id) const;
    void confirmDrop(const api::Identifier &id, qint64 namespaces, qint64 tables);
    void askProperties(const api::Identifier &id, const api::StringMap &current);
    /// Reads the tree again after an answer.
    void refresh(bool applied);
    void updateActions();

    WindowHost &m_window;
    CatalogSession &m_session;
    ImmediateAction *m_action = nullptr;
    NamespaceCreator *m_creator = nullptr;
};

} // namespace lance::ui
