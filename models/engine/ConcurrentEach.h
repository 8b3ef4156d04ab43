// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QtGlobal>

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

namespace lance::engine {

/// Calls `work(i)` for every `i` below `count`, on up to `workers` threads at once, and returns
/// when all are done: for the reads of many objects of a store, where each request costs a
/// round trip and every worker reuses a kept-alive connection of the store's pool. With one
/// worker (a disk) it runs on the calling thread. `work` must be safe to call concurrently for
/// different `i`.
template <typename Work> void concurrentEach(qsizetype count, qsizetype workers, const Work &work)
{
    workers = std::min(workers, count);
    if (workers <= 1) {
        for (qsizetype i = 0; i < count; ++i) {
            work(i);
        }
        return;
    }
    std::atomic<qsizetype> next = 0;
    std::vector<std::thread> threads;
    threads.reserve(std::size_t(workers));
    for (qsizetype w = 0; w < workers; ++w) {
        threads.emplace_back([&] {
            for (qsizetype i = next++; i < count; i = next++) {
                work(i);
            }
        });
    }
    for (std::thread &thread : threads) {
        thread.join();
    }
}

} // namespace lance::engine
