// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <httplib.h>

namespace lance::server {

/// What CatalogServer needs of its HTTP server beside httplib::Server's own set-up: answering
/// one request on a stream of ConnectionPark's.
class RequestServing
{
public:
    virtual ~RequestServing() = default;
    /// Parses and answers one request from `stream`; false when it could not (the connection
    /// is then dropped). `connectionClosed` says whether the client wants it closed.
    virtual bool serveOne(httplib::Stream &stream, bool closeConnection, bool &connectionClosed)
        = 0;
};

} // namespace lance::server
