// SPDX-License-Identifier: Apache-2.0
#include "storage/LocalStore.h"

#include "api/FileSync.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QUuid>

#include <algorithm>

#ifdef Q_OS_WIN
#ifndef NOMINMAX
#define NOMINMAX
#endif
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>
#else
#include <cerrno>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>
#endif

using namespace Qt::StringLiterals;

namespace lance::storage {

namespace {

#ifdef Q_OS_WIN
std::wstring nativePath(const QString &path)
{
    return QDir::toNativeSeparators(path).toStdWString();
}
#endif

// Creates `to` from the complete file `from` unless `to` exists: a hard link on POSIX, a
// rename that does not replace on Windows. False with `exists` set when `to` was there.
bool placeWithoutReplacing(const QString &from, const QString &to, bool &exists, QString &reason)
{
    exists = false;
#ifdef Q_OS_WIN
    if (MoveFileExW(nativePath(from).c_str(), nativePath(to).c_str(), MOVEFILE_WRITE_THROUGH)) {
        return true;
    }
    const DWORD code = GetLastError();
    exists = code == ERROR_ALREADY_EXISTS || code == ERROR_FILE_EXISTS;
    reason = QString::fromStdWString(std::to_wstring(code));
    QFile::remove(from);
    return false;
#else
    const bool linked
        = ::link(QFile::encodeName(from).constData(), QFile::encodeName(to).constData()) == 0;
    const int code = errno;
    ::unlink(QFile::encodeName(from).constData());
    if (linked) {
        return true;
    }
    exists = code == EEXIST;
    reason = QString::fromLocal8Bit(std::strerror(code));
    return false;
#endif
}

} // namespace

std::optional<ObjectMeta> LocalStore::statFile(const QString &path)
{
#ifdef Q_OS_WIN
    WIN32_FILE_ATTRIBUTE_DATA info = {};
    if (!GetFileAttributesExW(nativePath(path).c_str(), GetFileExInfoStandard, &info)
        || (info.dwFileAttributes & (FILE_ATTRIBUTE_DIRECTORY | FILE_ATTRIBUTE_DEVICE)) != 0) {
        return std::nullopt;
    }
    // object_store has no inode on Windows and uses 0. A FILETIME counts 100 ns since 1601.
    constexpr quint64 TicksAtUnixEpoch = 116444736000000000ULL;
    const quint64 ticks
        = (quint64(info.ftLastWriteTime.dwHighDateTime) << 32) | info.ftLastWriteTime.dwLowDateTime;
    const quint64 inode = 0;
    const qint64 micros = ticks < TicksAtUnixEpoch ? 0 : qint64((ticks - TicksAtUnixEpoch) / 10);
    const qint64 size = qint64((quint64(info.nFileSizeHigh) << 32) | info.nFileSizeLow);
#else
    struct stat info = {};
    if (::stat(QFile::encodeName(path).constData(), &info) != 0 || !S_ISREG(info.st_mode)) {
        return std::nullopt;
    }
#ifdef Q_OS_MACOS
    const timespec &mtime = info.st_mtimespec; // Darwin's name for POSIX st_mtim
#else
    const timespec &mtime = info.st_mtim;
#endif
    const quint64 inode = quint64(info.st_ino);
    // object_store: the mtime in microseconds since the epoch (0 before it).
    const qint64 micros
        = mtime.tv_sec < 0 ? 0 : qint64(mtime.tv_sec) * 1000000 + mtime.tv_nsec / 1000;
    const qint64 size = info.st_size;
#endif
    ObjectMeta meta;
    meta.key = path;
    meta.size = size;
    meta.lastModified = QDateTime::fromMSecsSinceEpoch(micros / 1000, Qt::UTC);
    // object_store: format!("{inode:x}-{mtime:x}-{size:x}").
    meta.eTag = u"%1-%2-%3"_s.arg(QString::number(inode, 16), QString::number(micros, 16),
                                  QString::number(size, 16));
    return meta;
}

StorageUri LocalStore::uriOf(const QString &key) const
{
    return StorageUri::local(key);
}

QString LocalStore::describe() const
{
    return tr("the local file system");
}

StorageError LocalStore::error(StorageError::Kind kind, const QString &key,
                               const QString &detail) const
{
    StorageError out(kind, key, describe());
    if (!detail.isEmpty()) {
        out.withDetail(detail);
    }
    return out;
}

StorageResult<ObjectData> LocalStore::read(const QString &key, const CallControl &control)
{
    return readRange(key, 0, -1, control);
}

StorageResult<ObjectData> LocalStore::readRange(const QString &key, qint64 offset, qint64 length,
                                                const CallControl &control)
{
    if (control.isCancelled()) {
        return error(StorageError::Kind::Cancelled, key);
    }
    const std::optional<ObjectMeta> meta = statFile(key);
    if (!meta) {
        return error(StorageError::Kind::NotFound, key);
    }
    QFile file(key);
    if (!file.open(QIODevice::ReadOnly)) {
        return error(StorageError::Kind::LocalIo, key, file.errorString());
    }
    ObjectData data;
    data.meta = *meta;
    qint64 start = offset;
    qint64 count = length;
    if (length < 0) {
        start = 0;
        count = meta->size;
    } else if (offset < 0) {
        start = std::max<qint64>(0, meta->size - length);
        count = meta->size - start;
    }
    if (start > meta->size) {
        start = meta->size;
    }
    if (!file.seek(start)) {
        return error(StorageError::Kind::LocalIo, key, file.errorString());
    }
    data.offset = start;
    data.bytes = file.read(std::min(count, meta->size - start));
    if (file.error() != QFileDevice::NoError) {
        return error(StorageError::Kind::LocalIo, key, file.errorString());
    }
    return data;
}

StorageResult<ObjectMeta> LocalStore::stat(const QString &key, const CallControl &control)
{
    if (control.isCancelled()) {
        return error(StorageError::Kind::Cancelled, key);
    }
    if (auto meta = statFile(key)) {
        return *meta;
    }
    return error(StorageError::Kind::NotFound, key);
}

StorageResult<ListPage> LocalStore::list(const QString &prefix, const QString &startAfter,
                                         const QString &continuation, int maxKeys,
                                         const CallControl &control)
{
    if (control.isCancelled()) {
        return error(StorageError::Kind::Cancelled, prefix);
    }
    const QByteArray after = (continuation.isEmpty() ? startAfter : continuation).toUtf8();
    ListPage page;
    for (const auto &[bytes, path] : keysUnder(prefix)) {
        if (!after.isEmpty() && bytes <= after) {
            continue;
        }
        if (page.objects.size() == maxKeys) {
            page.continuation = page.objects.last().key;
            break;
        }
        if (auto meta = statFile(path)) {
            page.objects.append(*meta);
        }
    }
    return page;
}

StorageResult<QList<ObjectMeta>> LocalStore::listAll(const QString &prefix,
                                                     const CallControl &control)
{
    if (control.isCancelled()) {
        return error(StorageError::Kind::Cancelled, prefix);
    }
    QList<ObjectMeta> objects;
    for (const auto &[bytes, path] : keysUnder(prefix)) {
        if (auto meta = statFile(path)) {
            objects.append(*meta);
        }
    }
    return objects;
}

QList<std::pair<QByteArray, QString>> LocalStore::keysUnder(const QString &prefix)
{
    // A key prefix need not end at a folder: walk the folder it starts in and keep the paths
    // that begin with it.
    const qsizetype slash = prefix.lastIndexOf(u'/');
    const QString folder = slash < 0 ? QDir::currentPath() : prefix.left(slash + 1);
    QList<std::pair<QByteArray, QString>> keys;
    QDirIterator it(folder, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        if (path.startsWith(prefix) && !path.contains(u"/.lcb-tmp-"_s)) {
            keys.append({path.toUtf8(), path});
        }
    }
    std::sort(keys.begin(), keys.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    return keys;
}

StorageResult<ObjectMeta> LocalStore::createIfAbsent(const QString &key, const QByteArray &bytes,
                                                     const CallControl &control)
{
    if (control.isCancelled()) {
        return error(StorageError::Kind::Cancelled, key);
    }
    const QFileInfo target(key);
    if (!QDir().mkpath(target.absolutePath())) {
        return error(StorageError::Kind::LocalIo, key,
                     tr("cannot create the folder %1").arg(target.absolutePath()));
    }
    // The temporary file is written and flushed to the disk before it takes the name.
    const QString temporary = target.absolutePath() + u"/.lcb-tmp-"_s
                              + QUuid::createUuid().toString(QUuid::WithoutBraces);
    QFile file(temporary);
    if (!file.open(QIODevice::WriteOnly | QIODevice::NewOnly)) {
        return error(StorageError::Kind::LocalIo, key, file.errorString());
    }
    if (file.write(bytes) != bytes.size() || !file.flush()) {
        const QString why = file.errorString();
        file.close();
        QFile::remove(temporary);
        return error(StorageError::Kind::LocalIo, key, why);
    }
    file.close();
    // On the disk before it takes the name (macOS's full flush, Windows' too).
    if (const auto synced = api::FileSync::file(temporary); !synced.hasValue()) {
        QFile::remove(temporary);
        return error(StorageError::Kind::LocalIo, key, synced.error().userMessage());
    }
    bool exists = false;
    QString reason;
    if (!placeWithoutReplacing(temporary, key, exists, reason)) {
        return exists ? error(StorageError::Kind::AlreadyExists, key)
                      : error(StorageError::Kind::LocalIo, key, reason);
    }
    // The new name is on the disk too, not only the bytes; else the create is taken back, so
    // that a failure never leaves the file in place.
    if (const auto synced = api::FileSync::folder(target.absolutePath()); !synced.hasValue()) {
        QFile::remove(key);
        return error(StorageError::Kind::LocalIo, key, synced.error().userMessage());
    }
    if (auto meta = statFile(key)) {
        return *meta;
    }
    return error(StorageError::Kind::LocalIo, key);
}

StorageResult<void> LocalStore::copyIfAbsent(const QString &from, const QString &to,
                                             const CallControl &control)
{
    auto source = read(from, control);
    if (!source) {
        return source.error();
    }
    auto created = createIfAbsent(to, source->bytes, control);
    if (!created) {
        return created.error();
    }
    return {};
}

StorageResult<void> LocalStore::remove(const QString &key, const CallControl &control)
{
    if (control.isCancelled()) {
        return error(StorageError::Kind::Cancelled, key);
    }
    // Not synced: removing a branch's data would cost a folder sync a file. A removal that
    // decides something (a branch's ref) syncs its folder itself (api::FileSync).
    QFile file(key);
    if (!file.exists() || file.remove()) {
        return {};
    }
    return error(StorageError::Kind::LocalIo, key, file.errorString());
}

} // namespace lance::storage
