// SPDX-License-Identifier: Apache-2.0
#include "BenchWorkload.h"

#include "engine/CatalogEngine.h"

#include <stdexcept>

using namespace Qt::StringLiterals;
using namespace lance::api;

namespace lance::bench::workload {

namespace {

const QString WorkNamespace = u"work"_s;

} // namespace

QString listedTableName(int index)
{
    return u"t%1"_s.arg(index, 6, 10, QChar(u'0'));
}

Identifier workTable(const QString &name)
{
    return Identifier(QStringList{WorkNamespace, name});
}

ListTablesRequest listPage(const std::optional<QString> &pageToken)
{
    ListTablesRequest request;
    request.pageToken = pageToken;
    request.limit = PageSize;
    return request;
}

DescribeTableRequest describe()
{
    DescribeTableRequest request;
    request.id = workTable(u"described"_s);
    return request;
}

DeclareTableRequest declare(const Identifier &table)
{
    DeclareTableRequest request;
    request.id = table;
    return request;
}

CreateTableVersionRequest createVersion(const Identifier &table, qint64 version)
{
    CreateTableVersionRequest request;
    request.id = table;
    request.version = version;
    // Outside the table folder: recorded as given, no manifest file is read or moved.
    request.manifestPath
        = u"s3://bench/%1.lance/_versions/%2.manifest"_s.arg(table.toString(u"/"_s)).arg(version);
    request.manifestSize = 1024;
    return request;
}

BatchCommitTablesRequest declareAll(const QList<Identifier> &tables)
{
    BatchCommitTablesRequest request;
    request.operations.reserve(tables.size());
    for (const Identifier &table : tables) {
        request.operations.append(declare(table));
    }
    return request;
}

BatchCommitTablesRequest mixedBatch(const QString &prefix)
{
    BatchCommitTablesRequest request;
    request.operations.reserve(BatchOperations);
    for (int i = 0; i < BatchTables; ++i) {
        const Identifier table = workTable(prefix + u"%1"_s.arg(i, 6, 10, QChar(u'0')));
        request.operations.append(declare(table));
        request.operations.append(createVersion(table, 1));
    }
    return request;
}

std::optional<QString> seed(engine::CatalogEngine &engine)
{
    for (int first = 0; first < ListedTables; first += SeedBatchSize) {
        QList<Identifier> tables;
        for (int i = first; i < first + SeedBatchSize; ++i) {
            tables.append(Identifier(QStringList{listedTableName(i)}));
        }
        if (auto done = engine.run(declareAll(tables)); !done) {
            return done.error().details();
        }
    }
    CreateNamespaceRequest work;
    work.id = Identifier(QStringList{WorkNamespace});
    if (auto done = engine.run(work); !done) {
        return done.error().details();
    }
    const Identifier described = describe().id;
    BatchCommitTablesRequest withVersion = declareAll({described});
    withVersion.operations.append(createVersion(described, 1));
    if (auto done = engine.run(withVersion); !done) {
        return done.error().details();
    }
    return std::nullopt;
}

std::unique_ptr<engine::CatalogEngine> seededCatalog(const QString &root)
{
    engine::CatalogEngine::Options options;
    options.root = root;
    options.registerExistingTables = false;
    auto engine = engine::CatalogEngine::open(options);
    if (!engine) {
        throw std::runtime_error(engine.error().details().toStdString());
    }
    if (auto problem = seed(**engine)) {
        throw std::runtime_error(problem->toStdString());
    }
    return std::move(*engine);
}

} // namespace lance::bench::workload
