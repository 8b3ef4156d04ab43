// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "drop/DatasetTableFinder.h"

#include <QObject>
#include <QPointer>
#include <QStringList>

namespace lance::ui {
class CatalogSession;
class ManifestDropController;
class WindowHost;
} // namespace lance::ui

namespace lance::browser {

/// Registers the files named on the browser's command line, as if they had been dropped:
/// `lance-catalog-browser people.lance/_versions/*.manifest` from a shell in the folder a writer
/// wrote to.
///
/// Dataset folders are dropped on the catalog's root (a DeclareTable each, named as the steward
/// confirms). Manifests and `_versions/` folders need a table: the one whose location is their
/// dataset folder, found by DatasetTableFinder, is selected and its listed versions given to
/// the staging checks before the drop. When no table (or more than one) is at that location, or
/// the files come from several datasets, the drop asks for the table as the Pending Changes
/// panel does. finished() follows in every case, once.
class CommandLineFiles : public QObject
{
    Q_OBJECT

public:
    /// `paths` are absolute; `session` (this object's usual parent) and `drops` outlive it.
    CommandLineFiles(QStringList paths, ui::WindowHost &window, ui::CatalogSession &session,
                     ui::ManifestDropController &drops, QObject *parent = nullptr);

    /// Starts once the session has said whether its catalog is empty.
    void start();

    /// The dataset folder all of `paths` belong to (the folder holding `_versions/`); empty when
    /// they belong to none or to several.
    static QString datasetFolderOf(const QStringList &paths);

signals:
    void finished();

private:
    void registerManifests();
    void onFound(const api::Result<lance::drop::DatasetTableFinder::Outcome> &outcome);
    void finish();

    QStringList m_datasets;  //!< dataset folders, for the root
    QStringList m_manifests; //!< everything else, for a table
    QString m_folder;        //!< the manifests' dataset folder
    ui::WindowHost &m_window;
    ui::CatalogSession &m_session;
    ui::ManifestDropController &m_drops;
    lance::drop::DatasetTableFinder *m_finder = nullptr;
    bool m_started = false;
};

} // namespace lance::browser
