// SPDX-License-Identifier: Apache-2.0
// Benchmark (not a test): CatalogTreeModel over a namespace of 100,000 tables, through the
// embedded local catalog (LocalCatalogService: the engine on its worker thread), as the browser
// runs it. Times the first page, Load all, the GUI thread's share of every page, one filter
// keystroke through CatalogFilterModel, and the heap per row next to the same rows in a
// QStandardItemModel in the same process. Run with `cmake --build <dir> --target bench`.
#include "BenchReport.h"
#include "BenchWorkload.h"
#include "catalog/CatalogFilterModel.h"
#include "catalog/CatalogTreeModel.h"
#include "client/PageCollector.h"
#include "engine/CatalogEngine.h"
#include "local/LocalCatalogService.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <malloc.h>
#include <stdexcept>
#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace lance;
using namespace lance::bench;

namespace {

constexpr int Runs = 3;
constexpr int TimeoutMs = 120000;
const QStringList Keystrokes{u"t"_s, u"t0"_s, u"t09"_s, u"t099"_s, u"t0999"_s};

/// LocalCatalogService that times how long the GUI thread spends in each ListTables answer:
/// the model's page insertion and whatever its listeners do with it.
class TimedService : public local::LocalCatalogService
{
public:
    using LocalCatalogService::LocalCatalogService;

    QList<double> pageMs;  //!< answers of the tree's listing (include_declared=true)
    QList<double> checkMs; //!< answers of the declared-only check (include_declared=false)

    api::RequestHandle start(api::ServiceCall call) override
    {
        if (!call.is<api::ListTablesRequest>()) {
            return LocalCatalogService::start(std::move(call));
        }
        QObject *context = call.context();
        return call.visit([this, context]<typename Request>(Request &request, auto &done) {
            if constexpr (std::is_same_v<Request, api::ListTablesRequest>) {
                QList<double> *into = request.includeDeclared.value_or(true) ? &pageMs : &checkMs;
                return LocalCatalogService::start(api::ServiceCall(
                    request, context,
                    [into, done = std::move(done)](api::Result<api::ListTablesResponse> page) {
                        QElapsedTimer timer;
                        timer.start();
                        done(std::move(page));
                        into->append(double(timer.nsecsElapsed()) / 1e6);
                    }));
            } else {
                return api::RequestHandle(); // not reached: is<>() said ListTables
            }
        });
    }
};

/// Heap in use (every malloc arena) and resident set size, in bytes.
struct Memory
{
    qint64 heap = 0;
    qint64 rss = 0;

    static Memory now()
    {
        // Collectors and finished calls delete themselves later: not part of what is held.
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        malloc_trim(0); // give freed pages back, so RSS follows what is really held
        Memory memory;
        memory.heap = qint64(mallinfo2().uordblks);
        QFile statm(u"/proc/self/statm"_s);
        if (statm.open(QIODevice::ReadOnly)) {
            const QList<QByteArray> fields = statm.readAll().split(' ');
            memory.rss = fields.value(1).toLongLong() * sysconf(_SC_PAGESIZE);
        }
        return memory;
    }
    Memory operator-(const Memory &before) const { return {heap - before.heap, rss - before.rss}; }
};

void waitUntil(const std::function<bool()> &done, const char *what)
{
    QElapsedTimer timer;
    timer.start();
    while (!done()) {
        if (timer.elapsed() > TimeoutMs) {
            throw std::runtime_error(std::string("timed out waiting for ") + what);
        }
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 20);
    }
}

bool isIdle(const catalog::CatalogTreeModel &model)
{
    return model.namespaceNode({})->loadState() != catalog::CatalogNode::LoadState::Loading;
}

double median(QList<double> values)
{
    std::sort(values.begin(), values.end());
    return values.isEmpty() ? 0 : values[values.size() / 2];
}

double maximum(const QList<double> &values)
{
    return values.isEmpty() ? 0 : *std::max_element(values.cbegin(), values.cend());
}

/// Every root table name, read once (and the engine's caches warmed) before anything is timed.
QStringList listEveryName(api::CatalogService &service)
{
    std::optional<api::Result<api::ListTablesResponse>> listed;
    api::ListTablesRequest request;
    request.limit = workload::PageSize;
    client::PageCollector::collectAll(
        service, request, nullptr,
        [&listed](api::Result<api::ListTablesResponse> all) { listed.emplace(std::move(all)); });
    waitUntil([&listed] { return listed.has_value(); }, "the warm-up listing");
    if (!*listed) {
        throw std::runtime_error(listed->error().details().toStdString());
    }
    return (*listed)->tables;
}

struct TreeRun
{
    Sample firstPage;
    Sample loadAll;
    QList<double> pageMs;
    QList<double> checkMs;
    Memory held; //!< after everything loaded and marked, model only
    qint64 namesBytes = 0;
};

/// A fresh model: the first page, then Load all, then the declared-only marks.
TreeRun loadTree(TimedService &service, bool withFilter)
{
    TreeRun run;
    service.pageMs.clear();
    service.checkMs.clear();
    const Memory before = Memory::now();
    catalog::CatalogTreeModel model(&service);
    catalog::CatalogFilterModel filter;
    if (withFilter) {
        filter.setSourceModel(&model);
        filter.rowCount(); // as a view would: the proxy maps the root
    }
    bool marked = false;
    QObject::connect(&model, &catalog::CatalogTreeModel::declaredOnlyChecked, &model,
                     [&marked](const QModelIndex &parent) { marked = !parent.isValid(); });

    QElapsedTimer timer;
    timer.start();
    model.fetchMore({});
    waitUntil([&] { return model.namespaceNode({})->tableCount() >= workload::PageSize; },
              "the first page");
    run.firstPage = {workload::PageSize, double(timer.nsecsElapsed()) / 1e6};

    timer.restart();
    model.loadAll({});
    waitUntil([&] { return isIdle(model) && !model.canFetchMore({}); }, "Load all");
    run.loadAll = {model.namespaceNode({})->tableCount(), double(timer.nsecsElapsed()) / 1e6};
    waitUntil([&marked] { return marked; }, "the declared-only marks");
    if (model.namespaceNode({})->tableCount() != workload::ListedTables) {
        throw std::runtime_error("the model did not load every table");
    }
    run.pageMs = service.pageMs;
    run.checkMs = service.checkMs;
    if (!withFilter) {
        run.held = Memory::now() - before;
        run.namesBytes = model.namespaceNode({})->tables().memoryUsage();
    }
    return run;
}

/// The same rows as plain QStandardItems (text only: the cheapest a standard model gets).
Memory standardItemRows(const QStringList &names)
{
    const Memory before = Memory::now();
    Memory held;
    {
        QStandardItemModel model;
        QStandardItem *root = model.invisibleRootItem();
        root->appendRow(new QStandardItem(u"work"_s));
        for (const QString &name : names) {
            // A copy of its own, as parsing a server's answer gives; not shared with `names`.
            root->appendRow(new QStandardItem(QString(name.constData(), name.size())));
        }
        held = Memory::now() - before;
    }
    return held;
}

/// One keystroke at a time in the filter box over the loaded tree; each answers its time.
QList<Sample> typeIntoFilter(TimedService &service)
{
    catalog::CatalogTreeModel model(&service);
    model.loadAll({});
    waitUntil([&] { return isIdle(model) && !model.canFetchMore({}); }, "Load all");
    catalog::CatalogFilterModel filter;
    filter.setSourceModel(&model);
    filter.rowCount();
    QList<Sample> samples;
    for (const QString &text : Keystrokes) {
        QElapsedTimer timer;
        timer.start();
        filter.setFilterText(text);
        const int shown = filter.rowCount();
        samples.append({shown, double(timer.nsecsElapsed()) / 1e6});
    }
    return samples;
}

void run(QTextStream &out)
{
    QTemporaryDir root;
    if (!root.isValid()) {
        throw std::runtime_error("no temporary folder");
    }
    {
        const std::unique_ptr<engine::CatalogEngine> engine = workload::seededCatalog(root.path());
        // Every other table gets data, so the declared-only check has a real mix to match.
        api::BatchCommitTablesRequest versions;
        for (int i = 0; i < workload::ListedTables; i += 2) {
            versions.operations.append(workload::createVersion(
                api::Identifier(QStringList{workload::listedTableName(i)}), 1));
            if (versions.operations.size() == 10000 || i + 2 >= workload::ListedTables) {
                if (auto done = engine->run(versions); !done) {
                    throw std::runtime_error(done.error().details().toStdString());
                }
                versions.operations.clear();
            }
        }
    }
    TimedService service(root.path());
    const QStringList names = listEveryName(service);

    QList<TreeRun> runs;
    for (int i = 0; i < Runs; ++i) {
        runs.append(loadTree(service, false));
    }
    const TreeRun filtered = loadTree(service, true);
    const auto medianOf = [&runs](auto pick) {
        QList<TreeRun> sorted = runs;
        std::sort(sorted.begin(), sorted.end(),
                  [&](const TreeRun &a, const TreeRun &b) { return pick(a).ms < pick(b).ms; });
        return pick(sorted[sorted.size() / 2]);
    };
    QList<double> pages;
    QList<double> checks;
    for (const TreeRun &treeRun : runs) {
        pages.append(treeRun.pageMs);
        checks.append(treeRun.checkMs);
    }

    BenchReport report(u"CatalogTreeModel: %1 tables in one namespace, pages of %2 (median of %3)"_s
                           .arg(grouped(workload::ListedTables), grouped(workload::PageSize))
                           .arg(Runs));
    report.add(u"first page: fetchMore() to 1,000 rows in the model"_s,
               medianOf([](const TreeRun &r) { return r.firstPage; }));
    report.add(u"Load all: every page, one after the other"_s,
               medianOf([](const TreeRun &r) { return r.loadAll; }));
    report.add(u"GUI thread per page of 1,000: median"_s, {workload::PageSize, median(pages)},
               Goal::atMostMs(16));
    report.add(u"GUI thread per page of 1,000: worst of %1"_s.arg(pages.size()),
               {workload::PageSize, maximum(pages)}, Goal::atMostMs(16));
    report.add(u"  same, CatalogFilterModel attached: worst of %1"_s.arg(filtered.pageMs.size()),
               {workload::PageSize, maximum(filtered.pageMs)}, Goal::atMostMs(16));
    report.add(u"GUI thread, declared-only marks of 100,000 rows: worst answer"_s,
               {workload::ListedTables, maximum(checks)}, Goal::atMostMs(16));
    const QList<Sample> keystrokes = typeIntoFilter(service);
    for (qsizetype i = 0; i < keystrokes.size(); ++i) {
        report.add(u"filter keystroke \"%1\" (count: root rows shown)"_s.arg(Keystrokes[i]),
                   keystrokes[i], Goal::atMostMs(30));
    }

    const qint64 rows = workload::ListedTables + 1;
    QList<Memory> held;
    for (const TreeRun &treeRun : runs) {
        held.append(treeRun.held);
    }
    std::sort(held.begin(), held.end(),
              [](const Memory &a, const Memory &b) { return a.heap < b.heap; });
    const Memory tree = held[held.size() / 2];
    const Memory standard = standardItemRows(names);
    const double treePerRow = double(tree.heap) / double(rows);
    const double standardPerRow = double(standard.heap) / double(rows);
    report.addNote(u"GUI thread per page: time inside the model's callback for one ListTables "
                   u"answer (insertion, signals, next request), measured around it."_s);
    report.addNote(
        u"Memory per row (%1 rows; heap = glibc mallinfo2 uordblks delta, all "
        u"arenas; RSS = /proc/self/statm delta after malloc_trim):"_s.arg(grouped(rows)));
    report.addNote(u"  CatalogTreeModel    %1 B/row heap, %2 B/row RSS (names: %3 B/row)"_s.arg(
        grouped(treePerRow, 1), grouped(double(tree.rss) / double(rows), 1),
        grouped(double(runs.last().namesBytes) / double(rows), 1)));
    report.addNote(u"  QStandardItemModel  %1 B/row heap, %2 B/row RSS (text only)"_s.arg(
        grouped(standardPerRow, 1), grouped(double(standard.rss) / double(rows), 1)));
    const double ratio = treePerRow > 0 ? standardPerRow / treePerRow : 0;
    report.addNote(u"  ratio %1x (goal >= 5x: %2)"_s.arg(grouped(ratio, 1),
                                                         ratio >= 5 ? u"ok"_s : u"MISSED"_s));
    report.print(out, ratio >= 5 ? 0 : 1);
}

} // namespace

int main(int argc, char *argv[])
{
    return runBenchmark(argc, argv, u"BenchCatalogTree"_s,
                        [](QTextStream &out, const QStringList &) { run(out); });
}
