// SPDX-License-Identifier: Apache-2.0
#include "api/BatchRequestFile.h"

#include "api/JsonCodec.h"

#include <QIODevice>

namespace lance::api {

Result<BatchCommitTablesRequest> BatchRequestFile::read(QIODevice &device, const QString &name)
{
    // One byte past the limit tells "at the limit" from "over it" without reading the rest.
    const QByteArray json = device.read(MaxBytes + 1);
    if (json.size() > MaxBytes) {
        return ApiError::invalidInput(
            tr("%1 is larger than %2 MiB; a batch commit is never that large.")
                .arg(name)
                .arg(MaxBytes / (qint64{1024} * 1024)));
    }
    auto request = json::decode<BatchCommitTablesRequest>(json);
    if (!request) {
        return ApiError::invalidInput(
            tr("%1 is not a valid batch commit request: %2.").arg(name, request.error().detail()));
    }
    return request;
}

} // namespace lance::api
