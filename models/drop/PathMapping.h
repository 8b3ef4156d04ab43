// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

namespace lance::drop {

/// How a remote catalog sees local files: local path prefixes and the storage URI prefixes they
/// stand for (`/mnt/lake/` -> `s3://lake/`), so a manifest dropped from a mounted bucket can be
/// registered under the URI the server reads. One mapping per connection profile
/// (PathMappingStore); it names places, never credentials (check() refuses a URI with a user).
///
/// Prefixes match on whole path segments: `/mnt/lake` covers `/mnt/lake/a` but not
/// `/mnt/lake2/a`. The longest matching local prefix wins. Paths are compared as cleaned text
/// with `/` separators (no file system access), case-sensitively as on Linux.
class PathMapping
{
    Q_DECLARE_TR_FUNCTIONS(PathMapping)

public:
    struct Rule
    {
        QString localPrefix; //!< an absolute local folder, `/mnt/lake/`
        /// What the server reads there: a URI (`s3://lake/`, `file:///srv/lake/`) or a folder
        /// as the server sees it on its own disk (`/srv/lake/`), which covers every spelling
        /// of a path below it (absolute, `file://` URI, object-store path).
        QString uriPrefix;

        bool operator==(const Rule &) const = default;
    };

    PathMapping() = default; //!< maps nothing
    explicit PathMapping(QList<Rule> rules)
        : m_rules(std::move(rules))
    {}
    PathMapping(const QString &localPrefix, const QString &uriPrefix)
        : m_rules{Rule{localPrefix, uriPrefix}}
    {}

    const QList<Rule> &rules() const { return m_rules; }
    bool isEmpty() const { return m_rules.isEmpty(); }

    /// The URI of `localPath` (an absolute path; native separators are accepted): the URI
    /// prefix of the longest local prefix it lies in, followed by the rest of the path. Nothing
    /// when no prefix covers it.
    std::optional<QString> map(const QString &localPath) const;
    /// The other way: the local path where `uri` (as a server names a file) can be read here,
    /// under the local prefix of the longest URI prefix it lies in. Nothing when no rule covers
    /// it or the rest would climb out of the folder (`..`).
    std::optional<QString> localPath(const QString &uri) const;

    /// The first problem that makes this mapping unusable, in one sentence; nothing if it is
    /// fine. Every rule needs an absolute local folder and a URI with a scheme (`s3://…`,
    /// `gs://…`, `file:///…`) or an absolute server path, with no user or password; a local
    /// prefix appears once.
    api::Result<void> check() const;

    bool operator==(const PathMapping &) const = default;

private:
    QList<Rule> m_rules;
};

} // namespace lance::drop
