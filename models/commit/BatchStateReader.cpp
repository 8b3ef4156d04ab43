// SPDX-License-Identifier: Apache-2.0
#include "commit/BatchStateReader.h"

#include "client/PageCollector.h"

#include <QTimer>

using namespace Qt::StringLiterals;

namespace lance::commit {

namespace {

constexpr int MaxInFlight = 4; // enough to be quick, few enough not to crowd out the browser

QString versionKey(const api::Identifier &id, const std::optional<QString> &branch, qint64 version)
{
    return u"%1\n%2\n%3"_s.arg(id.key(), branch.value_or(QString())).arg(version);
}

QString listKey(const api::Identifier &id, const std::optional<QString> &branch)
{
    return u"%1\n%2"_s.arg(id.key(), branch.value_or(QString()));
}

bool inRanges(qint64 version, const QList<api::VersionRange> &ranges)
{
    for (const api::VersionRange &range : ranges) {
        // Any negative end means "through the latest", as servers read it.
        if (version >= range.startVersion && (range.endVersion < 0 || version < range.endVersion)) {
            return true;
        }
    }
    return false;
}

// Not found is an answer here: the table, version or namespace is absent.
std::optional<api::ApiError> failureOf(const api::ApiError &error)
{
    if (error.isNotFound()) {
        return std::nullopt;
    }
    return error;
}

} // namespace

BatchStateReader::BatchStateReader(api::CatalogService &service, QObject *parent)
    : QObject(parent)
    , m_service(service)
{}

BatchStateReader::~BatchStateReader()
{
    cancel();
}

void BatchStateReader::cancel()
{
    ++m_generation;
    m_queue.clear();
    for (api::RequestHandle &handle : m_inFlight) {
        handle.cancel();
    }
    m_inFlight.clear();
    m_running = 0;
    m_done = {};
}

void BatchStateReader::read(const api::BatchCommitTablesRequest &request, QList<qsizetype> indexes,
                            Reads reads, Done done)
{
    cancel();
    m_request = request;
    m_indexes = std::move(indexes);
    if (m_indexes.isEmpty()) {
        for (qsizetype i = 0; i < request.operations.size(); ++i) {
            m_indexes.append(i);
        }
    }
    m_done = std::move(done);
    m_error.reset();
    m_planned.clear();
    m_tableExists.clear();
    m_described.clear();
    m_namespaceExists.clear();
    m_versions.clear();
    m_versionLists.clear();
    for (const qsizetype index : std::as_const(m_indexes)) {
        if (index >= 0 && index < request.operations.size()) {
            plan(request.operations.at(index), reads);
        }
    }
    if (m_queue.empty()) {
        const quint64 generation = m_generation;
        QTimer::singleShot(0, this, [this, generation] {
            if (generation == m_generation) {
                finish();
            }
        });
        return;
    }
    startMore();
}

void BatchStateReader::plan(const api::CommitTableOperation &operation, Reads reads)
{
    const api::Identifier &target = api::commitOperationTarget(operation);
    const auto once = [this](const QString &key, Task task) {
        if (!m_planned.contains(key)) {
            m_planned.insert(key);
            m_queue.push_back(std::move(task));
        }
    };
    if (reads.testFlag(Read::Tables)) {
        once(u"t:"_s + target.key(), [this, target, generation = m_generation] {
            api::TableExistsRequest request;
            request.id = target;
            return m_service.call(
                request, this, [this, target, generation](api::Result<api::ExistsResponse> result) {
                    if (generation != m_generation) {
                        return;
                    }
                    if (result) {
                        m_tableExists.insert(target.key(), result->exists);
                    }
                    onRead(generation, result ? std::nullopt : failureOf(result.error()));
                });
        });
    }
    if (reads.testFlag(Read::Namespaces)) {
        const QStringList names = target.parent().names();
        for (qsizetype depth = 1; depth <= names.size(); ++depth) {
            const api::Identifier space(names.first(depth));
            once(u"n:"_s + space.key(), [this, space, generation = m_generation] {
                api::NamespaceExistsRequest request;
                request.id = space;
                return m_service.call(
                    request, this,
                    [this, space, generation](api::Result<api::ExistsResponse> result) {
                        if (generation != m_generation) {
                            return;
                        }
                        if (result) {
                            m_namespaceExists.insert(space.key(), result->exists);
                        }
                        onRead(generation, result ? std::nullopt : failureOf(result.error()));
                    });
            });
        }
    }
    if (reads.testFlag(Read::Details)
        && std::holds_alternative<api::DeclareTableRequest>(operation)) {
        once(u"d:"_s + target.key(), [this, target, generation = m_generation] {
            api::DescribeTableRequest request;
            request.id = target;
            return m_service.call(
                request, this,
                [this, target, generation](api::Result<api::DescribeTableResponse> result) {
                    if (generation != m_generation) {
                        return;
                    }
                    if (result) {
                        m_described.insert(target.key(), *result);
                    }
                    onRead(generation, result ? std::nullopt : failureOf(result.error()));
                });
        });
    }
    if (!reads.testFlag(Read::Versions)) {
        return;
    }
    if (const auto *create = std::get_if<api::CreateTableVersionRequest>(&operation)) {
        const QString key = versionKey(target, create->branch, create->version);
        once(u"v:"_s + key, [this, key, create = *create, generation = m_generation] {
            api::DescribeTableVersionRequest request;
            request.id = create.id;
            request.version = create.version;
            request.branch = create.branch;
            return m_service.call(
                request, this,
                [this, key, generation](api::Result<api::DescribeTableVersionResponse> result) {
                    if (generation != m_generation) {
                        return;
                    }
                    if (result) {
                        m_versions.insert(key, result->version);
                    }
                    onRead(generation, result ? std::nullopt : failureOf(result.error()));
                });
        });
    } else if (const auto *remove = std::get_if<api::BatchDeleteTableVersionsRequest>(&operation)) {
        const QString key = listKey(target, remove->branch);
        once(u"l:"_s + key, [this, key, remove = *remove, generation = m_generation] {
            api::ListTableVersionsRequest request;
            request.id = remove.id;
            request.branch = remove.branch;
            return client::PageCollector::collectAll(
                m_service, request, this,
                [this, key, generation](api::Result<api::ListTableVersionsResponse> result) {
                    if (generation != m_generation) {
                        return;
                    }
                    if (result) {
                        m_versionLists.insert(key, result->versions);
                    }
                    onRead(generation, result ? std::nullopt : failureOf(result.error()));
                });
        });
    }
}

void BatchStateReader::startMore()
{
    const quint64 generation = m_generation;
    while (!m_error && !m_queue.empty() && m_running < MaxInFlight) {
        Task task = std::move(m_queue.front());
        m_queue.pop_front();
        ++m_running;
        m_inFlight.append(task());
        if (generation != m_generation) {
            return; // a callback cancelled this reading (callbacks never run inside the call)
        }
    }
}

void BatchStateReader::onRead(quint64 generation, std::optional<api::ApiError> error)
{
    if (generation != m_generation) {
        return;
    }
    --m_running;
    if (error && !m_error) {
        m_error = std::move(error);
        m_queue.clear();
    }
    if (m_running == 0 && m_queue.empty()) {
        finish();
        return;
    }
    startMore();
}

void BatchStateReader::finish()
{
    Snapshot snapshot;
    snapshot.error = m_error;
    snapshot.operations.resize(m_request.operations.size());
    // After a failure an unread fact would read as "absent": claim nothing then.
    const QList<qsizetype> readIndexes = m_error ? QList<qsizetype>() : m_indexes;
    for (const qsizetype index : readIndexes) {
        if (index < 0 || index >= m_request.operations.size()) {
            continue;
        }
        const api::CommitTableOperation &operation = m_request.operations.at(index);
        const api::Identifier &target = api::commitOperationTarget(operation);
        OperationState &state = snapshot.operations[index];
        state.read = true;
        state.tableExists = m_tableExists.value(target.key(), false);
        const QStringList names = target.parent().names();
        for (qsizetype depth = 1; depth <= names.size(); ++depth) {
            const api::Identifier space(names.first(depth));
            if (m_namespaceExists.contains(space.key()) && !m_namespaceExists.value(space.key())) {
                state.missingNamespace = space;
                break;
            }
        }
        if (const auto found = m_described.constFind(target.key()); found != m_described.cend()) {
            state.table = *found;
        }
        if (const auto *create = std::get_if<api::CreateTableVersionRequest>(&operation)) {
            state.version = m_versions.value(versionKey(target, create->branch, create->version));
        } else if (const auto *remove
                   = std::get_if<api::BatchDeleteTableVersionsRequest>(&operation)) {
            for (const api::TableVersion &version :
                 m_versionLists.value(listKey(target, remove->branch))) {
                if (inRanges(version.version, remove->ranges)) {
                    state.versionsInRanges.append(version.version);
                }
            }
        }
    }
    ++m_generation; // late answers of this reading are dropped
    m_inFlight.clear();
    Done done = std::move(m_done);
    m_done = {};
    if (done) {
        done(snapshot);
    }
}

} // namespace lance::commit
