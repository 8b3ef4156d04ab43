// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ConnectionPark.h"
#include "RequestServing.h"

#include <httplib.h>

namespace lance::server {

/// cpp-httplib's server (Base: httplib::Server, or httplib::SSLServer for TLS) with its
/// thread-per-connection model replaced: an accepted socket goes to a ConnectionPark instead
/// of occupying a worker from accept to close, and the park's workers call serveOne() once per
/// complete request. httplib still parses every request and writes every answer.
///
/// This relies on two documented-by-code seams of cpp-httplib: the virtual
/// `process_and_close_socket()` that SSLServer itself overrides, and the protected
/// `process_request()`. Both have been there since 0.7 (Debian 12 has 0.11.4).
template <typename Base> class GatedHttpServer final : public Base, public RequestServing
{
public:
    using Base::Base;

    /// Where accepted sockets go; set before listening, and kept until the server stopped.
    void setPark(ConnectionPark *park) { m_park = park; }

    bool serveOne(httplib::Stream &stream, bool closeConnection, bool &connectionClosed) override
    {
        return this->process_request(stream, closeConnection, connectionClosed, nullptr);
    }

private:
    // Runs on the accept loop's thread (the task queue runs each task at once).
    bool process_and_close_socket(socket_t socket) override
    {
        m_park->adopt(socket);
        return true;
    }

    ConnectionPark *m_park = nullptr;
};

} // namespace lance::server
