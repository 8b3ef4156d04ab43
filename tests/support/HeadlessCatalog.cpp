// SPDX-License-Identifier: Apache-2.0
#include "HeadlessCatalog.h"

#include "AwaitCall.h"
#include "LanceFixture.h"
#include "activity/ActivityTracker.h"
#include "api/VersionMessages.h"
#include "catalog/TableVersionModel.h"
#include "connection/CatalogConnection.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace lance::test {

HeadlessCatalog::HeadlessCatalog()
    : m_tracker(std::make_unique<activity::ActivityTracker>())
{}

HeadlessCatalog::~HeadlessCatalog()
{
    // As the switcher does: the workspace's models before the connection they talk to.
    m_session.reset();
}

bool HeadlessCatalog::open(const QStringList &alsoAs, const QStringList &datasets)
{
    if (!m_folder.isValid() || !m_state.isValid()
        || !LanceFixture::copyInto(u"people.lance"_s, m_folder.path())) {
        QTest::qFail("no temporary catalog", __FILE__, __LINE__);
        return false;
    }
    for (const QString &name : alsoAs) {
        if (!LanceFixture::copyInto(u"people.lance"_s, m_folder.path(), name + u".lance"_s)) {
            return false;
        }
    }
    for (const QString &dataset : datasets) {
        if (!LanceFixture::copyInto(dataset, m_folder.path(), dataset.section(u'/', -1))) {
            return false;
        }
    }
    // Kept-aside restores (details::RestoreSpool) go to the application's data folder.
    qputenv("XDG_DATA_HOME", QFile::encodeName(QDir(m_state.path()).filePath(u"data"_s)));
    connection::ConnectionProfile profile;
    profile.name = u"Headless"_s;
    profile.kind = connection::ConnectionProfile::Kind::Local;
    profile.localFolder = m_folder.path();
    auto connection = connection::CatalogConnection::open(profile);
    if (!connection) {
        QTest::qFail(qPrintable(connection.error().details()), __FILE__, __LINE__);
        return false;
    }
    m_session
        = std::make_unique<ui::CatalogSession>(std::move(*connection), m_window, *m_tracker, 1000);
    QSignalSpy tree(m_session.get(), &ui::CatalogSession::treeReady);
    m_session->check();
    if (!tree.wait(TimeoutMs) || !m_session->workspace()) {
        QTest::qFail("the catalog's tree did not show", __FILE__, __LINE__);
        return false;
    }
    return true;
}

bool HeadlessCatalog::select(const api::Identifier &id)
{
    ui::CatalogWorkspace *workspace = m_session->workspace();
    workspace->select(id);
    const bool selected
        = QTest::qWaitFor([&] { return workspace->currentIdentifier() == id; }, TimeoutMs);
    const catalog::TableVersionModel *versions = workspace->versionModel();
    const bool listed = QTest::qWaitFor(
        [&] {
            return versions->table() != id
                   || versions->state() == catalog::TableVersionModel::State::Loaded;
        },
        TimeoutMs);
    if (!selected || !listed) {
        QTest::qFail("the selection did not load", __FILE__, __LINE__);
        return false;
    }
    return true;
}

bool HeadlessCatalog::deleteBehind(const api::Identifier &table, qint64 version)
{
    api::BatchDeleteTableVersionsRequest remove;
    remove.id = table;
    remove.ranges = {{version, version + 1}};
    if (!awaitCall(m_session->catalog(), remove)) {
        QTest::qFail("the version could not be deleted", __FILE__, __LINE__);
        return false;
    }
    m_session->workspace()->refresh();
    const catalog::TableVersionModel *versions = m_session->workspace()->versionModel();
    const bool gone = QTest::qWaitFor(
        [&] {
            return versions->state() == catalog::TableVersionModel::State::Loaded
                   && std::none_of(versions->listedVersions().cbegin(),
                                   versions->listedVersions().cend(),
                                   [version](const api::TableVersion &each) {
                                       return each.version == version;
                                   });
        },
        TimeoutMs);
    if (!gone) {
        QTest::qFail("the view still lists the deleted version", __FILE__, __LINE__);
    }
    return gone;
}

} // namespace lance::test
