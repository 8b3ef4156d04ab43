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

QString VersionFacts::text(const TableVersion &version, const char *key)
{
    return version.metadata.value(QString::fromLatin1(key));
}

std::optional<qint64> VersionFacts::number(const TableVersion &version, const char *key)
{
    bool ok = false;
    const qint64 value = text(version, key).toLongLong(&ok);
    return ok ? std::optional<qint64>(value) : std::nullopt;
}

} // namespace lance::api
