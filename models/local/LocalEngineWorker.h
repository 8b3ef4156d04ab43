// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/ThreadHandoff.h"
#include "engine/CatalogEngine.h"

#include <QObject>

#include <atomic>
#include <functional>
#include <memory>

namespace lance::local {

class LocalCallTicket;

/// Owns the CatalogEngine of a LocalCatalogService and runs its jobs, one at a time in the order
/// posted, on the thread this object lives in (the service's worker thread). The engine is opened
/// there on the first job and destroyed there with this object: an engine must stay on the thread
/// that opened it.
///
/// When opening fails (say the root is a file, or the database is corrupt) each job gets that
/// error, and the next job tries again: the user may have fixed the folder meanwhile.
class LocalEngineWorker : public QObject
{
    Q_OBJECT

public:
    /// The engine, or why it could not be opened.
    using EngineOrError = api::Result<engine::CatalogEngine *>;
    using Job = std::function<void(const EngineOrError &engine)>;

    explicit LocalEngineWorker(engine::CatalogEngine::Options options);
    ~LocalEngineWorker() override;

    /// Any thread: queues `job`. It runs on the worker thread unless its ticket was cancelled
    /// first or stop() was called; either way nothing is reported for a job that did not run.
    void post(std::shared_ptr<LocalCallTicket> ticket, Job job);
    /// Any thread: jobs that have not started are skipped from now on (shutting down).
    void stop() { m_stopped.store(true); }

private:
    void run(const std::shared_ptr<LocalCallTicket> &ticket, const Job &job);
    EngineOrError engine();

    const engine::CatalogEngine::Options m_options;
    std::unique_ptr<engine::CatalogEngine> m_engine; //!< worker thread only
    std::atomic<bool> m_stopped{false};
    api::ThreadHandoff *m_inbox; //!< child: moves to the worker's thread with it
};

} // namespace lance::local
