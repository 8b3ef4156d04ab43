// SPDX-License-Identifier: Apache-2.0
#include "drop/PathMapping.h"

#include <QDir>
#include <QRegularExpression>
#include <QSet>
#include <QUrl>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace lance::drop {

namespace {

// The cleaned form both sides of a comparison use: `/` separators, no `.`, `..`, doubled or
// trailing separators.
QString cleaned(const QString &path)
{
    return QDir::cleanPath(QDir::fromNativeSeparators(path));
}

bool hasScheme(const QString &uri)
{
    static const QRegularExpression scheme(u"^[A-Za-z][A-Za-z0-9+.-]*://"_s);
    return scheme.match(uri).hasMatch();
}

// What follows `prefix` in `path`, both cleaned; nothing unless `prefix` is `path` itself or
// one of its folders (whole segments only).
std::optional<QString> remainder(const QString &path, const QString &prefix)
{
    if (path == prefix) {
        return QString();
    }
    const QString folder = prefix.endsWith(u'/') ? prefix : prefix + u'/'; // "/" stays "/"
    if (!path.startsWith(folder)) {
        return std::nullopt;
    }
    return path.mid(folder.size());
}

QString joined(const QString &uriPrefix, const QString &rest)
{
    QString base = uriPrefix.trimmed();
    // Keep what follows "://" non-empty, so `file:///` stays a root and `s3://` a store.
    const qsizetype authority = base.indexOf(u"://"_s) + 3;
    while (base.size() > authority + 1 && base.endsWith(u'/')) {
        base.chop(1);
    }
    if (rest.isEmpty()) {
        return base;
    }
    return base.endsWith(u'/') ? base + rest : base + u'/' + rest;
}

// The absolute path a server's local path names, in any of Lance's spellings (`/srv/t`,
// `file:///srv/t`, the object-store path `srv/t`); nothing for other schemes.
std::optional<QString> serverPath(const QString &text)
{
    if (text.startsWith(u"file://"_s)) {
        const QString path = QUrl(text).path();
        return path.isEmpty() ? std::nullopt : std::optional(cleaned(path));
    }
    if (hasScheme(text) || text.isEmpty()) {
        return std::nullopt;
    }
    return cleaned(text.startsWith(u'/') ? text : u'/' + text);
}

} // namespace

std::optional<QString> PathMapping::localPath(const QString &uri) const
{
    const QString text = uri.trimmed();
    const std::optional<QString> onServer = serverPath(text);
    const Rule *best = nullptr;
    qsizetype bestLength = -1;
    QString bestRest;
    for (const Rule &rule : m_rules) {
        // Compare as the URI would be written by joined(): no trailing separators.
        const QString prefix = joined(rule.uriPrefix, QString());
        if (prefix.size() <= bestLength) {
            continue;
        }
        if (hasScheme(prefix)) {
            const bool root = prefix.endsWith(u'/');
            if (text == prefix || text.startsWith(root ? prefix : prefix + u'/')) {
                best = &rule;
                bestLength = prefix.size();
                bestRest = text.mid(prefix.size());
            }
        } else if (prefix.startsWith(u'/') && onServer) {
            // A folder as the server sees it on its own disk.
            if (const std::optional<QString> rest = remainder(*onServer, cleaned(prefix))) {
                best = &rule;
                bestLength = prefix.size();
                bestRest = *rest;
            }
        }
    }
    if (!best) {
        return std::nullopt;
    }
    const QString folder = cleaned(best->localPrefix.trimmed());
    const QString path = cleaned(folder + u'/' + bestRest);
    if (!remainder(path, folder)) {
        return std::nullopt; // `..` in the URI would leave the mapped folder
    }
    return path;
}

std::optional<QString> PathMapping::map(const QString &localPath) const
{
    if (localPath.isEmpty()) {
        return std::nullopt;
    }
    const QString path = cleaned(localPath);
    if (!QDir::isAbsolutePath(path)) {
        return std::nullopt;
    }
    const Rule *best = nullptr;
    qsizetype bestLength = -1;
    QString bestRest;
    for (const Rule &rule : m_rules) {
        if (rule.localPrefix.trimmed().isEmpty()) {
            continue;
        }
        const QString prefix = cleaned(rule.localPrefix.trimmed());
        if (!QDir::isAbsolutePath(prefix) || prefix.size() <= bestLength) {
            continue;
        }
        if (const std::optional<QString> rest = remainder(path, prefix)) {
            best = &rule;
            bestLength = prefix.size();
            bestRest = *rest;
        }
    }
    if (!best) {
        return std::nullopt;
    }
    return joined(best->uriPrefix, bestRest);
}

api::Result<void> PathMapping::check() const
{
    QSet<QString> seen;
    for (const Rule &rule : m_rules) {
        const QString local = rule.localPrefix.trimmed();
        if (local.isEmpty()) {
            return api::ApiError::invalidInput(
                tr("A mapping needs the local folder it starts from."));
        }
        const QString prefix = cleaned(local);
        if (!QDir::isAbsolutePath(prefix)) {
            return api::ApiError::invalidInput(
                tr("The local folder %1 is not an absolute path; start it with /.").arg(local));
        }
        if (seen.contains(prefix)) {
            return api::ApiError::invalidInput(
                tr("The local folder %1 is mapped twice.").arg(local));
        }
        seen.insert(prefix);
        const QString uri = rule.uriPrefix.trimmed();
        if (uri.isEmpty()) {
            return api::ApiError::invalidInput(
                tr("The local folder %1 needs the storage URI the server reads it as, for "
                   "example s3://bucket/path/.")
                    .arg(local));
        }
        if (!hasScheme(uri) && !uri.startsWith(u'/')) {
            return api::ApiError::invalidInput(
                tr("What the server calls %1 is neither a URI nor an absolute path; write it "
                   "as s3://bucket/path/, file:///path/ or /path/ as the server sees it.")
                    .arg(local));
        }
        // The URI itself is not quoted: whatever sits before the `@` may be a secret.
        const QUrl url(uri);
        if (!url.userInfo().isEmpty()
            || uri.section(u"://"_s, 1).section(u'/', 0, 0).contains(u'@')) {
            return api::ApiError::invalidInput(
                tr("The storage URI for %1 holds a user name or password; credentials "
                   "belong in the server's storage options, not in a path mapping.")
                    .arg(local));
        }
        if (std::any_of(uri.begin(), uri.end(),
                        [](QChar c) { return c.category() == QChar::Other_Control; })) {
            return api::ApiError::invalidInput(
                tr("The storage URI for %1 holds control characters.").arg(local));
        }
    }
    return {};
}

} // namespace lance::drop
