// SPDX-License-Identifier: Apache-2.0
// The demo catalog: built from the real LanceDB data compiled into lcb_resources, read back
// through the real engine.
#include "TestData.h"
#include "TestRegistry.h"
#include "demo/DemoCatalog.h"
#include "engine/CatalogEngine.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance;
using demo::DemoCatalog;

namespace {

api::Identifier id(const QString &text)
{
    return *api::Identifier::parse(text);
}

template <typename T> QByteArray why(const api::Result<T> &result)
{
    return result ? QByteArray("ok") : result.error().details().toUtf8();
}

std::unique_ptr<engine::CatalogEngine> openEngine(const QString &root)
{
    auto opened = engine::CatalogEngine::open({root, false});
    if (!opened) {
        qWarning("%s", why(opened).constData());
        return nullptr;
    }
    return std::move(*opened);
}

QStringList namespacesIn(engine::CatalogEngine &catalog, const QString &parent)
{
    api::ListNamespacesRequest request;
    request.id = parent == "$"_L1 ? api::Identifier() : id(parent);
    const auto listed = catalog.run(request);
    return listed ? listed->namespaces : QStringList{u"error"_s};
}

QStringList tablesIn(engine::CatalogEngine &catalog, const QString &parent)
{
    api::ListTablesRequest request;
    request.id = parent == "$"_L1 ? api::Identifier() : id(parent);
    const auto listed = catalog.run(request);
    return listed ? listed->tables : QStringList{u"error"_s};
}

QList<api::TableVersion> versionsOf(engine::CatalogEngine &catalog, const QString &table)
{
    api::ListTableVersionsRequest request;
    request.id = id(table);
    const auto listed = catalog.run(request);
    if (!listed) {
        return {};
    }
    QList<api::TableVersion> versions = listed->versions;
    std::sort(versions.begin(), versions.end(),
              [](const auto &a, const auto &b) { return a.version < b.version; });
    return versions;
}

QList<qint64> numbers(const QList<api::TableVersion> &versions)
{
    QList<qint64> result;
    for (const api::TableVersion &version : versions) {
        result << version.version;
    }
    return result;
}

} // namespace

class TestDemoCatalog : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void holdsTheDemoNamespacesAndTables();
    void tablesHaveTheirVersionsAndData();
    void namespacesHavePropertiesAndTheTableATag();
    void versionTimesAreTheManifestsCommitTimes();
    void isIdempotentAndKeepsChanges();
    void refusesAFolderThatIsNotADemo();
    void rebuildsAnInterruptedBuild();
    void refusesWithoutItsData();
    void defaultLocationIsBesideTheDefaultCatalog();

private:
    std::optional<QTemporaryDir> m_dir;
    QString m_root;
};

void TestDemoCatalog::init()
{
    m_dir.emplace();
    QVERIFY(m_dir->isValid());
    m_root = m_dir->filePath(u"demo"_s);
}

void TestDemoCatalog::holdsTheDemoNamespacesAndTables()
{
    const api::Result<QString> created = DemoCatalog::create(m_root);
    QVERIFY2(created, why(created));
    QCOMPARE(*created, QDir(m_root).absolutePath());
    QVERIFY(DemoCatalog::isDemoFolder(m_root));

    auto catalog = openEngine(m_root);
    QVERIFY(catalog);
    QCOMPARE(namespacesIn(*catalog, u"$"_s), (QStringList{u"hr"_s, u"sales"_s}));
    QCOMPARE(namespacesIn(*catalog, u"sales"_s), QStringList{u"eu"_s});
    QCOMPARE(tablesIn(*catalog, u"$"_s), QStringList());
    QCOMPARE(tablesIn(*catalog, u"hr"_s), (QStringList{u"contractors"_s, u"people"_s}));
    QCOMPARE(tablesIn(*catalog, u"sales"_s), QStringList{u"orders"_s});
    QCOMPARE(tablesIn(*catalog, u"sales$eu"_s), (QStringList{u"orders"_s, u"returns"_s}));

    api::DescribeTableRequest declared;
    declared.id = id(u"sales$eu$returns"_s);
    const auto returns = catalog->run(declared);
    QVERIFY2(returns, why(returns));
    QCOMPARE(returns->isOnlyDeclared, std::optional(true));
    QVERIFY(versionsOf(*catalog, u"sales$eu$returns"_s).isEmpty());
}

void TestDemoCatalog::tablesHaveTheirVersionsAndData()
{
    QVERIFY(DemoCatalog::create(m_root));
    auto catalog = openEngine(m_root);
    QVERIFY(catalog);
    QCOMPARE(numbers(versionsOf(*catalog, u"hr$people"_s)), (QList<qint64>{1, 2, 3}));
    QCOMPARE(numbers(versionsOf(*catalog, u"hr$contractors"_s)), (QList<qint64>{1, 2, 3}));
    QCOMPARE(numbers(versionsOf(*catalog, u"sales$orders"_s)), (QList<qint64>{1, 2}));
    QCOMPARE(numbers(versionsOf(*catalog, u"sales$eu$orders"_s)), (QList<qint64>{1, 2}));

    // Each table has its own copy of the data, inside the catalog folder.
    for (const QString &table : {u"hr$people"_s, u"hr$contractors"_s, u"sales$eu$orders"_s}) {
        api::DescribeTableRequest request;
        request.id = id(table);
        const auto described = catalog->run(request);
        QVERIFY2(described, why(described));
        const QString folder = m_root + u'/' + id(table).names().join(u'/') + u".lance"_s;
        QCOMPARE(QDir(described->location.value_or(QString())).absolutePath(), folder);
        QCOMPARE(described->isOnlyDeclared, std::optional(false));
        QVERIFY(QDir(folder + u"/data"_s).entryList(QDir::Files).size() >= 2);
        QVERIFY(QFileInfo(folder + u"/_versions"_s).isWritable());
    }
    // The manifests are the real ones, byte for byte.
    const QString manifest = u"/_versions/18446744073709551612.manifest"_s;
    QFile copy(m_root + u"/hr/people.lance"_s + manifest);
    QVERIFY(copy.open(QIODevice::ReadOnly));
    QCOMPARE(copy.readAll(), test::TestData::read(u"lance/people.lance"_s + manifest));
}

void TestDemoCatalog::namespacesHavePropertiesAndTheTableATag()
{
    QVERIFY(DemoCatalog::create(m_root));
    auto catalog = openEngine(m_root);
    QVERIFY(catalog);
    for (const QString &space : {u"hr"_s, u"sales"_s, u"sales$eu"_s}) {
        api::DescribeNamespaceRequest request;
        request.id = id(space);
        const auto described = catalog->run(request);
        QVERIFY2(described, why(described));
        QVERIFY2(described->properties && described->properties->contains(u"owner"_s),
                 qPrintable(space));
        QVERIFY(described->properties->contains(u"description"_s));
    }
    api::DescribeNamespaceRequest eu;
    eu.id = id(u"sales$eu"_s);
    QCOMPARE(catalog->run(eu)->properties->value(u"region"_s), u"eu-west-1"_s);

    api::GetTableTagVersionRequest tag;
    tag.id = id(u"hr$people"_s);
    tag.tag = u"reviewed"_s;
    const auto tagged = catalog->run(tag);
    QVERIFY2(tagged, why(tagged));
    QCOMPARE(tagged->version, 2);

    api::DescribeTableRequest table;
    table.id = id(u"hr$people"_s);
    QVERIFY(catalog->run(table)->properties->contains(u"description"_s));
}

void TestDemoCatalog::versionTimesAreTheManifestsCommitTimes()
{
    QVERIFY(DemoCatalog::create(m_root));
    auto catalog = openEngine(m_root);
    QVERIFY(catalog);
    const QList<api::TableVersion> versions = versionsOf(*catalog, u"hr$people"_s);
    QCOMPARE(versions.size(), 3);
    // LanceDB wrote the three versions within one second on 2026-11-29, in order.
    const QDateTime written(QDate(2026, 11, 29), QTime(7, 1, 9), Qt::UTC);
    for (const api::TableVersion &version : versions) {
        QVERIFY(version.timestampMillis);
        const qint64 offset = *version.timestampMillis - written.toMSecsSinceEpoch();
        QVERIFY2(offset >= 0 && offset < 1000, qPrintable(QString::number(offset)));
    }
    QVERIFY(*versions[0].timestampMillis < *versions[1].timestampMillis);
    QVERIFY(*versions[1].timestampMillis < *versions[2].timestampMillis);
}

void TestDemoCatalog::isIdempotentAndKeepsChanges()
{
    QVERIFY(DemoCatalog::create(m_root));
    {
        auto catalog = openEngine(m_root);
        QVERIFY(catalog);
        api::CreateNamespaceRequest added;
        added.id = id(u"mine"_s);
        QVERIFY(catalog->run(added));
    }
    const api::Result<QString> again = DemoCatalog::create(m_root);
    QVERIFY2(again, why(again));
    auto catalog = openEngine(m_root);
    QVERIFY(catalog);
    QCOMPARE(namespacesIn(*catalog, u"$"_s), (QStringList{u"hr"_s, u"mine"_s, u"sales"_s}));
    QCOMPARE(numbers(versionsOf(*catalog, u"hr$people"_s)), (QList<qint64>{1, 2, 3}));
}

void TestDemoCatalog::refusesAFolderThatIsNotADemo()
{
    QVERIFY(QDir().mkpath(m_root));
    QFile notes(m_root + u"/notes.txt"_s);
    QVERIFY(notes.open(QIODevice::WriteOnly));
    notes.write("mine\n");
    notes.close();

    const api::Result<QString> refused = DemoCatalog::create(m_root);
    QVERIFY(!refused);
    QVERIFY2(refused.error().userMessage().contains(u"not empty"_s),
             qPrintable(refused.error().userMessage()));
    QCOMPARE(QDir(m_root).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
             QStringList{u"notes.txt"_s});
    QVERIFY(!DemoCatalog::isDemoFolder(m_root));

    // A file where the folder should be is refused too.
    const QString file = m_root + u"/notes.txt"_s;
    QVERIFY(!DemoCatalog::create(file));
}

void TestDemoCatalog::rebuildsAnInterruptedBuild()
{
    QVERIFY(QDir().mkpath(m_root + u"/hr/people.lance"_s));
    QFile marker(m_root + u'/' + DemoCatalog::MarkerFile);
    QVERIFY(marker.open(QIODevice::WriteOnly));
    marker.write("building\n");
    marker.close();
    QFile leftover(m_root + u"/hr/people.lance/half-copied"_s);
    QVERIFY(leftover.open(QIODevice::WriteOnly));
    leftover.close();

    const api::Result<QString> created = DemoCatalog::create(m_root);
    QVERIFY2(created, why(created));
    QVERIFY(DemoCatalog::isDemoFolder(m_root));
    QVERIFY(!QFile::exists(m_root + u"/hr/people.lance/half-copied"_s));
    auto catalog = openEngine(m_root);
    QVERIFY(catalog);
    QCOMPARE(tablesIn(*catalog, u"hr"_s), (QStringList{u"contractors"_s, u"people"_s}));
}

void TestDemoCatalog::refusesWithoutItsData()
{
    const api::Result<QString> refused
        = DemoCatalog::create(m_root, m_dir->filePath(u"nothing-here"_s));
    QVERIFY(!refused);
    QVERIFY(!QFileInfo::exists(m_root));
}

void TestDemoCatalog::defaultLocationIsBesideTheDefaultCatalog()
{
    QVERIFY(DemoCatalog::defaultLocation().endsWith(u"/lance-catalog-browser/demo"_s));
}

LCB_TEST_GUILESS_MAIN(TestDemoCatalog)
#include "TestDemoCatalog.moc"
