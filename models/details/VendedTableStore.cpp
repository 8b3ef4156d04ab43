// SPDX-License-Identifier: Apache-2.0
#include "details/VendedTableStore.h"

#include "storage/StoreFactory.h"

using namespace Qt::StringLiterals;

namespace lance::details {

api::Result<std::optional<engine::TableStores::Table>>
VendedTableStore::open(const QString &location, const api::StringMap &vended,
                       const Fallback &fallback)
{
    const auto uri = storage::StorageUri::parse(location);
    if (!uri || uri->isLocal()) {
        return std::optional<engine::TableStores::Table>();
    }
    storage::StorageOptions given;
    for (auto it = vended.cbegin(); it != vended.cend(); ++it) {
        given.set(it.key(), it.value());
    }
    const storage::StorageOptions options = given.withFallback(fallback.options(uri->scheme()));
    if (!options.reaches(uri->scheme())) {
        // Nothing says where that store is or who asks: no request goes out on a guess.
        const QString keys
            = uri->scheme() == storage::StorageUri::Scheme::S3
                  ? u"AWS_ACCESS_KEY_ID, AWS_ENDPOINT (aws_access_key_id, aws_endpoint)"_s
              : uri->scheme() == storage::StorageUri::Scheme::Azure
                  ? u"AZURE_STORAGE_ACCOUNT_NAME and a key or SAS "
                    "(azure_storage_account_name, azure_storage_sas_token)"_s
                  : u"GOOGLE_STORAGE_TOKEN (google_storage_token)"_s;
        return api::ApiError::invalidInput(
            tr("The table's files are at %1, and neither the server (vend_credentials) nor "
               "%2 gives storage options for that store: set %3, or map a mounted copy in "
               "the connection's path mapping (--map LOCAL=URI on the command line).")
                .arg(location, fallback.origin, keys));
    }
    auto store = storage::StoreFactory::open(*uri, options);
    if (!store) {
        return api::ApiError::invalidInput(tr("The table's files at %1 cannot be read here: %2")
                                               .arg(location, store.error().message()));
    }
    return std::optional(engine::TableStores::Table{*store, *uri});
}

} // namespace lance::details
