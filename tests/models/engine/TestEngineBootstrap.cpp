// SPDX-License-Identifier: Apache-2.0
// CatalogEngine on folders that already hold LanceDB data (copies of the real fixtures in
// tests/data/lance): the tables are registered when the catalog is created, once.
#include "EngineTestSupport.h"
#include "TestRegistry.h"
#include "format/ManifestFiles.h"
#include "format/ManifestReader.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance::api;
using lance::engine::CatalogEngine;
using lance::format::ManifestFiles;
using lance::format::ManifestReader;
using lance::test::EngineTestSupport;

class TestEngineBootstrap : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void registersALanceFolder();
    void registersADirectoryNamespace();
    void registersDeclaredAndSkipsHiddenFolders();
    void canLeaveTheFolderAlone();
    void registersOnlyWhenTheCatalogIsCreated();

private:
    QString root() const { return m_dir->path() + u"/root"_s; }
    static QStringList names(const Result<ListTablesResponse> &tables);
    static QList<TableVersion> versions(CatalogEngine &engine, const QString &table);
    /// Checks `table`'s records against the manifests in `folder`, sizes in version order.
    static void compareVersions(CatalogEngine &engine, const QString &table, const QString &folder,
                                const QList<qint64> &sizes);

    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestEngineBootstrap::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void TestEngineBootstrap::cleanup()
{
    m_dir.reset();
}

QStringList TestEngineBootstrap::names(const Result<ListTablesResponse> &tables)
{
    return tables ? tables->tables : QStringList{u"<failed>"_s};
}

QList<TableVersion> TestEngineBootstrap::versions(CatalogEngine &engine, const QString &table)
{
    ListTableVersionsRequest request;
    request.id = EngineTestSupport::id(table);
    auto listed = engine.run(request);
    return listed ? listed->versions : QList<TableVersion>();
}

void TestEngineBootstrap::compareVersions(CatalogEngine &engine, const QString &table,
                                          const QString &folder, const QList<qint64> &sizes)
{
    const QList<TableVersion> recorded = versions(engine, table);
    QCOMPARE(recorded.size(), sizes.size());
    for (qsizetype i = 0; i < sizes.size(); ++i) {
        const TableVersion &version = recorded.at(i);
        const QString file
            = folder + u"/_versions/"_s + ManifestFiles::finalName(i + 1, ManifestNamingScheme::V2);
        const auto facts = ManifestFiles::stat(file);
        QVERIFY2(facts, qPrintable(file));
        QCOMPARE(version.version, i + 1);
        QCOMPARE(version.manifestPath, EngineTestSupport::objectStorePath(file));
        QCOMPARE(version.manifestSize, sizes.at(i));
        QCOMPARE(version.eTag, facts->eTag);
        // Lance's commit time from the manifest, not the time the folder was copied.
        const auto manifest = ManifestReader::readFile(file);
        QVERIFY(manifest && manifest->timestamp);
        QCOMPARE(version.timestampMillis, manifest->timestamp->toMSecsSinceEpoch());
        QVERIFY(version.timestampMillis != facts->mtimeMillis);
    }
}

void TestEngineBootstrap::registersALanceFolder()
{
    QVERIFY(EngineTestSupport::copyTree(EngineTestSupport::fixture(u"people.lance"_s),
                                        root() + u"/people.lance"_s));
    auto engine = EngineTestSupport::open(root());
    QVERIFY2(engine, EngineTestSupport::why(engine));
    CatalogEngine &catalog = **engine;
    QCOMPARE(names(catalog.run(ListTablesRequest())), QStringList({u"people"_s}));
    const QString folder = catalog.root() + u"/people.lance"_s;
    compareVersions(catalog, u"people"_s, folder, {510, 500, 584});
    QCOMPARE(
        versions(catalog, u"people"_s).first().manifestPath,
        EngineTestSupport::objectStorePath(folder + u"/_versions/18446744073709551614.manifest"_s));

    DescribeTableRequest describe;
    describe.id = EngineTestSupport::id(u"people"_s);
    auto described = catalog.run(describe);
    QVERIFY2(described, EngineTestSupport::why(described));
    QCOMPARE(described->location, folder);
    QCOMPARE(described->version, 3);
    QCOMPARE(described->isOnlyDeclared, false);
}

void TestEngineBootstrap::registersADirectoryNamespace()
{
    QVERIFY(EngineTestSupport::copyTree(EngineTestSupport::fixture(u"dir-namespace"_s), root()));
    auto engine = EngineTestSupport::open(root());
    QVERIFY2(engine, EngineTestSupport::why(engine));
    CatalogEngine &catalog = **engine;
    QCOMPARE(names(catalog.run(ListTablesRequest())), QStringList({u"people"_s}));
    auto namespaces = catalog.run(ListNamespacesRequest());
    QVERIFY2(namespaces, EngineTestSupport::why(namespaces));
    QCOMPARE(namespaces->namespaces, QStringList({u"sales"_s}));
    ListTablesRequest sales;
    sales.id = EngineTestSupport::id(u"sales"_s);
    QCOMPARE(names(catalog.run(sales)), QStringList({u"orders"_s}));

    compareVersions(catalog, u"people"_s, catalog.root() + u"/people.lance"_s, {511, 501, 584});
    const QString orders = catalog.root() + u"/a6c854b0_sales$orders"_s;
    compareVersions(catalog, u"sales$orders"_s, orders, {459, 471});
    DescribeTableRequest describe;
    describe.id = EngineTestSupport::id(u"sales$orders"_s);
    auto described = catalog.run(describe);
    QVERIFY2(described, EngineTestSupport::why(described));
    QCOMPARE(described->location, orders);
    QCOMPARE(described->namespacePath, QStringList({u"sales"_s}));
    QCOMPARE(described->version, 2);
}

void TestEngineBootstrap::registersDeclaredAndSkipsHiddenFolders()
{
    QVERIFY(EngineTestSupport::writeFile(root() + u"/declared.lance/.lance-reserved"_s, {}));
    QVERIFY(EngineTestSupport::copyTree(EngineTestSupport::fixture(u"people.lance"_s),
                                        root() + u"/hidden.lance"_s));
    QVERIFY(EngineTestSupport::writeFile(root() + u"/hidden.lance/.lance-deregistered"_s, {}));
    QVERIFY(QDir().mkpath(root() + u"/empty.lance"_s));
    QVERIFY(QDir().mkpath(root() + u"/plain-folder/_versions"_s));
    QVERIFY(EngineTestSupport::writeFile(root() + u"/0123abcd_a$$b/.lance-reserved"_s, {}));
    QVERIFY(EngineTestSupport::writeFile(root() + u"/0123abcd_x$y$t/.lance-reserved"_s, {}));
    auto engine = EngineTestSupport::open(root());
    QVERIFY2(engine, EngineTestSupport::why(engine));
    CatalogEngine &catalog = **engine;
    QCOMPARE(names(catalog.run(ListTablesRequest())), QStringList({u"declared"_s}));
    DescribeTableRequest describe;
    describe.id = EngineTestSupport::id(u"declared"_s);
    QCOMPARE(catalog.run(describe)->isOnlyDeclared, true);
    ListTablesRequest nested;
    nested.id = EngineTestSupport::id(u"x$y"_s);
    QCOMPARE(names(catalog.run(nested)), QStringList({u"t"_s}));
    QCOMPARE(catalog.run(ListNamespacesRequest())->namespaces, QStringList({u"x"_s}));
}

void TestEngineBootstrap::canLeaveTheFolderAlone()
{
    QVERIFY(EngineTestSupport::copyTree(EngineTestSupport::fixture(u"dir-namespace"_s), root()));
    auto engine = EngineTestSupport::open(root(), false);
    QVERIFY2(engine, EngineTestSupport::why(engine));
    QCOMPARE(names((*engine)->run(ListTablesRequest())), QStringList());
    QCOMPARE((*engine)->run(ListNamespacesRequest())->namespaces, QStringList());
}

void TestEngineBootstrap::registersOnlyWhenTheCatalogIsCreated()
{
    QVERIFY(EngineTestSupport::copyTree(EngineTestSupport::fixture(u"people.lance"_s),
                                        root() + u"/people.lance"_s));
    {
        auto engine = EngineTestSupport::open(root());
        QVERIFY2(engine, EngineTestSupport::why(engine));
        DeregisterTableRequest deregister;
        deregister.id = EngineTestSupport::id(u"people"_s);
        QVERIFY((*engine)->run(deregister));
        QVERIFY((*engine)->run(EngineTestSupport::createNamespace(u"kept"_s)));
    }
    auto reopened = EngineTestSupport::open(root());
    QVERIFY2(reopened, EngineTestSupport::why(reopened));
    QCOMPARE(names((*reopened)->run(ListTablesRequest())), QStringList());
    QCOMPARE((*reopened)->run(ListNamespacesRequest())->namespaces, QStringList({u"kept"_s}));
}

LCB_TEST_GUILESS_MAIN(TestEngineBootstrap)
#include "TestEngineBootstrap.moc"
