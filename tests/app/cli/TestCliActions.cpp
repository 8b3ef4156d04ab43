// SPDX-License-Identifier: Apache-2.0
// The steward's actions outside a batch on the command line, the real executable on a catalog
// holding LanceDB's `people` (versions 1 to 3), as a local catalog (--local) and through the
// real lance-catalog-server serving it (--url): tags created, moved and deleted;
// namespaces created with properties and dropped, Restrict and Cascade; a version restored; a
// table renamed and moved.
// Refusals (a tag that exists, a version or tag that does not, a namespace that is not empty)
// answer with the catalog's sentence and exit code and change nothing, which the catalog itself is
// asked.
#include "CatalogServerProcess.h"
#include "CliRun.h"
#include "LanceFixture.h"
#include "TestRegistry.h"
#include "engine/CatalogEngine.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

using namespace Qt::StringLiterals;
using namespace lance::api;
using lance::engine::CatalogEngine;
using lance::test::CliRun;

class TestCliActions : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase_data();
    void init();
    void cleanup();
    void tagsAreCreatedMovedAndDeleted();
    void namespacesAreCreatedAndDropped();
    void restoreMakesANewLatestVersion();
    void renameMovesTheEntryNotTheData();
    void branchesAreListedCreatedAndDeleted();
    void historyListsWhatWasCommitted();
    void wrongWordsAreUsageErrors();

private:
    /// Runs lance-catalog on the catalog: with --local, or with --url on its server.
    CliRun run(const QStringList &arguments) const;
    /// The catalog as the engine reads it (the CLI's runs are over by then).
    std::unique_ptr<CatalogEngine> engine();
    /// The version tag `tag` of people names; -1 when there is no such tag.
    qint64 taggedVersion(const QString &tag);

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_catalog;
    std::unique_ptr<lance::test::CatalogServerProcess> m_server; //!< the "server" rows'
};

void TestCliActions::initTestCase_data()
{
    QTest::addColumn<bool>("throughServer");
    QTest::newRow("local") << false;
    QTest::newRow("server") << true;
}

CliRun TestCliActions::run(const QStringList &arguments) const
{
    if (m_server) {
        return CliRun::run(QStringList{u"--url"_s, m_server->url().toString()} + arguments);
    }
    return CliRun::runLocal(m_catalog, arguments);
}

void TestCliActions::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_catalog = m_dir->filePath(u"catalog"_s);
    QVERIFY(lance::test::LanceFixture::copyInto(u"people.lance"_s, m_catalog));
    QCOMPARE(CliRun::runLocal(m_catalog, {u"tables"_s}).exitCode, 0); // registers people
    QFETCH_GLOBAL(bool, throughServer);
    if (throughServer) {
        m_server = std::make_unique<lance::test::CatalogServerProcess>();
        QVERIFY2(m_server->start(m_catalog, {u"--quiet"_s}), qPrintable(m_server->standardError()));
    }
}

void TestCliActions::cleanup()
{
    if (m_server) {
        QCOMPARE(m_server->stop(), std::optional<int>(0));
        m_server.reset();
    }
    m_dir.reset();
}

std::unique_ptr<CatalogEngine> TestCliActions::engine()
{
    CatalogEngine::Options options;
    options.root = m_catalog;
    auto opened = CatalogEngine::open(options);
    return opened ? std::move(*opened) : nullptr;
}

qint64 TestCliActions::taggedVersion(const QString &tag)
{
    GetTableTagVersionRequest request;
    request.id = Identifier({u"people"_s});
    request.tag = tag;
    const auto found = engine()->run(request);
    return found ? found->version : -1;
}

void TestCliActions::restoreMakesANewLatestVersion()
{
    const CliRun restored = run({u"restore"_s, u"people"_s, u"1"_s, u"--json"_s});
    QCOMPARE(restored.exitCode, 0);
    const QJsonObject answer = QJsonDocument::fromJson(restored.out.toUtf8()).object();
    QCOMPARE(answer.value(u"transaction_id"_s).toString().size(), 36);
    DescribeTableVersionRequest latest;
    latest.id = Identifier({u"people"_s});
    const auto described = engine()->run(latest);
    QVERIFY(described);
    QCOMPARE(described->version.version, 4);
    QCOMPARE(described->version.metadata.value(u"restored_from_version"_s), u"1"_s);
    QCOMPARE(described->version.metadata.value(u"total_rows"_s), u"2"_s); // version 1's rows

    const CliRun worded = run({u"restore"_s, u"people"_s, u"2"_s});
    QCOMPARE(worded.exitCode, 0);
    QVERIFY2(worded.out.startsWith(u"Restored version 2 of people as its new latest version"_s),
             qPrintable(worded.out));

    // A version the table does not have: 404 (exit 2), nothing added.
    const CliRun missing = run({u"restore"_s, u"people"_s, u"9"_s});
    QCOMPARE(missing.exitCode, 2);
    QVERIFY2(missing.err.contains(u"version 9"_s, Qt::CaseInsensitive), qPrintable(missing.err));
    QCOMPARE(engine()->run(latest)->version.version, 5);
    QCOMPARE(run({u"restore"_s, u"people"_s, u"x"_s}).exitCode, 1); // usage: nothing sent
}

void TestCliActions::renameMovesTheEntryNotTheData()
{
    QCOMPARE(run({u"namespace"_s, u"create"_s, u"archive"_s}).exitCode, 0);
    const CliRun moved = run({u"rename"_s, u"people"_s, u"archive$people_2025"_s, u"--json"_s});
    QCOMPARE(moved.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(moved.out.toUtf8())
                 .object()
                 .value(u"transaction_id"_s)
                 .toString()
                 .size(),
             36);
    ListTableVersionsRequest versions;
    versions.id = Identifier({u"archive"_s, u"people_2025"_s});
    const auto listed = engine()->run(versions);
    QVERIFY(listed);
    QCOMPARE(listed->versions.size(), 3); // people's three versions went with it
    QVERIFY(QFileInfo::exists(m_catalog + u"/people.lance/_versions"_s)); // the data stayed
    TableExistsRequest old;
    old.id = Identifier({u"people"_s});
    QVERIFY(!engine()->run(old));

    // Back, in words; then onto an existing table: 409 (exit 3), nothing changes.
    const CliRun back = run({u"rename"_s, u"archive$people_2025"_s, u"people"_s});
    QCOMPARE(back.exitCode, 0);
    QVERIFY2(back.out.startsWith(u"Renamed archive$people_2025 to people (transaction "_s),
             qPrintable(back.out));
    QCOMPARE(run({u"tables"_s, u"archive"_s}).exitCode, 0);
    DeclareTableRequest other;
    other.id = Identifier({u"archive"_s, u"other"_s});
    QVERIFY(engine()->run(other));
    const CliRun clash = run({u"rename"_s, u"people"_s, u"archive$other"_s});
    QCOMPARE(clash.exitCode, 3);
    QVERIFY2(clash.err.contains(u"exists"_s), qPrintable(clash.err));
    QVERIFY(engine()->run(old));
    QCOMPARE(run({u"rename"_s, u"people"_s}).exitCode, 1); // usage: nothing sent
}

void TestCliActions::branchesAreListedCreatedAndDeleted()
{
    QVERIFY(lance::test::LanceFixture::copyInto(u"branches/orders.lance"_s, m_catalog,
                                                u"orders.lance"_s));
    RegisterTableRequest orders;
    orders.id = Identifier({u"orders"_s});
    orders.location = m_catalog + u"/orders.lance"_s;
    QVERIFY(engine()->run(orders));

    const CliRun listed = run({u"branches"_s, u"orders"_s});
    QCOMPARE(listed.exitCode, 0);
    const QStringList lines = listed.out.trimmed().split(u'\n');
    QCOMPARE(lines.size(), 3);
    QVERIFY2(lines.at(1).startsWith(u"dev "_s) && lines.at(1).contains(u" main "_s)
                 && lines.at(1).contains(u"2026-"_s),
             qPrintable(listed.out));
    QVERIFY2(lines.at(2).startsWith(u"dev/fix "_s) && lines.at(2).contains(u" dev "_s),
             qPrintable(listed.out));
    const CliRun json = run({u"branches"_s, u"orders"_s, u"--json"_s});
    QCOMPARE(json.exitCode, 0);
    const QJsonObject branches
        = QJsonDocument::fromJson(json.out.toUtf8()).object().value(u"branches"_s).toObject();
    QCOMPARE(branches.value(u"dev/fix"_s).toObject().value(u"parentVersion"_s).toInt(), 3);
    QCOMPARE(branches.value(u"dev"_s).toObject().value(u"manifestSize"_s).toInt(), 458);

    const CliRun none = run({u"branches"_s, u"people"_s});
    QCOMPARE(none.exitCode, 0);
    QVERIFY2(none.err.contains(u"no branches besides main"_s), qPrintable(none.err));
    QCOMPARE(run({u"branches"_s, u"missing"_s}).exitCode, 2);

    // Created at version 2 of dev, listed, refused a second time, then deleted.
    const CliRun created = run({u"branch"_s, u"create"_s, u"orders"_s, u"qa"_s, u"2"_s, u"--from"_s,
                                u"dev"_s, u"--json"_s});
    QCOMPARE(created.exitCode, 0);
    QVERIFY2(QDir(m_catalog).exists(u"orders.lance/tree/qa/_versions"_s), qPrintable(created.err));
    QVERIFY2(QJsonDocument::fromJson(created.out.toUtf8()).object().contains(u"transaction_id"_s),
             qPrintable(created.out));
    QVERIFY(run({u"branches"_s, u"orders"_s}).out.contains(u"qa "_s));
    QCOMPARE(run({u"branch"_s, u"create"_s, u"orders"_s, u"qa"_s}).exitCode, 3);
    const CliRun badName = run({u"branch"_s, u"create"_s, u"orders"_s, u"../qa"_s});
    QCOMPARE(badName.exitCode, 2);
    QVERIFY2(badName.err.contains(u".."_s), qPrintable(badName.err));
    const CliRun deleted = run({u"branch"_s, u"delete"_s, u"orders"_s, u"qa"_s});
    QCOMPARE(deleted.exitCode, 0);
    QVERIFY2(deleted.out.contains(u"Deleted branch qa of orders."_s), qPrintable(deleted.out));
    QVERIFY(!QDir(m_catalog).exists(u"orders.lance/tree/qa"_s));
    QCOMPARE(run({u"branch"_s, u"delete"_s, u"orders"_s, u"qa"_s}).exitCode, 2);
    // dev/fix starts from dev: dev stays.
    QCOMPARE(run({u"branch"_s, u"delete"_s, u"orders"_s, u"dev"_s}).exitCode, 2);
    QVERIFY(QDir(m_catalog).exists(u"orders.lance/tree/dev/_versions"_s));
    QCOMPARE(run({u"branch"_s, u"delete"_s, u"orders"_s, u"dev"_s, u"2"_s}).exitCode, 1);
    QCOMPARE(run({u"branch"_s, u"fork"_s, u"orders"_s, u"x"_s}).exitCode, 1);
}

void TestCliActions::historyListsWhatWasCommitted()
{
    QCOMPARE(run({u"history"_s}).exitCode, 0); // an empty history is fine
    QCOMPARE(run({u"restore"_s, u"people"_s, u"1"_s}).exitCode, 0);
    const CliRun listed = run({u"history"_s, u"people"_s, u"--json"_s});
    QCOMPARE(listed.exitCode, 0);
    const QJsonArray transactions
        = QJsonDocument::fromJson(listed.out.toUtf8()).object()[u"transactions"].toArray();
    QCOMPARE(transactions.size(), 1);
    const QJsonObject restore = transactions.first().toObject();
    QCOMPARE(restore[u"status"].toString(), u"Succeeded"_s);
    QCOMPARE(restore[u"properties"][u"kind"].toString(), u"restore"_s);
    // Through the server, the credential (none here); on the local catalog, "local".
    QCOMPARE(restore[u"properties"][u"actor"].toString(), m_server ? u"anonymous"_s : u"local"_s);

    const CliRun table = run({u"history"_s});
    QCOMPARE(table.exitCode, 0);
    QVERIFY2(table.out.contains(u"1 create_table_version"_s), qPrintable(table.out));
    const QString id = restore[u"id"].toString();
    const CliRun one = run({u"transaction"_s, id});
    QCOMPARE(one.exitCode, 0);
    QVERIFY2(one.out.contains(u"Kind:        restore"_s), qPrintable(one.out));
    QVERIFY2(one.out.contains(u"\"restored_from_version\": \"1\""_s), qPrintable(one.out));
    const CliRun missing = run({u"transaction"_s, u"no-such-transaction"_s});
    QCOMPARE(missing.exitCode, 2);
    QVERIFY2(missing.err.contains(u"no transaction no-such-transaction"_s),
             qPrintable(missing.err));
}

void TestCliActions::tagsAreCreatedMovedAndDeleted()
{
    const CliRun created = run({u"tag"_s, u"create"_s, u"people"_s, u"stable"_s, u"2"_s});
    QCOMPARE(created.exitCode, 0);
    QCOMPARE(created.out, u"Tagged version 2 of people as stable.\n"_s);
    QCOMPARE(taggedVersion(u"stable"_s), 2);

    // A second tag of that name: 409 (exit 3), the first stays where it was.
    const CliRun again = run({u"tag"_s, u"create"_s, u"people"_s, u"stable"_s, u"3"_s});
    QCOMPARE(again.exitCode, 3);
    QVERIFY2(again.err.contains(u"already has a tag \"stable\""_s), qPrintable(again.err));
    QCOMPARE(taggedVersion(u"stable"_s), 2);

    const CliRun moved = run({u"tag"_s, u"move"_s, u"people"_s, u"stable"_s, u"3"_s});
    QCOMPARE(moved.exitCode, 0);
    QCOMPARE(taggedVersion(u"stable"_s), 3);
    // To a version the table does not have: 404 (exit 2), the tag stays.
    const CliRun nowhere = run({u"tag"_s, u"move"_s, u"people"_s, u"stable"_s, u"9"_s});
    QCOMPARE(nowhere.exitCode, 2);
    QVERIFY2(nowhere.err.contains(u"no version 9"_s), qPrintable(nowhere.err));
    QCOMPARE(taggedVersion(u"stable"_s), 3);

    const CliRun deleted = run({u"--json"_s, u"tag"_s, u"delete"_s, u"people"_s, u"stable"_s});
    QCOMPARE(deleted.exitCode, 0);
    // The response, as --json promises: the transaction the History records it under.
    const QJsonObject answer = QJsonDocument::fromJson(deleted.out.toUtf8()).object();
    QCOMPARE(answer.keys(), QStringList{u"transaction_id"_s});
    QVERIFY(!answer.value(u"transaction_id"_s).toString().isEmpty());
    QCOMPARE(taggedVersion(u"stable"_s), -1);
    const CliRun gone = run({u"tag"_s, u"delete"_s, u"people"_s, u"stable"_s});
    QCOMPARE(gone.exitCode, 2);
    QVERIFY2(gone.err.contains(u"no tag \"stable\""_s), qPrintable(gone.err));
}

void TestCliActions::namespacesAreCreatedAndDropped()
{
    const CliRun created = run({u"namespace"_s, u"create"_s, u"sales"_s, u"--property"_s,
                                u"owner=qa"_s, u"--property"_s, u"rule=a=b"_s});
    QCOMPARE(created.exitCode, 0);
    QCOMPARE(run({u"namespace"_s, u"create"_s, u"sales$eu"_s}).exitCode, 0);
    {
        DescribeNamespaceRequest describe;
        describe.id = Identifier({u"sales"_s});
        const auto described = engine()->run(describe);
        QVERIFY(described);
        QCOMPARE(described->properties, (StringMap{{u"owner"_s, u"qa"_s}, {u"rule"_s, u"a=b"_s}}));
    }
    // Set in place: one changed, one added, one removed.
    const CliRun set = run({u"namespace"_s, u"set"_s, u"sales"_s, u"--property"_s, u"owner=ops"_s,
                            u"--property"_s, u"tier=gold"_s, u"--unset"_s, u"rule"_s, u"--json"_s});
    QCOMPARE(set.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(set.out.toUtf8()).object().value(u"properties"_s).toObject(),
             (QJsonObject{{u"owner"_s, u"ops"_s}, {u"tier"_s, u"gold"_s}}));
    {
        DescribeNamespaceRequest describe;
        describe.id = Identifier({u"sales"_s});
        QCOMPARE(engine()->run(describe)->properties,
                 (StringMap{{u"owner"_s, u"ops"_s}, {u"tier"_s, u"gold"_s}}));
    }
    QCOMPARE(run({u"namespace"_s, u"set"_s, u"nowhere"_s, u"--unset"_s, u"a"_s}).exitCode, 2);
    // Restrict, by default: refused while sales holds eu (409, exit 3), nothing goes.
    const CliRun restricted = run({u"namespace"_s, u"drop"_s, u"sales"_s});
    QCOMPARE(restricted.exitCode, 3);
    QVERIFY2(restricted.err.contains(u"add --cascade"_s), qPrintable(restricted.err));
    NamespaceExistsRequest exists;
    exists.id = Identifier({u"sales"_s, u"eu"_s});
    QVERIFY(engine()->run(exists));

    const CliRun cascaded = run({u"namespace"_s, u"drop"_s, u"sales"_s, u"--cascade"_s});
    QCOMPARE(cascaded.exitCode, 0);
    QVERIFY(cascaded.out.contains(u"no table data was deleted"_s));
    QVERIFY(!engine()->run(exists));
    // The table outside it, and its data, are untouched.
    TableExistsRequest people;
    people.id = Identifier({u"people"_s});
    QVERIFY(engine()->run(people));
}

void TestCliActions::wrongWordsAreUsageErrors()
{
    const QList<QStringList> wrong{
        {u"tag"_s, u"rename"_s, u"people"_s, u"stable"_s},
        {u"tag"_s, u"create"_s, u"people"_s, u"stable"_s},
        {u"tag"_s, u"create"_s, u"people"_s, u"stable"_s, u"0"_s},
        {u"tag"_s, u"delete"_s, u"people"_s, u"stable"_s, u"2"_s},
        {u"namespace"_s, u"rename"_s, u"sales"_s},
        {u"namespace"_s, u"create"_s, u"sales"_s, u"--cascade"_s},
        {u"namespace"_s, u"drop"_s, u"sales"_s, u"--property"_s, u"a=b"_s},
        {u"namespace"_s, u"create"_s, u"sales"_s, u"--property"_s, u"novalue"_s},
        {u"namespace"_s, u"create"_s, u"sales"_s, u"--unset"_s, u"a"_s},
        {u"namespace"_s, u"set"_s, u"sales"_s},
    };
    for (const QStringList &arguments : wrong) {
        const CliRun result = run(arguments);
        QVERIFY2(result.exitCode == 1, qPrintable(arguments.join(u' ') + u": "_s + result.err));
        QVERIFY(!result.err.isEmpty());
    }
    NamespaceExistsRequest exists;
    exists.id = Identifier({u"sales"_s});
    QVERIFY(!engine()->run(exists)); // nothing was created on the way
}

LCB_TEST_GUILESS_MAIN(TestCliActions)
#include "TestCliActions.moc"
