// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "BenchReport.h"

#include <chrono>
#include <functional>

namespace lance::bench {

using Clock = std::chrono::steady_clock;

/// One thread's timed work: it runs until `deadline` (or until its fixed amount is done, when it
/// ignores the deadline) and answers how many operations it completed. It throws
/// std::runtime_error when an operation fails.
using TimedWork = std::function<qint64(Clock::time_point deadline)>;

/// Runs `threads` new threads. Each first calls `prepare(thread)`, untimed (open its engine or
/// connection, warm up), and all then start the work it returned at the same moment. The sample
/// counts every thread's operations, timed from that moment to the end of the last thread, and
/// the deadline is that moment plus `duration`. The work is called and destroyed on its own
/// thread (an engine must close where it was opened). The first exception of any thread is
/// rethrown here, after all threads ended.
Sample runTogether(int threads, std::chrono::milliseconds duration,
                   const std::function<TimedWork(int thread)> &prepare);

} // namespace lance::bench
