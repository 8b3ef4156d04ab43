// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "BenchHttpClient.h"
#include "BenchReport.h"
#include "ConcurrentRun.h"

#include <QList>
#include <QUrl>

#include <chrono>

namespace lance::bench {

/// The work the server benchmarks time over HTTP (BenchCatalogServer, BenchSharedCatalog), with
/// clients spread over one or more servers of one catalog: client i talks to `servers[i % n]`,
/// as behind a load balancer. Each throws std::runtime_error when an answer is wrong.
namespace serverwork {

/// Every page of the root (workload::ListedTables tables in pages of workload::PageSize),
/// following the page tokens and decoding each page, as a client must; `decodeMs` gets the
/// decoding's share.
Sample listAll(BenchHttpClient &client, double &decodeMs);
/// `clients` keep-alive connections describing one table for `duration`.
Sample describeFor(const QList<QUrl> &servers, int clients, std::chrono::milliseconds duration);
/// `clients` connections, each creating versions 1..count of its own new table in a row.
Sample createVersions(const QList<QUrl> &servers, const QString &prefix, int clients, int count);
/// One batch of workload::BatchOperations operations (workload::mixedBatch).
Sample batchCommit(BenchHttpClient &client, int run);

} // namespace serverwork
} // namespace lance::bench
