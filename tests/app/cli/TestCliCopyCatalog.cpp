// SPDX-License-Identifier: Apache-2.0
// `lance-catalog copy-catalog`, the real executable, between a catalog folder and the tests'
// private PostgreSQL: a catalog with real LanceDB data, nested namespaces with properties,
// declared tables, version records with sizes, e-tags and metadata, and tags goes to
// PostgreSQL and back into a new folder, and every row of the copy and of the copy's copy
// equals the original's (read with Qt SQL's own drivers, not the engine). A copy never merges
// into a catalog that holds something, and never shows a password.
#include "CliRun.h"
#include "LanceFixture.h"
#include "PostgresTestDatabase.h"
#include "TestRegistry.h"
#include "engine/CatalogEngine.h"

#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTemporaryDir>
#include <QTest>
#include <QUrlQuery>

using namespace Qt::StringLiterals;
using namespace lance::api;
using lance::engine::CatalogEngine;
using lance::test::CliRun;
using lance::test::PostgresTestDatabase;

namespace {

// Every row of every catalog table, in key order, one line each: what "equal" means here. The
// columns in the order of the schema, which both databases were given by the same statements.
const char *const Dumps[] = {
    "SELECT * FROM catalog_namespaces ORDER BY id",
    "SELECT * FROM catalog_tables ORDER BY id",
    "SELECT * FROM table_versions ORDER BY table_id, branch, version",
    "SELECT * FROM table_tags ORDER BY table_id, tag",
    "SELECT * FROM manifest_moves ORDER BY final_path",
    "SELECT * FROM catalog_transactions ORDER BY sequence",
    "SELECT * FROM transaction_tables ORDER BY sequence, table_id",
};

QStringList dump(QSqlDatabase database)
{
    QStringList lines;
    if (!database.open()) {
        lines << u"cannot open: "_s + database.lastError().text();
        return lines;
    }
    for (const char *sql : Dumps) {
        QSqlQuery query(database);
        if (!query.exec(QString::fromLatin1(sql))) {
            lines << u"failed: "_s + query.lastError().text();
            continue;
        }
        while (query.next()) {
            QStringList cells;
            for (int i = 0; i < query.record().count(); ++i) {
                cells << (query.isNull(i) ? u"NULL"_s : query.value(i).toString());
            }
            lines << cells.join(u'|');
        }
    }
    return lines;
}

// A folder's rows as they are stored: paths inside the folder relative to it.
QStringList dumpFolder(const QString &folder)
{
    QStringList lines;
    {
        QSqlDatabase database = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"dump"_s);
        database.setDatabaseName(folder + u"/lance-catalog.sqlite"_s);
        lines = dump(database);
    }
    QSqlDatabase::removeDatabase(u"dump"_s);
    return lines;
}

// A folder's rows with the paths they name: what must agree with a copy's.
QStringList resolvedFolder(const QString &folder)
{
    QStringList lines = dumpFolder(folder);
    const QString core = QFileInfo(folder).canonicalFilePath().mid(1);
    for (QString &line : lines) {
        line.replace(u"{catalog-root}"_s, core);
    }
    return lines;
}

QStringList dumpDatabase(const QString &url)
{
    QStringList lines;
    {
        const QUrl address(url);
        const QUrlQuery query(address);
        QSqlDatabase database = QSqlDatabase::addDatabase(u"QPSQL"_s, u"dump"_s);
        database.setDatabaseName(address.path().mid(1));
        database.setHostName(query.queryItemValue(u"host"_s));
        database.setPort(query.queryItemValue(u"port"_s).toInt());
        database.setUserName(query.queryItemValue(u"user"_s));
        lines = dump(database);
    }
    QSqlDatabase::removeDatabase(u"dump"_s);
    return lines;
}

} // namespace

class TestCliCopyCatalog : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void copiesToPostgresAndBackUnchanged();
    void neverMergesIntoACatalogThatHoldsSomething();
    void refusesWhatCannotBeCopied();

private:
    /// A catalog in `folder` with something of every kind.
    void seed(const QString &folder);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<PostgresTestDatabase> m_database;
};

void TestCliCopyCatalog::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_database = std::make_unique<PostgresTestDatabase>();
    QVERIFY2(m_database->isValid(), qPrintable(m_database->error()));
}

void TestCliCopyCatalog::cleanup()
{
    m_database.reset();
    m_dir.reset();
}

void TestCliCopyCatalog::seed(const QString &folder)
{
    // people.lance is registered with its three versions when the catalog is created.
    QVERIFY(lance::test::LanceFixture::copyInto(u"people.lance"_s, folder));
    CatalogEngine::Options options;
    options.root = folder;
    auto engine = CatalogEngine::open(options);
    QVERIFY(engine);
    for (const QString &ns : {u"sales"_s, u"sales$eu"_s, u"hr"_s}) {
        CreateNamespaceRequest create;
        create.id = Identifier(ns.split(u'$'));
        create.properties = {{u"owner"_s, u"team-"_s + ns}, {u"note"_s, u"naïve ☃ 'q'"_s}};
        QVERIFY((*engine)->run(create));
    }
    for (const QString &table : {u"sales$eu$orders"_s, u"sales$returns"_s, u"hr$staff"_s}) {
        DeclareTableRequest declare;
        declare.id = Identifier(table.split(u'$'));
        declare.properties = {{u"pii"_s, table.startsWith(u"hr") ? u"yes"_s : u"no"_s}};
        if (table == u"sales$eu$orders"_s) {
            declare.location = u"s3://lake/orders"_s; // where its manifests are
        }
        QVERIFY((*engine)->run(declare));
    }
    for (qint64 version = 1; version <= 25; ++version) {
        CreateTableVersionRequest create;
        create.id = Identifier({u"sales"_s, u"eu"_s, u"orders"_s});
        create.version = version;
        create.manifestPath = u"s3://lake/orders/_versions/%1.manifest"_s.arg(version);
        create.manifestSize = 1000 + version;
        create.eTag = u"etag-%1"_s.arg(version);
        create.metadata = {{u"writer"_s, u"pipeline"_s}, {u"run"_s, QString::number(version)}};
        QVERIFY((*engine)->run(create));
    }
    for (const auto &[tag, version] : {std::pair{u"stable"_s, 20}, std::pair{u"first"_s, 1}}) {
        CreateTableTagRequest create;
        create.id = Identifier({u"sales"_s, u"eu"_s, u"orders"_s});
        create.tag = tag;
        create.version = version;
        QVERIFY((*engine)->run(create));
    }
}

void TestCliCopyCatalog::copiesToPostgresAndBackUnchanged()
{
    const QString original = m_dir->filePath(u"original"_s);
    seed(original);
    // people.lance lies in the folder: stored relative to it, its location and its manifests.
    QCOMPARE(dumpFolder(original).filter(u"{catalog-root}/people.lance"_s).size(), 4);
    const QStringList rows = resolvedFolder(original);
    QCOMPARE(rows.filter(u"{catalog-root}"_s).size(), 0);
    QCOMPARE(rows.filter(u"|etag-25|"_s).size(), 1); // its version row; the history names it too
    QCOMPARE(rows.filter(u"|stable|"_s).size(), 1);
    QCOMPARE(rows.filter(u"|create_table_version|"_s).size(), 25); // the history goes too

    const CliRun there = CliRun::run({u"copy-catalog"_s, original, m_database->url()});
    QVERIFY2(there.exitCode == 0, qPrintable(there.err));
    // The counts it printed: 3 namespaces, 4 tables, 28 versions, 2 tags, in both.
    QVERIFY2(there.out.contains(u"versions                28          28"_s)
                 || there.out.simplified().contains(u"versions 28 28"_s),
             qPrintable(there.out));
    QVERIFY(there.out.simplified().contains(u"namespaces 3 3"_s));
    QVERIFY(there.out.simplified().contains(u"tables 4 4"_s));
    QVERIFY(there.out.simplified().contains(u"tags 2 2"_s));
    QVERIFY(there.out.contains(u"Both catalogs hold the same rows of every kind."_s));
    // The copy names the same data: PostgreSQL is in no folder, so its paths are absolute.
    QCOMPARE(dumpDatabase(m_database->url()), rows);

    const QString back = m_dir->filePath(u"back"_s);
    const CliRun home = CliRun::run({u"copy-catalog"_s, m_database->url(), back});
    QVERIFY2(home.exitCode == 0, qPrintable(home.err));
    // Still the original's people.lance, which is outside `back`: absolute there too.
    QCOMPARE(dumpFolder(back), rows);

    // The copy is a catalog like any other: the command line reads it.
    const CliRun versions = CliRun::runLocal(back, {u"versions"_s, u"sales$eu$orders"_s});
    QCOMPARE(versions.exitCode, 0);
    QVERIFY(versions.out.contains(u"s3://lake/orders/_versions/25.manifest"_s));
}

void TestCliCopyCatalog::neverMergesIntoACatalogThatHoldsSomething()
{
    const QString original = m_dir->filePath(u"original"_s);
    seed(original);
    QCOMPARE(CliRun::run({u"copy-catalog"_s, original, m_database->url()}).exitCode, 0);
    const QStringList before = dumpDatabase(m_database->url());
    const CliRun again = CliRun::run({u"copy-catalog"_s, original, m_database->url()});
    QCOMPARE(again.exitCode, 1); // a usage error: nothing was done
    QVERIFY2(again.err.contains(u"is not empty (namespaces: 3)"_s), qPrintable(again.err));
    QCOMPARE(dumpDatabase(m_database->url()), before);
    // A folder that holds a catalog is refused the same way.
    const CliRun intoItself = CliRun::run({u"copy-catalog"_s, m_database->url(), original});
    QCOMPARE(intoItself.exitCode, 1);
    QVERIFY(intoItself.err.contains(u"is not empty"_s));
}

void TestCliCopyCatalog::refusesWhatCannotBeCopied()
{
    const QString original = m_dir->filePath(u"original"_s);
    seed(original);
    // A password on the command line is refused, and not repeated.
    const CliRun secret = CliRun::run(
        {u"copy-catalog"_s, original, u"postgresql://steward:s3cret@127.0.0.1:1/catalog"_s});
    QCOMPARE(secret.exitCode, 1);
    QVERIFY(secret.err.contains(u"password file"_s));
    QVERIFY(!secret.err.contains(u"s3cret"_s) && !secret.out.contains(u"s3cret"_s));
    // A folder without a catalog, a copy onto itself, server options.
    const CliRun none
        = CliRun::run({u"copy-catalog"_s, m_dir->filePath(u"nothing"_s), m_database->url()});
    QCOMPARE(none.exitCode, 1);
    QVERIFY2(none.err.contains(u"holds no catalog"_s), qPrintable(none.err));
    const CliRun itself = CliRun::run({u"copy-catalog"_s, original, original + u"/"_s});
    QCOMPARE(itself.exitCode, 1);
    QVERIFY(itself.err.contains(u"the same catalog folder"_s));
    const CliRun local
        = CliRun::run({u"--local"_s, original, u"copy-catalog"_s, original, m_database->url()});
    QCOMPARE(local.exitCode, 1);
    QVERIFY(local.err.contains(u"--local does not apply to copy-catalog"_s));
    // Nothing reached the database.
    QVERIFY(dumpDatabase(m_database->url()).filter(u"sales"_s).isEmpty());
}

LCB_TEST_GUILESS_MAIN(TestCliCopyCatalog)
#include "TestCliCopyCatalog.moc"
