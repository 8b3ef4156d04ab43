// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "storage/HttpExchange.h"

#include <QString>

namespace lance::storage {

/// Azure Storage's Shared Key authorization for the Blob service (versions from 2015-02-21):
/// the string to sign from the standard headers, the `x-ms-` headers and the canonical
/// resource, and `Authorization: SharedKey ACCOUNT:SIGNATURE`. Microsoft publishes no test
/// vectors; Azurite, which checks every signature, is the test (tests/models/storage).
class AzureSharedKeySigner
{
public:
    /// `accountKey` is the base64 key Azure shows.
    AzureSharedKeySigner(QString account, const QString &accountKey);

    /// The string to sign for `request`, whose `target` is the path and query as sent. With
    /// the emulator's path-style URLs the path already begins with the account, and the
    /// resource names it twice, as Azure's rule says.
    QByteArray stringToSign(const HttpRequest &request) const;
    /// Adds `Authorization` to a request that holds every header it will send.
    void signInPlace(HttpRequest &request) const;

private:
    QString m_account;
    QByteArray m_key;
};

} // namespace lance::storage
