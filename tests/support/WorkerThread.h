// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <functional>

class QThread;

namespace lance::test {

/// A worker thread a test drives from outside (the local catalog service's): work run on it
/// behind what is queued there, and the points a test waits for instead of sleeping.
struct WorkerThread
{
    /// Runs `work` on `thread`, behind what is queued there already. Through api::ThreadHandoff,
    /// as the service's own work goes, so that ThreadSanitizer sees the order.
    static void post(QThread *thread, std::function<void()> work);
    /// Blocks this thread (no events processed) until `thread` has run everything queued so
    /// far: a call made before is then finished there, its answer posted but not delivered.
    static void reach(QThread *thread);
    /// reach(), then delivers what was posted here: no answer to a call made so far can still
    /// arrive afterwards.
    static void settle(QThread *thread);
};

} // namespace lance::test
