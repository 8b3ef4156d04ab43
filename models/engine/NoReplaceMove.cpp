// SPDX-License-Identifier: Apache-2.0
#include "engine/NoReplaceMove.h"

#include "api/ErrorCode.h"
#include "api/FileSync.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstdio> // renameat2 (glibc 2.28 and later), renamex_np (macOS 10.12 and later)
#include <cstring>

#ifdef Q_OS_WIN
// Without NOMINMAX, <windows.h> defines min and max macros.
#ifndef NOMINMAX
#define NOMINMAX
#endif
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <string>
#include <windows.h>
#else
#include <fcntl.h>
#include <unistd.h>
#endif

using namespace Qt::StringLiterals;

namespace lance::engine {

namespace {

#ifndef Q_OS_WIN
QString systemError(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}
#else
/// The text of a GetLastError() code, as strerror() gives it for an errno elsewhere.
QString systemError(DWORD error)
{
    wchar_t *text = nullptr;
    const DWORD length = FormatMessageW(
        FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS,
        nullptr, error, 0, reinterpret_cast<LPWSTR>(&text), 0, nullptr);
    QString message = length > 0 ? QString::fromWCharArray(text, int(length)).trimmed()
                                 : NoReplaceMove::tr("Windows error %1").arg(quint64(error));
    LocalFree(text);
    return message;
}

/// Win32's wide-character spelling of `path`: the ANSI functions would lose what the code page
/// cannot spell.
std::wstring nativePath(const QString &path)
{
    return QDir::toNativeSeparators(path).toStdWString();
}
#endif

/// A move that failed, with the system's reason.
api::ApiError failure(const QString &reason)
{
    return api::ApiError::catalog(api::ErrorCode::Internal, reason);
}

} // namespace

api::Result<NoReplaceMove::Outcome> NoReplaceMove::move(const QString &from, const QString &to)
{
    const QString folder = QFileInfo(to).absolutePath();
    if (!QDir().mkpath(folder)) {
        return failure(tr("the folder %1 cannot be created").arg(folder));
    }
#ifdef Q_OS_WIN
    // Without MOVEFILE_REPLACE_EXISTING an existing target fails the move, in one step.
    // MOVEFILE_WRITE_THROUGH returns only once the move is on the disk, so a commit never
    // reports a version that a crash could take back. No MOVEFILE_COPY_ALLOWED: across volumes
    // the move fails, as rename() does with EXDEV, instead of copying non-atomically.
    if (MoveFileExW(nativePath(from).c_str(), nativePath(to).c_str(), MOVEFILE_WRITE_THROUGH)) {
        return Outcome::Moved;
    }
    const DWORD cause = GetLastError();
    if (cause == ERROR_ALREADY_EXISTS || cause == ERROR_FILE_EXISTS) {
        return Outcome::TargetExists;
    }
    return failure(systemError(cause));
#else
#if defined(Q_OS_LINUX)
    const QByteArray source = QFile::encodeName(from);
    const QByteArray target = QFile::encodeName(to);
    if (::renameat2(AT_FDCWD, source.constData(), AT_FDCWD, target.constData(), RENAME_NOREPLACE)
        == 0) {
        return Outcome::Moved;
    }
    if (errno == EEXIST) {
        return Outcome::TargetExists;
    }
    if (errno != EINVAL && errno != ENOSYS && errno != EOPNOTSUPP) {
        return failure(systemError(errno));
    }
#elif defined(Q_OS_MACOS)
    // APFS and HFS+ know RENAME_EXCL; file systems that do not (SMB, FAT, some FUSE ones)
    // answer ENOTSUP.
    const QByteArray source = QFile::encodeName(from);
    const QByteArray target = QFile::encodeName(to);
    if (::renamex_np(source.constData(), target.constData(), RENAME_EXCL) == 0) {
        return Outcome::Moved;
    }
    if (errno == EEXIST) {
        return Outcome::TargetExists;
    }
    if (errno != ENOTSUP && errno != EOPNOTSUPP) {
        return failure(systemError(errno));
    }
#endif
    // A file system (or another POSIX system) without an atomic no-replace rename.
    return linkThenUnlink(from, to);
#endif
}

#ifndef Q_OS_WIN
api::Result<NoReplaceMove::Outcome> NoReplaceMove::linkThenUnlink(const QString &from,
                                                                  const QString &to)
{
    const QByteArray source = QFile::encodeName(from);
    const QByteArray target = QFile::encodeName(to);
    // link() refuses an existing target just as well as the atomic rename.
    if (::link(source.constData(), target.constData()) != 0) {
        if (errno == EEXIST) {
            return Outcome::TargetExists;
        }
        return failure(systemError(errno));
    }
    // Both names on the disk before one goes: a power loss in between leaves two names for
    // one file (which ManifestJournal settles), never none.
    if (const auto synced = api::FileSync::folder(QFileInfo(to).absolutePath());
        !synced.hasValue()) {
        ::unlink(target.constData());
        return synced.error();
    }
    if (::unlink(source.constData()) != 0) {
        const QString reason = systemError(errno);
        ::unlink(target.constData()); // back to one name, the staged one
        return failure(reason);
    }
    return Outcome::Moved;
}
#endif

} // namespace lance::engine
