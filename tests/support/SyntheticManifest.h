// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>
#include <utility>

namespace lance::test {

/// Writes whole Lance manifests of any size, laid out field by field as Lance writes them
/// (`lance.table.Manifest` in Lance's `protos/table.proto`): a schema, fragments with one data
/// file each, deletion files, the commit time, writer, data format and transaction file. For
/// the benchmarks of large tables, which no fixture could hold: LanceDB writes one fragment per
/// append, and a 10,000-fragment table would be 10,000 commits.
class SyntheticManifest
{
public:
    struct Fragment
    {
        quint64 id = 0;
        quint64 rows = 0;
        quint64 deletedRows = 0; //!< 0: no deletion file
        quint64 deletionVersion = 0;
    };

    struct Shape
    {
        quint64 version = 1;
        int fields = 8; //!< top-level columns: id int64, then alternating string and double
        QList<Fragment> fragments;
        /// The commit time, seconds and nanoseconds since the epoch; none: a minute per
        /// version from a fixed day.
        std::optional<std::pair<qint64, qint64>> commitTime;
    };

    /// `count` fragments of ids `firstId`..., `rows` rows each.
    static QList<Fragment> fragments(quint64 firstId, int count, quint64 rows);
    /// The bytes of the `.manifest` file of `shape`.
    static QByteArray file(const Shape &shape);
    /// The name the manifest gives the data file of fragment `id` (in `data/`).
    static QString dataFileName(quint64 id);
    /// The name Lance gives the deletion file of `fragment` (in `_deletions/`); empty when it
    /// has none.
    static QString deletionFileName(const Fragment &fragment);
    /// The name `file()` gives the transaction of `version`, in `_transactions/`.
    static QString transactionFileName(quint64 version);
    /// A `.txn` file: an Append read from `version - 1`.
    static QByteArray appendTransaction(quint64 version);
};

} // namespace lance::test
