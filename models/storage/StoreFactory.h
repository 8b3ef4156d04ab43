// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "storage/ObjectStore.h"
#include "storage/StorageOptions.h"

#include <memory>

namespace lance::storage {

/// Opens the store a URI names, with the options given (Lance's keys): a local path or
/// `file://` on the local file system, `s3://`, `az://` and `gs://` on their stores. The
/// options are used as given: a caller that wants the environment's and `~/.aws` keys adds
/// StorageOptions::standard() as their fallback.
class StoreFactory
{
public:
    static StorageResult<std::shared_ptr<ObjectStore>> open(const StorageUri &uri,
                                                            const StorageOptions &options);
};

} // namespace lance::storage
