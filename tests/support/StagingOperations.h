// SPDX-License-Identifier: Apache-2.0
// Staged operations for the staging tests, one line each.
#pragma once

#include "api/BatchMessages.h"

namespace lance::test {

class StagingOperations
{
public:
    /// `text` split on `$`: "sales$orders" is table orders in namespace sales.
    static api::Identifier table(const QString &text)
    {
        return api::Identifier(text.split(u'$', Qt::KeepEmptyParts));
    }

    static api::CommitTableOperation declare(const QString &name,
                                             std::optional<QString> location = std::nullopt)
    {
        api::DeclareTableRequest request;
        request.id = table(name);
        request.location = std::move(location);
        return request;
    }

    static api::CommitTableOperation create(const QString &name, qint64 version,
                                            std::optional<qint64> size = std::nullopt,
                                            QString manifestPath = {})
    {
        api::CreateTableVersionRequest request;
        request.id = table(name);
        request.version = version;
        request.manifestPath = manifestPath.isEmpty()
                                   ? QStringLiteral("s3://bucket/%1.lance/_versions/%2.manifest")
                                         .arg(QString(name).replace(u'$', u'/'))
                                         .arg(version)
                                   : manifestPath;
        request.manifestSize = size;
        return request;
    }

    /// Versions [start, end): end -1 is "through the latest".
    static api::CommitTableOperation remove(const QString &name, qint64 start, qint64 end)
    {
        return removeRanges(name, {api::VersionRange{start, end}});
    }

    static api::CommitTableOperation removeRanges(const QString &name,
                                                  const QList<api::VersionRange> &ranges)
    {
        api::BatchDeleteTableVersionsRequest request;
        request.id = table(name);
        request.ranges = ranges;
        return request;
    }

    static api::CommitTableOperation deregister(const QString &name)
    {
        api::DeregisterTableRequest request;
        request.id = table(name);
        return request;
    }
};

} // namespace lance::test
