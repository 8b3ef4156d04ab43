// SPDX-License-Identifier: Apache-2.0
#include "PollWaker.h"

#include "SocketCalls.h"

#ifndef _WIN32
#include <fcntl.h>
#include <unistd.h>
#endif

namespace lance::server {

#ifdef _WIN32

PollWaker::PollWaker()
{
    const SOCKET udp = ::socket(AF_INET, SOCK_DGRAM, IPPROTO_UDP);
    if (udp == INVALID_SOCKET) {
        return;
    }
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int length = sizeof(address);
    auto *raw = reinterpret_cast<sockaddr *>(&address);
    // Bound to a port of its own choosing, then connected to itself: what it sends, it reads.
    if (::bind(udp, raw, sizeof(address)) != 0 || ::getsockname(udp, raw, &length) != 0
        || ::connect(udp, raw, length) != 0 || !sockets::prepareNonBlocking(udp)) {
        ::closesocket(udp);
        return;
    }
    m_read = m_write = udp;
}

PollWaker::~PollWaker()
{
    if (m_read != NoSocket) {
        sockets::close(m_read);
    }
}

void PollWaker::wake()
{
    if (m_write != NoSocket) {
        const char byte = 1;
        sockets::send(m_write, &byte, 1);
    }
}

#else

PollWaker::PollWaker()
{
    // pipe() and fcntl(), as macOS has no pipe2().
    int ends[2] = {-1, -1};
    if (::pipe(ends) != 0) {
        return;
    }
    for (const int end : ends) {
        ::fcntl(end, F_SETFD, FD_CLOEXEC);
        ::fcntl(end, F_SETFL, ::fcntl(end, F_GETFL) | O_NONBLOCK);
    }
    m_read = ends[0];
    m_write = ends[1];
}

PollWaker::~PollWaker()
{
    for (const SocketHandle end : {m_read, m_write}) {
        if (end != NoSocket) {
            ::close(end);
        }
    }
}

void PollWaker::wake()
{
    if (m_write != NoSocket) {
        const char byte = 1;
        [[maybe_unused]] const auto written = ::write(m_write, &byte, 1);
    }
}

#endif

void PollWaker::drain()
{
    if (m_read == NoSocket) {
        return;
    }
    char bytes[256];
#ifdef _WIN32
    while (sockets::receive(m_read, bytes, sizeof(bytes)) > 0) {
    }
#else
    while (::read(m_read, bytes, sizeof(bytes)) > 0) {
    }
#endif
}

} // namespace lance::server
