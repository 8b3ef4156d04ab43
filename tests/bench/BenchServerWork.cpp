// SPDX-License-Identifier: Apache-2.0
#include "BenchServerWork.h"

#include "BenchWorkload.h"
#include "api/JsonCodec.h"

#include <memory>
#include <stdexcept>

using namespace Qt::StringLiterals;

namespace lance::bench::serverwork {

namespace {

template <typename T> T decodeOrThrow(const QByteArray &body)
{
    api::Result<T> decoded = api::json::decode<T>(body);
    if (!decoded) {
        throw std::runtime_error(decoded.error().details().toStdString());
    }
    return std::move(*decoded);
}

double msSince(Clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

} // namespace

// All pages of the root, following the page tokens; a client has to decode each page to find
// the next token, so decoding is part of the time. `decodeMs` gets the decoding's share.
Sample listAll(BenchHttpClient &client, double &decodeMs)
{
    decodeMs = 0;
    const Clock::time_point start = Clock::now();
    std::optional<QString> token;
    qint64 tables = 0;
    int pages = 0;
    do {
        const QByteArray body = client.send(client.prepare(workload::listPage(token)));
        const Clock::time_point decodeStart = Clock::now();
        const auto page = decodeOrThrow<api::ListTablesResponse>(body);
        decodeMs += msSince(decodeStart);
        tables += page.tables.size();
        token = page.pageToken;
        ++pages;
    } while (token && !token->isEmpty());
    const double elapsed = msSince(start);
    if (tables != workload::ListedTables || pages != workload::ListedTables / workload::PageSize) {
        throw std::runtime_error(
            u"listed %1 tables in %2 pages"_s.arg(tables).arg(pages).toStdString());
    }
    return {tables, elapsed};
}

Sample describeFor(const QList<QUrl> &servers, int clients, std::chrono::milliseconds duration)
{
    return runTogether(clients, duration, [&servers](int thread) -> TimedWork {
        auto client = std::make_shared<BenchHttpClient>(servers.at(thread % servers.size()));
        const rest::PreparedRequest request = client->prepare(workload::describe());
        client->send(request); // connected, and the worker thread has opened its engine
        return [client, request](Clock::time_point deadline) {
            qint64 done = 0;
            while (Clock::now() < deadline) {
                client->send(request);
                ++done;
            }
            return done;
        };
    });
}

Sample createVersions(const QList<QUrl> &servers, const QString &prefix, int clients, int count)
{
    return runTogether(clients, std::chrono::milliseconds(0), [&](int thread) -> TimedWork {
        auto client = std::make_shared<BenchHttpClient>(servers.at(thread % servers.size()));
        const api::Identifier table = workload::workTable(prefix + QString::number(thread));
        client->send(client->prepare(workload::declare(table)));
        // Built before the clock starts: the row measures the server, not the request builder.
        QList<rest::PreparedRequest> requests;
        for (int version = 1; version <= count; ++version) {
            requests.append(client->prepare(workload::createVersion(table, version)));
        }
        return [client, requests](Clock::time_point) {
            for (const rest::PreparedRequest &request : requests) {
                client->send(request);
            }
            return qint64(requests.size());
        };
    });
}

Sample batchCommit(BenchHttpClient &client, int run)
{
    const rest::PreparedRequest request
        = client.prepare(workload::mixedBatch(u"batch%1_"_s.arg(run)));
    const Clock::time_point start = Clock::now();
    const QByteArray body = client.send(request);
    const double elapsed = msSince(start);
    // Checked after the clock stopped: the row is the server's commit and the round trip.
    const auto response = decodeOrThrow<api::BatchCommitTablesResponse>(body);
    if (response.results.size() != workload::BatchOperations) {
        throw std::runtime_error("the batch answered with the wrong number of results");
    }
    return {workload::BatchOperations, elapsed};
}

} // namespace lance::bench::serverwork
