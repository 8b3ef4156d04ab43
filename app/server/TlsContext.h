// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QCoreApplication>
#include <QString>

#include <optional>

// OpenSSL's context type, without OpenSSL's headers in ours.
struct ssl_ctx_st;

namespace lance::server {

/// The server side of TLS: loads the certificate chain and the private key of
/// `--tls-cert`/`--tls-key` into the OpenSSL context of cpp-httplib's SSLServer, with TLS 1.2 as
/// the oldest version offered and TLS compression off. The key's bytes never reach a message.
class TlsContext
{
    Q_DECLARE_TR_FUNCTIONS(TlsContext)

public:
    struct Files
    {
        QString certificateChain; //!< PEM: the server's certificate, then any intermediates
        QString privateKey;       //!< PEM, unencrypted (a server starts unattended)
    };

    /// Sets up `context`; false with one sentence in `error` when a file cannot be read, is not
    /// PEM, or the key does not belong to the certificate.
    static bool configure(ssl_ctx_st &context, const Files &files, QString &error);

    /// A sentence when the loaded certificate is expired or not yet valid (clients will refuse
    /// it), for the start-up log; nothing when it is valid now.
    static std::optional<QString> validityWarning(const ssl_ctx_st &context);
};

} // namespace lance::server
