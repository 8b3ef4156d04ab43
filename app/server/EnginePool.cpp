// SPDX-License-Identifier: Apache-2.0
#include "EnginePool.h"

#include <atomic>
#include <map>
#include <memory>

namespace lance::server {

namespace {

std::atomic<quint64> nextPoolId{1};

// Keyed by pool id rather than pool address: a new pool at a freed pool's address must not
// inherit its engines (tests start several servers in one process).
thread_local std::map<quint64, std::unique_ptr<engine::CatalogEngine>> threadEngines;

} // namespace

EnginePool::EnginePool(engine::CatalogEngine::Options options)
    : m_options(std::move(options))
    , m_id(nextPoolId.fetch_add(1))
{}

EnginePool::~EnginePool()
{
    // Without this a pool used on the main thread (in-process tests) would close its engine
    // only at program exit, after Qt SQL has been torn down.
    threadEngines.erase(m_id);
}

api::Result<engine::CatalogEngine *> EnginePool::engineForCurrentThread()
{
    std::unique_ptr<engine::CatalogEngine> &engine = threadEngines[m_id];
    if (!engine) {
        api::Result<std::unique_ptr<engine::CatalogEngine>> opened
            = engine::CatalogEngine::open(m_options);
        if (!opened) {
            threadEngines.erase(m_id);
            return opened.error();
        }
        engine = std::move(*opened);
    }
    return engine.get();
}

} // namespace lance::server
