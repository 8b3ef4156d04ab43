// SPDX-License-Identifier: Apache-2.0
#include "ui/staging/StagedManifestChecker.h"

#include "connection/CatalogConnection.h"
#include "details/StagedManifestCheck.h"
#include "details/VendedAccess.h"
#include "staging/KnownState.h"
#include "staging/PendingChanges.h"
#include "storage/StorageUri.h"
#include "ui/catalog/CatalogSession.h"

#include <QCoreApplication>
#include <QPointer>
#include <QSettings>
#include <QThreadPool>

#include <algorithm>

namespace lance::ui {

StagedManifestChecker::StagedManifestChecker(staging::PendingChanges &changes,
                                             CatalogSession &session, QSettings &settings,
                                             QObject *parent)
    : QObject(parent)
    , m_changes(changes)
    , m_session(session)
    , m_settings(settings)
{
    connect(&m_changes, &staging::PendingChanges::changed, this, &StagedManifestChecker::judgeNew);
    judgeNew(); // work restored from the journal
}

void StagedManifestChecker::judgeNew()
{
    const connection::ConnectionProfile &profile = m_session.connection().profile();
    const details::ManifestAccess access = details::ManifestAccess::forProfile(profile, m_settings);
    const bool sameMachine = profile.kind == connection::ConnectionProfile::Kind::Local;
    QList<std::pair<const api::CreateTableVersionRequest *, QString>> judged;
    const QList<api::CommitTableOperation> operations = m_changes.operations();
    for (const api::CommitTableOperation &operation : operations) {
        const auto *create = std::get_if<api::CreateTableVersionRequest>(&operation);
        if (!create
            || m_changes.knownState().manifestProblem(create->manifestPath, create->version)) {
            continue;
        }
        if (storage::StorageUri::namesStoreObject(create->manifestPath)) {
            judgeOnStore(*create);
            continue;
        }
        judged.append({create, details::StagedManifestCheck::problem(access, *create, sameMachine)
                                   .value_or(QString())});
    }
    if (judged.isEmpty()) {
        return;
    }
    m_changes.updateKnownState([&](staging::KnownState &known) {
        for (const auto &[create, problem] : judged) {
            known.setManifestProblem(create->manifestPath, create->version, problem);
        }
    });
}

void StagedManifestChecker::judgeOnStore(const api::CreateTableVersionRequest &request)
{
    const QString asked = request.manifestPath + u'\n' + QString::number(request.version);
    if (m_asking.contains(asked)) {
        return;
    }
    m_asking.insert(asked);
    // The table's store as the window reads it (vended, the profile's, the environment); the
    // read is the network's, so off this thread.
    m_session.manifests().reach(
        request.id, this, [this, request, asked](const details::ManifestAccess &access) {
            QThreadPool::globalInstance()->start(
                [self = QPointer<StagedManifestChecker>(this), access, request, asked] {
                    std::optional<QString> problem
                        = details::StagedManifestCheck::problemOnStore(access, request);
                    QMetaObject::invokeMethod(
                        QCoreApplication::instance(),
                        [self, request, asked, problem = std::move(problem)] {
                            if (self) {
                                self->m_asking.remove(asked);
                                self->record(request, problem.value_or(QString()));
                            }
                        },
                        Qt::QueuedConnection);
                });
        });
}

void StagedManifestChecker::record(const api::CreateTableVersionRequest &request,
                                   const QString &problem)
{
    const QList<api::CommitTableOperation> operations = m_changes.operations();
    const bool stillStaged
        = std::any_of(operations.cbegin(), operations.cend(), [&request](const auto &operation) {
              const auto *create = std::get_if<api::CreateTableVersionRequest>(&operation);
              return create && create->manifestPath == request.manifestPath
                     && create->version == request.version;
          });
    if (!stillStaged) {
        return; // undone while the store answered
    }
    m_changes.updateKnownState([&](staging::KnownState &known) {
        known.setManifestProblem(request.manifestPath, request.version, problem);
    });
}

} // namespace lance::ui
