// SPDX-License-Identifier: Apache-2.0
// CatalogFilterModel over CatalogTreeModel (directly, and through a QIdentityProxyModel like the
// staging overlay) on the real engine: matches in loaded but collapsed namespaces, ancestors and
// the content of matching namespaces, "Loading…" and error rows, case folding. Both models run
// under QAbstractItemModelTester with fetch-more on and off.
#include "CatalogTreeProbe.h"
#include "SeededCatalog.h"
#include "TestRegistry.h"
#include "catalog/CatalogFilterModel.h"
#include "catalog/CatalogTreeModel.h"
#include "catalog/NameMatcher.h"

#include <QAbstractItemModelTester>
#include <QIdentityProxyModel>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::catalog::CatalogFilterModel;
using lance::catalog::CatalogTreeModel;
using lance::catalog::NameMatcher;
using lance::test::CatalogTreeProbe;
using lance::test::SeededCatalog;
using Kind = lance::catalog::CatalogNode::Kind;

class TestCatalogFilterModel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase_data();
    void init();
    void cleanup();

    void matchesNamesInCollapsedNamespacesWithTheirAncestors();
    void keepsTheContentOfAMatchingNamespace();
    void foldsCaseLikeQString_data();
    void foldsCaseLikeQString();
    void keepsLoadingAndErrorRowsUnderShownNamespaces();
    void pagesThroughTheFilter();

private:
    /// Everything the filter shows, as full identifiers, depth first.
    QStringList shown(const QModelIndex &parent = {}) const;
    /// Loads `id` and every namespace on the way, every page.
    void loadCompletely(const QString &id);

    std::unique_ptr<SeededCatalog> m_catalog;
    std::unique_ptr<CatalogTreeModel> m_tree;
    std::unique_ptr<QIdentityProxyModel> m_overlay;
    std::unique_ptr<CatalogFilterModel> m_filter;
    std::vector<std::unique_ptr<QAbstractItemModelTester>> m_testers;
};

void TestCatalogFilterModel::initTestCase_data()
{
    QTest::addColumn<bool>("useFetchMore");
    QTest::addColumn<bool>("throughOverlay");
    QTest::newRow("fetch-more on") << true << false;
    QTest::newRow("fetch-more off") << false << false;
    QTest::newRow("fetch-more on, overlay") << true << true;
    QTest::newRow("fetch-more off, overlay") << false << true;
}

void TestCatalogFilterModel::init()
{
    m_catalog = std::make_unique<SeededCatalog>();
    QVERIFY(m_catalog->createNamespace(u"sales"_s));
    QVERIFY(m_catalog->declareTables(u"sales"_s, {u"orders"_s, u"customers"_s}));
    QVERIFY(m_catalog->createNamespace(u"ops"_s));
    QVERIFY(m_catalog->createNamespace(u"ops$logs"_s));
    QVERIFY(m_catalog->declareTables(u"ops$logs"_s, {u"access"_s, u"errors"_s}));
    QVERIFY(m_catalog->declareTables(u"ops"_s, {u"metrics"_s, u"Ünïcode"_s}));
    QVERIFY(m_catalog->declareTables(QString(), {u"readme"_s}));

    QFETCH_GLOBAL(bool, useFetchMore);
    QFETCH_GLOBAL(bool, throughOverlay);
    m_tree = std::make_unique<CatalogTreeModel>(&m_catalog->service());
    m_filter = std::make_unique<CatalogFilterModel>();
    if (throughOverlay) {
        m_overlay = std::make_unique<QIdentityProxyModel>();
        m_overlay->setSourceModel(m_tree.get());
        m_filter->setSourceModel(m_overlay.get());
    } else {
        m_filter->setSourceModel(m_tree.get());
    }
    for (QAbstractItemModel *model : {static_cast<QAbstractItemModel *>(m_tree.get()),
                                      static_cast<QAbstractItemModel *>(m_filter.get())}) {
        m_testers.push_back(std::make_unique<QAbstractItemModelTester>(
            model, QAbstractItemModelTester::FailureReportingMode::QtTest));
        m_testers.back()->setUseFetchMore(useFetchMore);
    }
}

void TestCatalogFilterModel::cleanup()
{
    m_testers.clear();
    m_filter.reset();
    m_overlay.reset();
    m_tree.reset();
    m_catalog.reset();
}

QStringList TestCatalogFilterModel::shown(const QModelIndex &parent) const
{
    QStringList rows;
    for (int row = 0; row < m_filter->rowCount(parent); ++row) {
        const QModelIndex index = m_filter->index(row, 0, parent);
        const Kind kind = CatalogTreeProbe::kind(index);
        rows.append(kind == Kind::Loading || kind == Kind::Error
                        ? u"<%1>"_s.arg(kind == Kind::Loading ? u"loading"_s : u"error"_s)
                        : index.data(CatalogTreeModel::FullIdRole).toString());
        rows.append(shown(index));
    }
    return rows;
}

void TestCatalogFilterModel::loadCompletely(const QString &id)
{
    QSignalSpy found(m_tree.get(), &CatalogTreeModel::identifierFound);
    m_tree->ensureLoaded(SeededCatalog::id(id));
    QTRY_VERIFY_WITH_TIMEOUT(!found.isEmpty(), CatalogTreeProbe::TimeoutMs);
    QVERIFY(CatalogTreeProbe::loadAllAndWait(*m_tree, found.first().at(1).toModelIndex()));
}

void TestCatalogFilterModel::matchesNamesInCollapsedNamespacesWithTheirAncestors()
{
    QVERIFY(CatalogTreeProbe::loadAllAndWait(*m_tree, {}));
    loadCompletely(u"ops$logs"_s);
    loadCompletely(u"sales"_s);
    // Nothing is expanded anywhere (there is no view): matches are found in loaded names.
    m_filter->setFilterText(u"ERR"_s);
    QCOMPARE(shown(), (QStringList{u"ops"_s, u"ops$logs"_s, u"ops$logs$errors"_s}));
    m_filter->setFilterText(u"order"_s);
    QCOMPARE(shown(), (QStringList{u"sales"_s, u"sales$orders"_s}));
    m_filter->setFilterText(u"nothing like it"_s);
    QCOMPARE(shown(), QStringList());
    m_filter->setFilterText(QString());
    QCOMPARE(m_filter->rowCount(), 3);
}

void TestCatalogFilterModel::keepsTheContentOfAMatchingNamespace()
{
    QVERIFY(CatalogTreeProbe::loadAllAndWait(*m_tree, {}));
    loadCompletely(u"ops$logs"_s);
    loadCompletely(u"ops"_s);
    QSignalSpy changed(m_filter.get(), &CatalogFilterModel::filterTextChanged);
    m_filter->setFilterText(u"LOGS"_s);
    QCOMPARE(changed.size(), 1);
    QCOMPARE(shown(),
             (QStringList{u"ops"_s, u"ops$logs"_s, u"ops$logs$access"_s, u"ops$logs$errors"_s}));
    m_filter->setFilterText(u"LOGS"_s); // the same text: nothing to do
    QCOMPARE(changed.size(), 1);
}

void TestCatalogFilterModel::foldsCaseLikeQString_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("needle");
    QTest::newRow("ascii") << u"Access_Log"_s << u"s_l"_s;
    QTest::newRow("ascii, no match") << u"access"_s << u"acd"_s;
    QTest::newRow("needle longer") << u"ab"_s << u"abc"_s;
    QTest::newRow("umlauts") << u"Ünïcode"_s << u"üNÏ"_s;
    QTest::newRow("kelvin sign folds to k") << u"\u212Aey"_s << u"key"_s;
    QTest::newRow("ascii needle, non-ascii name") << u"café_orders"_s << u"ORDERS"_s;
}

void TestCatalogFilterModel::foldsCaseLikeQString()
{
    QFETCH(QString, name);
    QFETCH(QString, needle);
    const NameMatcher matcher(needle);
    const bool expected = name.contains(needle, Qt::CaseInsensitive);
    QCOMPARE(matcher.matches(QStringView(name)), expected);
    QCOMPARE(matcher.matches(QByteArrayView(name.toUtf8())), expected);
}

void TestCatalogFilterModel::keepsLoadingAndErrorRowsUnderShownNamespaces()
{
    // Pages of one row: `ops` lists `logs`, then `metrics`, and has `Ünïcode` left.
    m_tree->setPageSize(1);
    QVERIFY(CatalogTreeProbe::loadAllAndWait(*m_tree, {}));
    const QModelIndex ops = m_tree->indexForId(SeededCatalog::id(u"ops"_s));
    QVERIFY(CatalogTreeProbe::fetchAndWait(*m_tree, ops));
    QFETCH_GLOBAL(bool, useFetchMore);
    if (!useFetchMore) { // the tester would have fetched the rest
        QVERIFY(m_tree->canFetchMore(ops));
        m_filter->setFilterText(u"metr"_s);
        QCOMPARE(shown(), (QStringList{u"ops"_s, u"ops$metrics"_s}));
        // Shown for what it holds: the page on its way under it stays visible.
        m_catalog->pauseWorker();
        m_tree->fetchMore(ops);
        QCOMPARE(shown(), (QStringList{u"ops"_s, u"ops$metrics"_s, u"<loading>"_s}));
        // Hidden namespaces hide theirs.
        m_filter->setFilterText(u"readme"_s);
        QCOMPARE(shown(), QStringList{u"readme"_s});
        m_catalog->resumeWorker();
        QVERIFY(CatalogTreeProbe::loadAllAndWait(*m_tree, ops));
    }

    // An error row under a matching namespace stays; under a hidden one it goes.
    const QModelIndex logs = m_tree->indexForId(SeededCatalog::id(u"ops$logs"_s));
    QVERIFY(logs.isValid());
    if (m_tree->rowCount(logs) == 0) {
        QVERIFY(m_catalog->dropNamespace(u"ops$logs"_s));
        QVERIFY(CatalogTreeProbe::fetchAndWait(*m_tree, logs));
        QCOMPARE(CatalogTreeProbe::kind(CatalogTreeProbe::syntheticRow(*m_tree, logs)),
                 Kind::Error);
        m_filter->setFilterText(u"logs"_s);
        QCOMPARE(shown(), (QStringList{u"ops"_s, u"ops$logs"_s, u"<error>"_s}));
        m_filter->setFilterText(u"metr"_s);
        QCOMPARE(shown(), (QStringList{u"ops"_s, u"ops$metrics"_s}));
    }

    // The root's own "Loading…" row always shows: the root is always there.
    m_catalog->pauseWorker();
    m_tree->refresh();
    m_filter->setFilterText(u"no such name"_s);
    QCOMPARE(shown(), QStringList{u"<loading>"_s});
    m_catalog->resumeWorker();
    QTRY_COMPARE_WITH_TIMEOUT(shown(), QStringList(), CatalogTreeProbe::TimeoutMs);
}

void TestCatalogFilterModel::pagesThroughTheFilter()
{
    m_tree->setPageSize(2);
    // The filter passes paging through: three root rows in pages of two.
    while (m_filter->canFetchMore({})) {
        m_filter->fetchMore({});
        QTRY_VERIFY_WITH_TIMEOUT(!CatalogTreeProbe::isLoading(*m_tree, {}),
                                 CatalogTreeProbe::TimeoutMs);
    }
    QTRY_COMPARE_WITH_TIMEOUT(m_filter->rowCount(), 3, CatalogTreeProbe::TimeoutMs);
}

LCB_TEST_GUILESS_MAIN(TestCatalogFilterModel)
#include "TestCatalogFilterModel.moc"
