// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Identifier.h"

#include <QHash>
#include <QSet>

#include <optional>

namespace lance::staging {

/// What the browser knows about the catalog, for StagingCheck and the cancel-out rule: which
/// tables each namespace holds, which versions each branch of a table has, which tables are
/// declared only.
/// Filled by the UI from what the tree and the versions view loaded. Everything not set is
/// unknown, and unknown never makes a problem: an empty KnownState checks only the batch itself.
///
/// Only complete answers belong here: a namespace's tables after every page was listed, a
/// branch's versions after every page was listed. A partial listing would make a table or
/// version look missing when it is not. Each branch is known apart: an operation is checked
/// against its own branch, whichever branch the window shows.
class KnownState
{
public:
    /// The tables of `namespaceId`, all of them, as names relative to it.
    void setTables(const api::Identifier &namespaceId, const QStringList &tables);
    /// The versions of `branch` of `table` (nothing or "main": the main branch), all of them.
    void setVersions(const api::Identifier &table, const QList<qint64> &versions,
                     const std::optional<QString> &branch = std::nullopt);
    /// Why the manifest `manifestPath` cannot become `version` (outside a `_versions/` folder,
    /// missing, unreadable, another version), as the UI found by reading it; an empty
    /// `problem` says it was read and is fine. The catalog would refuse such a version.
    void setManifestProblem(const QString &manifestPath, qint64 version, const QString &problem);
    /// What setManifestProblem() recorded: nothing when the manifest was not judged.
    std::optional<QString> manifestProblem(const QString &manifestPath, qint64 version) const;
    /// A declared-only table exists and has no versions yet.
    void setDeclaredOnly(const api::Identifier &table, bool declaredOnly = true);
    /// Forgets what is known about `id` (as a namespace and as a table), e.g. after a refresh
    /// failed or before it is re-read.
    void forget(const api::Identifier &id);
    void clear();
    bool isEmpty() const;

    /// True or false when `table`'s namespace was listed (or the table is known to be declared
    /// only); nothing when unknown.
    std::optional<bool> tableExists(const api::Identifier &table) const;
    /// The versions of `branch` of `table`, or nullptr when unknown. A declared-only table
    /// without a version list has none (on main; it has no other branch).
    const QSet<qint64> *versionsOf(const api::Identifier &table,
                                   const std::optional<QString> &branch = std::nullopt) const;
    bool isDeclaredOnly(const api::Identifier &table) const;

    /// The name a branch is known by: empty for the main branch, however a request names it
    /// (absent or "main"), so that both find the same versions.
    static QString branchKey(const std::optional<QString> &branch);

private:
    static QString keyOf(const api::Identifier &id);
    static QString versionsKey(const api::Identifier &table, const std::optional<QString> &branch);

    QHash<QString, QSet<QString>> m_tables;  //!< namespace key -> table names
    QHash<QString, QSet<qint64>> m_versions; //!< versionsKey() -> versions
    QSet<QString> m_declaredOnly;            //!< table keys
    QHash<QString, QString> m_manifests;     //!< manifest path and version -> problem or ""
};

} // namespace lance::staging
