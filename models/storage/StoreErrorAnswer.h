// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "storage/HttpExchange.h"
#include "storage/StorageError.h"

namespace lance::storage {

/// Turns a store's non-2xx answer into a typed StorageError. S3, GCS's XML API and Azure all
/// answer `<Error><Code>…</Code><Message>…</Message></Error>` (Azure also `x-ms-error-code`);
/// the codes differ and are read here in one table, with the status when there is no body (a
/// HEAD). The message keeps the store's code and words, never a header value.
class StoreErrorAnswer
{
public:
    struct Context
    {
        QString uri;
        QString store;
        bool signedRequest = true; //!< false: no credentials were configured
        /// A conditional create or copy: 412, 409 and 304 mean another writer won.
        bool conditionalCreate = false;
    };

    static StorageError read(const HttpResponse &response, const Context &context);

    /// `Code`, `Message` and `Region` of an XML error body; empty strings when absent.
    struct Body
    {
        QString code;
        QString message;
        QString region;
        QString authenticationDetail; //!< Azure's AuthenticationErrorDetail
    };
    static Body parseBody(const QByteArray &xml);
};

} // namespace lance::storage
