// SPDX-License-Identifier: Apache-2.0
#include "engine/ManifestFiles.h"

#include "engine/CatalogLocations.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMap>

#include <algorithm>
#include <cerrno>
#include <cstdio> // renameat2 (glibc 2.28 and later), renamex_np (macOS 10.12 and later)
#include <cstring>
#include <limits>

#ifdef Q_OS_WIN
// Without NOMINMAX, <windows.h> defines min and max macros that break numeric_limits<>::max().
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
#include <sys/stat.h>
#include <unistd.h>
#endif

using namespace Qt::StringLiterals;
using lance::api::ManifestNamingScheme;
using lance::api::TableVersion;

namespace lance::engine {

namespace {

constexpr quint64 MaxU64 = std::numeric_limits<quint64>::max();
constexpr quint64 FirstV2Value = quint64(1) << 63;
constexpr int V2Digits = 20;
const QString ManifestSuffix = u".manifest"_s;

bool isAsciiDigits(QStringView text)
{
    return !text.isEmpty()
           && std::all_of(text.begin(), text.end(), [](QChar c) { return c >= u'0' && c <= u'9'; });
}

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
                                 : ManifestFiles::tr("Windows error %1").arg(quint64(error));
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

} // namespace

std::optional<ManifestFiles::Name> ManifestFiles::parseName(const QString &fileName)
{
    if (!fileName.endsWith(ManifestSuffix)) {
        return std::nullopt;
    }
    const QStringView digits = QStringView(fileName).chopped(ManifestSuffix.size());
    if (!isAsciiDigits(digits) || digits.size() > V2Digits) {
        return std::nullopt;
    }
    bool ok = false;
    const quint64 value = digits.toULongLong(&ok);
    if (!ok) {
        return std::nullopt; // beyond 2^64-1
    }
    // The notes say "above 2^63"; 2^63 itself is the V2 name of version 2^63-1, and as a V1
    // name it would not fit a signed version.
    if (digits.size() == V2Digits && value >= FirstV2Value) {
        return Name{static_cast<qint64>(MaxU64 - value), ManifestNamingScheme::V2};
    }
    if (value >= FirstV2Value) {
        return std::nullopt;
    }
    return Name{static_cast<qint64>(value), ManifestNamingScheme::V1};
}

QString ManifestFiles::finalName(qint64 version, ManifestNamingScheme scheme)
{
    Q_ASSERT(version >= 0);
    if (scheme == ManifestNamingScheme::V1) {
        return QString::number(version) + ManifestSuffix;
    }
    return u"%1"_s.arg(MaxU64 - static_cast<quint64>(version), V2Digits, 10, QChar(u'0'))
           + ManifestSuffix;
}

std::optional<ManifestFiles::Facts> ManifestFiles::stat(const QString &path)
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
    // object_store: format!("{inode:x}-{mtime:x}-{size:x}").
    Facts facts;
    facts.size = size;
    facts.mtimeMillis = micros / 1000;
    facts.eTag = u"%1-%2-%3"_s.arg(QString::number(inode, 16), QString::number(micros, 16),
                                   QString::number(size, 16));
    return facts;
}

TableVersion ManifestFiles::record(qint64 version, const QString &path, const Facts &facts)
{
    TableVersion record;
    record.version = version;
    record.manifestPath = CatalogLocations::objectStorePath(path);
    record.manifestSize = facts.size;
    record.eTag = facts.eTag;
    record.timestampMillis = facts.mtimeMillis;
    return record;
}

QList<TableVersion> ManifestFiles::versionsIn(const QString &tableFolder)
{
    const QDir folder(tableFolder + u'/' + VersionsFolder);
    QMap<qint64, TableVersion> versions;
    // Sorted by name: a V2 name sorts first when both schemes name one version, and wins.
    const QStringList names = folder.entryList(QDir::Files | QDir::Hidden, QDir::Name);
    for (const QString &fileName : names) {
        const std::optional<Name> name = parseName(fileName);
        if (!name || versions.contains(name->version)) {
            continue;
        }
        const QString path = folder.absoluteFilePath(fileName);
        if (const std::optional<Facts> facts = stat(path)) {
            versions.insert(name->version, record(name->version, path, *facts));
        }
    }
    return versions.values();
}

ManifestFiles::MoveResult ManifestFiles::moveNoReplace(const QString &from, const QString &to,
                                                       QString *error)
{
    const QString folder = QFileInfo(to).absolutePath();
    if (!QDir().mkpath(folder)) {
        *error = tr("the folder %1 cannot be created").arg(folder);
        return MoveResult::Failed;
    }
#ifdef Q_OS_WIN
    // Without MOVEFILE_REPLACE_EXISTING an existing target fails the move, in one step.
    // MOVEFILE_WRITE_THROUGH returns only once the move is on the disk, so a commit never
    // reports a version that a crash could take back. No MOVEFILE_COPY_ALLOWED: across volumes
    // the move fails, as rename() does with EXDEV, instead of copying non-atomically.
    if (MoveFileExW(nativePath(from).c_str(), nativePath(to).c_str(), MOVEFILE_WRITE_THROUGH)) {
        return MoveResult::Moved;
    }
    const DWORD cause = GetLastError();
    if (cause == ERROR_ALREADY_EXISTS || cause == ERROR_FILE_EXISTS) {
        return MoveResult::TargetExists;
    }
    *error = systemError(cause);
    return MoveResult::Failed;
#else
#if defined(Q_OS_LINUX)
    const QByteArray source = QFile::encodeName(from);
    const QByteArray target = QFile::encodeName(to);
    if (::renameat2(AT_FDCWD, source.constData(), AT_FDCWD, target.constData(), RENAME_NOREPLACE)
        == 0) {
        return MoveResult::Moved;
    }
    if (errno == EEXIST) {
        return MoveResult::TargetExists;
    }
    if (errno != EINVAL && errno != ENOSYS && errno != EOPNOTSUPP) {
        *error = systemError(errno);
        return MoveResult::Failed;
    }
#elif defined(Q_OS_MACOS)
    // APFS and HFS+ know RENAME_EXCL; file systems that do not (SMB, FAT, some FUSE ones)
    // answer ENOTSUP.
    const QByteArray source = QFile::encodeName(from);
    const QByteArray target = QFile::encodeName(to);
    if (::renamex_np(source.constData(), target.constData(), RENAME_EXCL) == 0) {
        return MoveResult::Moved;
    }
    if (errno == EEXIST) {
        return MoveResult::TargetExists;
    }
    if (errno != ENOTSUP && errno != EOPNOTSUPP) {
        *error = systemError(errno);
        return MoveResult::Failed;
    }
#endif
    // A file system (or another POSIX system) without an atomic no-replace rename.
    return linkNoReplace(from, to, error);
#endif
}

#ifndef Q_OS_WIN
ManifestFiles::MoveResult ManifestFiles::linkNoReplace(const QString &from, const QString &to,
                                                       QString *error)
{
    const QByteArray source = QFile::encodeName(from);
    const QByteArray target = QFile::encodeName(to);
    // link() refuses an existing target just as well as the atomic rename.
    if (::link(source.constData(), target.constData()) != 0) {
        if (errno == EEXIST) {
            return MoveResult::TargetExists;
        }
        *error = systemError(errno);
        return MoveResult::Failed;
    }
    if (::unlink(source.constData()) != 0) {
        *error = systemError(errno);
        ::unlink(target.constData()); // back to one name, the staged one
        return MoveResult::Failed;
    }
    return MoveResult::Moved;
}
#endif

} // namespace lance::engine
