// SPDX-License-Identifier: Apache-2.0
#include "details/TableHealthLoader.h"

#include "activity/ActivityTracker.h"

namespace lance::details {

TableHealthLoader::TableHealthLoader(api::CatalogService *service,
                                     activity::ActivityTracker *tracker, QString delimiter,
                                     QObject *parent)
    : QObject(parent)
    , m_service(service)
    , m_tracker(tracker)
    , m_delimiter(std::move(delimiter))
{}

void TableHealthLoader::clear()
{
    ++m_generation;
    m_busy = false;
    m_loading.cancel();
    m_current.reset();
    m_health.reset();
}

void TableHealthLoader::reload()
{
    if (m_current) {
        load(*m_current);
    }
}

void TableHealthLoader::load(const api::Identifier &table)
{
    clear();
    m_current = table;
    m_busy = true;
    const quint64 generation = m_generation;
    emit loadingStarted(table);
    api::GetTableHealthRequest request;
    request.id = table;
    m_loading = m_service->call(
        request, this, [this, generation, table](api::Result<api::GetTableHealthResponse> result) {
            if (generation != m_generation) {
                return;
            }
            m_busy = false;
            if (!result) {
                // A server without the extension: a 404 without the spec's body, or the like.
                emit failed(table, result.error().userMessage(), result.error().isUnsupported());
                return;
            }
            m_health = *result;
            emit loaded(table, *m_health);
        });
    if (m_tracker) {
        m_tracker->track(tr("Reading the health of %1").arg(table.toString(m_delimiter)),
                         m_loading);
    }
}

} // namespace lance::details
