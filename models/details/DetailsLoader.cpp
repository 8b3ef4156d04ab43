// SPDX-License-Identifier: Apache-2.0
#include "details/DetailsLoader.h"

#include "activity/ActivityTracker.h"
#include "api/JsonCodec.h"
#include "client/PageCollector.h"

using namespace Qt::StringLiterals;

namespace lance::details {

namespace {

// The server's own words: the client adds `header.*` context entries from response headers.
template <typename T> QByteArray serverJson(T response)
{
    response.context.removeIf([](auto entry) { return entry.key().startsWith(u"header."); });
    return api::json::encode(response, api::json::Format::Indented);
}

} // namespace

DetailsLoader::DetailsLoader(api::CatalogService *service, activity::ActivityTracker *tracker,
                             QString delimiter, QObject *parent)
    : QObject(parent)
    , m_service(service)
    , m_tracker(tracker)
    , m_delimiter(std::move(delimiter))
{}

void DetailsLoader::loadNamespace(const api::Identifier &id)
{
    start(id, ObjectDetails::Kind::Namespace);
}

void DetailsLoader::loadTable(const api::Identifier &id)
{
    start(id, ObjectDetails::Kind::Table);
}

void DetailsLoader::reload()
{
    if (m_current) {
        start(*m_current, m_kind);
    }
}

void DetailsLoader::clear()
{
    ++m_generation;
    m_busy = false;
    m_loading.cancel();
    m_current.reset();
}

void DetailsLoader::track(const QString &description)
{
    if (m_tracker) {
        m_tracker->track(description, m_loading);
    }
}

void DetailsLoader::start(const api::Identifier &id, ObjectDetails::Kind kind)
{
    clear();
    m_current = id;
    m_kind = kind;
    const quint64 generation = m_generation;
    m_busy = true;
    emit loadingStarted(id);

    ObjectDetails details;
    details.kind = kind;
    details.id = id;
    if (kind == ObjectDetails::Kind::Namespace) {
        api::DescribeNamespaceRequest request;
        request.id = id;
        m_loading
            = m_service->call(request, this,
                              [this, generation, details](
                                  api::Result<api::DescribeNamespaceResponse> result) mutable {
                                  if (generation != m_generation) {
                                      return;
                                  }
                                  if (!result) {
                                      failWith(details.id, result.error());
                                      return;
                                  }
                                  details.rawJson = serverJson(*result);
                                  details.namespaceDescription = std::move(*result);
                                  finishWith(details);
                              });
        track(tr("Describing namespace %1").arg(id.toString(m_delimiter)));
        return;
    }
    api::DescribeTableRequest request;
    request.id = id;
    request.withTableUri = true;
    request.checkDeclared = true;
    // The schema and what the table holds: read from the latest manifest where the server can.
    request.loadDetailedMetadata = true;
    m_loading = m_service->call(
        request, this,
        [this, generation, details](api::Result<api::DescribeTableResponse> result) mutable {
            if (generation != m_generation) {
                return;
            }
            if (!result) {
                failWith(details.id, result.error());
                return;
            }
            details.rawJson = serverJson(*result);
            details.tableDescription = std::move(*result);
            loadTags(std::move(details), generation);
        });
    track(tr("Describing table %1").arg(id.toString(m_delimiter)));
}

void DetailsLoader::finishWith(const ObjectDetails &details)
{
    m_busy = false;
    emit loaded(details);
}

void DetailsLoader::failWith(const api::Identifier &id, const api::ApiError &error)
{
    m_busy = false;
    emit failed(id, error);
}

void DetailsLoader::loadTags(ObjectDetails details, quint64 generation)
{
    api::ListTableTagsRequest request;
    request.id = details.id;
    m_loading = client::PageCollector::collectAll(
        *m_service, request, this,
        [this, generation, details](api::Result<api::ListTableTagsResponse> result) mutable {
            if (generation != m_generation) {
                return;
            }
            if (result) {
                details.tags = std::move(*result);
            } else {
                // The description is still worth showing; say why the tags are missing.
                details.tagsProblem = result.error().isUnsupported()
                                          ? tr("This server does not list tags.")
                                          : result.error().userMessage();
            }
            finishWith(details);
        });
    track(tr("Listing tags of %1").arg(details.id.toString(m_delimiter)));
}

} // namespace lance::details
