// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/VersionMessages.h"

#include <QObject>
#include <QSet>

class QSettings;

namespace lance::staging {
class PendingChanges;
}

namespace lance::ui {

class CatalogSession;

/// Reads the manifest of every version staged for creation, once, as it is staged (from the
/// dialog, a drop, an import or a restore), and records what the catalog would refuse of it
/// in the staged list's KnownState (details::StagedManifestCheck): the row then shows a
/// blocking problem and Commit waits, instead of the catalog refusing the batch, or, for a
/// catalog that cannot look, recording a version nobody can open. A manifest named by its URI
/// on the table's store is read there, off the GUI thread, through the session's VendedAccess.
class StagedManifestChecker : public QObject
{
    Q_OBJECT

public:
    StagedManifestChecker(staging::PendingChanges &changes, CatalogSession &session,
                          QSettings &settings, QObject *parent = nullptr);

private:
    void judgeNew();
    /// A manifest named by its URI on the table's store: read there, off the GUI thread.
    void judgeOnStore(const api::CreateTableVersionRequest &request);
    void record(const api::CreateTableVersionRequest &request, const QString &problem);

    staging::PendingChanges &m_changes;
    CatalogSession &m_session;
    QSettings &m_settings;
    QSet<QString> m_asking; //!< store manifests being read: path and version
};

} // namespace lance::ui
