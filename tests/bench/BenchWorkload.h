// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/BatchMessages.h"
#include "api/TableMessages.h"
#include "api/VersionMessages.h"

#include <QString>

#include <memory>
#include <optional>

namespace lance::engine {
class CatalogEngine;
}

namespace lance::bench {

/// The catalog and the requests both catalog benchmarks use, so that the server's numbers and
/// the in-process engine's numbers measure the same work.
///
/// The seeded catalog holds ListedTables declared root tables `t000000` ... `t099999` (names
/// sort in creation order, so pages follow one another) and nothing else in the root, so the
/// listing is exactly ListedTables / PageSize pages. Everything else lives in the namespace
/// `work`: the table `work$described` with one version, and the tables the version and batch
/// benchmarks create. Versions point at manifests outside their table's folder
/// (`s3://bench/...`): the engine records them as given, with no file to look at or move, so
/// the numbers are the catalog's own cost.
namespace workload {

constexpr int ListedTables = 100000;
constexpr int PageSize = 1000;
constexpr int SeedBatchSize = 10000;
/// The batch commit: BatchTables DeclareTable plus as many CreateTableVersion (version 1 of
/// each table just declared), interleaved.
constexpr int BatchTables = 5000;
constexpr int BatchOperations = 2 * BatchTables;

QString listedTableName(int index);
/// `work$<name>`
api::Identifier workTable(const QString &name);

api::ListTablesRequest listPage(const std::optional<QString> &pageToken);
api::DescribeTableRequest describe();
api::DeclareTableRequest declare(const api::Identifier &table);
api::CreateTableVersionRequest createVersion(const api::Identifier &table, qint64 version);
/// DeclareTable of each table, in one batch.
api::BatchCommitTablesRequest declareAll(const QList<api::Identifier> &tables);
/// The 10,000-operation batch on fresh tables `work$<prefix>000000` ...
api::BatchCommitTablesRequest mixedBatch(const QString &prefix);

/// Fills a fresh catalog as described above, in batch commits of SeedBatchSize tables. The
/// error message, or nothing on success.
std::optional<QString> seed(engine::CatalogEngine &engine);
/// A fresh catalog in `root`, seeded; its engine stays open for more set-up. Throws
/// std::runtime_error when opening or seeding fails (the benchmark is then broken).
std::unique_ptr<engine::CatalogEngine> seededCatalog(const QString &root);

} // namespace workload

} // namespace lance::bench
