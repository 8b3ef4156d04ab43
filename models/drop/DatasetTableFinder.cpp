// SPDX-License-Identifier: Apache-2.0
#include "drop/DatasetTableFinder.h"

#include "client/PageCollector.h"
#include "format/LocalPaths.h"

#include <QDir>

namespace lance::drop {

namespace {

api::Identifier child(const api::Identifier &parent, const QString &name)
{
    return api::Identifier(parent.names() + QStringList{name});
}

QString withoutTrailingSlashes(QString text)
{
    while (text.size() > 1 && text.endsWith(u'/')) {
        text.chop(1);
    }
    return text;
}

} // namespace

DatasetTableFinder::Matches DatasetTableFinder::locationMatcher(const QString &folder,
                                                                const PathMapper &mapper,
                                                                const QString &catalogRoot)
{
    const std::optional<QString> mapped = mapper.location ? mapper.location(folder) : std::nullopt;
    const QString expected = mapped ? withoutTrailingSlashes(*mapped) : QString();
    const QString local = format::LocalPaths::resolved(QDir(folder).absolutePath());
    // Without a root, a relative location cannot be placed: only absolute ones are compared.
    const QString root = catalogRoot.isEmpty() ? QDir::rootPath() : catalogRoot;
    return [expected, local, root, relative = !catalogRoot.isEmpty()](const QString &location) {
        if (!expected.isEmpty() && withoutTrailingSlashes(location) == expected) {
            return true;
        }
        // QDir calls a `file://` URI relative, but it names an absolute path.
        const QString text = location.trimmed();
        if (!relative && QDir::isRelativePath(text)
            && !text.startsWith(QLatin1String("file:"), Qt::CaseInsensitive)) {
            return false;
        }
        const std::optional<QString> path = format::LocalPaths::tableFolder(location, root);
        return path && format::LocalPaths::resolved(*path) == local;
    };
}

DatasetTableFinder::DatasetTableFinder(api::CatalogService &service, QObject *parent)
    : QObject(parent)
    , m_service(service)
{}

DatasetTableFinder::~DatasetTableFinder()
{
    m_inFlight.cancel(); // its callback is tied to this object and will not run
}

void DatasetTableFinder::find(const QString &tableName, Matches matches, Done done)
{
    m_tableName = tableName;
    m_matches = std::move(matches);
    m_done = std::move(done);
    m_namespaces.clear();
    m_namespaces.enqueue(api::Identifier());
    m_listed = 0;
    m_candidates.clear();
    m_outcome = {};
    listNextNamespace();
}

void DatasetTableFinder::listNextNamespace()
{
    if (m_namespaces.isEmpty() || m_listed >= MaxNamespaces) {
        m_outcome.complete = m_namespaces.isEmpty();
        describeNextCandidate();
        return;
    }
    const api::Identifier namespaceId = m_namespaces.dequeue();
    ++m_listed;
    api::ListTablesRequest tables;
    tables.id = namespaceId;
    tables.limit = PageSize;
    m_inFlight = client::PageCollector::collectAll(
        m_service, tables, this, [this, namespaceId](api::Result<api::ListTablesResponse> listed) {
            if (!listed) {
                finish(listed.error());
                return;
            }
            if (listed->tables.contains(m_tableName)) {
                m_candidates << child(namespaceId, m_tableName);
            }
            api::ListNamespacesRequest children;
            children.id = namespaceId;
            children.limit = PageSize;
            m_inFlight = client::PageCollector::collectAll(
                m_service, children, this,
                [this, namespaceId](api::Result<api::ListNamespacesResponse> found) {
                    if (!found) {
                        finish(found.error());
                        return;
                    }
                    for (const QString &name : std::as_const(found->namespaces)) {
                        m_namespaces.enqueue(child(namespaceId, name));
                    }
                    listNextNamespace();
                });
        });
}

void DatasetTableFinder::describeNextCandidate()
{
    if (m_candidates.isEmpty()) {
        if (m_outcome.matching == 1) {
            listVersions();
        } else {
            m_outcome.table.reset(); // none, or ambiguous: the caller asks which table
            finish(m_outcome);
        }
        return;
    }
    api::DescribeTableRequest request;
    request.id = m_candidates.takeFirst();
    m_inFlight = m_service.call(
        request, this, [this, id = request.id](api::Result<api::DescribeTableResponse> described) {
            // A table dropped meanwhile, or one this profile may not describe, is not the one.
            if (described && described->location && m_matches(*described->location)) {
                ++m_outcome.matching;
                m_outcome.table = id;
            }
            describeNextCandidate();
        });
}

void DatasetTableFinder::listVersions()
{
    api::ListTableVersionsRequest request;
    request.id = *m_outcome.table;
    request.limit = PageSize;
    m_inFlight = client::PageCollector::collectAll(
        m_service, request, this, [this](api::Result<api::ListTableVersionsResponse> listed) {
            if (!listed) {
                finish(listed.error());
                return;
            }
            for (const api::TableVersion &version : std::as_const(listed->versions)) {
                m_outcome.versions.insert(version.version);
            }
            finish(m_outcome);
        });
}

void DatasetTableFinder::finish(api::Result<Outcome> outcome)
{
    if (Done done = std::exchange(m_done, {})) {
        done(std::move(outcome));
    }
}

} // namespace lance::drop
