// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QtGlobal>

namespace lance::test {

/// What a process holds in memory, read from /proc (Linux), for tests and benchmarks that check
/// a server stays bounded.
class ProcessMemory
{
public:
    /// VmRSS of process `pid` in kB; -1 when it cannot be read.
    static qint64 residentKilobytes(qint64 pid);
};

} // namespace lance::test
