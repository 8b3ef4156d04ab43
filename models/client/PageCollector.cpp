// SPDX-License-Identifier: Apache-2.0
#include "client/PageCollector.h"

using namespace Qt::StringLiterals;

namespace lance::client {

void PageCollector::start(PageCollector *collector, std::optional<QString> firstToken,
                          std::optional<qint64> maxItems)
{
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
        collector->fetchNext(firstToken);
    }
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
