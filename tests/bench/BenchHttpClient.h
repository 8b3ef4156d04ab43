// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "rest/PreparedRequest.h"
#include "rest/RestRequestBuilder.h"

#include <QByteArray>
#include <QString>
#include <QUrl>

#include <memory>
#include <stdexcept>

namespace httplib {
class Client;
}

namespace lance::bench {

/// One keep-alive connection to the server under test. Requests are the exact bytes
/// RestRequestBuilder prepares (what lance-catalog and the browser send); cpp-httplib sends them,
/// so the numbers measure the server rather than Qt's network stack. Not thread-safe: one client
/// per thread.
class BenchHttpClient
{
public:
    /// Identity: no Accept-Encoding (cpp-httplib's default), answers come uncompressed.
    /// Gzip: `Accept-Encoding: gzip`; the server compresses and the client inflates.
    enum class Encoding { Identity, Gzip };

    explicit BenchHttpClient(const QUrl &server, Encoding encoding = Encoding::Identity);
    ~BenchHttpClient();
    BenchHttpClient(const BenchHttpClient &) = delete;
    BenchHttpClient &operator=(const BenchHttpClient &) = delete;

    /// The HTTP request for a message; throws std::runtime_error when the builder refuses it.
    template <typename Message> rest::PreparedRequest prepare(const Message &message) const
    {
        api::Result<rest::PreparedRequest> request = m_builder.build(message);
        if (!request) {
            throw std::runtime_error(request.error().details().toStdString());
        }
        return std::move(*request);
    }

    /// Sends the request and answers the (inflated) body of its 2xx answer. Throws
    /// std::runtime_error when there is no answer or another status.
    QByteArray send(const rest::PreparedRequest &request);

    /// The Content-Encoding of the last answer, "identity" when it had none.
    QString lastContentEncoding() const { return m_lastContentEncoding; }

private:
    rest::RestRequestBuilder m_builder;
    std::unique_ptr<httplib::Client> m_http;
    Encoding m_encoding;
    QString m_lastContentEncoding;
};

} // namespace lance::bench
