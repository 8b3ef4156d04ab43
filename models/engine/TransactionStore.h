// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"
#include "api/Result.h"

#include <QStringList>

namespace lance::engine {

class CatalogDatabase;

/// The SQL of the catalog's history: one record per committed transaction (a batch commit, a
/// restore, a single operation), written in the transaction it records, so that the history
/// holds exactly what was committed. Records are numbered in commit order (`sequence`) and
/// linked to each table they touched, for a table's history; they outlive the tables.
class TransactionStore
{
    Q_DECLARE_TR_FUNCTIONS(TransactionStore)

public:
    struct Record
    {
        QString id;
        qint64 sequence = 0; //!< set by insert(): the commit order
        qint64 committedMillis = 0;
        QString actor;
        QString kind;
        QString status;
        api::StringMap counts;     //!< operation kind -> count, as text
        QString operations;        //!< JSON array of the operations
        QList<QStringList> tables; //!< the names of each table touched, once each
    };

    explicit TransactionStore(CatalogDatabase &database)
        : m_database(database)
    {}

    /// Records `record` as the newest transaction; call it inside the write transaction of what
    /// it records.
    api::Result<void> insert(Record record);
    api::Result<std::optional<Record>> find(const QString &id);
    /// At most `limit` records older than `before` (none: the newest first), newest first;
    /// those of the table `tableKey` (CatalogNames::key) only, when given.
    api::Result<QList<Record>> list(const std::optional<QString> &tableKey,
                                    const std::optional<qint64> &before, qint64 limit);

    /// A record as the spec's transaction properties (api::TransactionProperties).
    static api::StringMap properties(const Record &record);

private:
    CatalogDatabase &m_database;
};

} // namespace lance::engine
