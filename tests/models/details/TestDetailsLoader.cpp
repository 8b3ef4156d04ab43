// SPDX-License-Identifier: Apache-2.0
#include "AwaitCall.h"
#include "MessageFactory.h"
#include "TestFiles.h"
#include "TestRegistry.h"
#include "WorkerThread.h"
#include "details/DetailsLoader.h"
#include "local/LocalCatalogService.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance::api;
using lance::details::DetailsLoader;
using lance::details::ObjectDetails;
using lance::local::LocalCatalogService;
using lance::test::awaitCall;
using lance::test::MessageFactory;
using lance::test::whyFailed;

class TestDetailsLoader : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void describesANamespace();
    void describesATableWithItsTags();
    void reportsAMissingTable();
    void showsOnlyTheLastObjectAskedFor();
    void clearDropsTheAnswer();

private:
    QTemporaryDir m_root;
    std::unique_ptr<LocalCatalogService> m_service;
    const Identifier m_namespace{QStringList{u"sales"_s}};
    const Identifier m_table{QStringList{u"sales"_s, u"orders"_s}};
};

void TestDetailsLoader::initTestCase()
{
    QVERIFY(m_root.isValid());
    m_service = std::make_unique<LocalCatalogService>(m_root.path());
    auto created = awaitCall(*m_service, MessageFactory::make<CreateNamespaceRequest>([&](auto &r) {
        r.id = m_namespace;
        r.properties.insert(u"owner"_s, u"finance"_s);
    }));
    QVERIFY2(created, whyFailed(created));
    auto declared = awaitCall(*m_service, MessageFactory::withId<DeclareTableRequest>(m_table));
    QVERIFY2(declared, whyFailed(declared));
    const QString manifest = m_root.filePath(u"sales/orders.lance/_versions/1.manifest"_s);
    lance::test::TestFiles::write(manifest, lance::test::TestFiles::manifest(1));
    auto version
        = awaitCall(*m_service, MessageFactory::make<CreateTableVersionRequest>([&](auto &r) {
              r.id = m_table;
              r.version = 1;
              r.manifestPath = manifest;
          }));
    QVERIFY2(version, whyFailed(version));
    auto tag = awaitCall(*m_service, MessageFactory::make<CreateTableTagRequest>([&](auto &r) {
        r.id = m_table;
        r.tag = u"audited"_s;
        r.version = 1;
    }));
    QVERIFY2(tag, whyFailed(tag));
}

void TestDetailsLoader::describesANamespace()
{
    DetailsLoader loader(m_service.get(), nullptr, u"$"_s);
    QSignalSpy loaded(&loader, &DetailsLoader::loaded);
    QSignalSpy started(&loader, &DetailsLoader::loadingStarted);
    loader.loadNamespace(m_namespace);
    QCOMPARE(started.size(), 1);
    QVERIFY(loader.isLoading());
    QVERIFY(loaded.wait(5000));
    const auto details = loaded.at(0).at(0).value<ObjectDetails>();
    QCOMPARE(details.kind, ObjectDetails::Kind::Namespace);
    QCOMPARE(details.id, m_namespace);
    QVERIFY(details.namespaceDescription.has_value());
    QCOMPARE(details.namespaceDescription->properties->value(u"owner"_s), u"finance"_s);
    QVERIFY(details.rawJson.contains("\"owner\": \"finance\""));
    QVERIFY(!loader.isLoading());
}

void TestDetailsLoader::describesATableWithItsTags()
{
    DetailsLoader loader(m_service.get(), nullptr, u"$"_s);
    QSignalSpy loaded(&loader, &DetailsLoader::loaded);
    loader.loadTable(m_table);
    QVERIFY(loaded.wait(5000));
    const auto details = loaded.at(0).at(0).value<ObjectDetails>();
    QCOMPARE(details.kind, ObjectDetails::Kind::Table);
    QVERIFY(details.tableDescription.has_value());
    QCOMPARE(details.tableDescription->managedVersioning, std::optional<bool>(true));
    QCOMPARE(details.tableDescription->isOnlyDeclared, std::optional<bool>(false));
    QVERIFY(details.tableDescription->location->endsWith(u"sales/orders.lance"_s));
    QVERIFY(details.tableDescription->tableUri->startsWith(u"file://"_s));
    QVERIFY(details.tags.has_value());
    QCOMPARE(details.tags->tags.value(u"audited"_s).version, 1);
    QVERIFY(details.tagsProblem.isEmpty());
    QVERIFY(details.rawJson.contains("\"managed_versioning\": true"));
    QVERIFY(!details.rawJson.contains("header."));
}

void TestDetailsLoader::reportsAMissingTable()
{
    DetailsLoader loader(m_service.get(), nullptr, u"$"_s);
    QSignalSpy failed(&loader, &DetailsLoader::failed);
    QSignalSpy loaded(&loader, &DetailsLoader::loaded);
    const Identifier ghost(QStringList{u"sales"_s, u"ghost"_s});
    loader.loadTable(ghost);
    QVERIFY(failed.wait(5000));
    QCOMPARE(failed.at(0).at(0).value<Identifier>(), ghost);
    const auto error = failed.at(0).at(1).value<ApiError>();
    QCOMPARE(error.httpStatus(), 404);
    QCOMPARE(error.serverCode(), std::optional<int>(4));
    QCOMPARE(loaded.size(), 0);
}

void TestDetailsLoader::showsOnlyTheLastObjectAskedFor()
{
    DetailsLoader loader(m_service.get(), nullptr, u"$"_s);
    QSignalSpy loaded(&loader, &DetailsLoader::loaded);
    QSignalSpy failed(&loader, &DetailsLoader::failed);
    loader.loadTable(m_table);
    loader.loadNamespace(m_namespace);
    loader.loadTable(Identifier(QStringList{u"sales"_s, u"ghost"_s}));
    loader.loadNamespace(m_namespace);
    QVERIFY(loaded.wait(5000));
    // Every answer has been delivered: anything stale would have arrived.
    lance::test::WorkerThread::settle(m_service->workerThread());
    QCOMPARE(loaded.size(), 1);
    QCOMPARE(failed.size(), 0);
    QCOMPARE(loaded.at(0).at(0).value<ObjectDetails>().kind, ObjectDetails::Kind::Namespace);
    QCOMPARE(loader.current(), std::optional<Identifier>(m_namespace));
}

void TestDetailsLoader::clearDropsTheAnswer()
{
    DetailsLoader loader(m_service.get(), nullptr, u"$"_s);
    QSignalSpy loaded(&loader, &DetailsLoader::loaded);
    loader.loadTable(m_table);
    loader.clear();
    QVERIFY(!loader.current().has_value());
    QVERIFY(!loaded.wait(300));
}

LCB_TEST_GUILESS_MAIN(TestDetailsLoader)
#include "TestDetailsLoader.moc"
