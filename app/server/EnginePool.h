// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "engine/CatalogEngine.h"

#include <QtGlobal>

namespace lance::server {

/// One CatalogEngine per thread on one catalog root: an engine must stay on the thread that
/// opened it, and HTTP worker threads each get their own, so reads run in parallel while
/// SQLite's locking serialises the writes.
///
/// An engine is opened on a thread's first request and closed when the thread ends (the HTTP
/// server's worker threads end when it stops). A failed open is not remembered: the next
/// request on that thread tries again.
class EnginePool
{
public:
    explicit EnginePool(engine::CatalogEngine::Options options);
    /// Closes the calling thread's engine; other threads' engines close when those threads end
    /// (destroy the pool after them, as CatalogServer's workers are joined by stop()).
    ~EnginePool();
    EnginePool(const EnginePool &) = delete;
    EnginePool &operator=(const EnginePool &) = delete;

    const engine::CatalogEngine::Options &options() const { return m_options; }

    /// The calling thread's engine for this pool, opened if need be.
    api::Result<engine::CatalogEngine *> engineForCurrentThread();

private:
    engine::CatalogEngine::Options m_options;
    quint64 m_id; //!< unique per pool, so a thread never mixes up two pools' engines
};

} // namespace lance::server
