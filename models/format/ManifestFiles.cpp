// SPDX-License-Identifier: Apache-2.0
#include "format/ManifestFiles.h"

#include "format/LocalPaths.h"
#include "format/ManifestFileName.h"
#include "format/ManifestReader.h"
#include "storage/LocalStore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMap>

#include <algorithm>
#include <limits>

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
    const std::optional<storage::ObjectMeta> meta = storage::LocalStore::statFile(path);
    if (!meta) {
        return std::nullopt;
    }
    Facts facts;
    facts.size = meta->size;
    facts.mtimeMillis = meta->lastModified.toMSecsSinceEpoch();
    facts.eTag = meta->eTag;
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
