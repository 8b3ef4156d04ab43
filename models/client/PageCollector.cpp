// SPDX-License-Identifier: Apache-2.0
#include "client/PageCollector.h"

#include <memory>

using namespace Qt::StringLiterals;

namespace lance::client {

namespace {

// Per list operation: which service method, which field holds the items.

api::RequestHandle callService(api::CatalogService &service,
                               const api::ListNamespacesRequest &request, QObject *context,
                               api::Callback<api::ListNamespacesResponse> done)
{
    return service.listNamespaces(request, context, std::move(done));
}

api::RequestHandle callService(api::CatalogService &service, const api::ListTablesRequest &request,
                               QObject *context, api::Callback<api::ListTablesResponse> done)
{
    return service.listTables(request, context, std::move(done));
}

api::RequestHandle callService(api::CatalogService &service,
                               const api::ListTableVersionsRequest &request, QObject *context,
                               api::Callback<api::ListTableVersionsResponse> done)
{
    return service.listTableVersions(request, context, std::move(done));
}

api::RequestHandle callService(api::CatalogService &service,
                               const api::ListTableTagsRequest &request, QObject *context,
                               api::Callback<api::ListTableTagsResponse> done)
{
    return service.listTableTags(request, context, std::move(done));
}

QStringList &itemsOf(api::ListNamespacesResponse &response)
{
    return response.namespaces;
}

QStringList &itemsOf(api::ListTablesResponse &response)
{
    return response.tables;
}

QList<api::TableVersion> &itemsOf(api::ListTableVersionsResponse &response)
{
    return response.versions;
}

QMap<QString, api::TagContents> &itemsOf(api::ListTableTagsResponse &response)
{
    return response.tags;
}

template <typename T> void appendItems(QList<T> &into, QList<T> &&page)
{
    into.append(std::move(page));
}

void appendItems(QMap<QString, api::TagContents> &into, QMap<QString, api::TagContents> &&page)
{
    into.insert(page);
}

template <typename T> void truncateItems(QList<T> &items, qint64 count)
{
    items.resize(count);
}

// Tags are a map: the first `count` by name are kept.
void truncateItems(QMap<QString, api::TagContents> &items, qint64 count)
{
    while (items.size() > count) {
        items.erase(std::prev(items.end()));
    }
}

QString operationOf(const api::ListNamespacesRequest &)
{
    return u"ListNamespaces"_s;
}

QString operationOf(const api::ListTablesRequest &)
{
    return u"ListTables"_s;
}

QString operationOf(const api::ListTableVersionsRequest &)
{
    return u"ListTableVersions"_s;
}

QString operationOf(const api::ListTableTagsRequest &)
{
    return u"ListTableTags"_s;
}

} // namespace

template <typename Response, typename Request>
api::RequestHandle PageCollector::collect(api::CatalogService &service, Request request,
                                          QObject *context, api::Callback<Response> done,
                                          std::optional<qint64> maxItems)
{
    auto merged = std::make_shared<Response>();
    // A service that is a QObject (RestClient) may go away between two pages.
    QObject *serviceObject = dynamic_cast<QObject *>(&service);
    QPointer<QObject> serviceGuard(serviceObject);
    FetchPage fetch =
        [&service, serviceGuard, guarded = serviceObject != nullptr, request, merged](
            const std::optional<QString> &token, std::optional<qint64> limit, QObject *pageContext,
            std::function<void(api::Result<Page>)> pageDone) -> std::optional<api::RequestHandle> {
        if (guarded && serviceGuard.isNull()) {
            return std::nullopt;
        }
        Request pageRequest = request;
        pageRequest.pageToken = token;
        pageRequest.limit = limit;
        return callService(service, pageRequest, pageContext,
                           [merged, pageDone = std::move(pageDone)](api::Result<Response> page) {
                               if (!page) {
                                   pageDone(page.error());
                                   return;
                               }
                               merged->context = page->context;
                               appendItems(itemsOf(*merged), std::move(itemsOf(*page)));
                               pageDone(Page{page->pageToken, itemsOf(*merged).size()});
                           });
    };
    Finish finish = [merged, maxItems, done = std::move(done)](std::optional<api::ApiError> error,
                                                               std::optional<QString> nextToken) {
        if (error) {
            done(std::move(*error));
            return;
        }
        if (maxItems && itemsOf(*merged).size() > *maxItems) {
            truncateItems(itemsOf(*merged), *maxItems);
        }
        merged->pageToken = std::move(nextToken);
        done(std::move(*merged));
    };
    const QString operation = operationOf(request);
    auto *collector = new PageCollector(operation, context, request.pageToken, request.limit,
                                        maxItems, std::move(fetch), std::move(finish));
    if (maxItems && *maxItems < 1) {
        // Reported from the event loop, like every other answer.
        QMetaObject::invokeMethod(
            collector,
            [collector, count = *maxItems] {
                collector->finish(api::ApiError::invalidInput(
                    tr("The maximum number of items must be at least 1 (it is %1).").arg(count)));
            },
            Qt::QueuedConnection);
    } else {
        collector->fetchNext(request.pageToken);
    }
    return api::RequestHandle(collector);
}

api::RequestHandle PageCollector::collectAllNamespaces(
    api::CatalogService &service, api::ListNamespacesRequest request, QObject *context,
    api::Callback<api::ListNamespacesResponse> done, std::optional<qint64> maxItems)
{
    return collect(service, std::move(request), context, std::move(done), maxItems);
}

api::RequestHandle PageCollector::collectAllTables(api::CatalogService &service,
                                                   api::ListTablesRequest request, QObject *context,
                                                   api::Callback<api::ListTablesResponse> done,
                                                   std::optional<qint64> maxItems)
{
    return collect(service, std::move(request), context, std::move(done), maxItems);
}

api::RequestHandle PageCollector::collectAllTableVersions(
    api::CatalogService &service, api::ListTableVersionsRequest request, QObject *context,
    api::Callback<api::ListTableVersionsResponse> done, std::optional<qint64> maxItems)
{
    return collect(service, std::move(request), context, std::move(done), maxItems);
}

api::RequestHandle
PageCollector::collectAllTableTags(api::CatalogService &service, api::ListTableTagsRequest request,
                                   QObject *context, api::Callback<api::ListTableTagsResponse> done,
                                   std::optional<qint64> maxItems)
{
    return collect(service, std::move(request), context, std::move(done), maxItems);
}

PageCollector::PageCollector(QString operation, QObject *context, std::optional<QString> firstToken,
                             std::optional<qint64> limit, std::optional<qint64> maxItems,
                             FetchPage fetch, Finish finish)
    : m_operation(std::move(operation))
    , m_context(context)
    , m_hasContext(context != nullptr)
    , m_limit(limit)
    , m_maxItems(maxItems)
    , m_fetch(std::move(fetch))
    , m_finish(std::move(finish))
{
    if (context) {
        connect(context, &QObject::destroyed, this, &PageCollector::onContextDestroyed);
    }
    if (firstToken && !firstToken->isEmpty()) {
        m_seenTokens.insert(*firstToken);
    }
}

void PageCollector::cancel()
{
    if (m_finished || m_cancelled) {
        return;
    }
    // The page in flight answers (Cancelled, or whatever it had) and onPage() ends the loop, so
    // the callback still runs once and from the event loop.
    m_cancelled = true;
    m_inFlight.cancel();
}

void PageCollector::fetchNext(const std::optional<QString> &token)
{
    std::optional<qint64> limit = m_limit;
    if (m_maxItems) {
        const qint64 missing = *m_maxItems - m_collected;
        limit = limit ? std::min(*limit, missing) : missing;
    }
    std::optional<api::RequestHandle> handle
        = m_fetch(token, limit, this, [this](api::Result<Page> page) { onPage(std::move(page)); });
    if (!handle) {
        finish(api::ApiError::cancelled(m_operation, {}));
        return;
    }
    m_inFlight = *handle;
}

void PageCollector::onPage(api::Result<Page> page)
{
    m_inFlight = api::RequestHandle();
    if (m_finished) {
        return;
    }
    if (m_cancelled) {
        finish(api::ApiError::cancelled(m_operation, {}));
        return;
    }
    if (!page) {
        finish(page.error());
        return;
    }
    m_collected = page->itemCount;
    const std::optional<QString> &next = page->nextToken;
    if (!next || next->isEmpty()) {
        finish(std::nullopt);
        return;
    }
    if (m_maxItems && m_collected >= *m_maxItems) {
        finish(std::nullopt, next);
        return;
    }
    if (m_seenTokens.contains(*next)) {
        api::ApiError error = api::ApiError::decode(
            u"page_token"_s, tr("the server sent the page token \"%1\" a second time, "
                                "so the listing would never end")
                                 .arg(*next));
        error.setOperation(m_operation);
        finish(error);
        return;
    }
    m_seenTokens.insert(*next);
    fetchNext(next);
}

void PageCollector::finish(std::optional<api::ApiError> error, std::optional<QString> nextToken)
{
    if (m_finished) {
        return;
    }
    m_finished = true;
    deleteLater();
    if (m_hasContext && m_context.isNull()) {
        return;
    }
    Finish finish = std::move(m_finish);
    m_finish = nullptr;
    finish(std::move(error), std::move(nextToken));
}

void PageCollector::onContextDestroyed()
{
    // Nobody is left to tell: stop the page in flight and go, without a callback.
    m_finished = true;
    m_inFlight.cancel();
    deleteLater();
}

} // namespace lance::client
