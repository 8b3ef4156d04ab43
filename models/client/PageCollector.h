// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CatalogService.h"

#include <QMap>
#include <QPointer>
#include <QSet>

#include <memory>
#include <optional>

namespace lance::client {

/// Follows page tokens over any CatalogService and merges the pages into one response, for
/// every listing the operation table marks as paged (its `items`).
///
/// The loop asks for the next page while the answer's `page_token` is a non-empty string, and
/// stops early once `maxItems` items have arrived (the merged list is cut to exactly that many;
/// each request asks for no more than are still missing, through `limit`). A token the loop has
/// already sent (a server going round in circles) ends it with an error of kind Decode.
///
/// The merged response carries the last page's context. Its `pageToken` is nullopt when the
/// listing is complete; after an early stop it is the token of the page after the last one
/// fetched (items that page held beyond `maxItems` are not in the result).
///
/// Like every CatalogService callback: `done` runs exactly once, later, and only while `context`
/// lives; cancelling reports kind Cancelled. The collector deletes itself when it has finished.
/// The service may be destroyed meanwhile: the collection then ends as Cancelled before the
/// next page.
class PageCollector : public api::Cancellable
{
    Q_OBJECT

public:
    template <api::PagedRequest Request>
    static api::RequestHandle
    collectAll(api::CatalogService &service, Request request, QObject *context,
               api::Callback<api::ResponseOf<Request>> done, std::optional<qint64> maxItems = {});

    void cancel() override;

private:
    /// What one page contributed, reported by the typed step to the loop.
    struct Page
    {
        std::optional<QString> nextToken;
        qint64 itemCount = 0; //!< items collected so far, this page included
    };
    /// Sends the request for the page after `token` (nullopt: the first page), asking for at
    /// most `limit` items, and reports it to `pageDone` (or an error).
    /// Returns nothing when the service no longer exists.
    using FetchPage = std::function<std::optional<api::RequestHandle>(
        const std::optional<QString> &token, std::optional<qint64> limit, QObject *context,
        std::function<void(api::Result<Page>)> pageDone)>;
    /// Ends the collection: nullopt delivers the merged response; an error is delivered instead.
    /// `nextToken` is where an early stop left off.
    using Finish
        = std::function<void(std::optional<api::ApiError> error, std::optional<QString> nextToken)>;

    PageCollector(QString operation, QObject *context, std::optional<QString> firstToken,
                  std::optional<qint64> limit, std::optional<qint64> maxItems, FetchPage fetch,
                  Finish finish);

    /// Asks for the first page (or reports a `maxItems` below 1), from the event loop's side.
    static void start(PageCollector *collector, std::optional<QString> firstToken,
                      std::optional<qint64> maxItems);
    void fetchNext(const std::optional<QString> &token);
    void onPage(api::Result<Page> page);
    void finish(std::optional<api::ApiError> error, std::optional<QString> nextToken = {});
    void onContextDestroyed();

    // Lists append; a map (the tags) merges, and keeps its first `count` entries by key.
    template <typename T> static void append(QList<T> &into, QList<T> &&page)
    {
        into.append(std::move(page));
    }
    template <typename K, typename V> static void append(QMap<K, V> &into, QMap<K, V> &&page)
    {
        into.insert(page);
    }
    template <typename T> static void truncate(QList<T> &items, qint64 count)
    {
        items.resize(count);
    }
    template <typename K, typename V> static void truncate(QMap<K, V> &items, qint64 count)
    {
        while (items.size() > count) {
            items.erase(std::prev(items.end()));
        }
    }

    QString m_operation;
    QPointer<QObject> m_context;
    bool m_hasContext = false;
    std::optional<qint64> m_limit; //!< the caller's page size
    std::optional<qint64> m_maxItems;
    FetchPage m_fetch;
    Finish m_finish;
    QSet<QString> m_seenTokens;
    api::RequestHandle m_inFlight;
    qint64 m_collected = 0;
    bool m_cancelled = false;
    bool m_finished = false;
};

template <api::PagedRequest Request>
api::RequestHandle PageCollector::collectAll(api::CatalogService &service, Request request,
                                             QObject *context,
                                             api::Callback<api::ResponseOf<Request>> done,
                                             std::optional<qint64> maxItems)
{
    using Response = api::ResponseOf<Request>;
    auto merged = std::make_shared<Response>();
    QPointer<api::CatalogService> serviceGuard(&service);
    FetchPage fetch =
        [serviceGuard, request, merged](
            const std::optional<QString> &token, std::optional<qint64> limit, QObject *pageContext,
            std::function<void(api::Result<Page>)> pageDone) -> std::optional<api::RequestHandle> {
        if (serviceGuard.isNull()) {
            return std::nullopt;
        }
        Request pageRequest = request;
        pageRequest.pageToken = token;
        pageRequest.limit = limit;
        return serviceGuard->call(
            std::move(pageRequest), pageContext,
            [merged, pageDone = std::move(pageDone)](api::Result<Response> page) {
                if (!page) {
                    pageDone(page.error());
                    return;
                }
                merged->context = page->context;
                auto &items = api::itemsOf<Request>(*merged);
                append(items, std::move(api::itemsOf<Request>(*page)));
                pageDone(Page{page->pageToken, qint64(items.size())});
            });
    };
    Finish finish = [merged, maxItems, done = std::move(done)](std::optional<api::ApiError> error,
                                                               std::optional<QString> nextToken) {
        if (error) {
            done(std::move(*error));
            return;
        }
        auto &items = api::itemsOf<Request>(*merged);
        if (maxItems && items.size() > *maxItems) {
            truncate(items, *maxItems);
        }
        merged->pageToken = std::move(nextToken);
        done(std::move(*merged));
    };
    auto *collector
        = new PageCollector(api::Operation<Request>::info.name(), context, request.pageToken,
                            request.limit, maxItems, std::move(fetch), std::move(finish));
    start(collector, request.pageToken, maxItems);
    return api::RequestHandle(collector);
}

} // namespace lance::client
