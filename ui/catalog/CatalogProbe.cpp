// SPDX-License-Identifier: Apache-2.0
#include "ui/catalog/CatalogProbe.h"

namespace lance::ui {

CatalogProbe::CatalogProbe(api::CatalogService &catalog, QObject *parent)
    : QObject(parent)
    , m_catalog(catalog)
{}

template <typename Response>
api::Callback<Response> CatalogProbe::answer(std::function<void(const Response &)> next)
{
    return [this, generation = m_generation, next](api::Result<Response> result) {
        if (generation != m_generation) {
            return; // an earlier start()
        }
        if (!result) {
            emit failed(result.error());
            return;
        }
        next(*result);
    };
}

void CatalogProbe::start()
{
    ++m_generation;
    m_handle.cancel();
    api::ListNamespacesRequest request;
    request.limit = 1;
    m_handle = m_catalog.call(
        request, this,
        answer<api::ListNamespacesResponse>([this](const api::ListNamespacesResponse &found) {
            if (found.namespaces.isEmpty()) {
                listTables();
            } else {
                emit finished(false);
            }
        }));
}

void CatalogProbe::cancel()
{
    m_handle.cancel();
}

void CatalogProbe::listTables()
{
    api::ListTablesRequest request;
    request.limit = 1;
    m_handle = m_catalog.call(
        request, this,
        answer<api::ListTablesResponse>([this](const api::ListTablesResponse &listed) {
            emit finished(listed.tables.isEmpty());
        }));
}

} // namespace lance::ui
