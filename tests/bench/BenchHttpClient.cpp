// SPDX-License-Identifier: Apache-2.0
#include "BenchHttpClient.h"

#include <httplib.h>

using namespace Qt::StringLiterals;

namespace lance::bench {

namespace {

rest::RestClientConfig configFor(const QUrl &server)
{
    rest::RestClientConfig config;
    config.baseUrl = server;
    return config;
}

} // namespace

BenchHttpClient::BenchHttpClient(const QUrl &server, Encoding encoding)
    : m_builder(configFor(server))
    , m_http(std::make_unique<httplib::Client>(server.host().toStdString(), server.port()))
    , m_encoding(encoding)
{
    m_http->set_keep_alive(true);
    // Without it a POST's headers and body, written separately, wait for a delayed ACK.
    m_http->set_tcp_nodelay(true);
    // The builder has encoded the path and query already; encoding twice would change them.
    m_http->set_url_encode(false);
    // A 10,000-operation batch on a busy machine may take a while; a benchmark waits for it.
    m_http->set_read_timeout(120, 0);
    m_http->set_write_timeout(120, 0);
}

BenchHttpClient::~BenchHttpClient() = default;

QByteArray BenchHttpClient::send(const rest::PreparedRequest &request)
{
    httplib::Headers headers;
    QByteArray contentType = "application/json";
    for (const auto &[name, value] : request.headers) {
        // httplib writes Content-Type itself from the argument of Post().
        if (name.compare("Content-Type", Qt::CaseInsensitive) == 0) {
            contentType = value;
            continue;
        }
        headers.emplace(name.toStdString(), value.toStdString());
    }
    if (m_encoding == Encoding::Gzip) {
        headers.emplace("Accept-Encoding", "gzip");
    }
    const std::string target
        = request.url.toString(QUrl::RemoveScheme | QUrl::RemoveAuthority | QUrl::FullyEncoded)
              .toStdString();
    httplib::Result answer
        = request.method == "GET"
              ? m_http->Get(target, headers)
              : m_http->Post(target, headers, request.body.constData(),
                             std::size_t(request.body.size()), contentType.toStdString());
    if (!answer) {
        throw std::runtime_error(request.operation.toStdString()
                                 + ": no answer: " + httplib::to_string(answer.error()));
    }
    if (answer->status < 200 || answer->status > 299) {
        throw std::runtime_error(request.operation.toStdString() + ": HTTP "
                                 + std::to_string(answer->status) + ": " + answer->body);
    }
    const std::string encoding = answer->get_header_value("Content-Encoding");
    m_lastContentEncoding = encoding.empty() ? u"identity"_s : QString::fromStdString(encoding);
    return QByteArray::fromStdString(answer->body);
}

} // namespace lance::bench
