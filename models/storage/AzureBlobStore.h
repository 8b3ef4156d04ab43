// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "storage/AzureSharedKeySigner.h"
#include "storage/HttpObjectStore.h"
#include "storage/StorageOptions.h"

namespace lance::storage {

/// A container of Azure Blob Storage: Shared Key (`azure_storage_account_key`), a SAS
/// (`azure_storage_sas_token`) or a bearer token (`azure_storage_token`). The account URL is
/// `azure_storage_endpoint` (with the account as its path on the emulator), Azurite's with
/// `azure_storage_use_emulator` (`AZURITE_BLOB_STORAGE_URL`, else `http://127.0.0.1:10000`,
/// account `devstoreaccount1`), else `https://ACCOUNT.blob.core.windows.net`. Creates and
/// copies only if absent with `If-None-Match: *` (409 BlobAlreadyExists when another won).
class AzureBlobStore : public HttpObjectStore
{
public:
    static StorageResult<std::unique_ptr<AzureBlobStore>> open(const QString &container,
                                                               const StorageOptions &options);

protected:
    QByteArray objectPath(const QString &key) const override;
    void authorize(HttpRequest &request) const override;
    HttpRequest listRequest(const QString &prefix, const QString &startAfter,
                            const QString &continuation, int maxKeys) const override;
    std::optional<ListPage> parseListing(const QByteArray &body) const override;
    void markCreateOnly(HttpRequest &request) const override;
    void prepareUpload(HttpRequest &request) const override;
    std::optional<HttpRequest> copyRequest(const QString &from, const QString &to) const override;
    bool supportsSuffixRange() const override { return false; }
    bool supportsStartAfter() const override { return false; }

private:
    struct Access
    {
        std::optional<AzureSharedKeySigner> signer;
        QByteArray sasQuery; //!< without the leading `?`
        QByteArray bearerToken;
    };
    AzureBlobStore(Identity identity, std::unique_ptr<HttpTransport> transport, QByteArray basePath,
                   QString container, Access access);

    QByteArray containerPath() const;

    QByteArray m_basePath; //!< the account URL's path: `/devstoreaccount1` on the emulator
    QString m_container;
    Access m_access;
};

} // namespace lance::storage
