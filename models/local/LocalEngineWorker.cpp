// SPDX-License-Identifier: Apache-2.0
#include "local/LocalEngineWorker.h"

#include "local/LocalCallTicket.h"

#include <exception>

namespace lance::local {

LocalEngineWorker::LocalEngineWorker(engine::CatalogEngine::Options options)
    : m_options(std::move(options))
    , m_inbox(new api::ThreadHandoff(this))
{}

LocalEngineWorker::~LocalEngineWorker()
{
    // Destroyed on the worker thread once the service has stopped it (~LocalCatalogService).
    api::ThreadHandoff::acquire();
    m_engine.reset();
    api::ThreadHandoff::release();
}

void LocalEngineWorker::post(std::shared_ptr<LocalCallTicket> ticket, Job job)
{
    m_inbox->post([this, ticket = std::move(ticket), job = std::move(job)] { run(ticket, job); });
}

void LocalEngineWorker::run(const std::shared_ptr<LocalCallTicket> &ticket, const Job &job)
{
    if (m_stopped.load() || !ticket->start()) {
        return;
    }
    try {
        job(engine());
    } catch (const std::exception &exception) {
        // An exception must not escape into the event loop (that ends the program), and the
        // caller is still owed an answer.
        job(api::ApiError::catalog(
            api::ErrorCode::Internal,
            tr("The local catalog failed: %1").arg(QString::fromLocal8Bit(exception.what()))));
    }
    ticket->finished();
}

LocalEngineWorker::EngineOrError LocalEngineWorker::engine()
{
    if (!m_engine) {
        auto opened = engine::CatalogEngine::open(m_options);
        if (!opened) {
            return opened.error();
        }
        m_engine = std::move(*opened);
    }
    return m_engine.get();
}

} // namespace lance::local
