// SPDX-License-Identifier: Apache-2.0
#include "CommandLineFiles.h"

#include "connection/CatalogConnection.h"
#include "drop/ManifestDropPlanner.h"
#include "staging/PendingChanges.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/common/MessageBanner.h"
#include "ui/common/WindowHost.h"
#include "ui/drop/ManifestDropController.h"
#include "ui/window/WindowActions.h"

#include <QDir>
#include <QFileInfo>
#include <QStatusBar>

using namespace Qt::StringLiterals;

namespace lance::browser {

CommandLineFiles::CommandLineFiles(QStringList paths, ui::WindowHost &window,
                                   ui::CatalogSession &session, ui::ManifestDropController &drops,
                                   QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_session(session)
    , m_drops(drops)
{
    for (const QString &path : std::as_const(paths)) {
        const QFileInfo info(path);
        // `_versions/` is inside a dataset but is itself a set of manifests.
        if (info.isDir() && info.fileName() != u"_versions"_s
            && lance::drop::ManifestDropPlanner::isDatasetFolder(path)) {
            m_datasets << path;
        } else {
            m_manifests << path;
        }
    }
    m_folder = datasetFolderOf(m_manifests);
}

QString CommandLineFiles::datasetFolderOf(const QStringList &paths)
{
    QString folder;
    for (const QString &path : paths) {
        const QFileInfo info(path);
        const QString versions = info.isDir() ? info.absoluteFilePath() : info.absolutePath();
        if (QFileInfo(versions).fileName() != u"_versions"_s) {
            return {};
        }
        const QString dataset = QFileInfo(versions).absolutePath();
        if (!folder.isEmpty() && dataset != folder) {
            return {};
        }
        folder = dataset;
    }
    return folder;
}

void CommandLineFiles::start()
{
    if (std::exchange(m_started, true)) {
        return;
    }
    if (m_datasets.isEmpty()) {
        registerManifests();
        return;
    }
    m_drops.drop(m_datasets, {ui::ManifestDropController::Where::Kind::Namespace, {}},
                 [this](bool) { registerManifests(); });
}

void CommandLineFiles::registerManifests()
{
    if (m_manifests.isEmpty()) {
        finish();
        return;
    }
    if (m_folder.isEmpty()) {
        m_drops.drop(m_manifests, {ui::ManifestDropController::Where::Kind::AskTable, {}},
                     [this](bool) { finish(); });
        return;
    }
    const connection::ConnectionProfile &profile = m_session.connection().profile();
    const bool local = profile.kind == connection::ConnectionProfile::Kind::Local;
    m_window.showStatus(tr("Looking for the table of %1…").arg(QDir::toNativeSeparators(m_folder)));
    m_finder = new lance::drop::DatasetTableFinder(m_session.catalog(), this);
    m_finder->find(lance::drop::ManifestDropPlanner::defaultTableName(m_folder),
                   lance::drop::DatasetTableFinder::locationMatcher(
                       m_folder, m_drops.mapper(), local ? profile.localFolder : QString()),
                   [this](const api::Result<lance::drop::DatasetTableFinder::Outcome> &outcome) {
                       onFound(outcome);
                   });
}

void CommandLineFiles::onFound(const api::Result<lance::drop::DatasetTableFinder::Outcome> &outcome)
{
    m_window.clearStatus();
    const QString folder = QDir::toNativeSeparators(m_folder);
    if (!outcome) {
        m_window.banner().showMessage(
            ui::MessageBanner::Severity::Warning,
            tr("Could not look for the table of %1, so the files on the command line were not "
               "registered: %2")
                .arg(folder, outcome.error().userMessage()),
            outcome.error().details());
        finish();
        return;
    }
    if (!outcome->table) {
        // Said before the question, so the steward knows why it is asked.
        m_window.showStatus(
            outcome->matching > 1
                ? tr("%n table(s) have their location at %1.", nullptr, outcome->matching)
                      .arg(folder)
                : tr("No table has its location at %1.").arg(folder));
        m_drops.drop(m_manifests, {ui::ManifestDropController::Where::Kind::AskTable, {}},
                     [this](bool) { finish(); });
        return;
    }
    const api::Identifier table = *outcome->table;
    const QList<qint64> versions(outcome->versions.cbegin(), outcome->versions.cend());
    // What is already in the catalog is flagged by the drop, not sent to fail in a commit.
    m_drops.changes().updateKnownState(
        [&](staging::KnownState &known) { known.setVersions(table, versions); });
    // Shown with its versions; also when the tree's first page is still on its way.
    m_session.setRestoreIdentifier(table);
    if (ui::CatalogWorkspace *workspace = m_session.workspace()) {
        workspace->select(table);
    }
    m_drops.drop(m_manifests, {ui::ManifestDropController::Where::Kind::Table, table},
                 [this](bool) { finish(); });
}

void CommandLineFiles::finish()
{
    emit finished();
}

} // namespace lance::browser
