// SPDX-License-Identifier: Apache-2.0
#include "engine/ManifestFiles.h"

#include "engine/CatalogLocations.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMap>

#include <algorithm>
#include <cerrno>
#include <cstdio> // renameat2 (glibc 2.28 and later)
#include <cstring>
#include <fcntl.h>
#include <limits>
#include <sys/stat.h>
#include <unistd.h>

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

QString systemError(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

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
    struct stat info = {};
    if (::stat(QFile::encodeName(path).constData(), &info) != 0 || !S_ISREG(info.st_mode)) {
        return std::nullopt;
    }
    // object_store: format!("{inode:x}-{mtime:x}-{size:x}") with the mtime in microseconds
    // since the epoch (0 before it).
    const qint64 micros = info.st_mtim.tv_sec < 0
                              ? 0
                              : qint64(info.st_mtim.tv_sec) * 1000000 + info.st_mtim.tv_nsec / 1000;
    Facts facts;
    facts.size = info.st_size;
    facts.mtimeMillis = micros / 1000;
    facts.eTag = u"%1-%2-%3"_s.arg(QString::number(quint64(info.st_ino), 16),
                                   QString::number(micros, 16), QString::number(info.st_size, 16));
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
    // A file system without RENAME_NOREPLACE: link() refuses an existing target just as well.
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

} // namespace lance::engine
