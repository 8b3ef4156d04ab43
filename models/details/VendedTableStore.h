// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"
#include "api/Result.h"
#include "engine/TableStores.h"
#include "storage/StorageOptions.h"

#include <QCoreApplication>

#include <functional>
#include <optional>

namespace lance::details {

/// The store of a table that a server keeps on object storage, opened on the client, so that
/// the client reads the table's manifests itself, as Lance clients do: with the
/// `storage_options` the server vended with DescribeTable (`vend_credentials`), over
/// `fallback` (the connection's storage options, then the standard environment and `~/.aws`,
/// where LanceDB looks too) for what the server did not say. Nothing here keeps or prints a secret.
class VendedTableStore
{
    Q_DECLARE_TR_FUNCTIONS(VendedTableStore)

public:
    /// What fills in the options a server did not vend.
    struct Fallback
    {
        /// The options for a store of that scheme (a profile's, over the environment).
        std::function<storage::StorageOptions(storage::StorageUri::Scheme)> options;
        /// Where they come from, for a refusal: "this machine's environment".
        QString origin;
    };

    /// The store and folder of the table at `location`; nothing for a local location or a
    /// scheme no store here speaks. Refused, with what to fix, when the options name no
    /// endpoint or credentials for that store (StorageOptions::reaches()) or it cannot be
    /// opened with them (vended credentials that have expired, ...).
    static api::Result<std::optional<engine::TableStores::Table>>
    open(const QString &location, const api::StringMap &vended, const Fallback &fallback);
};

} // namespace lance::details
