// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Identifier.h"
#include "drop/ManifestDropPlan.h"
#include "drop/PathMapper.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QHash>
#include <QSet>

namespace lance::drop {

/// Works out what dropping local Lance files on a catalog object stages (ManifestDropPlan):
///  - on a table: `.manifest` files and `_versions/` folders give one CreateTableVersion per
///    version, in ascending order, with manifest_size from the file, naming_scheme from its
///    name and manifest_path from the PathMapper;
///  - on a namespace: each Lance dataset folder (`*.lance`, or any folder holding `_versions/`)
///    gives a DeclareTable named after the folder (without `.lance`; a LanceDB directory
///    namespace's `<8 hex>_<ns>$<table>` gives `<table>`) at the mapped folder, then one
///    CreateTableVersion per version.
/// Detached and staging manifests are skipped with a note and `latest_version_hint.json`
/// silently. Every manifest is read and checked (ManifestCheck), synchronously: about 20 µs a
/// manifest with a warm cache and 100 µs cold (BenchManifestDrop), so a window calls plan() on
/// a worker thread; a planner is a value, safe to copy there. Nothing here touches the catalog:
/// the target says what the window knows of it.
class ManifestDropPlanner
{
    Q_DECLARE_TR_FUNCTIONS(ManifestDropPlanner)

public:
    /// Where the files were dropped, and what the window knows there.
    struct Target
    {
        enum class Kind { Table, Namespace };

        Kind kind = Kind::Table;
        api::Identifier id;
        QSet<qint64> knownVersions; //!< Table: the versions listed (or staged) for it
        QStringList knownTables;    //!< Namespace: the table names listed (or staged) there
        QString delimiter = api::Identifier::DefaultDelimiter; //!< for names and messages

        static Target table(api::Identifier id, QSet<qint64> knownVersions = {});
        static Target inNamespace(api::Identifier id, QStringList knownTables = {});
    };

    ManifestDropPlanner(Target target, PathMapper mapper);

    const Target &target() const { return m_target; }

    /// Declares dataset `folder` (as dropped) as `tableName` instead of the name its folder
    /// gives, in every later plan(); an empty name returns to the folder's.
    void setTableName(const QString &folder, const QString &tableName);

    /// The plan for dropping `localPaths` (files and folders, absolute or relative to the
    /// working folder) on the target. A path given twice, or a file also inside a dropped
    /// folder, counts once.
    ManifestDropPlan plan(const QStringList &localPaths) const;

    /// A manifest on the table's store, read there: its URI (how the server names the table's
    /// files) and its bytes, or why it could not be read.
    struct StoreManifest
    {
        QString uri;
        QByteArray bytes;
        QString unreadable; //!< empty when `bytes` were read
    };
    /// The plan for manifests read on a table's store (the target must be that table): each
    /// checked as a dropped file is (ManifestCheck: its name against the version inside; a
    /// version the table has, or given twice), and staged with its URI as manifest_path.
    ManifestDropPlan plan(const QList<StoreManifest> &manifests) const;

    /// True for a folder that is a Lance dataset: named `*.lance`, or holding `_versions/`.
    static bool isDatasetFolder(const QString &path);
    /// The table name a dataset folder gives when it is not renamed.
    static QString defaultTableName(const QString &folder);

private:
    class Run;

    Target m_target;
    PathMapper m_mapper;
    QHash<QString, QString> m_tableNames; //!< cleaned absolute folder -> table name
};

} // namespace lance::drop
