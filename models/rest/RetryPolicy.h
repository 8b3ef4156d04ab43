// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace lance::rest {

/// When and how often a read is tried again. Writes are never retried: a write whose answer was
/// lost may have been applied, and sending it again could apply it twice.
struct RetryPolicy
{
    int maxAttempts = 3;         //!< attempts in all, the first included; 1 disables retries
    int initialDelayMs = 250;    //!< backoff before the second attempt, doubled after each
    int maxDelayMs = 8000;       //!< no backoff is longer than this
    int maxRetryAfterMs = 30000; //!< a longer Retry-After is reported instead of waited out
};

} // namespace lance::rest
