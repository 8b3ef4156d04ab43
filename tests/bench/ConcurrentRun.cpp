// SPDX-License-Identifier: Apache-2.0
#include "ConcurrentRun.h"

#include <atomic>
#include <exception>
#include <latch>
#include <mutex>
#include <thread>
#include <vector>

namespace lance::bench {

Sample runTogether(int threads, std::chrono::milliseconds duration,
                   const std::function<TimedWork(int thread)> &prepare)
{
    std::latch ready(threads);
    std::latch go(1);
    std::atomic<qint64> total{0};
    Clock::time_point deadline;
    std::mutex failureLock;
    std::exception_ptr failure;
    const auto fail = [&] {
        const std::scoped_lock lock(failureLock);
        if (!failure) {
            failure = std::current_exception();
        }
    };

    std::vector<std::thread> running;
    running.reserve(std::size_t(threads));
    for (int thread = 0; thread < threads; ++thread) {
        running.emplace_back([&, thread] {
            TimedWork work;
            try {
                work = prepare(thread);
            } catch (...) {
                fail();
            }
            ready.count_down();
            go.wait(); // `deadline` is written before the release, so it is read safely here
            try {
                if (work) {
                    total += work(deadline);
                }
            } catch (...) {
                fail();
            }
            work = nullptr; // here, on this thread, not on the main thread
        });
    }
    ready.wait();
    const Clock::time_point start = Clock::now();
    deadline = start + duration;
    go.count_down();
    for (std::thread &thread : running) {
        thread.join();
    }
    const std::chrono::duration<double, std::milli> elapsed = Clock::now() - start;
    if (failure) {
        std::rethrow_exception(failure);
    }
    return {total.load(), elapsed.count()};
}

} // namespace lance::bench
