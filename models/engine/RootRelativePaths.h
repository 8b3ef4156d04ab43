// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>
#include <QString>

#include <optional>

namespace lance::engine {

/// How a catalog folder's database stores the paths that lie inside the folder (table
/// locations, manifest paths, pending manifest moves): with the folder's own path replaced by
/// a placeholder, so that a copied or moved catalog folder names its own tables, not the
/// original's. Paths outside the folder, and everything in a PostgreSQL catalog (which is in no
/// folder), are stored as given.
///
/// The placeholder stands for the folder's path without its leading `/`, so all three
/// spellings of a local path keep their spelling: `/root/t.lance`, `file:///root/t.lance` and
/// the object-store path `root/t.lance` are stored as `/{catalog-root}/t.lance`,
/// `file:///{catalog-root}/t.lance` and `{catalog-root}/t.lance`. store() and resolve() are
/// exact inverses for a given folder; moving the folder changes what resolve() answers.
class RootRelativePaths
{
public:
    static inline const QString Placeholder = QStringLiteral("{catalog-root}");

    /// One spelling: a stored path that starts with `stored` names the path that starts with
    /// `resolved` instead (both end with `/`).
    struct Prefix
    {
        QString stored;
        QString resolved;
    };

    /// `root`: the catalog folder, absolute and canonical; none: paths are stored as given.
    explicit RootRelativePaths(const std::optional<QString> &root);

    /// The form `path` is stored in.
    QString store(const QString &path) const;
    /// The path a stored value names.
    QString resolve(const QString &stored) const;
    /// The spellings replaced, longest first (empty without a folder): what an SQL migration
    /// rewrites.
    const QList<Prefix> &prefixes() const { return m_prefixes; }

private:
    QList<Prefix> m_prefixes;
};

} // namespace lance::engine
