// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "format/ManifestContents.h"
#include "format/ManifestReferences.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>

#include <memory>
#include <optional>
#include <shared_mutex>

namespace lance::format {

/// The files every manifest of a table names, for its health and the cleanup of its old
/// versions (ManifestReferences says which files a version needs and where they are). Each
/// path is kept once, as a number, and so is each fragment: every version of a table repeats
/// the fragments of the one before, written byte for byte the same, so a fragment is decoded
/// the first time its bytes are seen and only compared after that. A table of 1,000 versions
/// whose latest holds 10,000 fragments names 5 million fragments in its manifests, and some
/// 11,000 distinct ones.
///
/// add() may be called from several threads at once; the getters only once every add() has
/// returned.
class ReferenceIndex
{
    Q_DECLARE_TR_FUNCTIONS(ReferenceIndex)

public:
    /// One fragment as some versions name it (the same fragment with another deletion file is
    /// another entry).
    struct Fragment
    {
        quint64 id = 0;
        /// The same number for the entries of one fragment, across versions and deletion
        /// files: its first data file, where that is (a branch names main's files through a
        /// base path), or its id in the folder that names it when it has no data file.
        quint32 identity = 0;
        qint64 physicalRows = 0;
        qint64 deletedRows = 0;
        QList<quint32> files;    //!< its data files and deletion file, as paths()
        qint64 outsideFiles = 0; //!< files under a base path outside the table
    };

    /// One version's manifest.
    struct Version
    {
        qint64 version = 0;
        QString manifestPath; //!< relative to the table's folder
        QString ownRoot;      //!< empty on main, `tree/<branch>/` on a branch
        std::optional<QDateTime> timestamp;
        QList<quint32> fragments;    //!< entries of fragment(), in the manifest's order
        QList<quint32> files;        //!< its manifest and its transaction file, as paths()
        QList<quint32> indexFolders; //!< `…_indices/<uuid>/` of its indexes, as paths()
        qint64 outsideFiles = 0;     //!< index folders outside the table
    };

    ReferenceIndex() = default;
    ReferenceIndex(const ReferenceIndex &) = delete;
    ReferenceIndex &operator=(const ReferenceIndex &) = delete;

    /// A copy to add more manifests to, whose numbers for what this holds stay the same; cheap
    /// until it changes (Qt's containers share their data until then). Not while an add() runs.
    std::unique_ptr<ReferenceIndex> clone() const;

    /// The version whose manifest is `bytes`, at `place`: InvalidInput naming the manifest as
    /// `name` when it cannot be decoded. `rest`, when given, gains what the manifest holds
    /// besides its fragments (its schema, its indexes, …).
    api::Result<Version> add(QByteArrayView bytes, const QString &name,
                             const ManifestReferences::Place &place,
                             ManifestContents *rest = nullptr);

    qsizetype pathCount() const { return m_paths.size(); }
    const QString &path(quint32 id) const { return m_paths.at(id); }
    /// The number of `path`; none when no manifest names it.
    std::optional<quint32> pathId(const QString &path) const;
    const Fragment &fragment(quint32 entry) const { return m_fragments.at(entry); }
    qsizetype fragmentCount() const { return m_fragments.size(); }
    /// How many distinct fragments (identities) the entries hold.
    qsizetype identityCount() const { return m_identities.size(); }

private:
    struct Seen
    {
        QByteArray encoded;
        quint32 entry = 0;
    };
    // The fragments seen in manifests whose paths resolve alike (the same branch folder, table
    // root and base paths), by fragment id.
    using Memo = QHash<quint64, QList<Seen>>;

    quint32 intern(const QString &path);
    /// The entry of bytes seen before; under the read lock at least.
    static std::optional<quint32> seenBefore(const Memo &memo, QByteArrayView encoded);
    /// A new entry for `encoded`; under the write lock.
    api::Result<quint32> entryOf(QByteArrayView encoded, Memo &memo, qsizetype index,
                                 const QString &name, const ManifestContents &manifest,
                                 const ManifestReferences::Place &place);

    // Lookups of fragments seen before, nearly all of them, go side by side under the shared
    // lock; new paths and entries are added under the exclusive one. The standard library's
    // lock, which ThreadSanitizer sees (Debian's Qt is not instrumented).
    std::shared_mutex m_lock;
    QList<QString> m_paths;
    QHash<QString, quint32> m_pathIds;
    QList<Fragment> m_fragments;
    QHash<QString, quint32> m_identities;
    QHash<QString, Memo> m_memos;
};

} // namespace lance::format
