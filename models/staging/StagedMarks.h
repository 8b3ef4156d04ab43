// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/BatchMessages.h"
#include "api/TableMessages.h"

#include <QHash>
#include <QStringList>

namespace lance::staging {

/// What the staged operations mean for what the browser shows, so the views can mark it
/// without changing what was loaded: tables staged for deregistration (struck out), tables with
/// other staged changes (a count beside the name), the tables staged to be declared in each
/// namespace (they have no row of their own until committed), per table the versions staged
/// for deletion and for creation, and the name a staged rename gives it.
class StagedMarks
{
public:
    struct Mark
    {
        bool deregistered = false;
        int changes = 0; //!< staged operations on the table, the deregistration included
        /// Every range of every staged delete of the table, as on the wire: end exclusive,
        /// VersionRange::ThroughLatest (-1) through the latest.
        QList<api::VersionRange> deletedRanges;
        QList<qint64> createdVersions; //!< ascending, each once
        /// The staged CreateTableVersion operations as version records (the manifest each
        /// names, its size, e-tag and metadata), in the order they were staged.
        QList<api::TableVersion> createdRecords;
        /// The identifier a staged rename gives the table, joined with the delimiter; empty
        /// when none is staged. Renames are not part of the batch, so not counted in `changes`.
        QString renamedTo;

        /// Whether a staged delete covers `version`.
        bool deletes(qint64 version) const;
    };

    static StagedMarks fromOperations(const QList<api::CommitTableOperation> &operations);
    /// Adds the staged renames, their new identifiers joined with `delimiter`.
    void addRenames(const QList<api::RenameTableRequest> &renames, const QString &delimiter);

    /// The mark of the table named by `names` (below the root); nothing staged: a blank mark.
    Mark markOf(const QStringList &names) const { return m_marks.value(names); }
    /// The names of the tables staged to be declared directly in the namespace `namespaceNames`
    /// (empty: the root), sorted; none: empty.
    QStringList declaredIn(const QStringList &namespaceNames) const
    {
        return m_declared.value(namespaceNames);
    }
    bool isEmpty() const { return m_marks.isEmpty(); }

private:
    QHash<QStringList, Mark> m_marks;
    QHash<QStringList, QStringList> m_declared; //!< by namespace names
};

} // namespace lance::staging
