// SPDX-License-Identifier: Apache-2.0
#include "engine/VersionDetails.h"

#include "format/ArrowSchemaConverter.h"
#include "format/LocalPaths.h"
#include "format/ManifestDecoder.h"

#include <QCache>
#include <QDateTime>
#include <QFileInfo>
#include <QMutex>

using namespace Qt::StringLiterals;
using lance::api::ApiError;

namespace lance::engine {

namespace {

// Entries cost their fragments: a few large manifests or many small ones, some megabytes.
constexpr qsizetype CacheCost = 200'000;

struct Cache
{
    QMutex mutex;
    QCache<QString, format::ManifestContents> entries{CacheCost};
};

Cache &cache()
{
    static Cache instance;
    return instance;
}

} // namespace

api::Result<format::ManifestContents> VersionDetails::read(const api::TableVersion &version)
{
    const std::optional<QString> path = format::LocalPaths::manifestFile(version.manifestPath);
    if (!path) {
        return ApiError::invalidInput(tr("The manifest %1 is not on a disk this catalog can read.")
                                          .arg(version.manifestPath));
    }
    const QFileInfo file(*path);
    if (!file.isFile()) {
        return ApiError::invalidInput(tr("The manifest %1 does not exist.").arg(*path));
    }
    const QString key
        = u"%1\n%2\n%3"_s.arg(*path).arg(file.size()).arg(file.lastModified().toMSecsSinceEpoch());
    {
        const QMutexLocker lock(&cache().mutex);
        if (const format::ManifestContents *known = cache().entries.object(key)) {
            return *known;
        }
    }
    api::Result<format::ManifestContents> contents = format::ManifestDecoder::readFile(*path);
    if (!contents) {
        return contents;
    }
    if (contents->version != quint64(version.version)) {
        return ApiError::invalidInput(tr("The manifest %1 is of version %2, not %3.")
                                          .arg(*path)
                                          .arg(contents->version)
                                          .arg(version.version));
    }
    const QMutexLocker lock(&cache().mutex);
    cache().entries.insert(key, new format::ManifestContents(*contents),
                           1 + contents->fragments.size());
    return contents;
}

void VersionDetails::describe(const format::ManifestContents &contents,
                              api::DescribeTableResponse &response)
{
    const format::ManifestContents::Totals totals = contents.totals();
    response.version = qint64(contents.version);
    response.schema = format::ArrowSchemaConverter::convert(contents);
    // The spec's TableBasicStats has two counts; deleted rows as Lance's summary counts them.
    response.stats = api::TableBasicStats{totals.deletionFileRows, totals.fragments};
    response.metadata = totals.toMetadata();
}

} // namespace lance::engine
