// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CatalogService.h"

#include <QPointer>
#include <QSet>

#include <optional>

namespace lance::client {

/// Follows page tokens over any CatalogService and merges the pages into one response.
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
/// A service that is a QObject (RestClient) may be destroyed meanwhile: the collection then ends
/// as Cancelled before the next page; any other service must outlive the collection.
class PageCollector : public api::Cancellable
{
    Q_OBJECT

public:
    static api::RequestHandle collectAllNamespaces(api::CatalogService &service,
                                                   api::ListNamespacesRequest request,
                                                   QObject *context,
                                                   api::Callback<api::ListNamespacesResponse> done,
                                                   std::optional<qint64> maxItems = {});
    static api::RequestHandle collectAllTables(api::CatalogService &service,
                                               api::ListTablesRequest request, QObject *context,
                                               api::Callback<api::ListTablesResponse> done,
                                               std::optional<qint64> maxItems = {});
    static api::RequestHandle
    collectAllTableVersions(api::CatalogService &service, api::ListTableVersionsRequest request,
                            QObject *context, api::Callback<api::ListTableVersionsResponse> done,
                            std::optional<qint64> maxItems = {});
    static api::RequestHandle collectAllTableTags(api::CatalogService &service,
                                                  api::ListTableTagsRequest request,
                                                  QObject *context,
                                                  api::Callback<api::ListTableTagsResponse> done,
                                                  std::optional<qint64> maxItems = {});

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

    template <typename Response, typename Request>
    static api::RequestHandle collect(api::CatalogService &service, Request request,
                                      QObject *context, api::Callback<Response> done,
                                      std::optional<qint64> maxItems);

    void fetchNext(const std::optional<QString> &token);
    void onPage(api::Result<Page> page);
    void finish(std::optional<api::ApiError> error, std::optional<QString> nextToken = {});
    void onContextDestroyed();

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

} // namespace lance::client
