// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArrayView>
#include <QtGlobal>

#include <optional>

namespace lance::server {

/// Where a request in a connection's buffer ends, so that ConnectionPark can hold a request
/// until it is complete and only then give it to a worker. Only framing is read here: the end
/// of the headers, `Content-Length`, `Transfer-Encoding` and `Expect`. cpp-httplib parses the
/// request itself afterwards and refuses whatever is malformed.
struct RequestFraming
{
    enum class State {
        Incomplete,  //!< the headers have not ended yet
        Complete,    //!< headers and body (of `totalBytes`) are in the buffer
        BodyPending, //!< the headers have ended and `totalBytes` are needed in all
        /// A worker must read the rest as it comes: a chunked body, `Expect: 100-continue`, or
        /// framing the parser must judge (two lengths, a length that is no number).
        Streamed,
    };

    State state = State::Incomplete;
    qint64 headerBytes = 0; //!< request line and headers, with the blank line
    qint64 totalBytes = 0;  //!< headers plus body, for Complete and BodyPending

    /// Looks at the start of `buffer`.
    static RequestFraming of(QByteArrayView buffer);
};

} // namespace lance::server
