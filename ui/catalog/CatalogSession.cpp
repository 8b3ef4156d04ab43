// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/CatalogSession.h"

#include "activity/ActivityTracker.h"
#include "catalog/CatalogTreeModel.h"
#include "connection/CatalogConnection.h"
#include "details/VendedAccess.h"
#include "ui/catalog/CatalogProbe.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/common/MessageBanner.h"
#include "ui/common/WindowHost.h"
#include "ui/window/WindowActions.h"

#include <QProcessEnvironment>

namespace lance::ui {

namespace {

using catalog::CatalogNode;
using catalog::CatalogTreeModel;

/// How many namespaces the first-table search may open. Enough for the usual two or three
/// levels; a catalog of empty namespaces should not be walked to the end just to pick a row.
constexpr int MaxSearchSteps = 8;

} // namespace

CatalogSession::CatalogSession(std::unique_ptr<connection::CatalogConnection> connection,
                               WindowHost &window, activity::ActivityTracker &tracker, int pageSize,
                               QSettings *settings, QObject *parent)
    : QObject(parent)
    , m_connection(std::move(connection))
    , m_manifests(std::make_unique<details::VendedAccess>(
          m_connection->service(),
          [profile = m_connection->profile(), settings] {
              return settings ? details::ManifestAccess::forProfile(profile, *settings)
                              : details::ManifestAccess({}, profile.isOnThisMachine())
                                    .withSpool(details::RestoreSpool::forProfile(profile));
          },
          details::VendedTableStore::Fallback{
              [storage = m_connection->storage(),
               standard = storage::StorageOptions::standard(
                   QProcessEnvironment::systemEnvironment())](storage::StorageUri::Scheme scheme) {
                  return storage.options(scheme).withFallback(standard);
              },
              tr("the connection's Storage options or this machine's environment")}))
    , m_window(window)
    , m_tracker(tracker)
    , m_pageSize(pageSize)
    , m_probe(new CatalogProbe(catalog(), this))
{
    connect(m_probe, &CatalogProbe::finished, this, &CatalogSession::onChecked);
    connect(m_probe, &CatalogProbe::failed, this, &CatalogSession::failed);
}

CatalogSession::~CatalogSession()
{
    // The models and loaders of the workspace talk to the connection's service.
    m_workspace.reset();
    m_manifests.reset();
    delete m_probe;
    m_probe = nullptr;
}

api::CatalogService &CatalogSession::catalog() const
{
    return *m_connection->service();
}

void CatalogSession::check()
{
    m_probe->start();
    m_tracker.track(tr("Reading %1").arg(m_connection->profile().name), m_probe->handle());
}

void CatalogSession::cancel()
{
    m_probe->cancel();
}

void CatalogSession::onChecked(bool empty)
{
    if (empty) {
        // A catalog emptied from elsewhere: its workspace would show nothing useful.
        m_workspace.reset();
    } else if (!m_workspace) {
        createWorkspace();
    }
    emit checked(empty);
    if (empty) {
        emit treeReady();
        settleDetails();
    }
}

void CatalogSession::createWorkspace()
{
    m_workspace = std::make_unique<CatalogWorkspace>(m_window, catalog(), m_connection->delimiter(),
                                                     &m_tracker, m_pageSize);
    connect(m_workspace.get(), &CatalogWorkspace::firstPageLoaded, this,
            &CatalogSession::onFirstPage, Qt::SingleShotConnection);
    connect(m_workspace.get(), &CatalogWorkspace::currentChanged, this,
            &CatalogSession::currentChanged);
    connect(m_workspace.get(), &CatalogWorkspace::detailsSettled, this,
            &CatalogSession::settleDetails);
    connect(m_workspace->treeModel(), &CatalogTreeModel::childrenLoaded, this,
            &CatalogSession::onChildrenLoaded);
    // A namespace that fails to list ends its branch of the search, not the search.
    connect(m_workspace->treeModel(), &CatalogTreeModel::loadFailed, this,
            [this](const QModelIndex &parent) { onChildrenLoaded(parent); });
}

void CatalogSession::onFirstPage()
{
    emit treeReady();
    selectInitial();
}

void CatalogSession::selectInitial()
{
    CatalogTreeModel *model = m_workspace->treeModel();
    if (m_restore && !m_restore->isRoot()) {
        const api::Identifier wanted = *m_restore;
        m_restore.reset();
        // Walk there quietly: a selection that no longer exists is no error worth a banner.
        auto found = std::make_shared<QMetaObject::Connection>();
        auto missing = std::make_shared<QMetaObject::Connection>();
        const auto stop = [found, missing] {
            disconnect(*found);
            disconnect(*missing);
        };
        *found = connect(model, &CatalogTreeModel::identifierFound, this,
                         [this, wanted, stop](const api::Identifier &id) {
                             if (id == wanted) {
                                 stop();
                                 m_workspace->select(id);
                             }
                         });
        *missing = connect(model, &CatalogTreeModel::identifierNotFound, this,
                           [this, wanted, stop](const api::Identifier &id) {
                               if (id == wanted) {
                                   stop();
                                   m_searching = true;
                                   findFirstTable();
                               }
                           });
        model->ensureLoaded(wanted);
        return;
    }
    m_searching = true;
    findFirstTable();
}

void CatalogSession::findFirstTable()
{
    CatalogTreeModel *model = m_workspace->treeModel();
    // Breadth first over what is loaded: the shallowest table is the least surprising pick.
    QList<QModelIndex> queue{QModelIndex()};
    QModelIndex unloaded;
    while (!queue.isEmpty()) {
        const QModelIndex parent = queue.takeFirst();
        for (int row = 0; row < model->rowCount(parent); ++row) {
            const QModelIndex child = model->index(row, 0, parent);
            switch (CatalogTreeModel::kindOf(child)) {
            case CatalogNode::Kind::Table:
                m_searching = false;
                m_workspace->select(model->identifierAt(child));
                return;
            case CatalogNode::Kind::Namespace:
                if (model->rowCount(child) > 0) {
                    queue.append(child);
                } else if (!unloaded.isValid() && model->canFetchMore(child)) {
                    unloaded = child;
                }
                break;
            case CatalogNode::Kind::Loading:
            case CatalogNode::Kind::Error:
                break;
            }
        }
    }
    if (unloaded.isValid() && m_searchSteps < MaxSearchSteps) {
        ++m_searchSteps;
        model->fetchMore(unloaded); // onChildrenLoaded() continues
        return;
    }
    m_searching = false;
    settleDetails(); // no table within reach: nothing to wait for
}

void CatalogSession::onChildrenLoaded(const QModelIndex &)
{
    if (m_searching) {
        findFirstTable();
    }
}

void CatalogSession::settleDetails()
{
    if (m_detailsPending && !m_searching) {
        m_detailsPending = false;
        emit detailsReady();
    }
}

} // namespace lance::ui
