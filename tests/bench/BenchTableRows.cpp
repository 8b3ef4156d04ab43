// SPDX-License-Identifier: Apache-2.0
// A table's rows, read from Lance's data files, beside LanceDB reading the same table.
//
// The table: 1,000,000 rows of 20 columns of the kinds a catalog holds (integers, floats,
// booleans, timestamps, dates, strings, binaries, a vector, a list, a struct, nulls), written by
// LanceDB (tests/bench/lancedb-rows.mjs) and compacted into one fragment, on this machine's
// disk. Each side, each run from a fresh start (the manifest read and decoded again):
//   - the first page: the first 100 rows of every column, what the Rows tab shows first;
//   - a scan: every value of the int64 column `id`.
// Ours is timed twice: rows::VersionRows alone, and QueryTable on the embedded catalog (the path
// the window and the command line take: the catalog's records, the read, the Arrow IPC answer,
// decoded again by the client). LanceDB's is its Node client: connect, open, query().
// Both sides must read the same rows: the first page's ids and the scan's sum are compared.
//
// Goals (issue 36): the first page in at most 50 ms; the scan within 2x of LanceDB's.
#include "BenchReport.h"
#include "LanceFixture.h"
#include "StorageEmulator.h"
#include "engine/CatalogEngine.h"
#include "engine/QueryOperations.h"
#include "format/ManifestDecoder.h"
#include "rows/ArrowIpcReader.h"
#include "rows/VersionRows.h"
#include "storage/LocalStore.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtEndian>

#include <stdexcept>

using namespace Qt::StringLiterals;
using namespace lance;
using namespace lance::bench;

namespace {

constexpr qint64 TableRows = 1000000;
constexpr qint64 PageRows = 100;
constexpr int Runs = 5;

QJsonObject runNode(const QStringList &arguments, int timeoutMs)
{
    QProcess node;
    node.setProcessChannelMode(QProcess::SeparateChannels);
    node.start(test::StorageEmulator::nodeExecutable(),
               QStringList{QStringLiteral(LCB_BENCH_DIR "/lancedb-rows.mjs")} + arguments);
    if (!node.waitForFinished(timeoutMs) || node.exitCode() != 0) {
        throw std::runtime_error("lancedb-rows.mjs failed: "
                                 + node.readAllStandardError().toStdString());
    }
    return QJsonDocument::fromJson(node.readAllStandardOutput()).object();
}

rows::VersionRows::Page readRows(const QString &table, const QStringList &columns, qint64 limit)
{
    const QString path = test::LanceFixture::manifests(table).last();
    const QString name = QFileInfo(path).fileName();
    const auto manifest = format::ManifestDecoder::readFile(path);
    if (!manifest) {
        throw std::runtime_error(manifest.error().userMessage().toStdString());
    }
    storage::LocalStore store;
    rows::VersionRows::Request request;
    request.columns = columns;
    request.limit = quint64(limit);
    const auto page = rows::VersionRows::read(store, table + u'/', *manifest,
                                              {u"_versions/"_s + name, QString(), table}, request,
                                              storage::CallControl());
    if (!page) {
        throw std::runtime_error(page.error().userMessage().toStdString());
    }
    return *page;
}

qint64 sumOf(const rows::ColumnArray &column)
{
    qint64 sum = 0;
    for (qint64 i = 0; i < column.length; ++i) {
        sum += qFromLittleEndian<qint64>(column.values.constData() + i * 8);
    }
    return sum;
}

} // namespace

int main(int argc, char *argv[])
{
    // An argument names a folder where lancedb-rows.mjs wrote the table already: reused.
    return runBenchmark(
        argc, argv, u"BenchTableRows"_s, [](QTextStream &out, const QStringList &arguments) {
            if (test::StorageEmulator::nodeExecutable().isEmpty()) {
                throw std::runtime_error("Node.js was not found when the build was configured");
            }
            QTemporaryDir dir;
            const QString catalog
                = arguments.isEmpty() ? dir.filePath(u"catalog"_s) : arguments.front();
            QElapsedTimer writing;
            writing.start();
            if (arguments.isEmpty()) {
                QDir().mkpath(catalog);
                runNode({u"write"_s, catalog, QString::number(TableRows)}, 600000);
            }
            const double writeMs = msSince(writing);
            const QString table = catalog + u"/wide.lance"_s;

            // Ours: the reader alone.
            qint64 firstIds = -1;
            const Sample firstPage = medianRun(Runs, [&](int) {
                QElapsedTimer timer;
                timer.start();
                const auto page = readRows(table, {}, PageRows);
                const double ms = msSince(timer);
                if (page.columns.size() != 20 || page.columns.front().length != PageRows) {
                    throw std::runtime_error("the first page is not 100 rows of 20 columns");
                }
                firstIds = sumOf(page.columns.front());
                return Sample{PageRows, ms};
            });
            qint64 scanSum = 0;
            const Sample scan = medianRun(Runs, [&](int) {
                QElapsedTimer timer;
                timer.start();
                const auto page = readRows(table, {u"id"_s}, TableRows);
                const double ms = msSince(timer);
                if (page.columns.front().length != TableRows) {
                    throw std::runtime_error("the scan did not read every row");
                }
                scanSum = sumOf(page.columns.front());
                return Sample{TableRows, ms};
            });

            // Ours: QueryTable on the embedded catalog, the answer decoded as a client does.
            // Its first open registers the table in its folder.
            engine::CatalogEngine::Options options;
            options.root = arguments.isEmpty() ? catalog : dir.filePath(u"state"_s);
            auto engine = engine::CatalogEngine::open(options);
            if (!engine) {
                throw std::runtime_error(engine.error().userMessage().toStdString());
            }
            const api::Identifier id(QStringList{u"wide"_s});
            if (!arguments.isEmpty()) {
                api::RegisterTableRequest registration;
                registration.id = id;
                registration.location = table;
                if (auto registered = (*engine)->run(registration); !registered) {
                    throw std::runtime_error(registered.error().userMessage().toStdString());
                }
            }
            const auto query = [&](qint64 k, const QStringList &columns) {
                api::QueryTableRequest request;
                request.id = id;
                request.k = k;
                request.withRowId = true;
                if (!columns.isEmpty()) {
                    request.columns = api::QueryColumns{columns, {}};
                }
                const auto answer = (*engine)->run(request);
                if (!answer) {
                    throw std::runtime_error(answer.error().userMessage().toStdString());
                }
                const auto rows = rows::ArrowIpcReader::read(answer->data, u"the answer"_s);
                if (!rows || rows->rows != k) {
                    throw std::runtime_error("QueryTable did not answer the rows asked for");
                }
                return rows->rows;
            };
            const Sample queryPage = medianRun(Runs, [&](int) {
                QElapsedTimer timer;
                timer.start();
                query(PageRows, {});
                return Sample{PageRows, msSince(timer)};
            });
            const Sample queryScan = medianRun(Runs, [&](int) {
                QElapsedTimer timer;
                timer.start();
                query(engine::QueryOperations::MaxRows, {u"id"_s});
                return Sample{engine::QueryOperations::MaxRows, msSince(timer)};
            });

            // LanceDB's.
            const QJsonObject theirs = runNode({u"read"_s, catalog, QString::number(Runs)}, 600000);
            if (theirs[u"scanSum"].toString().toLongLong() != scanSum
                || theirs[u"scanRows"].toInteger() != TableRows
                || theirs[u"pageRows"].toInteger() != PageRows
                || firstIds != (PageRows - 1) * PageRows / 2) {
                throw std::runtime_error("LanceDB and this reader did not read the same rows");
            }
            const Sample theirPage{PageRows, theirs[u"firstPageMs"].toDouble()};
            const Sample theirScan{TableRows, theirs[u"scanMs"].toDouble()};

            BenchReport report(u"A table's rows: 1,000,000 rows of 20 columns on this disk"_s);
            report.add(u"first page, 100 rows x 20 columns (VersionRows)"_s, firstPage,
                       Goal::atMostMs(50));
            report.add(u"first page through QueryTable, embedded catalog"_s, queryPage,
                       Goal::atMostMs(50));
            report.add(u"first page, LanceDB (connect, open, query)"_s, theirPage);
            report.add(u"scan of int64 `id`, 1,000,000 values (VersionRows)"_s, scan,
                       Goal::atMostMs(2 * theirScan.ms));
            report.add(u"scan of `id` through QueryTable, 100,000 values"_s, queryScan);
            report.add(u"scan of `id`, LanceDB (connect, open, query)"_s, theirScan);
            report.addNote(
                u"Median of %1 runs each, each from the manifest on; the table written by "
                "LanceDB in %2 s and compacted to one fragment. Both sides read the same "
                "ids (the sums agree)."_s.arg(Runs)
                    .arg(writeMs / 1000, 0, 'f', 1));
            report.addNote(machine());
            report.print(out);
        });
}
