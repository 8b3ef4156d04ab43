// SPDX-License-Identifier: Apache-2.0
#include "api/FileSync.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <cerrno>
#include <cstring>

#ifdef Q_OS_WIN
#ifndef NOMINMAX
#define NOMINMAX
#endif
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <io.h>
#include <windows.h>
#else
#include <fcntl.h>
#include <unistd.h>
#endif

namespace lance::api {

namespace {

ApiError failure(const QString &path, const QString &reason)
{
    return ApiError::catalog(ErrorCode::Internal,
                             FileSync::tr("%1 cannot be written to the disk: %2")
                                 .arg(QDir::toNativeSeparators(path), reason));
}

#ifndef Q_OS_WIN
// Opens `path` read-only (a folder can be opened so, and fsync() of a read-only descriptor
// syncs all the same) and syncs it.
Result<void> syncPath(const QString &path, int flags)
{
    const QByteArray name = QFile::encodeName(path);
    int fd = -1;
    do {
        fd = ::open(name.constData(), O_RDONLY | O_CLOEXEC | flags);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) {
        return failure(path, QString::fromLocal8Bit(std::strerror(errno)));
    }
    int result = -1;
#ifdef Q_OS_MACOS
    result = ::fcntl(fd, F_FULLFSYNC);
    if (result != 0) { // file systems without it (SMB, some FUSE ones)
        result = ::fsync(fd);
    }
#else
    do {
        result = ::fsync(fd);
    } while (result != 0 && errno == EINTR);
#endif
    const int cause = errno;
    ::close(fd);
    if (result != 0) {
        return failure(path, QString::fromLocal8Bit(std::strerror(cause)));
    }
    return {};
}
#endif

} // namespace

Result<void> FileSync::file(const QString &path)
{
#ifdef Q_OS_WIN
    QFile file(path);
    if (!file.open(QIODevice::ReadWrite)) {
        return failure(path, file.errorString());
    }
    if (!FlushFileBuffers(reinterpret_cast<HANDLE>(_get_osfhandle(file.handle())))) {
        return failure(path, tr("Windows error %1").arg(quint64(GetLastError())));
    }
    return {};
#else
    return syncPath(path, 0);
#endif
}

Result<void> FileSync::folder(const QString &path)
{
#ifdef Q_OS_WIN
    Q_UNUSED(path);
    return {};
#else
    return syncPath(path, O_DIRECTORY);
#endif
}

Result<void> FileSync::renamed(const QString &from, const QString &to)
{
    if (auto synced = file(to); !synced.hasValue()) {
        return synced;
    }
    const QString target = QFileInfo(to).absolutePath();
    if (auto synced = folder(target); !synced.hasValue()) {
        return synced;
    }
    const QString source = QFileInfo(from).absolutePath();
    return source == target ? Result<void>() : folder(source);
}

Result<void> FileSync::write(const QString &path, const QByteArray &bytes)
{
    QSaveFile out(path);
    if (!out.open(QIODevice::WriteOnly) || out.write(bytes) != bytes.size() || !out.commit()) {
        return ApiError::invalidInput(
            tr("%1 cannot be written: %2").arg(QDir::toNativeSeparators(path), out.errorString()));
    }
    if (auto synced = file(path); !synced) {
        return synced;
    }
    return folder(QFileInfo(path).absolutePath());
}

} // namespace lance::api
