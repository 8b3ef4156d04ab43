// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QPointer>

#include <functional>

namespace lance::catalog {
class TableVersionModel;
}

namespace lance::ui {

class CatalogSession;

/// Follows the Versions view's model of a session (it comes with the tree's first page, and
/// the workspace may make another) and calls `changed` whenever it is another model or its rows
/// change: what the controllers of the Versions view's actions enable their actions by. Call
/// watch() once the callers are connected.
class VersionModelWatcher : public QObject
{
    Q_OBJECT

public:
    VersionModelWatcher(CatalogSession &session, std::function<void()> changed,
                        QObject *parent = nullptr);

    /// The model watched now; null while the session has no workspace.
    catalog::TableVersionModel *model() const;
    /// Watches the model the session has now, and calls `changed`.
    void watch();

signals:
    /// The Versions view has another model (before `changed` is called for it).
    void switched(lance::catalog::TableVersionModel *model);

private:
    CatalogSession &m_session;
    std::function<void()> m_changed;
    QPointer<catalog::TableVersionModel> m_watched;
};

} // namespace lance::ui
