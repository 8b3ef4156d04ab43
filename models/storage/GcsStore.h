// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "storage/HttpObjectStore.h"
#include "storage/SigV4Signer.h"
#include "storage/StorageOptions.h"

namespace lance::storage {

/// A bucket of Google Cloud Storage over its XML API (path-style, `/BUCKET/KEY`), with a
/// bearer token (`google_storage_token`, what a namespace vends) or HMAC keys
/// (`google_hmac_access_id`, `google_hmac_secret`, signed GOOG4-HMAC-SHA256). Creates and
/// copies only if absent with `x-goog-if-generation-match: 0`. The endpoint is
/// `https://storage.googleapis.com` unless `google_storage_endpoint` names another.
class GcsStore : public HttpObjectStore
{
public:
    static StorageResult<std::unique_ptr<GcsStore>> open(const QString &bucket,
                                                         const StorageOptions &options);

protected:
    QByteArray objectPath(const QString &key) const override;
    void authorize(HttpRequest &request) const override;
    HttpRequest listRequest(const QString &prefix, const QString &startAfter,
                            const QString &continuation, int maxKeys) const override;
    std::optional<ListPage> parseListing(const QByteArray &body) const override;
    void markCreateOnly(HttpRequest &request) const override;
    std::optional<HttpRequest> copyRequest(const QString &from, const QString &to) const override;

private:
    GcsStore(Identity identity, std::unique_ptr<HttpTransport> transport, QString token,
             std::optional<SigV4Signer> signer, QString bucket);

    QString m_token;
    std::optional<SigV4Signer> m_signer;
    QString m_bucket;
};

} // namespace lance::storage
