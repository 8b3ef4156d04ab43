// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/VersionMessages.h"
#include "details/ManifestAccess.h"

#include <QObject>
#include <QPointer>

#include <optional>

namespace lance::catalog {
class TableVersionModel;
}

namespace lance::ui {

class CatalogSession;
class CompareVersionsDialog;
class VersionModelWatcher;
class WindowHost;

/// View > Compare Versions… (Ctrl+D, Enter or a double click in the Versions view): the two
/// selected versions, or the selected (or current) one against the version before it, the
/// first version against an empty table. A version staged for creation (a row of its own)
/// compares as any other: by default, the newest staged one against the latest listed. Opens
/// a CompareVersionsDialog, which reads the manifests where this machine can
/// (CatalogSession::manifests(): the path mapping, or the table's store with what the server
/// vends). Enabled while the Versions view lists something. Gives the Versions view's model the
/// same reach (TableVersionModel::setManifestReach), for servers that list versions without
/// facts, and for the Schema tab.
class VersionCompareController : public QObject
{
    Q_OBJECT

public:
    VersionCompareController(WindowHost &window, CatalogSession &session,
                             QObject *parent = nullptr);

    /// The dialog of the last comparison, while it is open.
    CompareVersionsDialog *dialog() const;

private:
    struct Pair
    {
        std::optional<api::TableVersion> from; //!< none: against an empty table
        api::TableVersion to;
        bool fromStaged = false; //!< `from` is staged for creation, not in the catalog yet
        bool toStaged = false;
    };

    void compare();
    /// The versions to compare, from the selection; nothing (and a status line saying why)
    /// when the selection does not make a pair.
    std::optional<Pair> chosenPair();
    void updateAction();

    WindowHost &m_window;
    CatalogSession &m_session;
    VersionModelWatcher *m_watcher = nullptr;
    QPointer<CompareVersionsDialog> m_dialog;
};

} // namespace lance::ui
