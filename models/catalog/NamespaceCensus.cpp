// SPDX-License-Identifier: Apache-2.0
#include "catalog/NamespaceCensus.h"

#include "api/CatalogService.h"
#include "client/PageCollector.h"

namespace lance::catalog {

NamespaceCensus::NamespaceCensus(api::CatalogService &service, QObject *context, Done done)
    : QObject(context)
    , m_service(service)
    , m_done(std::move(done))
{}

void NamespaceCensus::count(api::CatalogService &service, const api::Identifier &id,
                            QObject *context, Done done)
{
    // Parented to `context`: it goes with it, and then answers nothing.
    auto *census = new NamespaceCensus(service, context, std::move(done));
    census->visit(id);
}

void NamespaceCensus::visit(const api::Identifier &id)
{
    // Two listings per namespace; each answer is counted down when it arrives.
    m_pending += 2;
    api::ListNamespacesRequest namespaces;
    namespaces.id = id;
    client::PageCollector::collectAll(
        m_service, namespaces, this, [this, id](api::Result<api::ListNamespacesResponse> result) {
            if (!result) {
                fail(result.error());
                return;
            }
            m_count.namespaces += result->namespaces.size();
            for (const QString &child : std::as_const(result->namespaces)) {
                visit(id.child(child));
            }
            finishOne();
        });
    api::ListTablesRequest tables;
    tables.id = id;
    tables.includeDeclared = true;
    client::PageCollector::collectAll(m_service, tables, this,
                                      [this](api::Result<api::ListTablesResponse> result) {
                                          if (!result) {
                                              fail(result.error());
                                              return;
                                          }
                                          m_count.tables += result->tables.size();
                                          finishOne();
                                      });
}

void NamespaceCensus::finishOne()
{
    if (--m_pending == 0 && !m_answered) {
        m_answered = true;
        m_done(m_count);
        deleteLater();
    }
}

void NamespaceCensus::fail(const api::ApiError &error)
{
    if (!m_answered) {
        m_answered = true;
        m_done(error);
        deleteLater();
    }
}

} // namespace lance::catalog
