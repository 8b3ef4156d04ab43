// SPDX-License-Identifier: Apache-2.0
// CatalogEngine CreateTableBranch and DeleteTableBranch on a table LanceDB branched itself
// (tests/data/lance/branches: main 1-3, dev from main 2, dev/fix from dev 3): the files Lance
// would write, the branch listed and its version recorded, one history record each; and every
// refusal (a name Lance would not take or that would leave the table's folder, a name in use, a
// missing source, a branch others depend on) leaves the files and the catalog as they were.
#include "EngineTestSupport.h"
#include "TestRegistry.h"
#include "api/ThreadHandoff.h"
#include "format/ManifestDecoder.h"

#include <QDir>
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <latch>

using namespace Qt::StringLiterals;
using namespace lance::api;
using lance::engine::CatalogEngine;
using lance::test::EngineTestSupport;

class TestEngineBranchChanges : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void createsFromMainsLatest();
    void createsFromAVersionOfABranch();
    void refusedCreatesChangeNothing_data();
    void refusedCreatesChangeNothing();
    void deletesWhatNothingDependsOn();
    void refusedDeletesChangeNothing();
    void aBranchInsideAnotherSurvivesItsDelete();
    void aTagLanceKeepsHoldsItsBranch();
    void racingCreatorsOfOneNameLeaveOneBranch();

private:
    QString table() const { return m_dir->filePath(u"orders.lance"_s); }
    CreateTableBranchRequest create(const QString &name) const;
    DeleteTableBranchRequest remove(const QString &name) const;
    QStringList versionsOf(const QString &branch) const;
    /// The history's kind of the transaction `id`; empty when it has none.
    QString kindOf(const QString &id) const;
    /// Every file under the table with its size, and the catalog's history: what a refusal must
    /// leave as it was.
    QStringList state() const;

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<CatalogEngine> m_engine;
};

void TestEngineBranchChanges::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QVERIFY(EngineTestSupport::copyTree(EngineTestSupport::fixture(u"branches/orders.lance"_s),
                                        table()));
    auto engine = EngineTestSupport::open(m_dir->path());
    QVERIFY2(engine, EngineTestSupport::why(engine));
    m_engine = std::move(*engine);
}

void TestEngineBranchChanges::cleanup()
{
    m_engine.reset();
    m_dir.reset();
}

CreateTableBranchRequest TestEngineBranchChanges::create(const QString &name) const
{
    CreateTableBranchRequest request;
    request.id = EngineTestSupport::id(u"orders"_s);
    request.name = name;
    return request;
}

DeleteTableBranchRequest TestEngineBranchChanges::remove(const QString &name) const
{
    DeleteTableBranchRequest request;
    request.id = EngineTestSupport::id(u"orders"_s);
    request.name = name;
    return request;
}

QStringList TestEngineBranchChanges::versionsOf(const QString &branch) const
{
    ListTableVersionsRequest request;
    request.id = EngineTestSupport::id(u"orders"_s);
    request.branch = branch;
    const auto listed = m_engine->run(request);
    if (!listed) {
        return {u"refused: "_s + EngineTestSupport::messageOf(listed)};
    }
    QStringList out;
    for (const TableVersion &version : listed->versions) {
        // Manifest paths relative to the table's folder.
        out << u"%1 %2"_s.arg(version.version)
                   .arg(version.manifestPath.section(u"orders.lance/"_s, 1));
    }
    return out;
}

QString TestEngineBranchChanges::kindOf(const QString &id) const
{
    DescribeTransactionRequest describe;
    describe.id = Identifier({id});
    const auto described = m_engine->run(describe);
    return described ? described->properties.value(u"kind"_s) : QString();
}

QStringList TestEngineBranchChanges::state() const
{
    QStringList out;
    QDirIterator files(m_dir->path(), QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot,
                       QDirIterator::Subdirectories);
    while (files.hasNext()) {
        files.next();
        if (!files.filePath().contains(u"catalog"_s)) {
            out << u"%1 %2"_s.arg(QDir(m_dir->path()).relativeFilePath(files.filePath()))
                       .arg(files.fileInfo().size());
        }
    }
    ListTransactionsRequest history;
    const auto listed = m_engine->run(history);
    out << u"history: %1"_s.arg(listed ? listed->transactions.size() : -1);
    out.sort();
    return out;
}

void TestEngineBranchChanges::createsFromMainsLatest()
{
    const auto created = m_engine->run(create(u"release/2027.1"_s));
    QVERIFY2(created, EngineTestSupport::why(created));
    QVERIFY(created->transactionId);

    // Lance's files: the ref, and under tree/ the first manifest with its hint and transaction.
    const QString ref = table() + u"/_refs/branches/release%2F2027.1.json"_s;
    const QJsonObject json = QJsonDocument::fromJson(EngineTestSupport::readFile(ref)).object();
    QVERIFY2(json.value(u"parentBranch"_s).isNull(), EngineTestSupport::readFile(ref).constData());
    QCOMPARE(json.value(u"parentVersion"_s).toInteger(), 3);
    QCOMPARE(json.value(u"manifestSize"_s).toInteger(),
             QFileInfo(table() + u"/_versions/18446744073709551612.manifest"_s).size());
    QVERIFY(qAbs(json.value(u"createAt"_s).toInteger() - QDateTime::currentSecsSinceEpoch()) < 600);
    const QJsonArray mapping
        = json.value(u"identifier"_s).toObject().value(u"version_mapping"_s).toArray();
    QCOMPARE(mapping.size(), 1);
    QCOMPARE(mapping.at(0).toArray().at(0).toInteger(), 3);
    QCOMPARE(mapping.at(0).toArray().at(1).toString().size(), 32);
    const QString branch = table() + u"/tree/release/2027.1"_s;
    QCOMPARE(EngineTestSupport::readFile(branch + u"/_versions/latest_version_hint.json"_s),
             QByteArray("{\"version\":3}"));
    QCOMPARE(EngineTestSupport::fileNames(branch + u"/_transactions"_s),
             QStringList{u"3-%1.txn"_s.arg(*created->transactionId)});
    const auto manifest = lance::format::ManifestDecoder::readFile(
        branch + u"/_versions/18446744073709551612.manifest"_s);
    QVERIFY2(manifest, EngineTestSupport::why(manifest));
    QCOMPARE(manifest->version, quint64(3));
    QCOMPARE(manifest->branch, std::optional(u"release/2027.1"_s));
    QCOMPARE(manifest->basePaths.size(), 1);
    QCOMPARE(manifest->basePaths.first().path, QDir(table()).absolutePath());
    QCOMPARE(manifest->totals().rows, 4);

    // The catalog lists it, records its version, and keeps one history record for it.
    ListTableBranchesRequest list;
    list.id = EngineTestSupport::id(u"orders"_s);
    const auto listed = m_engine->run(list);
    QVERIFY2(listed, EngineTestSupport::why(listed));
    QCOMPARE(listed->branches.keys(), (QStringList{u"dev"_s, u"dev/fix"_s, u"release/2027.1"_s}));
    QCOMPARE(listed->branches.value(u"release/2027.1"_s).parentVersion, 3);
    QCOMPARE(versionsOf(u"release/2027.1"_s),
             QStringList{u"3 tree/release/2027.1/_versions/18446744073709551612.manifest"_s});
    QCOMPARE(kindOf(*created->transactionId), u"create_table_branch"_s);
}

void TestEngineBranchChanges::createsFromAVersionOfABranch()
{
    auto request = create(u"hotfix"_s);
    request.fromBranch = u"dev"_s;
    request.fromVersion = 2;
    const auto created = m_engine->run(request);
    QVERIFY2(created, EngineTestSupport::why(created));
    const QJsonObject json
        = QJsonDocument::fromJson(
              EngineTestSupport::readFile(table() + u"/_refs/branches/hotfix.json"_s))
              .object();
    QCOMPARE(json.value(u"parentBranch"_s).toString(), u"dev"_s);
    QCOMPARE(json.value(u"parentVersion"_s).toInteger(), 2);
    // dev's own lineage first (Lance's dev.json), then this branch's start.
    const QJsonArray mapping
        = json.value(u"identifier"_s).toObject().value(u"version_mapping"_s).toArray();
    QCOMPARE(mapping.size(), 2);
    QCOMPARE(mapping.at(0).toArray().at(1).toString(), u"6630f1b5682746e0ac7d722b7536fa6a"_s);
    const auto manifest = lance::format::ManifestDecoder::readFile(
        table() + u"/tree/hotfix/_versions/18446744073709551613.manifest"_s);
    QVERIFY2(manifest, EngineTestSupport::why(manifest));
    // dev's version 2 read main's files through base 0; the new base 1 is dev's root.
    QCOMPARE(manifest->basePaths.size(), 2);
    QCOMPARE(manifest->basePaths.last().id, 1u);
    QCOMPARE(manifest->basePaths.last().name, std::optional(u"dev"_s));
    QCOMPARE(manifest->basePaths.last().path, QDir(table()).absoluteFilePath(u"tree/dev"_s));
    QCOMPARE(versionsOf(u"hotfix"_s),
             QStringList{u"2 tree/hotfix/_versions/18446744073709551613.manifest"_s});
}

void TestEngineBranchChanges::refusedCreatesChangeNothing_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("from");
    QTest::addColumn<qint64>("version"); // -1: none
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("says");
    const int invalid = int(ErrorCode::InvalidInput);
    QTest::newRow("taken") << u"dev"_s << QString() << qint64(-1)
                           << int(ErrorCode::TableBranchAlreadyExists) << u"already"_s;
    QTest::newRow("main") << u"main"_s << QString() << qint64(-1) << invalid << u"main"_s;
    QTest::newRow("out of the folder")
        << u"../../escape"_s << QString() << qint64(-1) << invalid << u".."_s;
    QTest::newRow("absolute") << u"/tmp/x"_s << QString() << qint64(-1) << invalid << u"/"_s;
    QTest::newRow("no such source")
        << u"x"_s << u"nope"_s << qint64(-1) << int(ErrorCode::TableBranchNotFound) << u"nope"_s;
    QTest::newRow("no such version")
        << u"x"_s << QString() << qint64(9) << int(ErrorCode::TableVersionNotFound) << u"9"_s;
    QTest::newRow("not on the source")
        << u"x"_s << u"dev"_s << qint64(1) << int(ErrorCode::TableVersionNotFound) << u"1"_s;
}

void TestEngineBranchChanges::refusedCreatesChangeNothing()
{
    QFETCH(QString, name);
    QFETCH(QString, from);
    QFETCH(qint64, version);
    QFETCH(int, code);
    QFETCH(QString, says);
    versionsOf(u"dev"_s); // dev's versions recorded, as any listing does
    const QStringList before = state();
    auto request = create(name);
    if (!from.isEmpty()) {
        request.fromBranch = from;
    }
    if (version >= 0) {
        request.fromVersion = version;
    }
    const auto refused = m_engine->run(request);
    QCOMPARE(EngineTestSupport::codeOf(refused), code);
    QVERIFY2(EngineTestSupport::messageOf(refused).contains(says),
             qPrintable(EngineTestSupport::messageOf(refused)));
    QCOMPARE(state(), before);
    QVERIFY(!QFileInfo::exists(m_dir->filePath(u"escape"_s)));
}

void TestEngineBranchChanges::deletesWhatNothingDependsOn()
{
    QCOMPARE(versionsOf(u"dev/fix"_s).size(), 1);
    const auto fix = m_engine->run(remove(u"dev/fix"_s));
    QVERIFY2(fix, EngineTestSupport::why(fix));
    QVERIFY(fix->transactionId);
    QVERIFY(!QFileInfo::exists(table() + u"/_refs/branches/dev%2Ffix.json"_s));
    QVERIFY(!QFileInfo::exists(table() + u"/tree/dev/fix"_s));
    // dev's own files stay.
    QCOMPARE(EngineTestSupport::fileNames(table() + u"/tree/dev/_versions"_s).size(), 3);
    QCOMPARE(versionsOf(u"dev/fix"_s), QStringList());

    const auto dev = m_engine->run(remove(u"dev"_s));
    QVERIFY2(dev, EngineTestSupport::why(dev));
    QVERIFY(!QFileInfo::exists(table() + u"/tree"_s));
    QCOMPARE(EngineTestSupport::fileNames(table() + u"/_refs/branches"_s), QStringList());
    QCOMPARE(versionsOf(u"dev"_s), QStringList());
    // Main is untouched.
    QCOMPARE(versionsOf(QString()).size(), 3);
    QCOMPARE(kindOf(*dev->transactionId), u"delete_table_branch"_s);
}

void TestEngineBranchChanges::refusedDeletesChangeNothing()
{
    versionsOf(u"dev"_s);
    CreateTableTagRequest tag;
    tag.id = EngineTestSupport::id(u"orders"_s);
    tag.tag = u"fixed"_s;
    tag.version = 3;
    tag.branch = u"dev/fix"_s;
    QVERIFY(m_engine->run(tag));
    const QStringList before = state();

    auto refused = m_engine->run(remove(u"dev"_s));
    QCOMPARE(EngineTestSupport::codeOf(refused), int(ErrorCode::InvalidInput));
    QVERIFY2(EngineTestSupport::messageOf(refused).contains(u"dev/fix"_s),
             qPrintable(EngineTestSupport::messageOf(refused)));
    refused = m_engine->run(remove(u"dev/fix"_s));
    QCOMPARE(EngineTestSupport::codeOf(refused), int(ErrorCode::InvalidInput));
    QVERIFY2(EngineTestSupport::messageOf(refused).contains(u"fixed"_s),
             qPrintable(EngineTestSupport::messageOf(refused)));
    for (const QString &missing : {u"nope"_s, u"../orders.lance"_s, u"main"_s}) {
        refused = m_engine->run(remove(missing));
        QCOMPARE(EngineTestSupport::codeOf(refused), int(ErrorCode::TableBranchNotFound));
    }
    QCOMPARE(state(), before);
}

void TestEngineBranchChanges::aTagLanceKeepsHoldsItsBranch()
{
    // LanceDB keeps its own tags in the table's folder, not in this catalog.
    QVERIFY(EngineTestSupport::writeFile(
        table() + u"/_refs/tags/lance-made.json"_s,
        R"({"branch": "dev/fix", "version": 3, "manifestSize": 687, "metadata": {}})"));
    QVERIFY(EngineTestSupport::writeFile(table() + u"/_refs/tags/on-main.json"_s,
                                         R"({"branch": null, "version": 2})"));
    QVERIFY(EngineTestSupport::writeFile(table() + u"/_refs/tags/broken.json"_s, "{"));
    const auto refused = m_engine->run(remove(u"dev/fix"_s));
    QCOMPARE(EngineTestSupport::codeOf(refused), int(ErrorCode::InvalidInput));
    QVERIFY2(EngineTestSupport::messageOf(refused).contains(u"lance-made"_s)
                 && !EngineTestSupport::messageOf(refused).contains(u"on-main"_s),
             qPrintable(EngineTestSupport::messageOf(refused)));
    QVERIFY(QFileInfo::exists(table() + u"/_refs/branches/dev%2Ffix.json"_s));
    QVERIFY(QFile::remove(table() + u"/_refs/tags/lance-made.json"_s));
    const auto deleted = m_engine->run(remove(u"dev/fix"_s));
    QVERIFY2(deleted, EngineTestSupport::why(deleted));
}

void TestEngineBranchChanges::aBranchInsideAnotherSurvivesItsDelete()
{
    // Lance takes the name dev/data, whose folder is inside dev's own data folder; this
    // catalog does not make such names, but a delete of dev must leave that branch whole.
    for (const QString &folder : {u"_versions"_s, u"_transactions"_s}) {
        QVERIFY(QDir(table()).rename(u"tree/dev/fix/"_s + folder, u"tree/dev/data/"_s + folder));
    }
    QByteArray ref = EngineTestSupport::readFile(table() + u"/_refs/branches/dev%2Ffix.json"_s);
    ref.replace("\"parentBranch\": \"dev\"", "\"parentBranch\": null");
    QVERIFY(EngineTestSupport::writeFile(table() + u"/_refs/branches/dev%2Fdata.json"_s, ref));
    QVERIFY(QFile::remove(table() + u"/_refs/branches/dev%2Ffix.json"_s));
    QCOMPARE(EngineTestSupport::codeOf(m_engine->run(create(u"x/data"_s))),
             int(ErrorCode::InvalidInput));

    const auto deleted = m_engine->run(remove(u"dev"_s));
    QVERIFY2(deleted, EngineTestSupport::why(deleted));
    QVERIFY(!QFileInfo::exists(table() + u"/tree/dev/_versions"_s));
    QVERIFY(!QFileInfo::exists(table() + u"/tree/dev/_transactions"_s));
    QCOMPARE(EngineTestSupport::fileNames(table() + u"/tree/dev/data/_versions"_s).size(), 2);
    QCOMPARE(versionsOf(u"dev/data"_s).size(), 1);
}

void TestEngineBranchChanges::racingCreatorsOfOneNameLeaveOneBranch()
{
    // Four engines on one root, as the server's workers run, each creating the same names.
    constexpr int Racers = 4;
    constexpr int Names = 6;
    std::latch start(Racers);
    std::vector<QList<int>> codes(Racers);
    std::vector<std::unique_ptr<QThread>> threads;
    for (int racer = 0; racer < Racers; ++racer) {
        threads.emplace_back(QThread::create([&, racer] {
            auto own = EngineTestSupport::open(m_dir->path());
            start.arrive_and_wait();
            for (int n = 0; n < Names && own; ++n) {
                codes[racer].append(
                    EngineTestSupport::codeOf((*own)->run(create(u"race%1"_s.arg(n)))));
            }
            lance::api::ThreadHandoff::release(); // read after wait(), which TSan cannot see
        }));
        threads.back()->start();
    }
    for (const auto &thread : threads) {
        QVERIFY(thread->wait(60000));
    }
    lance::api::ThreadHandoff::acquire();
    for (int n = 0; n < Names; ++n) {
        int winners = 0;
        for (int racer = 0; racer < Racers; ++racer) {
            QCOMPARE(codes[racer].size(), Names);
            const int code = codes[racer].at(n);
            winners += code == -1 ? 1 : 0;
            // The loser saw the ref, the claimed manifest, or versions of a create under way.
            QVERIFY2(code == -1 || code == int(ErrorCode::TableBranchAlreadyExists)
                         || code == int(ErrorCode::InvalidTableState),
                     qPrintable(QString::number(code)));
        }
        QCOMPARE(winners, 1);
        // The winner's files, whole, and nothing a loser wrote.
        const QString branch = table() + u"/tree/race%1"_s.arg(n);
        QCOMPARE(EngineTestSupport::fileNames(branch + u"/_versions"_s),
                 (QStringList{u"18446744073709551612.manifest"_s, u"latest_version_hint.json"_s}));
        QCOMPARE(EngineTestSupport::fileNames(branch + u"/_transactions"_s).size(), 1);
        const auto manifest = lance::format::ManifestDecoder::readFile(
            branch + u"/_versions/18446744073709551612.manifest"_s);
        QVERIFY2(manifest, EngineTestSupport::why(manifest));
        QCOMPARE(manifest->branch, std::optional(u"race%1"_s.arg(n)));
        QCOMPARE(versionsOf(u"race%1"_s.arg(n)).size(), 1);
    }
    QVERIFY(EngineTestSupport::fileNames(table() + u"/_refs/branches"_s).size() == Names + 2);
}

LCB_TEST_GUILESS_MAIN(TestEngineBranchChanges)
#include "TestEngineBranchChanges.moc"
