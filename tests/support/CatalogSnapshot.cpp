// SPDX-License-Identifier: Apache-2.0
#include "CatalogSnapshot.h"

#include "ResultCatcher.h"
#include "client/PageCollector.h"

#include <QTest>

#include <functional>

using namespace Qt::StringLiterals;

namespace lance::test {

namespace {

// Runs one asynchronous call to completion with the event loop running.
template <typename Response>
api::Result<Response> wait(const std::function<void(QObject *, api::Callback<Response>)> &start,
                           int timeoutMs)
{
    ResultCatcher<Response> catcher;
    QObject context;
    start(&context, catcher.callback());
    if (!QTest::qWaitFor([&catcher] { return catcher.done(); }, timeoutMs)) {
        return api::ApiError::invalidInput(u"no answer within %1 ms"_s.arg(timeoutMs));
    }
    return catcher.result();
}

QString mapText(const api::StringMap &map)
{
    QStringList entries;
    for (auto it = map.cbegin(); it != map.cend(); ++it) {
        entries << it.key() + u'=' + it.value();
    }
    return u"{"_s + entries.join(u',') + u'}';
}

class Crawler
{
public:
    Crawler(api::CatalogService &service, int timeoutMs)
        : m_service(service)
        , m_timeoutMs(timeoutMs)
    {}

    QString error;
    QStringList lines;

    void namespaceAt(const api::Identifier &id)
    {
        api::DescribeNamespaceRequest describe;
        describe.id = id;
        const auto properties = wait<api::DescribeNamespaceResponse>(
            [&](QObject *context, auto done) {
                m_service.call(describe, context, std::move(done));
            },
            m_timeoutMs);
        if (!check(properties, u"DescribeNamespace "_s + id.toString())) {
            return;
        }
        lines << u"namespace %1 %2"_s.arg(
            id.toString(), mapText(properties->properties.value_or(api::StringMap())));
        tablesIn(id);
        api::ListNamespacesRequest list;
        list.id = id;
        const auto children = wait<api::ListNamespacesResponse>(
            [&](QObject *context, auto done) {
                client::PageCollector::collectAll(m_service, list, context, std::move(done));
            },
            m_timeoutMs);
        if (!check(children, u"ListNamespaces "_s + id.toString())) {
            return;
        }
        for (const QString &name : children->namespaces) {
            namespaceAt(id.child(name));
        }
    }

private:
    template <typename T> bool check(const api::Result<T> &result, const QString &what)
    {
        if (!result && error.isEmpty()) {
            error = u"ERROR: %1: %2"_s.arg(what, result.error().userMessage());
        }
        return result.hasValue() && error.isEmpty();
    }

    void tablesIn(const api::Identifier &namespaceId)
    {
        api::ListTablesRequest list;
        list.id = namespaceId;
        const auto tables = wait<api::ListTablesResponse>(
            [&](QObject *context, auto done) {
                client::PageCollector::collectAll(m_service, list, context, std::move(done));
            },
            m_timeoutMs);
        if (!check(tables, u"ListTables "_s + namespaceId.toString())) {
            return;
        }
        for (const QString &name : tables->tables) {
            table(namespaceId.child(name));
        }
    }

    void table(const api::Identifier &id)
    {
        api::DescribeTableRequest describe;
        describe.id = id;
        const auto table = wait<api::DescribeTableResponse>(
            [&](QObject *context, auto done) {
                m_service.call(describe, context, std::move(done));
            },
            m_timeoutMs);
        if (!check(table, u"DescribeTable "_s + id.toString())) {
            return;
        }
        lines << u"table %1 at %2 %3"_s.arg(id.toString(), table->location.value_or(QString()),
                                            mapText(table->properties.value_or(api::StringMap())));
        api::ListTableVersionsRequest versions;
        versions.id = id;
        const auto listed = wait<api::ListTableVersionsResponse>(
            [&](QObject *context, auto done) {
                client::PageCollector::collectAll(m_service, versions, context, std::move(done));
            },
            m_timeoutMs);
        if (!check(listed, u"ListTableVersions "_s + id.toString())) {
            return;
        }
        for (const api::TableVersion &version : listed->versions) {
            lines << u"  version %1 %2 %3 %4"_s.arg(version.version)
                         .arg(version.manifestPath)
                         .arg(version.manifestSize.value_or(-1))
                         .arg(mapText(version.metadata));
        }
        api::ListTableTagsRequest tags;
        tags.id = id;
        const auto tagged = wait<api::ListTableTagsResponse>(
            [&](QObject *context, auto done) {
                client::PageCollector::collectAll(m_service, tags, context, std::move(done));
            },
            m_timeoutMs);
        if (!check(tagged, u"ListTableTags "_s + id.toString())) {
            return;
        }
        for (auto it = tagged->tags.cbegin(); it != tagged->tags.cend(); ++it) {
            lines << u"  tag %1 -> %2"_s.arg(it.key()).arg(it.value().version);
        }
    }

    api::CatalogService &m_service;
    int m_timeoutMs;
};

} // namespace

QString CatalogSnapshot::take(api::CatalogService &service, int timeoutMs)
{
    Crawler crawler(service, timeoutMs);
    crawler.namespaceAt(api::Identifier());
    return crawler.error.isEmpty() ? crawler.lines.join(u'\n') : crawler.error;
}

} // namespace lance::test
