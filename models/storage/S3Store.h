// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "storage/HttpObjectStore.h"
#include "storage/SigV4Signer.h"
#include "storage/StorageOptions.h"

namespace lance::storage {

/// A bucket of S3 or of a store that speaks its API, signed with SigV4 (a key, a secret and an
/// optional session token from the options), unsigned without keys. Path-style requests
/// against `aws_endpoint` unless `aws_virtual_hosted_style_request`; without an endpoint,
/// `https://BUCKET.s3.REGION.amazonaws.com`. Creates only if absent with `If-None-Match: *`.
class S3Store : public HttpObjectStore
{
public:
    /// Refuses an `http://` endpoint without `allow_http`, and an endpoint that is not a URL.
    static StorageResult<std::unique_ptr<S3Store>> open(const QString &bucket,
                                                        const StorageOptions &options);

protected:
    QByteArray objectPath(const QString &key) const override;
    void authorize(HttpRequest &request) const override;
    HttpRequest listRequest(const QString &prefix, const QString &startAfter,
                            const QString &continuation, int maxKeys) const override;
    std::optional<ListPage> parseListing(const QByteArray &body) const override;
    void markCreateOnly(HttpRequest &request) const override;

private:
    S3Store(Identity identity, std::unique_ptr<HttpTransport> transport,
            std::optional<SigV4Signer> signer, bool pathStyle, QString bucket);

    std::optional<SigV4Signer> m_signer;
    bool m_pathStyle;
    QString m_bucket;
};

} // namespace lance::storage
