// SPDX-License-Identifier: Apache-2.0
#include "storage/StoreFactory.h"

#include "storage/AzureBlobStore.h"
#include "storage/GcsStore.h"
#include "storage/LocalStore.h"
#include "storage/S3Store.h"

namespace lance::storage {

namespace {

template <typename Store>
StorageResult<std::shared_ptr<ObjectStore>> shared(StorageResult<std::unique_ptr<Store>> opened)
{
    if (!opened) {
        return opened.error();
    }
    return std::shared_ptr<ObjectStore>(std::move(*opened));
}

} // namespace

StorageResult<std::shared_ptr<ObjectStore>> StoreFactory::open(const StorageUri &uri,
                                                               const StorageOptions &options)
{
    switch (uri.scheme()) {
    case StorageUri::Scheme::Local:
        return std::shared_ptr<ObjectStore>(std::make_shared<LocalStore>());
    case StorageUri::Scheme::S3:
        return shared(S3Store::open(uri.bucket(), options));
    case StorageUri::Scheme::Azure:
        return shared(AzureBlobStore::open(uri.bucket(), options));
    case StorageUri::Scheme::Gcs:
        return shared(GcsStore::open(uri.bucket(), options));
    }
    return StorageError(StorageError::Kind::InvalidOptions, uri.toString(), QString());
}

} // namespace lance::storage
