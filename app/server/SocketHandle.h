// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>

namespace lance::server {

/// An accepted socket as the operating system names it: a descriptor on POSIX systems, a
/// Winsock `SOCKET` (pointer-sized) on Windows. Spelt without the system headers so that the
/// headers which only store one stay free of Winsock's.
#ifdef _WIN32
using SocketHandle = std::uintptr_t;
inline constexpr SocketHandle NoSocket = ~SocketHandle{0}; // INVALID_SOCKET
#else
using SocketHandle = int;
inline constexpr SocketHandle NoSocket = -1;
#endif

} // namespace lance::server
