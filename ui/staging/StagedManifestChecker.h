// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>

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
/// catalog that cannot look, recording a version nobody can open.
class StagedManifestChecker : public QObject
{
    Q_OBJECT

public:
    StagedManifestChecker(staging::PendingChanges &changes, CatalogSession &session,
                          QSettings &settings, QObject *parent = nullptr);

private:
    void judgeNew();

    staging::PendingChanges &m_changes;
    CatalogSession &m_session;
    QSettings &m_settings;
};

} // namespace lance::ui
