// SPDX-License-Identifier: Apache-2.0
// CatalogTreeModel finding its way: go to identifier (ensureLoaded), refresh that reloads what
// was loaded so views can restore expansion by identifier, and answers that arrive for a tree a
// refresh replaced. Against the real engine, under QAbstractItemModelTester with fetch-more on
// and off.
#include "CatalogTreeProbe.h"
#include "SeededCatalog.h"
#include "TestRegistry.h"
#include "catalog/CatalogTreeModel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::api::Identifier;
using lance::catalog::CatalogTreeModel;
using lance::test::CatalogTreeProbe;
using lance::test::SeededCatalog;

class TestCatalogTreeNavigation : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase_data();
    void init();
    void cleanup();

    void ensureLoadedFindsADeepIdentifier();
    void ensureLoadedPagesUntilTheTableIsIn();
    void ensureLoadedReportsWhatDoesNotExist();
    void refreshReloadsWhatWasLoaded();
    void refreshReloadsEverythingAfterLoadAll();
    void answersForTheTreeBeforeARefreshAreDropped();

private:
    /// Waits for the outcome of ensureLoaded(id): the index found, or the reason.
    std::variant<QModelIndex, QString> locate(const QString &id);

    std::unique_ptr<SeededCatalog> m_catalog;
    std::unique_ptr<CatalogTreeModel> m_model;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
};

void TestCatalogTreeNavigation::initTestCase_data()
{
    QTest::addColumn<bool>("useFetchMore");
    QTest::newRow("fetch-more on") << true;
    QTest::newRow("fetch-more off") << false;
}

void TestCatalogTreeNavigation::init()
{
    m_catalog = std::make_unique<SeededCatalog>();
    QVERIFY(m_catalog->createNamespace(u"big"_s));
    QVERIFY(m_catalog->declareTables(u"big"_s, SeededCatalog::numbered(u"t"_s, 2500)));
    QVERIFY(m_catalog->createNamespace(u"a"_s));
    QVERIFY(m_catalog->createNamespace(u"a$b"_s));
    QVERIFY(m_catalog->createNamespace(u"a$b$c"_s));
    QVERIFY(m_catalog->declareTables(u"a$b$c"_s, {u"needle"_s, u"hay"_s}));
    QVERIFY(m_catalog->declareTables(QString(), {u"solo"_s}));

    QFETCH_GLOBAL(bool, useFetchMore);
    m_model = std::make_unique<CatalogTreeModel>(&m_catalog->service());
    m_tester = std::make_unique<QAbstractItemModelTester>(
        m_model.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    m_tester->setUseFetchMore(useFetchMore);
}

void TestCatalogTreeNavigation::cleanup()
{
    m_tester.reset();
    m_model.reset();
    m_catalog.reset();
}

std::variant<QModelIndex, QString> TestCatalogTreeNavigation::locate(const QString &text)
{
    const Identifier id = SeededCatalog::id(text);
    std::optional<std::variant<QModelIndex, QString>> outcome;
    QObject context;
    connect(m_model.get(), &CatalogTreeModel::identifierFound, &context,
            [&](const Identifier &found, const QModelIndex &index) {
                if (found == id) {
                    outcome = QModelIndex(index);
                }
            });
    connect(m_model.get(), &CatalogTreeModel::identifierNotFound, &context,
            [&](const Identifier &missing, const QString &reason) {
                if (missing == id) {
                    outcome = reason;
                }
            });
    m_model->ensureLoaded(id);
    if (!QTest::qWaitFor([&] { return outcome.has_value(); }, CatalogTreeProbe::TimeoutMs)) {
        return u"no answer"_s;
    }
    return *outcome;
}

void TestCatalogTreeNavigation::ensureLoadedFindsADeepIdentifier()
{
    const auto found = locate(u"a$b$c$needle"_s);
    QVERIFY2(std::holds_alternative<QModelIndex>(found),
             qPrintable(std::get_if<QString>(&found) ? std::get<QString>(found) : QString()));
    const QModelIndex needle = std::get<QModelIndex>(found);
    QCOMPARE(needle.data(CatalogTreeModel::FullIdRole).toString(), u"a$b$c$needle"_s);
    QCOMPARE(needle.parent().data(CatalogTreeModel::FullIdRole).toString(), u"a$b$c"_s);
    QCOMPARE(m_model->indexForId(SeededCatalog::id(u"a$b$c$needle"_s)), needle);
    // A namespace is found too, and one already loaded is found at once.
    const auto namespaceFound = locate(u"a$b"_s);
    QVERIFY(std::holds_alternative<QModelIndex>(namespaceFound));
    QCOMPARE(std::get<QModelIndex>(namespaceFound), needle.parent().parent());
}

void TestCatalogTreeNavigation::ensureLoadedPagesUntilTheTableIsIn()
{
    const auto found = locate(u"big$t1500"_s);
    QVERIFY(std::holds_alternative<QModelIndex>(found));
    const QModelIndex table = std::get<QModelIndex>(found);
    QCOMPARE(table.data().toString(), u"t1500"_s);
    QCOMPARE(table.row(), 1500);
    QFETCH_GLOBAL(bool, useFetchMore);
    if (!useFetchMore) {
        // Page by page, and no further than needed: two of the three pages.
        QTRY_VERIFY_WITH_TIMEOUT(!CatalogTreeProbe::isLoading(*m_model, table.parent()),
                                 CatalogTreeProbe::TimeoutMs);
        QCOMPARE(m_model->rowCount(table.parent()), 2000);
        QVERIFY(m_model->canFetchMore(table.parent()));
    }
}

void TestCatalogTreeNavigation::ensureLoadedReportsWhatDoesNotExist()
{
    // A missing namespace on the way: known once the namespaces of `a` are listed.
    const auto missingNamespace = locate(u"a$nope$x"_s);
    QVERIFY(std::holds_alternative<QString>(missingNamespace));
    QCOMPARE(std::get<QString>(missingNamespace), u"There is no namespace a$nope."_s);
    // A missing table: every page of `big` has to be looked at first.
    const auto missingTable = locate(u"big$zzz"_s);
    QVERIFY(std::holds_alternative<QString>(missingTable));
    QCOMPARE(std::get<QString>(missingTable), u"big$zzz does not exist."_s);
    const QModelIndex big = CatalogTreeProbe::child(*m_model, {}, u"big"_s);
    QCOMPARE(m_model->rowCount(big), 2500);
    // A table is not a namespace: nothing lies below it.
    const auto belowTable = locate(u"solo$x"_s);
    QVERIFY(std::holds_alternative<QString>(belowTable));
    QCOMPARE(std::get<QString>(belowTable), u"There is no namespace solo."_s);
}

void TestCatalogTreeNavigation::refreshReloadsWhatWasLoaded()
{
    QVERIFY(std::holds_alternative<QModelIndex>(locate(u"a$b$c$hay"_s)));
    const QModelIndex big = CatalogTreeProbe::child(*m_model, {}, u"big"_s);
    QVERIFY(CatalogTreeProbe::fetchAndWait(*m_model, big));
    QVERIFY(CatalogTreeProbe::fetchAndWait(*m_model, big));
    const int bigRows = m_model->rowCount(big); // 2,000; all with fetch-more on

    // Meanwhile another client changes the catalog.
    QVERIFY(m_catalog->createNamespace(u"a$b$c$fresh"_s));
    QVERIFY(m_catalog->dropNamespace(u"a$b"_s));
    QVERIFY(m_catalog->createNamespace(u"a$b"_s));
    QVERIFY(m_catalog->createNamespace(u"a$b$c"_s));
    QVERIFY(m_catalog->declareTables(u"a$b$c"_s, {u"hay"_s}));

    QSignalSpy finished(m_model.get(), &CatalogTreeModel::refreshFinished);
    QSignalSpy loaded(m_model.get(), &CatalogTreeModel::childrenLoaded);
    m_model->refresh();
    QVERIFY(m_model->isRefreshing());
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, CatalogTreeProbe::TimeoutMs);
    QVERIFY(!m_model->isRefreshing());
    QVERIFY(!loaded.isEmpty());

    // What was loaded is loaded again, from the server's current state: findable by id.
    const QModelIndex hay = m_model->indexForId(SeededCatalog::id(u"a$b$c$hay"_s));
    QVERIFY(hay.isValid());
    QCOMPARE(CatalogTreeProbe::names(*m_model, hay.parent()), QStringList{u"hay"_s});
    const QModelIndex newBig = m_model->indexForId(SeededCatalog::id(u"big"_s));
    QVERIFY(m_model->rowCount(newBig) >= bigRows);
    QVERIFY(m_model->indexForId(SeededCatalog::id(u"big$t1999"_s)).isValid());
    QVERIFY(!m_model->indexForId(SeededCatalog::id(u"a$b$c$needle"_s)).isValid());
}

void TestCatalogTreeNavigation::refreshReloadsEverythingAfterLoadAll()
{
    QVERIFY(CatalogTreeProbe::fetchAndWait(*m_model, {}));
    const QModelIndex big = CatalogTreeProbe::child(*m_model, {}, u"big"_s);
    QVERIFY(CatalogTreeProbe::loadAllAndWait(*m_model, big));
    QVERIFY(m_catalog->declareTables(u"big"_s, {u"u0000"_s}));
    QSignalSpy finished(m_model.get(), &CatalogTreeModel::refreshFinished);
    m_model->refresh();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, CatalogTreeProbe::TimeoutMs);
    const QModelIndex newBig = m_model->indexForId(SeededCatalog::id(u"big"_s));
    QCOMPARE(m_model->rowCount(newBig), 2501);
    QVERIFY(!m_model->canFetchMore(newBig));
}

void TestCatalogTreeNavigation::answersForTheTreeBeforeARefreshAreDropped()
{
    if (m_model->canFetchMore({})) {
        m_model->fetchMore({});
    }
    // The root's first page is answered and waiting in the event queue when the refresh
    // replaces the tree; the new tree must hold each row once.
    m_catalog->waitForWorker();
    QSignalSpy finished(m_model.get(), &CatalogTreeModel::refreshFinished);
    m_model->refresh();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, CatalogTreeProbe::TimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(!CatalogTreeProbe::isLoading(*m_model, {}),
                             CatalogTreeProbe::TimeoutMs);
    m_catalog->settle(); // a stray late answer would have shown up now
    QCOMPARE(CatalogTreeProbe::names(*m_model), (QStringList{u"a"_s, u"big"_s, u"solo"_s}));
}

LCB_TEST_GUILESS_MAIN(TestCatalogTreeNavigation)
#include "TestCatalogTreeNavigation.moc"
