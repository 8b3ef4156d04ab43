// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "storage/ObjectStore.h"

#include <optional>

namespace lance::storage {

/// The listings of the stores' XML APIs: S3's and GCS's `ListBucketResult` (V2 with
/// `NextContinuationToken`, or V1 with `NextMarker`) and Azure's `EnumerationResults`
/// (`NextMarker`). Nothing when the answer is not such a listing.
class ListingXml
{
public:
    static std::optional<ListPage> parseBucketListing(const QByteArray &xml);
    static std::optional<ListPage> parseAzureListing(const QByteArray &xml);
    /// An e-tag without the quotes stores put around it.
    static QString unquotedETag(QString eTag);
    /// An HTTP date (`Sun, 06 Dec 2026 14:00:00 GMT`), as Last-Modified headers and Azure's
    /// listings give it; invalid when it is not one.
    static QDateTime parseHttpDate(const QString &text);
};

} // namespace lance::storage
