// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <functional>
#include <optional>

namespace lance::engine {

/// Copies a whole catalog from one database to another, row for row, in either direction
/// between a catalog folder (SQLite) and a PostgreSQL database: namespaces with their
/// properties, tables with their locations, every version record as it was recorded (manifest
/// path, size, e-tag, time, metadata), tags, and the manifest moves still pending. Nothing is
/// read from or written to the tables' data, so the copy names the same data as the source: a
/// path stored relative to the source folder is resolved with it, and stored relative to the
/// target folder only where it lies inside it (RootRelativePaths).
///
/// The target must be empty (a new catalog, or one holding no namespace and no table): a copy
/// never merges. It is written in one transaction, so a failed copy leaves it empty. At the
/// end the rows of every kind are counted on both sides.
class CatalogCopier
{
    Q_DECLARE_TR_FUNCTIONS(CatalogCopier)

public:
    /// One end of a copy: a catalog folder (its SQLite database) or a `postgresql://` address.
    struct End
    {
        QString folder;
        QString databaseUrl;
        std::optional<QString> passwordFile;

        /// A `postgresql://` (or `postgres://`) address is a database; anything else a folder.
        static End parse(const QString &text, const std::optional<QString> &passwordFile);
        bool isDatabase() const { return !databaseUrl.isEmpty(); }
        /// For messages: the folder, or the address (never with a password).
        QString displayName() const;
    };

    /// Rows of one kind, as counted on both sides after the copy.
    struct Count
    {
        QString kind; //!< "namespaces", "tables", "versions", "tags", ..., "transactions"
        qint64 source = 0;
        qint64 target = 0;
    };

    /// Called now and then while rows are written: what is being copied, rows done, rows in all.
    using Progress = std::function<void(const QString &kind, qint64 done, qint64 total)>;

    /// Copies `from` into `to`. The answer lists the counts, which agree: a disagreement is an
    /// error (Internal) and the copy is rolled back.
    static api::Result<QList<Count>> copy(const End &from, const End &to,
                                          const Progress &progress = {});
};

} // namespace lance::engine
