// SPDX-License-Identifier: Apache-2.0
#include "storage/StorageUri.h"

#include <QDir>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace lance::storage {

namespace {

StorageError invalid(const QString &text, const QString &why)
{
    return StorageError(StorageError::Kind::InvalidOptions, text, QString()).withDetail(why);
}

} // namespace

StorageResult<StorageUri> StorageUri::parse(const QString &text)
{
    const qsizetype colon = text.indexOf(u"://"_s);
    // A Windows drive letter (C:/…) or anything without "://" is a local path.
    if (colon <= 1) {
        if (text.isEmpty()) {
            return invalid(text, StorageError::tr("the location is empty"));
        }
        return local(QDir::cleanPath(QDir(text).absolutePath()));
    }
    const QString scheme = text.left(colon).toLower();
    const QString rest = text.mid(colon + 3);
    if (scheme == u"file"_s) {
        const QString path = QUrl(text).toLocalFile();
        if (path.isEmpty() || QDir::isRelativePath(path)) {
            return invalid(text, StorageError::tr("a file: URI needs an absolute path"));
        }
        return local(QDir::cleanPath(path));
    }
    Scheme kind;
    if (scheme == u"s3"_s) {
        kind = Scheme::S3;
    } else if (scheme == u"az"_s || scheme == u"azure"_s) {
        kind = Scheme::Azure;
    } else if (scheme == u"gs"_s) {
        kind = Scheme::Gcs;
    } else {
        return invalid(text, StorageError::tr("the scheme %1: is not supported (use s3://, "
                                              "az://, gs://, file:// or a local path)")
                                 .arg(scheme));
    }
    const qsizetype slash = rest.indexOf(u'/');
    const QString bucket = slash < 0 ? rest : rest.left(slash);
    if (bucket.isEmpty()) {
        return invalid(text, StorageError::tr("the URI names no bucket or container"));
    }
    QString key = slash < 0 ? QString() : rest.mid(slash + 1);
    while (key.endsWith(u'/')) {
        key.chop(1);
    }
    return remote(kind, bucket, key);
}

bool StorageUri::namesStoreObject(const QString &text)
{
    const auto uri = parse(text);
    return uri && !uri->isLocal();
}

StorageUri StorageUri::local(const QString &absolutePath)
{
    StorageUri uri;
    uri.m_scheme = Scheme::Local;
    uri.m_key = absolutePath;
    return uri;
}

StorageUri StorageUri::remote(Scheme scheme, const QString &bucket, const QString &key)
{
    StorageUri uri;
    uri.m_scheme = scheme;
    uri.m_bucket = bucket;
    uri.m_key = key;
    return uri;
}

StorageUri StorageUri::child(const QString &relative) const
{
    StorageUri out = *this;
    QString tail = relative;
    while (tail.startsWith(u'/')) {
        tail.remove(0, 1);
    }
    if (tail.isEmpty()) {
        return out;
    }
    out.m_key = m_key.isEmpty() || m_key.endsWith(u'/') ? m_key + tail : m_key + u'/' + tail;
    return out;
}

QString StorageUri::keyAsPrefix() const
{
    if (m_key.isEmpty() || m_key.endsWith(u'/')) {
        return m_key;
    }
    return m_key + u'/';
}

QString StorageUri::schemeName(Scheme scheme)
{
    switch (scheme) {
    case Scheme::Local:
        return u"file"_s;
    case Scheme::S3:
        return u"s3"_s;
    case Scheme::Azure:
        return u"az"_s;
    case Scheme::Gcs:
        return u"gs"_s;
    }
    return {};
}

QString StorageUri::toString() const
{
    if (m_scheme == Scheme::Local) {
        return m_key;
    }
    return schemeName(m_scheme) + u"://"_s + m_bucket + (m_key.isEmpty() ? u""_s : u"/"_s) + m_key;
}

} // namespace lance::storage
