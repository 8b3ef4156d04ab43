// SPDX-License-Identifier: Apache-2.0
// DatasetTableFinder: the table whose location is a Lance dataset folder, walked for on the real
// engine (LocalCatalogService in a temporary folder) and on the real lance-catalog-server over
// 127.0.0.1, with copies of the LanceDB dataset people.lance declared and their versions recorded
// from its real manifests, as a drop of the folder on a namespace stages them; then the spellings
// of a location its matcher accepts and refuses.
#include "AwaitCall.h"
#include "CatalogServerProcess.h"
#include "LanceFixture.h"
#include "TestRegistry.h"
#include "drop/DatasetTableFinder.h"
#include "drop/ManifestDropPlanner.h"
#include "local/LocalCatalogService.h"
#include "rest/RestClient.h"

#include <QDir>
#include <QFile>
#include <QNetworkAccessManager>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <optional>

using namespace Qt::StringLiterals;
using namespace lance;
using drop::DatasetTableFinder;
using drop::ManifestDropPlanner;
using drop::PathMapper;
using drop::PathMapping;
using Outcome = DatasetTableFinder::Outcome;

namespace {

constexpr int TimeoutMs = 20000;

api::Identifier id(const QString &text)
{
    return *api::Identifier::parse(text);
}

template <typename Service> bool createNamespaces(Service &service, const QStringList &ids)
{
    for (const QString &text : ids) {
        api::CreateNamespaceRequest request;
        request.id = id(text);
        if (!test::succeeded(test::awaitCall(service, request), u"CreateNamespace "_s + text)) {
            return false;
        }
    }
    return true;
}

/// Declares the dataset `folder` in namespace `ns` at its absolute path and records its versions
/// from its own manifests, leaving out `skipVersion`: what dropping the folder on the namespace
/// commits.
template <typename Service>
bool dropDataset(Service &service, const QString &ns, const QString &folder,
                 qint64 skipVersion = -1)
{
    const drop::ManifestDropPlan plan
        = ManifestDropPlanner(ManifestDropPlanner::Target::inNamespace(id(ns)), PathMapper::local())
              .plan({folder});
    if (plan.hasProblems()) {
        QTest::qFail(qPrintable(plan.problemMessages().join(u' ')), __FILE__, __LINE__);
        return false;
    }
    api::BatchCommitTablesRequest request = plan.toBatchCommitRequest();
    request.operations.removeIf([skipVersion](const api::CommitTableOperation &operation) {
        const auto *create = std::get_if<api::CreateTableVersionRequest>(&operation);
        return create && create->version == skipVersion;
    });
    return test::succeeded(test::awaitCall(service, request), u"the drop of "_s + folder);
}

template <typename Service>
bool declare(Service &service, const QString &table, const QString &location)
{
    api::DeclareTableRequest request;
    request.id = id(table);
    request.location = location;
    return test::succeeded(test::awaitCall(service, request), u"DeclareTable "_s + table);
}

/// Runs one find to its answer, and checks the answer comes later and once.
api::Result<Outcome> find(api::CatalogService &service, const QString &tableName,
                          DatasetTableFinder::Matches matches)
{
    DatasetTableFinder finder(service);
    std::optional<api::Result<Outcome>> outcome;
    int calls = 0;
    finder.find(tableName, std::move(matches), [&](api::Result<Outcome> found) {
        ++calls;
        outcome.emplace(std::move(found));
    });
    if (calls != 0) {
        return api::ApiError::invalidInput(u"answered within find()"_s);
    }
    if (!QTest::qWaitFor([&outcome] { return outcome.has_value(); }, TimeoutMs)) {
        return api::ApiError::invalidInput(u"no answer within %1 ms"_s.arg(TimeoutMs));
    }
    return calls == 1 ? *outcome : api::ApiError::invalidInput(u"answered more than once"_s);
}

QSet<qint64> versions(std::initializer_list<qint64> list)
{
    return QSet<qint64>(list);
}

} // namespace

class TestDatasetTableFinder : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void findsATableInANestedNamespaceWithItsVersions();
    void onlyTheTableAtTheFolderMatches();
    void twoTablesAtTheFolderAreNoAnswer();
    void aTableOfAnotherNameIsNotFound();
    void aRelativeLocationNeedsTheCatalogRoot();
    void matcherAcceptsTheSpellingsOfTheFolder_data();
    void matcherAcceptsTheSpellingsOfTheFolder();
    void findsTheTableOverRest();

private:
    /// A copy of people.lance in `parent` (below the test's folder), outside the catalog.
    QString copyPeople(const QString &parent) const;
    DatasetTableFinder::Matches localMatcher(const QString &folder) const
    {
        return DatasetTableFinder::locationMatcher(folder, PathMapper::local(), m_catalog->root());
    }

    QTemporaryDir m_files; //!< folders for the matcher's cases: data/, catalog/, link -> data
    std::optional<QTemporaryDir> m_dir;
    std::unique_ptr<local::LocalCatalogService> m_catalog;
};

void TestDatasetTableFinder::initTestCase()
{
    QVERIFY(m_files.isValid());
    const QDir files(m_files.path());
    QVERIFY(files.mkpath(u"data/people.lance"_s));
    QVERIFY(files.mkpath(u"data/other.lance"_s));
    QVERIFY(files.mkpath(u"catalog/lake/people.lance"_s));
    QVERIFY(QFile::link(files.filePath(u"data"_s), files.filePath(u"link"_s)));
}

void TestDatasetTableFinder::init()
{
    m_dir.emplace();
    QVERIFY(m_dir->isValid());
    m_catalog = std::make_unique<local::LocalCatalogService>(m_dir->filePath(u"catalog"_s));
}

void TestDatasetTableFinder::cleanup()
{
    m_catalog.reset(); // closes the engine before its folder goes
    m_dir.reset();
}

QString TestDatasetTableFinder::copyPeople(const QString &parent) const
{
    const QString folder = m_dir->filePath(parent);
    if (!QDir().mkpath(folder) || !test::LanceFixture::copyInto(u"people.lance"_s, folder)) {
        return {};
    }
    return folder + u"/people.lance"_s;
}

void TestDatasetTableFinder::findsATableInANestedNamespaceWithItsVersions()
{
    const QString folder = copyPeople(u"data"_s);
    QVERIFY(!folder.isEmpty());
    QVERIFY(createNamespaces(*m_catalog, {u"sales"_s, u"lake"_s, u"lake$raw"_s, u"lake$raw$eu"_s}));
    // Versions 1 and 3 only: the versions come from the catalog, not from the folder's files.
    QVERIFY(dropDataset(*m_catalog, u"lake$raw$eu"_s, folder, 2));
    QVERIFY(declare(*m_catalog, u"sales$orders"_s, m_dir->filePath(u"orders.lance"_s)));

    const api::Result<Outcome> found = find(*m_catalog, u"people"_s, localMatcher(folder));
    QVERIFY2(found, test::whyFailed(found));
    QCOMPARE(found->table, std::optional(id(u"lake$raw$eu$people"_s)));
    QCOMPARE(found->matching, 1);
    QCOMPARE(found->versions, versions({1, 3}));
    QVERIFY(found->complete);
}

void TestDatasetTableFinder::onlyTheTableAtTheFolderMatches()
{
    const QString one = copyPeople(u"one"_s);
    const QString two = copyPeople(u"two"_s);
    QVERIFY(!one.isEmpty() && !two.isEmpty());
    QVERIFY(createNamespaces(*m_catalog, {u"a"_s, u"b"_s, u"b$c"_s}));
    QVERIFY(dropDataset(*m_catalog, u"a"_s, one, 3));
    QVERIFY(dropDataset(*m_catalog, u"b$c"_s, two));

    const api::Result<Outcome> atOne = find(*m_catalog, u"people"_s, localMatcher(one));
    QVERIFY2(atOne, test::whyFailed(atOne));
    QCOMPARE(atOne->table, std::optional(id(u"a$people"_s)));
    QCOMPARE(atOne->matching, 1);
    QCOMPARE(atOne->versions, versions({1, 2}));

    const api::Result<Outcome> atTwo = find(*m_catalog, u"people"_s, localMatcher(two));
    QVERIFY2(atTwo, test::whyFailed(atTwo));
    QCOMPARE(atTwo->table, std::optional(id(u"b$c$people"_s)));
    QCOMPARE(atTwo->matching, 1);
    QCOMPARE(atTwo->versions, versions({1, 2, 3}));
}

void TestDatasetTableFinder::twoTablesAtTheFolderAreNoAnswer()
{
    const QString folder = copyPeople(u"data"_s);
    QVERIFY(!folder.isEmpty());
    QVERIFY(createNamespaces(*m_catalog, {u"a"_s, u"b"_s}));
    QVERIFY(dropDataset(*m_catalog, u"a"_s, folder));
    QVERIFY(declare(*m_catalog, u"b$people"_s, folder + u'/'));

    const api::Result<Outcome> found = find(*m_catalog, u"people"_s, localMatcher(folder));
    QVERIFY2(found, test::whyFailed(found));
    QCOMPARE(found->table, std::nullopt); // the caller asks which table
    QCOMPARE(found->matching, 2);
    QCOMPARE(found->versions, QSet<qint64>());
}

void TestDatasetTableFinder::aTableOfAnotherNameIsNotFound()
{
    const QString folder = copyPeople(u"data"_s);
    QVERIFY(!folder.isEmpty());
    QVERIFY(createNamespaces(*m_catalog, {u"a"_s}));
    // At the folder, but named otherwise: only tables named like the dataset are described.
    QVERIFY(declare(*m_catalog, u"a$customers"_s, folder));
    QVERIFY(declare(*m_catalog, u"people"_s, m_dir->filePath(u"elsewhere/people.lance"_s)));

    const api::Result<Outcome> found = find(*m_catalog, u"people"_s, localMatcher(folder));
    QVERIFY2(found, test::whyFailed(found));
    QCOMPARE(found->table, std::nullopt);
    QCOMPARE(found->matching, 0);
    QCOMPARE(found->versions, QSet<qint64>());
    QVERIFY(found->complete);
}

void TestDatasetTableFinder::aRelativeLocationNeedsTheCatalogRoot()
{
    // The catalog opens (and registers what its folder holds) on the first call: the dataset
    // goes in afterwards, and is declared by a location relative to the catalog's folder.
    QVERIFY(createNamespaces(*m_catalog, {u"lake"_s}));
    const QString root = m_catalog->root();
    QVERIFY(QDir().mkpath(root + u"/lake"_s));
    QVERIFY(test::LanceFixture::copyInto(u"people.lance"_s, root + u"/lake"_s));
    const QString folder = root + u"/lake/people.lance"_s;
    QVERIFY(declare(*m_catalog, u"lake$people"_s, u"lake/people.lance"_s));

    const api::Result<Outcome> withRoot = find(*m_catalog, u"people"_s, localMatcher(folder));
    QVERIFY2(withRoot, test::whyFailed(withRoot));
    QCOMPARE(withRoot->table, std::optional(id(u"lake$people"_s)));
    QCOMPARE(withRoot->versions, QSet<qint64>()); // declared only

    const api::Result<Outcome> withoutRoot = find(
        *m_catalog, u"people"_s, DatasetTableFinder::locationMatcher(folder, PathMapper::local()));
    QVERIFY2(withoutRoot, test::whyFailed(withoutRoot));
    QCOMPARE(withoutRoot->table, std::nullopt);
    QCOMPARE(withoutRoot->matching, 0);
}

void TestDatasetTableFinder::matcherAcceptsTheSpellingsOfTheFolder_data()
{
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QString>("mapping"); //!< `local=uri`; empty: the local catalog's mapper
    QTest::addColumn<QString>("root");
    QTest::addColumn<QString>("location");
    QTest::addColumn<bool>("matches");

    const QString files = m_files.path();
    const QString people = files + u"/data/people.lance"_s;
    const QString other = files + u"/data/other.lance"_s;
    const QString catalog = files + u"/catalog"_s;
    const QString inCatalog = catalog + u"/lake/people.lance"_s;
    const QString lake = u"/mnt/lake/people.lance"_s;
    const QString toS3 = u"/mnt/lake=s3://lake"_s;
    const QString fileUri = QString::fromUtf8(QUrl::fromLocalFile(people).toEncoded());

    QTest::newRow("the folder") << people << QString() << QString() << people << true;
    QTest::newRow("a trailing slash")
        << people << QString() << QString() << people + u"/"_s << true;
    QTest::newRow("the folder given with a slash")
        << people + u"/"_s << QString() << QString() << people << true;
    QTest::newRow("dot-dot") << people << QString() << QString() << other + u"/../people.lance"_s
                             << true;
    QTest::newRow("a file URI") << people << QString() << QString() << fileUri << true;
    QTest::newRow("a file URI, with a catalog root")
        << people << QString() << catalog << fileUri << true;
    QTest::newRow("a mapped remote URI")
        << lake << toS3 << QString() << u"s3://lake/people.lance"_s << true;
    QTest::newRow("a mapped remote URI with a trailing slash")
        << lake << toS3 << QString() << u"s3://lake/people.lance/"_s << true;
    QTest::newRow("another remote URI")
        << lake << toS3 << QString() << u"s3://lake/other.lance"_s << false;
    QTest::newRow("a remote URI the mapping does not give")
        << lake << toS3 << QString() << u"s3://elsewhere/people.lance"_s << false;
    QTest::newRow("unmapped, a remote URI is never the folder")
        << people << u"/elsewhere=s3://lake"_s << QString() << u"s3://lake/people.lance"_s << false;
    QTest::newRow("relative, with the catalog root")
        << inCatalog << QString() << catalog << u"lake/people.lance"_s << true;
    QTest::newRow("relative, without a root")
        << inCatalog << QString() << QString() << u"lake/people.lance"_s << false;
    // Placed at `/` it would be the folder: a relative location is not guessed at.
    QTest::newRow("relative, without a root, spelling the folder's path")
        << inCatalog << QString() << QString() << inCatalog.mid(1) << false;
    QTest::newRow("relative, another folder of the catalog")
        << inCatalog << QString() << catalog << u"people.lance"_s << false;
    QTest::newRow("a different folder") << people << QString() << QString() << other << false;
    QTest::newRow("a folder of the same name elsewhere")
        << people << QString() << catalog << inCatalog << false;
    QTest::newRow("a symlinked location")
        << people << QString() << QString() << files + u"/link/people.lance"_s << true;
    QTest::newRow("a symlinked folder")
        << files + u"/link/people.lance"_s << QString() << QString() << people << true;
    QTest::newRow("a symlinked folder, another location")
        << files + u"/link/people.lance"_s << QString() << QString() << other << false;
}

void TestDatasetTableFinder::matcherAcceptsTheSpellingsOfTheFolder()
{
    QFETCH(QString, folder);
    QFETCH(QString, mapping);
    QFETCH(QString, root);
    QFETCH(QString, location);
    QFETCH(bool, matches);

    const PathMapper mapper = mapping.isEmpty()
                                  ? PathMapper::local()
                                  : PathMapper::remote(PathMapping(mapping.section(u'=', 0, 0),
                                                                   mapping.section(u'=', 1)));
    QCOMPARE(DatasetTableFinder::locationMatcher(folder, mapper, root)(location), matches);
}

void TestDatasetTableFinder::findsTheTableOverRest()
{
    test::CatalogServerProcess server;
    QVERIFY2(server.start(), qPrintable(server.standardError()));
    QNetworkAccessManager network;
    rest::RestClientConfig config;
    config.baseUrl = server.url();
    config.timeoutMs = 10000;
    config.retry.maxAttempts = 1;
    rest::RestClient client(&network, config);
    QVERIFY(client.configCheck().hasValue());

    const QString folder = copyPeople(u"data"_s);
    const QString decoy = copyPeople(u"decoy"_s);
    QVERIFY(!folder.isEmpty() && !decoy.isEmpty());
    QVERIFY(createNamespaces(client, {u"lake"_s, u"lake$raw"_s, u"old"_s}));
    QVERIFY(dropDataset(client, u"lake$raw"_s, folder, 1));
    QVERIFY(dropDataset(client, u"old"_s, decoy));

    // A server on this machine answers local paths; a REST profile has no catalog root and, here,
    // no path mapping.
    const api::Result<Outcome> found
        = find(client, u"people"_s,
               DatasetTableFinder::locationMatcher(folder, PathMapper::remote(PathMapping())));
    QVERIFY2(found, test::whyFailed(found));
    QCOMPARE(found->table, std::optional(id(u"lake$raw$people"_s)));
    QCOMPARE(found->matching, 1);
    QCOMPARE(found->versions, versions({2, 3}));
    QVERIFY(found->complete);
    QCOMPARE(server.stop(), std::optional<int>(0));
}

LCB_TEST_GUILESS_MAIN(TestDatasetTableFinder)
#include "TestDatasetTableFinder.moc"
