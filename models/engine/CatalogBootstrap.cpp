// SPDX-License-Identifier: Apache-2.0
#include "engine/CatalogBootstrap.h"

#include "engine/CatalogLocations.h"
#include "engine/CatalogNames.h"
#include "engine/EngineLogging.h"
#include "engine/NamespaceStore.h"
#include "engine/TableStore.h"
#include "engine/VersionStore.h"
#include "format/BranchRefs.h"
#include "format/ManifestFiles.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

using namespace Qt::StringLiterals;
using namespace lance::api;

namespace lance::engine {

namespace {

const QString ReservedMarker = u".lance-reserved"_s;
const QString DeregisteredMarker = u".lance-deregistered"_s;
const QString NamespaceManifest = u"__manifest"_s;

} // namespace

QList<CatalogBootstrap::Found> CatalogBootstrap::findTables() const
{
    static const QRegularExpression Prefixed(u"^[0-9a-f]{8}_(.+)$"_s);
    const QDir root(m_locations.root());
    QList<Found> plain;
    QList<Found> prefixed;
    const QStringList names = root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    for (const QString &name : names) {
        if (name == NamespaceManifest) {
            continue;
        }
        Found found{Identifier(), root.absoluteFilePath(name)};
        QList<Found> *into = &plain;
        if (name.endsWith(CatalogLocations::TableSuffix)) {
            found.id = Identifier(QStringList{name.chopped(CatalogLocations::TableSuffix.size())});
        } else if (const QRegularExpressionMatch match = Prefixed.match(name); match.hasMatch()) {
            found.id = Identifier(match.captured(1).split(u'$', Qt::KeepEmptyParts));
            into = &prefixed;
        } else {
            continue;
        }
        if (const auto problem = CatalogNames::checkTable(found.id); !problem.hasValue()) {
            qCInfo(lcEngine) << "not registering the folder" << name << ":"
                             << problem.error().serverError();
            continue;
        }
        into->append(found);
    }
    // `<name>.lance` first: the directory namespace's own naming of root tables wins a clash.
    return plain + prefixed;
}

api::Result<void> CatalogBootstrap::add(const Found &found)
{
    const QDir folder(found.folder);
    if (folder.exists(DeregisteredMarker)) {
        return {};
    }
    const QList<TableVersion> versions = format::ManifestFiles::versionsIn(found.folder);
    if (versions.isEmpty() && !folder.exists(ReservedMarker)) {
        return {};
    }
    NamespaceStore namespaces(m_database);
    TableStore tables(m_database);
    // Its namespaces, outermost first; a table already there by a namespace's name wins.
    const QStringList &names = found.id.names();
    for (qsizetype depth = 1; depth <= names.size(); ++depth) {
        const Identifier prefix(names.first(depth));
        auto table = tables.find(prefix);
        auto space = namespaces.exists(prefix);
        if (!table || !space) {
            return !table ? table.error() : space.error();
        }
        if (*table || (depth == names.size() && *space)) {
            return {}; // the name is taken
        }
        if (depth < names.size()) {
            if (auto added = namespaces.insert(prefix, {}); !added) {
                return added.error();
            }
        }
    }
    if (auto added = tables.insert(TableRecord{found.id, found.folder, {}}); !added) {
        return added.error();
    }
    VersionStore store(m_database);
    for (const TableVersion &version : versions) {
        if (auto added = store.insert(found.id, {}, version); !added) {
            return added.error();
        }
    }
    if (auto added
        = store.insertBranches(found.id, format::BranchRefs::versionsOfBranches(found.folder));
        !added.hasValue()) {
        return added.error();
    }
    return {};
}

api::Result<void> CatalogBootstrap::run()
{
    for (const Found &found : findTables()) {
        if (auto problem = add(found); !problem.hasValue()) {
            return problem;
        }
    }
    return {};
}

} // namespace lance::engine
