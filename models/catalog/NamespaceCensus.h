// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Identifier.h"
#include "api/Result.h"

#include <QObject>

#include <functional>

namespace lance::api {
class CatalogService;
}

namespace lance::catalog {

/// Counts what a namespace holds, all the way down, through the catalog's listings: what a
/// Cascade drop removes, for the confirmation that must say it. Every page of every level is
/// read; asynchronous, the answer arrives once, on the thread that asked.
class NamespaceCensus : public QObject
{
    Q_OBJECT

public:
    struct Count
    {
        qint64 namespaces = 0; //!< below the counted one, at any depth
        qint64 tables = 0;     //!< declared ones included
        bool isEmpty() const { return namespaces == 0 && tables == 0; }
    };
    using Done = std::function<void(api::Result<Count>)>;

    /// Counts below `id`; `done` gets the count or the first listing's refusal. The census
    /// deletes itself after answering; deleting `context` first drops the answer.
    static void count(api::CatalogService &service, const api::Identifier &id, QObject *context,
                      Done done);

private:
    NamespaceCensus(api::CatalogService &service, QObject *context, Done done);
    void visit(const api::Identifier &id);
    void finishOne();
    void fail(const api::ApiError &error);

    api::CatalogService &m_service;
    Done m_done;
    Count m_count;
    int m_pending = 0;
    bool m_answered = false;
};

} // namespace lance::catalog
