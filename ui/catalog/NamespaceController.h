// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"
#include "api/Identifier.h"
#include "api/Result.h"

#include <QObject>

#include <functional>
#include <optional>

namespace lance::ui {

class CatalogSession;
class Prompter;
class WindowHost;

/// Namespaces from the window: New Namespace… makes one inside the selected namespace (or the
/// selected table's), with properties; Drop Namespace… removes the selected one, Restrict (only
/// if empty) or Cascade (with everything in it, counted first: the confirmation says how many
/// namespaces and tables go; their data stays); Namespace Properties… sets and removes the
/// selected namespace's properties in place (UpdateNamespaceProperties, this project's
/// extension: a server without it is told apart from a refusal). None can be staged (a batch
/// commit carries table operations only), so each applies at once and says so. Refusals (a name
/// taken, a namespace not empty) are explained and change nothing; the tree is read again after
/// each.
class NamespaceController : public QObject
{
    Q_OBJECT

public:
    using PrompterSource = std::function<Prompter &()>;

    NamespaceController(WindowHost &window, CatalogSession &session, PrompterSource prompter,
                        QObject *parent = nullptr);

    void newNamespace();
    void dropNamespace();
    void editProperties();

    /// `key=value, …` of `properties`, sorted by key: what parseProperties() reads back.
    static QString propertiesText(const api::StringMap &properties);

    /// `owner=finance, purpose=reports` as properties; InvalidInput naming the part that is
    /// not `key=value` or repeats a key. Empty text: none.
    static api::Result<api::StringMap> parseProperties(const QString &text);

signals:
    /// An action ended: applied, refused or cancelled.
    void finished(bool applied);

private:
    /// The selected namespace, or the selected table's; the root when nothing is selected.
    api::Identifier selectedNamespace() const;
    void confirmDrop(const api::Identifier &id, qint64 namespaces, qint64 tables);
    void askProperties(const api::Identifier &id, const api::StringMap &current);
    void answered(const api::Result<void> &result, const QString &done);
    void updateActions();

    WindowHost &m_window;
    CatalogSession &m_session;
    PrompterSource m_prompter;
};

} // namespace lance::ui
