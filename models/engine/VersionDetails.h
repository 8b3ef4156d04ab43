// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "api/TableMessages.h"
#include "engine/TableStores.h"
#include "format/ManifestContents.h"
#include "format/TransactionContents.h"

#include <QCoreApplication>

namespace lance::engine {

/// What the manifest of a recorded version says (schema, fragments, totals) and the
/// transaction that made it, for DescribeTable with `load_detailed_metadata` and for the
/// version records. Read where the catalog can reach the file (a local path or `file://`), and
/// kept in a process-wide cache by path, size and modification time: Lance never rewrites a
/// manifest, so nothing else invalidates an entry. Any thread.
class VersionDetails
{
    Q_DECLARE_TR_FUNCTIONS(VersionDetails)

public:
    struct Facts
    {
        format::ManifestContents manifest;
        std::optional<format::TransactionContents> transaction; //!< none when not found
        /// The manifest names a transaction file that could not be read (perhaps only for
        /// now): such facts are not kept, so that a later read completes them.
        bool transactionUnread = false;
    };

    /// The decoded manifest of `version` and its transaction; InvalidInput with the reason
    /// when the manifest cannot be read (on object storage, missing, damaged).
    /// A version of a table on an object store is read through `table` (its tail first, one
    /// request for a manifest of ordinary size) and cached by its recorded e-tag.
    static api::Result<Facts> read(const api::TableVersion &version,
                                   const TableStores::Table *table = nullptr);
    /// Fills the spec's detailed fields of `response` from `facts`: `version`, `schema`,
    /// `stats`, and `metadata` with the keys LanceDB's listVersions() reports.
    static void describe(const Facts &facts, api::DescribeTableResponse &response);
    /// Adds to `version.metadata` what its manifest says (api::VersionFacts): LanceDB's seven
    /// keys, the operation, commit message and writer; or, when a local manifest cannot be read,
    /// why (VersionFacts::Unreadable). A manifest on object storage is left as recorded.
    static void annotate(api::TableVersion &version, const TableStores::Table *table = nullptr);
    /// annotate() of every version. On a store the manifests not cached yet are read many at
    /// once (a request costs its round trip, and a listing of a thousand versions would
    /// otherwise wait for a thousand of them in a row); on a disk one after another.
    static void annotateAll(QList<api::TableVersion> &versions,
                            const TableStores::Table *table = nullptr);

    /// The facts of the manifest `bytes`, whose key is `key` in `table`'s store (its
    /// transaction read beside it when the manifest does not hold it): what a commit has read
    /// already.
    static api::Result<Facts> decodeOnStore(const QByteArray &bytes, const QString &key,
                                            const TableStores::Table &table);
    /// What annotate() adds to a version's metadata from `facts`.
    static api::StringMap summary(const Facts &facts);
    /// Adds `facts` (a summary()) to `version.metadata`; what the writer recorded itself wins.
    static void fillIn(api::TableVersion &version, const api::StringMap &facts);
    /// Keeps `facts` as what annotate() adds to `version` (on a store, by its path, e-tag and
    /// number), so that annotate() reads nothing for it; remembered() answers them. Nothing
    /// for a version recorded without an e-tag.
    static void remember(const api::TableVersion &version, const api::StringMap &facts);
    static std::optional<api::StringMap> remembered(const api::TableVersion &version);

private:
    static QString annotationKey(const api::TableVersion &version);
    static api::Result<Facts> readFromStore(const api::TableVersion &version,
                                            const TableStores::Table &table);
};

} // namespace lance::engine
