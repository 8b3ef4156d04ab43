// SPDX-License-Identifier: Apache-2.0
#include "ui/staging/StagedManifestChecker.h"

#include "connection/CatalogConnection.h"
#include "details/StagedManifestCheck.h"
#include "staging/KnownState.h"
#include "staging/PendingChanges.h"
#include "ui/catalog/CatalogSession.h"

#include <QSettings>

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

} // namespace lance::ui
