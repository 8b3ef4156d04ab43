// SPDX-License-Identifier: Apache-2.0
// CatalogTreeModel against the real engine (LocalCatalogService in a temporary folder): lazy
// paging, the "Loading…" row, Load all, declared-only marks, failures with Retry, copying, and
// real LanceDB data. Every test runs twice, under QAbstractItemModelTester with fetch-more on
// (the tester fetches whatever it walks) and off.
#include "AwaitCall.h"
#include "CatalogTreeProbe.h"
#include "LanceFixture.h"
#include "PostedEvents.h"
#include "SeededCatalog.h"
#include "TestRegistry.h"
#include "activity/ActivityTracker.h"
#include "catalog/CatalogCopy.h"
#include "catalog/CatalogTreeModel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::catalog::CatalogCopy;
using lance::catalog::CatalogNode;
using lance::catalog::CatalogTreeModel;
using lance::test::CatalogTreeProbe;
using lance::test::SeededCatalog;
using Kind = CatalogNode::Kind;

class TestCatalogTreeModel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase_data();
    void init();
    void cleanup();

    void listsNamespacesThenTablesPageByPage();
    void fetchMoreReturnsAtOnceWhileAPageIsOnItsWay();
    void loadAllKeepsTheLoadingRowUntilTheLastPage();
    void marksDeclaredOnlyTablesOnceListed();
    void droppedNamespaceShowsAnErrorRowAndRetryRecovers();
    void unusableCatalogFolderFailsAndRetryRecovers();
    void tracksRequestsAndCancelsQuietly();
    void copiesNamesIdentifiersAndLocations();
    void showsRealLanceDataFromTheFixture();

private:
    void makeModel(SeededCatalog &catalog, lance::activity::ActivityTracker *tracker = nullptr);
    QList<int> pageThrough(const QModelIndex &parent);

    std::unique_ptr<QTemporaryDir> m_folder; //!< for fixture data
    std::unique_ptr<SeededCatalog> m_catalog;
    std::unique_ptr<CatalogTreeModel> m_model;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
    QHash<QString, QList<int>> m_pages; //!< rows after each page, by namespace
};

void TestCatalogTreeModel::initTestCase_data()
{
    QTest::addColumn<bool>("useFetchMore");
    QTest::newRow("fetch-more on") << true;
    QTest::newRow("fetch-more off") << false;
}

void TestCatalogTreeModel::init()
{
    // big: 2,500 tables (three pages of 1,000); nested$inner: a namespace and a table; one
    // table in the root.
    m_catalog = std::make_unique<SeededCatalog>();
    QVERIFY(m_catalog->createNamespace(u"big"_s));
    QVERIFY(m_catalog->declareTables(u"big"_s, SeededCatalog::numbered(u"t"_s, 2500)));
    QVERIFY(m_catalog->createNamespace(u"nested"_s));
    QVERIFY(m_catalog->createNamespace(u"nested$inner"_s));
    QVERIFY(m_catalog->createNamespace(u"nested$inner$deep"_s));
    QVERIFY(m_catalog->declareTables(u"nested$inner"_s, {u"other"_s}));
    QVERIFY(m_catalog->declareTables(QString(), {u"solo"_s}));
}

void TestCatalogTreeModel::cleanup()
{
    m_tester.reset();
    m_model.reset();
    m_catalog.reset();
    m_folder.reset();
}

void TestCatalogTreeModel::makeModel(SeededCatalog &catalog,
                                     lance::activity::ActivityTracker *tracker)
{
    QFETCH_GLOBAL(bool, useFetchMore);
    m_model = std::make_unique<CatalogTreeModel>(&catalog.service(), u"$"_s, tracker);
    m_tester = std::make_unique<QAbstractItemModelTester>(
        m_model.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    m_tester->setUseFetchMore(useFetchMore);
    m_pages.clear();
    connect(m_model.get(), &CatalogTreeModel::childrenLoaded, this,
            [this](const QModelIndex &parent) {
                m_pages[parent.data(CatalogTreeModel::FullIdRole).toString()].append(
                    m_model->rowCount(parent)
                    - (CatalogTreeProbe::isLoading(*m_model, parent) ? 1 : 0));
            });
}

// Pages `parent` to the end, one fetchMore() at a time, and answers the rows it had after each
// page, whoever asked for it (with fetch-more on, the tester may have loaded it all already).
QList<int> TestCatalogTreeModel::pageThrough(const QModelIndex &parent)
{
    const QPersistentModelIndex target(parent);
    while (m_model->canFetchMore(target) || CatalogTreeProbe::isLoading(*m_model, target)) {
        if (!CatalogTreeProbe::fetchAndWait(*m_model, target)) {
            break;
        }
    }
    return m_pages.value(target.data(CatalogTreeModel::FullIdRole).toString());
}

void TestCatalogTreeModel::listsNamespacesThenTablesPageByPage()
{
    makeModel(*m_catalog);
    QVERIFY(m_model->hasChildren({}));
    QVERIFY(CatalogTreeProbe::fetchAndWait(*m_model, {}));
    QCOMPARE(CatalogTreeProbe::names(*m_model), (QStringList{u"big"_s, u"nested"_s, u"solo"_s}));
    const QModelIndex big = CatalogTreeProbe::child(*m_model, {}, u"big"_s);
    QCOMPARE(CatalogTreeProbe::kind(big), Kind::Namespace);
    QCOMPARE(CatalogTreeProbe::kind(CatalogTreeProbe::child(*m_model, {}, u"solo"_s)), Kind::Table);
    QCOMPARE(big.data(CatalogTreeModel::IdRole).toStringList(), QStringList{u"big"_s});
    QVERIFY(m_model->hasChildren(big)); // not listed yet: it may have children

    QCOMPARE(pageThrough(big), (QList<int>{1000, 2000, 2500}));
    QCOMPARE(m_model->rowCount(big), 2500); // no synthetic row left
    QVERIFY(!m_model->canFetchMore(big));
    QCOMPARE(big.data(CatalogTreeModel::HasMoreRole).toBool(), false);
    QCOMPARE(big.data(CatalogTreeModel::LoadStateRole).toInt(),
             int(CatalogNode::LoadState::Loaded));
    const QModelIndex last = m_model->index(2499, 0, big);
    QCOMPARE(last.data().toString(), u"t2499"_s);
    QCOMPARE(last.data(CatalogTreeModel::FullIdRole).toString(), u"big$t2499"_s);
    QCOMPARE(m_model->identifierAt(last), SeededCatalog::id(u"big$t2499"_s));
    QVERIFY(last.flags().testFlag(Qt::ItemNeverHasChildren));

    // A namespace holding a namespace and a table lists the namespace first.
    const QModelIndex nested = CatalogTreeProbe::child(*m_model, {}, u"nested"_s);
    QVERIFY(CatalogTreeProbe::fetchAndWait(*m_model, nested));
    const QModelIndex inner = CatalogTreeProbe::child(*m_model, nested, u"inner"_s);
    QVERIFY(CatalogTreeProbe::fetchAndWait(*m_model, inner));
    QCOMPARE(CatalogTreeProbe::names(*m_model, inner), (QStringList{u"deep"_s, u"other"_s}));
    // An empty namespace has no children once listed.
    const QModelIndex deep = CatalogTreeProbe::child(*m_model, inner, u"deep"_s);
    QVERIFY(CatalogTreeProbe::fetchAndWait(*m_model, deep));
    QVERIFY(!m_model->hasChildren(deep));
}

void TestCatalogTreeModel::fetchMoreReturnsAtOnceWhileAPageIsOnItsWay()
{
    makeModel(*m_catalog);
    // Once the root's namespaces are in, hold the engine: whatever asks for `big` next (this
    // test, or the tester with fetch-more on) waits with its request on its way.
    auto pauser = std::make_unique<QObject>();
    connect(m_model.get(), &CatalogTreeModel::childrenLoaded, pauser.get(),
            [this, &pauser](const QModelIndex &parent) {
                if (!parent.isValid() && pauser) {
                    m_catalog->pauseWorker();
                    pauser.release()->deleteLater(); // once
                }
            });
    if (m_model->canFetchMore({})) {
        m_model->fetchMore({});
    }
    QTRY_VERIFY_WITH_TIMEOUT(m_model->rowCount() >= 2, CatalogTreeProbe::TimeoutMs);
    const QModelIndex big = CatalogTreeProbe::child(*m_model, {}, u"big"_s);
    if (m_model->canFetchMore(big)) {
        m_model->fetchMore(big);
    }
    // On its way: one "Loading…" row, nothing more to fetch, and asking again does nothing.
    QVERIFY(CatalogTreeProbe::isLoading(*m_model, big));
    QVERIFY(!m_model->canFetchMore(big));
    QCOMPARE(m_model->rowCount(big), 1);
    m_model->fetchMore(big);
    m_model->fetchMore(big);
    lance::test::PostedEvents::deliver(); // the worker is held: only the model could add rows
    QCOMPARE(m_model->rowCount(big), 1);
    QCOMPARE(big.data(CatalogTreeModel::LoadStateRole).toInt(),
             int(CatalogNode::LoadState::Loading));
    const QModelIndex loading = CatalogTreeProbe::syntheticRow(*m_model, big);
    QCOMPARE(loading.data().toString(), u"Loading…"_s);
    QVERIFY(!loading.flags().testFlag(Qt::ItemIsSelectable));
    QVERIFY(!loading.data(CatalogTreeModel::IdRole).isValid());

    m_catalog->resumeWorker();
    QTRY_VERIFY_WITH_TIMEOUT(m_model->rowCount(big) >= 1000
                                 && !CatalogTreeProbe::isLoading(*m_model, big),
                             CatalogTreeProbe::TimeoutMs);
    QCOMPARE(m_model->rowCount(big) % 1000 == 0 || m_model->rowCount(big) == 2500, true);
    QCOMPARE(CatalogTreeProbe::names(*m_model, big).removeDuplicates(), 0); // none twice
}

void TestCatalogTreeModel::loadAllKeepsTheLoadingRowUntilTheLastPage()
{
    makeModel(*m_catalog);
    QVERIFY(CatalogTreeProbe::fetchAndWait(*m_model, {}));
    const QModelIndex big = CatalogTreeProbe::child(*m_model, {}, u"big"_s);
    QList<bool> loadingAfterPage;
    connect(m_model.get(), &CatalogTreeModel::childrenLoaded, this, [&](const QModelIndex &where) {
        if (where == big) {
            loadingAfterPage.append(CatalogTreeProbe::isLoading(*m_model, big));
        }
    });
    m_model->loadAll(big);
    QVERIFY(CatalogTreeProbe::loadAllAndWait(*m_model, big));
    QCOMPARE(m_model->rowCount(big), 2500);
    QVERIFY(!loadingAfterPage.isEmpty());
    // The spinner stops only when everything is in: loading after every page but the last.
    QCOMPARE(loadingAfterPage.count(false), 1);
    QCOMPARE(loadingAfterPage.last(), false);
    // Load all on a namespace that has everything does nothing.
    m_model->loadAll(big);
    QVERIFY(!CatalogTreeProbe::isLoading(*m_model, big));
}

void TestCatalogTreeModel::marksDeclaredOnlyTablesOnceListed()
{
    QVERIFY(m_catalog->createNamespace(u"mixed"_s));
    QVERIFY(m_catalog->declareTables(u"mixed"_s, {u"a"_s, u"b"_s, u"c"_s}));
    QVERIFY(m_catalog->addVersions(u"mixed$a"_s, 1));
    QVERIFY(m_catalog->addVersions(u"mixed$c"_s, 2));
    makeModel(*m_catalog);
    QVERIFY(CatalogTreeProbe::fetchAndWait(*m_model, {}));
    const QModelIndex mixed = CatalogTreeProbe::child(*m_model, {}, u"mixed"_s);
    QSignalSpy checked(m_model.get(), &CatalogTreeModel::declaredOnlyChecked);
    QVERIFY(CatalogTreeProbe::fetchAndWait(*m_model, mixed));
    QTRY_VERIFY_WITH_TIMEOUT(
        std::any_of(checked.cbegin(), checked.cend(),
                    [&](const QVariantList &args) { return args[0].toModelIndex() == mixed; }),
        CatalogTreeProbe::TimeoutMs);
    const auto declaredOnly = [&](const QString &name) {
        return CatalogTreeProbe::child(*m_model, mixed, name)
            .data(CatalogTreeModel::DeclaredOnlyRole);
    };
    QCOMPARE(declaredOnly(u"a"_s), QVariant(false));
    QCOMPARE(declaredOnly(u"b"_s), QVariant(true));
    QCOMPARE(declaredOnly(u"c"_s), QVariant(false));
    QVERIFY(CatalogTreeProbe::child(*m_model, mixed, u"b"_s)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(u"Declared only"_s));

    // Unknown until the namespace's tables are all listed: `big` after its first page (with
    // fetch-more on, the tester may have loaded all of it already).
    QFETCH_GLOBAL(bool, useFetchMore);
    if (!useFetchMore) {
        const QModelIndex big = CatalogTreeProbe::child(*m_model, {}, u"big"_s);
        QVERIFY(CatalogTreeProbe::fetchAndWait(*m_model, big));
        QCOMPARE(m_model->rowCount(big), 1000);
        QVERIFY(!m_model->index(0, 0, big).data(CatalogTreeModel::DeclaredOnlyRole).isValid());
    }
}

void TestCatalogTreeModel::droppedNamespaceShowsAnErrorRowAndRetryRecovers()
{
    QVERIFY(m_catalog->createNamespace(u"doomed"_s));
    makeModel(*m_catalog);
    QSignalSpy failed(m_model.get(), &CatalogTreeModel::loadFailed);
    if (m_model->canFetchMore({})) {
        m_model->fetchMore({});
    }
    // Another client drops it right after the root was listed (the engine runs calls in
    // order), before anyone expands it: its ListNamespaces answers 404.
    lance::api::DropNamespaceRequest drop;
    drop.id = SeededCatalog::id(u"doomed"_s);
    m_catalog->service().call(drop, nullptr, [](auto) {});
    QTRY_VERIFY_WITH_TIMEOUT(!CatalogTreeProbe::isLoading(*m_model, {}) && m_model->rowCount() > 0,
                             CatalogTreeProbe::TimeoutMs);
    const QPersistentModelIndex doomed = CatalogTreeProbe::child(*m_model, {}, u"doomed"_s);
    QVERIFY(doomed.isValid());
    if (m_model->canFetchMore(doomed)) {
        m_model->fetchMore(doomed);
    }
    QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), CatalogTreeProbe::TimeoutMs);
    const QModelIndex error = CatalogTreeProbe::syntheticRow(*m_model, doomed);
    QCOMPARE(CatalogTreeProbe::kind(error), Kind::Error);
    QVERIFY(error.flags().testFlag(Qt::ItemIsSelectable));
    QCOMPARE(error.data().toString(), error.data(CatalogTreeModel::ErrorRole).toString());
    QVERIFY(!error.data(CatalogTreeModel::ErrorRole).toString().isEmpty());
    QVERIFY2(error.data(CatalogTreeModel::ErrorDetailsRole).toString().contains(u"404"_s),
             qPrintable(error.data(CatalogTreeModel::ErrorDetailsRole).toString()));
    QCOMPARE(doomed.data(CatalogTreeModel::LoadStateRole).toInt(),
             int(CatalogNode::LoadState::Failed));
    QCOMPARE(m_model->lastError(error)->httpStatus(), 404);
    QVERIFY(!m_model->canFetchMore(doomed)); // views must not retry on every scroll

    // Retry while it is still missing fails again; once it is back, Retry lists it.
    m_model->retry(error);
    QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 2, CatalogTreeProbe::TimeoutMs);
    QVERIFY(m_catalog->createNamespace(u"doomed"_s));
    QVERIFY(m_catalog->declareTables(u"doomed"_s, {u"back"_s}));
    m_model->retry(CatalogTreeProbe::syntheticRow(*m_model, doomed));
    QTRY_COMPARE_WITH_TIMEOUT(CatalogTreeProbe::names(*m_model, doomed), QStringList{u"back"_s},
                              CatalogTreeProbe::TimeoutMs);
    QVERIFY(!CatalogTreeProbe::syntheticRow(*m_model, doomed).isValid());
    QVERIFY(!doomed.data(CatalogTreeModel::ErrorRole).isValid());
}

void TestCatalogTreeModel::unusableCatalogFolderFailsAndRetryRecovers()
{
    // A catalog whose folder is a file: the engine cannot open it.
    m_catalog = std::make_unique<SeededCatalog>();
    m_catalog->breakRoot();
    makeModel(*m_catalog);
    QSignalSpy failed(m_model.get(), &CatalogTreeModel::loadFailed);
    if (m_model->canFetchMore({})) {
        m_model->fetchMore({});
    }
    QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), CatalogTreeProbe::TimeoutMs);
    QCOMPARE(m_model->rowCount(), 1);
    QCOMPARE(CatalogTreeProbe::kind(m_model->index(0, 0)), Kind::Error);

    m_catalog->repairRoot();
    QVERIFY(m_catalog->declareTables(QString(), {u"kept"_s}));
    m_model->retry(m_model->index(0, 0));
    QTRY_COMPARE_WITH_TIMEOUT(CatalogTreeProbe::names(*m_model), QStringList{u"kept"_s},
                              CatalogTreeProbe::TimeoutMs);
}

void TestCatalogTreeModel::tracksRequestsAndCancelsQuietly()
{
    lance::activity::ActivityTracker tracker;
    m_catalog->pauseWorker();
    makeModel(*m_catalog, &tracker);
    QSignalSpy failed(m_model.get(), &CatalogTreeModel::loadFailed);
    if (m_model->canFetchMore({})) {
        m_model->fetchMore({});
    }
    QCOMPARE(tracker.runningCount(), 1);
    QCOMPARE(tracker.running().first().description, u"Listing namespaces in the root namespace"_s);

    // Cancel in the status bar: the "Loading…" row goes, no error row, and it can load again.
    tracker.cancelAll();
    m_catalog->resumeWorker();
    QTRY_COMPARE_WITH_TIMEOUT(tracker.runningCount(), 0, CatalogTreeProbe::TimeoutMs);
    QFETCH_GLOBAL(bool, useFetchMore);
    if (!useFetchMore) { // the tester fetches again at once
        QCOMPARE(m_model->rowCount(), 0);
        QVERIFY(m_model->hasChildren());
        QVERIFY(m_model->canFetchMore({}));
    }
    QVERIFY(CatalogTreeProbe::fetchAndWait(*m_model, {}));
    QCOMPARE(CatalogTreeProbe::names(*m_model), (QStringList{u"big"_s, u"nested"_s, u"solo"_s}));
    QCOMPARE(failed.size(), 0);
    m_tester.reset();
    m_model.reset(); // before the tracker
}

void TestCatalogTreeModel::copiesNamesIdentifiersAndLocations()
{
    makeModel(*m_catalog);
    QVERIFY(CatalogTreeProbe::fetchAndWait(*m_model, {}));
    const QModelIndex nested = CatalogTreeProbe::child(*m_model, {}, u"nested"_s);
    QVERIFY(CatalogTreeProbe::fetchAndWait(*m_model, nested));
    const QModelIndex inner = CatalogTreeProbe::child(*m_model, nested, u"inner"_s);
    QVERIFY(CatalogTreeProbe::fetchAndWait(*m_model, inner));
    const QModelIndex other = CatalogTreeProbe::child(*m_model, inner, u"other"_s);
    const QModelIndexList selection{other, inner, m_model->index(0, 0, {})};
    QCOMPARE(CatalogCopy::text(selection, CatalogCopy::Field::Name), u"other\ninner\nbig"_s);
    QCOMPARE(CatalogCopy::text(selection, CatalogCopy::Field::FullIdentifier),
             u"nested$inner$other\nnested$inner\nbig"_s);

    std::optional<lance::api::Result<QString>> location;
    QObject context;
    CatalogCopy::requestLocation(
        m_catalog->service(), m_model->identifierAt(other), &context,
        [&location](lance::api::Result<QString> answer) { location.emplace(std::move(answer)); });
    QTRY_VERIFY_WITH_TIMEOUT(location.has_value(), CatalogTreeProbe::TimeoutMs);
    QVERIFY2(*location, lance::test::whyFailed(*location).constData());
    QCOMPARE(location->value(), u"s3://seeded/nested$inner$other"_s); // SeededCatalog's
}

void TestCatalogTreeModel::showsRealLanceDataFromTheFixture()
{
    // The directory namespace LanceDB wrote: root table `people`, table `orders` in `sales`.
    m_folder = std::make_unique<QTemporaryDir>();
    QVERIFY(lance::test::LanceFixture::copyInto(u"dir-namespace"_s, m_folder->path()));
    m_catalog = std::make_unique<SeededCatalog>(m_folder->filePath(u"dir-namespace"_s));
    makeModel(*m_catalog);
    QVERIFY(CatalogTreeProbe::fetchAndWait(*m_model, {}));
    QCOMPARE(CatalogTreeProbe::names(*m_model), (QStringList{u"sales"_s, u"people"_s}));
    const QModelIndex sales = CatalogTreeProbe::child(*m_model, {}, u"sales"_s);
    QVERIFY(CatalogTreeProbe::fetchAndWait(*m_model, sales));
    QCOMPARE(CatalogTreeProbe::names(*m_model, sales), QStringList{u"orders"_s});
    // Both hold data: the data-only listing returns them, so neither is declared only.
    const QModelIndex people = CatalogTreeProbe::child(*m_model, {}, u"people"_s);
    QTRY_COMPARE_WITH_TIMEOUT(people.data(CatalogTreeModel::DeclaredOnlyRole), QVariant(false),
                              CatalogTreeProbe::TimeoutMs);
}

LCB_TEST_GUILESS_MAIN(TestCatalogTreeModel)
#include "TestCatalogTreeModel.moc"
