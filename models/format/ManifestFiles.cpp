// SPDX-License-Identifier: Apache-2.0
#include "format/ManifestFiles.h"

#include "format/LocalPaths.h"
#include "format/ManifestFileName.h"
#include "format/ManifestReader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMap>

#include <algorithm>
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
#include <sys/stat.h>
#endif

using namespace Qt::StringLiterals;
using lance::api::ManifestNamingScheme;
using lance::api::TableVersion;

namespace lance::format {

namespace {

constexpr quint64 MaxU64 = std::numeric_limits<quint64>::max();
constexpr quint64 FirstV2Value = quint64(1) << 63;
constexpr int V2Digits = 20;

bool isAsciiDigits(QStringView text)
{
    return !text.isEmpty()
           && std::all_of(text.begin(), text.end(), [](QChar c) { return c >= u'0' && c <= u'9'; });
}

#ifdef Q_OS_WIN
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
    if (!fileName.endsWith(ManifestFileName::Suffix)) {
        return std::nullopt;
    }
    const QStringView digits = QStringView(fileName).chopped(ManifestFileName::Suffix.size());
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
        return QString::number(version) + ManifestFileName::Suffix;
    }
    return u"%1"_s.arg(MaxU64 - static_cast<quint64>(version), V2Digits, 10, QChar(u'0'))
           + ManifestFileName::Suffix;
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

TableVersion ManifestFiles::record(qint64 version, const QString &path, const Facts &facts,
                                   const QString &readFrom)
{
    TableVersion record;
    record.version = version;
    record.manifestPath = LocalPaths::objectStorePath(path);
    record.manifestSize = facts.size;
    record.eTag = facts.eTag;
    // Lance's own commit time, as Lance's listVersions() reports it: the file's time is when
    // the folder was copied, the same for every version of a dataset copied in one go.
    const auto manifest = ManifestReader::readFile(readFrom.isEmpty() ? path : readFrom);
    record.timestampMillis = manifest && manifest->timestamp
                                 ? manifest->timestamp->toMSecsSinceEpoch()
                                 : facts.mtimeMillis;
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

} // namespace lance::format
