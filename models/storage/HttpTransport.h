// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "storage/CallControl.h"
#include "storage/HttpExchange.h"
#include "storage/StorageError.h"

#include <QUrl>

#include <memory>
#include <mutex>
#include <vector>

namespace httplib {
class Client;
}

namespace lance::storage {

/// HTTP to one store endpoint over cpp-httplib's blocking client: a pool of kept-alive
/// connections that several threads share, each call bounded by its CallControl and retried
/// with backoff while the failure is one in passing. Runs on the caller's thread without an
/// event loop, as the engine's threads need.
class HttpTransport
{
public:
    struct Settings
    {
        QUrl endpoint; //!< scheme, host and port; any path is ignored
        bool allowInvalidCertificates = false;
        int connectTimeoutMs = 5000;
        int maxAttempts = 5; //!< the first try and up to four retries
        int firstBackoffMs = 100;
    };

    explicit HttpTransport(Settings settings);
    ~HttpTransport();
    HttpTransport(const HttpTransport &) = delete;
    HttpTransport &operator=(const HttpTransport &) = delete;

    /// Sends `request`, again after a failure in passing while attempts and time remain. An
    /// answer of any status is a value (the store reads its error body); no answer is a
    /// StorageError (Network, Timeout, Cancelled, Truncated) about `uri` on `store`.
    StorageResult<HttpResponse> send(const HttpRequest &request, const CallControl &control,
                                     const QString &uri, const QString &store);

    /// `host` or `host:port` as the Host header names the endpoint (signed by every store).
    QByteArray hostHeader() const;
    QUrl endpoint() const { return m_settings.endpoint; }

private:
    struct Attempt;
    Attempt sendOnce(const HttpRequest &request, const CallControl &control);
    std::unique_ptr<httplib::Client> takeClient();
    void giveBack(std::unique_ptr<httplib::Client> client);
    int backoffMs(int attempt, const HttpResponse *response) const;

    Settings m_settings;
    mutable std::mutex m_mutex;
    std::vector<std::unique_ptr<httplib::Client>> m_idle;
};

} // namespace lance::storage
