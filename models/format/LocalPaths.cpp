// SPDX-License-Identifier: Apache-2.0
#include "format/LocalPaths.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace lance::format {

namespace {

bool isFileUri(const QString &text)
{
    return text.startsWith(u"file:"_s, Qt::CaseInsensitive);
}

// An absolute local path from a file URI, or nothing when the URI is not a usable one.
std::optional<QString> pathOfFileUri(const QString &text)
{
    const QString path = QUrl(text).toLocalFile();
    if (!path.startsWith(u'/')) {
        return std::nullopt;
    }
    return path;
}

} // namespace

bool LocalPaths::hasScheme(const QString &text)
{
    // RFC 3986: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) followed by "://".
    const qsizetype end = text.indexOf(u"://"_s);
    if (end <= 0 || !text.at(0).isLetter() || text.at(0).unicode() > 0x7f) {
        return false;
    }
    for (qsizetype i = 1; i < end; ++i) {
        const char16_t c = text.at(i).unicode();
        const bool alnum
            = (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9');
        if (!alnum && c != u'+' && c != u'-' && c != u'.') {
            return false;
        }
    }
    return true;
}

std::optional<QString> LocalPaths::tableFolder(const QString &location, const QString &base)
{
    const QString text = location.trimmed();
    if (isFileUri(text)) {
        const std::optional<QString> path = pathOfFileUri(text);
        return path ? std::optional<QString>(QDir::cleanPath(*path)) : std::nullopt;
    }
    if (hasScheme(text) || text.isEmpty()) {
        return std::nullopt;
    }
    // A relative location is relative to the catalog root (`base`), as the directory namespace's
    // own locations (`people.lance`) are; the server's working folder means nothing to a client.
    return QDir::cleanPath(text.startsWith(u'/') ? text : base + u'/' + text);
}

std::optional<QString> LocalPaths::manifestFile(const QString &manifestPath)
{
    if (isFileUri(manifestPath)) {
        return pathOfFileUri(manifestPath);
    }
    if (hasScheme(manifestPath) || manifestPath.isEmpty()) {
        return std::nullopt;
    }
    return manifestPath.startsWith(u'/') ? manifestPath : u'/' + manifestPath;
}

QString LocalPaths::readable(const QString &path)
{
    // A Windows drive path has no leading slash to restore.
    static const QRegularExpression Drive(u"^[A-Za-z]:[/\\\\]"_s);
    if (path.isEmpty() || Drive.match(path).hasMatch()) {
        return path;
    }
    return manifestFile(path).value_or(path);
}

QString LocalPaths::objectStorePath(const QString &localPath)
{
    QString path = QDir::cleanPath(localPath);
    while (path.startsWith(u'/')) {
        path.remove(0, 1);
    }
    return path;
}

QString LocalPaths::fileUri(const QString &localPath)
{
    return QString::fromUtf8(QUrl::fromLocalFile(localPath).toEncoded());
}

QString LocalPaths::resolved(const QString &path)
{
    Q_ASSERT(path.startsWith(u'/'));
    // Walk up to the deepest part the file system knows; it resolves that part physically
    // (symlinks, then `..`), and what is below it cannot hold a symlink yet.
    QString existing = path;
    QStringList missing;
    while (!QFileInfo::exists(existing)) {
        const qsizetype slash = existing.lastIndexOf(u'/');
        missing.prepend(existing.mid(slash + 1));
        existing = slash <= 0 ? u"/"_s : existing.left(slash);
    }
    QString base = QFileInfo(existing).canonicalFilePath();
    if (missing.isEmpty()) {
        return base;
    }
    return QDir::cleanPath(base + u'/' + missing.join(u'/'));
}

bool LocalPaths::isInside(const QString &path, const QString &folder)
{
    const QString inner = resolved(path);
    QString outer = resolved(folder);
    if (!outer.endsWith(u'/')) {
        outer += u'/';
    }
    return inner.size() > outer.size() && inner.startsWith(outer);
}

} // namespace lance::format
