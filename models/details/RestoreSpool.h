// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/BatchMessages.h"
#include "api/Result.h"
#include "engine/TableStores.h"
#include "format/RestoredVersionWriter.h"

#include <QCoreApplication>
#include <QSet>
#include <QString>
#include <QStringList>

#include <optional>

namespace lance::connection {
struct ConnectionProfile;
}

namespace lance::details {

/// Where the window keeps a staged restore's files until the batch is committed, so that
/// staging, undoing or discarding a restore never writes into a table: a folder per staged
/// restore, named by the uuid its staged manifest's name ends with, laid out as the table's
/// own (`<uuid>/_versions/<staged name>`, `<uuid>/_transactions/<txn>`), so that a reader
/// takes the kept manifest and finds its transaction as in the table.
///
/// The commit places the files where they are named (place()), and takes them back when the
/// catalog refused the batch (withdraw()); a committed restore's files are the table's, and
/// the kept copy goes (forget()). What no staged operation names any more is removed at start
/// and after each commit (keepOnly()). Blocking file work, small files.
class RestoreSpool
{
    Q_DECLARE_TR_FUNCTIONS(RestoreSpool)

public:
    explicit RestoreSpool(QString folder)
        : m_folder(std::move(folder))
    {}
    /// `<AppDataLocation>/restores/<hash of the profile's staging key>`.
    static RestoreSpool forProfile(const connection::ConnectionProfile &profile);

    /// The uuid a staged restore's manifest name ends with (`<final name>-<uuid>`), from a
    /// local path or a catalog's URI alike; nothing for any other name.
    static std::optional<QString> uuidOf(const QString &manifestPath);

    /// Keeps `built` aside until the commit.
    api::Result<void> keep(const format::RestoredVersionWriter::Built &built) const;
    /// The kept copy of the staged manifest whose place in its table is `manifestFile`, if it
    /// is kept here.
    std::optional<QString> keptFile(const QString &manifestFile) const;
    /// Writes the kept files of `manifestFile` into its table, unless either is there already
    /// (an earlier commit whose outcome was not known may have put them there, and the catalog
    /// may have moved the manifest on: nothing of the table's is overwritten). True when this
    /// call wrote them; an error naming the file when they could not be written (then nothing
    /// of them is in the table).
    api::Result<bool> place(const QString &manifestFile) const;
    /// place() of a restore of a table on `store`: `manifestUri` names the staged manifest
    /// there. The transaction first, created only where nothing is: one there already was
    /// placed by an earlier commit whose answer was lost, and is left as the table's (false).
    /// True when this call wrote the files. Asks the store: any thread but the GUI's.
    api::Result<bool> placeOnStore(const QString &manifestUri,
                                   const engine::TableStores::Table &store) const;
    /// withdraw() of what placeOnStore() wrote. Asks the store.
    void withdrawFromStore(const QString &manifestUri,
                           const engine::TableStores::Table &store) const;
    /// Removes from its table what place() wrote of `manifestFile`, when the catalog did not
    /// take it: the kept copy stays, for the next commit. The transaction goes only with the
    /// staged manifest: once the catalog has moved that, the transaction is the version's.
    void withdraw(const QString &manifestFile) const;
    /// Drops the kept copy of `manifestFile`: the catalog holds it now.
    void forget(const QString &manifestFile) const;
    /// Removes every kept restore but those whose uuids are in `uuids`.
    void keepOnly(const QSet<QString> &uuids) const;
    /// Removes every kept restore that none of `staged` creates: at start, after the journal
    /// brought back what was staged, and after a commit, when nothing can be redone.
    void keepOnly(const QList<api::CommitTableOperation> &staged) const;
    /// The uuids of the kept restores.
    QStringList kept() const;
    /// The restores among `operations` whose files are kept here, not committed yet.
    QList<api::CreateTableVersionRequest>
    keptRestores(const QList<api::CommitTableOperation> &operations) const;

private:
    QString entry(const QString &uuid) const;
    /// The transaction kept with `uuid`'s manifest, if any.
    std::optional<QString> keptTransaction(const QString &uuid) const;

    QString m_folder;
};

} // namespace lance::details
