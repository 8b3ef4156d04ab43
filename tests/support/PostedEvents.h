// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace lance::test {

/// Waits on the event queue, not on the clock: delivers every event posted to this thread so
/// far (queued signals, answers handed over from a worker, deferred deletes) and those their
/// handlers post in turn. What a test checks did not happen then had every chance to: a stray
/// answer already on its way has arrived. Work still running elsewhere (a worker thread, a
/// server) is the caller's to wait for first (SeededCatalog::waitForWorker(), a round trip).
struct PostedEvents
{
    static void deliver();
};

} // namespace lance::test
