// SPDX-License-Identifier: Apache-2.0
#include "api/VersionFacts.h"

namespace lance::api {

const QStringList &VersionFacts::keys()
{
    static const QStringList Keys = [] {
        QStringList keys;
        for (const char *key : {TotalRows, TotalFragments, TotalDataFiles, TotalFilesSize,
                                TotalDeletionFiles, TotalDeletionFileRows, TotalDataFileRows,
                                Operation, CommitMessage, Writer, DataFormat, Unreadable}) {
            keys.append(QString::fromLatin1(key));
        }
        return keys;
    }();
    return Keys;
}

QString VersionFacts::text(const StringMap &metadata, const char *key)
{
    return metadata.value(QString::fromLatin1(key));
}

std::optional<qint64> VersionFacts::number(const StringMap &metadata, const char *key)
{
    bool ok = false;
    const qint64 value = text(metadata, key).toLongLong(&ok);
    return ok ? std::optional<qint64>(value) : std::nullopt;
}

} // namespace lance::api
