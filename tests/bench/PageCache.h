// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

namespace lance::bench {

/// The kernel's page cache of a folder's files, for benchmarks of the first read from disk.
class PageCache
{
public:
    /// Writes the folder's dirty pages to disk, then asks the kernel to drop its cached pages of
    /// every file (no root needed, unlike /proc/sys/vm/drop_caches). Directory entries and
    /// inodes stay cached, and the virtual disk may have a cache of its own: "cold-ish".
    static void evict(const QString &folder);
    /// The share of the folder's file pages in the page cache (mincore), 0 to 1: whether the
    /// eviction took.
    static double residentShare(const QString &folder);
};

} // namespace lance::bench
