// SPDX-License-Identifier: Apache-2.0
// TableVersionModel against the real engine: versions newest first in pages, numeric sorting
// through QSortFilterProxyModel, loading and failure states, answers for a table no longer
// shown, and the versions LanceDB wrote in the `people` fixture. Under QAbstractItemModelTester
// with fetch-more on and off.
#include "AwaitCall.h"
#include "LanceFixture.h"
#include "SeededCatalog.h"
#include "TestRegistry.h"
#include "activity/ActivityTracker.h"
#include "catalog/TableVersionModel.h"
#include "details/ManifestAccess.h"

#include <QAbstractItemModelTester>
#include <QDateTime>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>
#include <QThreadPool>

#include <limits>

using namespace Qt::StringLiterals;
using lance::api::TableVersion;
using lance::catalog::TableVersionModel;
using lance::test::SeededCatalog;
using State = TableVersionModel::State;

namespace {

constexpr int TimeoutMs = 20000;

} // namespace

class TestTableVersionModel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase_data();
    void init();
    void cleanup();

    void listsNewestFirstPageByPage();
    void showsEveryColumn();
    void sortsNumbersAsNumbers();
    void loadAllFetchesTheRest();
    void dropsAnswersForATableNoLongerShown();
    void tracksRequestsAndCancelsQuietly();
    void failsVisiblyAndRetries();
    void showsTheVersionsLanceDbWrote();
    void showsAChangeOnlyWhenThePredecessorIsListed();
    void saysWhenAChangeSpansDeletedVersions();
    void readsWhatTheServerLeftOut();
    void showsStagedVersionsAboveTheListed();

private:
    void makeModel(SeededCatalog &catalog);
    /// Fetches page after page (whoever asks) and answers the rows after each one.
    QList<int> pageThrough();
    QList<qint64> versions(const QAbstractItemModel &model) const;
    /// Copies people.lance into a lake folder and records its versions 1 ... `count` as table
    /// "remote" at s3://lake URIs, which the catalog cannot read; the folder, or empty.
    QString registerRemotePeople(qint64 count);
    /// Where "remote" keeps the manifest of `version`.
    static QString remoteManifest(qint64 version);

    std::unique_ptr<QTemporaryDir> m_folder;
    std::unique_ptr<SeededCatalog> m_catalog;
    std::unique_ptr<TableVersionModel> m_model;
    std::unique_ptr<QSortFilterProxyModel> m_sorted;
    std::vector<std::unique_ptr<QAbstractItemModelTester>> m_testers;
};

void TestTableVersionModel::initTestCase_data()
{
    QTest::addColumn<bool>("useFetchMore");
    QTest::newRow("fetch-more on") << true;
    QTest::newRow("fetch-more off") << false;
}

void TestTableVersionModel::init()
{
    m_catalog = std::make_unique<SeededCatalog>();
    QVERIFY(m_catalog->createNamespace(u"ns"_s));
    QVERIFY(m_catalog->declareTables(u"ns"_s, {u"many"_s, u"few"_s, u"none"_s}));
    QVERIFY(m_catalog->addVersions(u"ns$many"_s, 25));
    QVERIFY(m_catalog->addVersions(u"ns$few"_s, 3));
    makeModel(*m_catalog);
}

void TestTableVersionModel::cleanup()
{
    m_testers.clear();
    m_sorted.reset();
    m_model.reset();
    m_catalog.reset();
    m_folder.reset();
}

void TestTableVersionModel::makeModel(SeededCatalog &catalog)
{
    QFETCH_GLOBAL(bool, useFetchMore);
    m_testers.clear();
    m_sorted.reset();
    m_model = std::make_unique<TableVersionModel>(&catalog.service());
    m_model->setPageSize(10);
    m_sorted = std::make_unique<QSortFilterProxyModel>();
    m_sorted->setSourceModel(m_model.get());
    m_sorted->setSortRole(TableVersionModel::SortRole);
    for (QAbstractItemModel *model : {static_cast<QAbstractItemModel *>(m_model.get()),
                                      static_cast<QAbstractItemModel *>(m_sorted.get())}) {
        m_testers.push_back(std::make_unique<QAbstractItemModelTester>(
            model, QAbstractItemModelTester::FailureReportingMode::QtTest));
        m_testers.back()->setUseFetchMore(useFetchMore);
    }
}

QList<int> TestTableVersionModel::pageThrough()
{
    QList<int> rows;
    connect(m_model.get(), &TableVersionModel::pageLoaded, this,
            [&rows, this] { rows.append(m_model->rowCount()); });
    const auto idle = [this] {
        return m_model->state() != State::Loading;
    };
    bool answered = QTest::qWaitFor(idle, TimeoutMs);
    while (answered && m_model->canFetchMore({})) {
        m_model->fetchMore({});
        answered = QTest::qWaitFor(idle, TimeoutMs);
    }
    disconnect(m_model.get(), &TableVersionModel::pageLoaded, this, nullptr);
    return rows;
}

QList<qint64> TestTableVersionModel::versions(const QAbstractItemModel &model) const
{
    QList<qint64> numbers;
    for (int row = 0; row < model.rowCount(); ++row) {
        numbers.append(model.index(row, 0).data(TableVersionModel::VersionRole).toLongLong());
    }
    return numbers;
}

void TestTableVersionModel::listsNewestFirstPageByPage()
{
    QCOMPARE(m_model->state(), State::NoTable);
    QVERIFY(!m_model->canFetchMore({}));
    QSignalSpy states(m_model.get(), &TableVersionModel::stateChanged);
    m_model->setTable(SeededCatalog::id(u"ns$many"_s));
    QCOMPARE(m_model->state(), State::Loading);
    QVERIFY(!m_model->canFetchMore({})); // the first page is on its way
    QCOMPARE(pageThrough(), (QList<int>{10, 20, 25}));
    QCOMPARE(m_model->state(), State::Loaded);
    QVERIFY(!m_model->canFetchMore({}));
    QList<qint64> expected;
    for (qint64 version = 25; version >= 1; --version) {
        expected.append(version);
    }
    QCOMPARE(versions(*m_model), expected);
    QVERIFY(states.size() >= 2);

    // A table without versions: loaded, empty, nothing more.
    m_model->setTable(SeededCatalog::id(u"ns$none"_s));
    QTRY_COMPARE_WITH_TIMEOUT(m_model->state(), State::Loaded, TimeoutMs);
    QCOMPARE(m_model->rowCount(), 0);
    QVERIFY(!m_model->canFetchMore({}));
}

void TestTableVersionModel::showsEveryColumn()
{
    m_model->setTable(SeededCatalog::id(u"ns$few"_s));
    QTRY_COMPARE_WITH_TIMEOUT(m_model->state(), State::Loaded, TimeoutMs);
    QCOMPARE(m_model->columnCount(), int(TableVersionModel::ColumnCount));
    QCOMPARE(m_model->headerData(TableVersionModel::SizeColumn, Qt::Horizontal).toString(),
             u"Size"_s);
    const auto cell = [this](int column, int role = Qt::DisplayRole) {
        return m_model->index(0, column).data(role);
    };
    QCOMPARE(cell(TableVersionModel::VersionColumn).toString(), u"3"_s);
    QCOMPARE(cell(TableVersionModel::ManifestPathColumn).toString(),
             u"s3://seeded/ns$few/_versions/3.manifest"_s);
    QCOMPARE(cell(TableVersionModel::SizeColumn).toString(), u"9 bytes"_s);
    QCOMPARE(cell(TableVersionModel::SizeColumn, TableVersionModel::SizeBytesRole), QVariant(9LL));
    QCOMPARE(cell(TableVersionModel::ETagColumn).toString(), u"etag-3"_s);
    QCOMPARE(cell(TableVersionModel::MetadataColumn).toString(), u"n=3"_s);

    // The engine stamps each version when it records it: local time shown, UTC in a role.
    const QString utc
        = cell(TableVersionModel::TimeColumn, TableVersionModel::TimestampUtcRole).toString();
    const QDateTime stamped = QDateTime::fromString(utc, Qt::ISODateWithMs);
    QVERIFY2(stamped.isValid() && utc.endsWith(u'Z'), qPrintable(utc));
    QVERIFY(qAbs(stamped.secsTo(QDateTime::currentDateTimeUtc())) < 600);
    // To the second, and to the millisecond when the version below shares that second.
    const QDateTime below = QDateTime::fromString(
        m_model->index(1, 0).data(TableVersionModel::TimestampUtcRole).toString(),
        Qt::ISODateWithMs);
    const bool shared = below.toSecsSinceEpoch() == stamped.toSecsSinceEpoch();
    QCOMPARE(cell(TableVersionModel::TimeColumn).toString(),
             stamped.toLocalTime().toString(shared ? u"yyyy-MM-dd HH:mm:ss.zzz"_s
                                                   : u"yyyy-MM-dd HH:mm:ss"_s));

    // The whole record for the record view.
    const auto record = qvariant_cast<TableVersion>(
        cell(TableVersionModel::MetadataColumn, TableVersionModel::TableVersionRole));
    QCOMPARE(record, m_model->versionAt(0));
    QCOMPARE(record.version, 3);
}

void TestTableVersionModel::sortsNumbersAsNumbers()
{
    m_model->setTable(SeededCatalog::id(u"ns$many"_s));
    m_model->loadAll();
    QTRY_COMPARE_WITH_TIMEOUT(m_model->rowCount(), 25, TimeoutMs);
    QTRY_COMPARE_WITH_TIMEOUT(m_model->state(), State::Loaded, TimeoutMs);

    // As text, 10 would come before 2 and "109 bytes" before "19 bytes".
    m_sorted->sort(TableVersionModel::VersionColumn, Qt::AscendingOrder);
    QCOMPARE(versions(*m_sorted).mid(0, 11), (QList<qint64>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}));
    m_sorted->sort(TableVersionModel::SizeColumn, Qt::AscendingOrder);
    QList<qint64> sizes;
    for (int row = 0; row < m_sorted->rowCount(); ++row) {
        sizes.append(m_sorted->index(row, TableVersionModel::SizeColumn)
                         .data(TableVersionModel::SizeBytesRole)
                         .toLongLong());
    }
    QVERIFY(std::is_sorted(sizes.cbegin(), sizes.cend()));
    QCOMPARE(sizes.first(), 9);
    QCOMPARE(sizes.last(), 249);
}

void TestTableVersionModel::loadAllFetchesTheRest()
{
    m_model->setTable(SeededCatalog::id(u"ns$many"_s));
    QList<State> states;
    connect(m_model.get(), &TableVersionModel::stateChanged, this,
            [&states](State state) { states.append(state); });
    m_model->loadAll();
    QTRY_COMPARE_WITH_TIMEOUT(m_model->state(), State::Loaded, TimeoutMs);
    QCOMPARE(m_model->rowCount(), 25);
    QCOMPARE(states, QList<State>{State::Loaded}); // loading from the first page to the last
}

void TestTableVersionModel::dropsAnswersForATableNoLongerShown()
{
    // The first table's page is answered and waiting in the event queue when the selection
    // moves on: it must not show up under the second table.
    m_model->setTable(SeededCatalog::id(u"ns$many"_s));
    m_catalog->waitForWorker();
    m_model->setTable(SeededCatalog::id(u"ns$few"_s));
    QTRY_COMPARE_WITH_TIMEOUT(m_model->state(), State::Loaded, TimeoutMs);
    m_catalog->settle(); // the stale page has been delivered too
    QCOMPARE(versions(*m_model), (QList<qint64>{3, 2, 1}));

    m_model->setTable(SeededCatalog::id(u"ns$many"_s));
    m_catalog->waitForWorker();
    m_model->clear();
    QCOMPARE(m_model->state(), State::NoTable);
    m_catalog->settle();
    QCOMPARE(m_model->rowCount(), 0);
    QVERIFY(!m_model->table());
}

void TestTableVersionModel::tracksRequestsAndCancelsQuietly()
{
    lance::activity::ActivityTracker tracker;
    TableVersionModel model(&m_catalog->service(), u"$"_s, &tracker);
    m_catalog->pauseWorker();
    model.setTable(SeededCatalog::id(u"ns$few"_s));
    QCOMPARE(tracker.runningCount(), 1);
    QCOMPARE(tracker.running().first().description, u"Listing versions of ns$few"_s);
    tracker.cancelAll();
    m_catalog->resumeWorker();
    QTRY_COMPARE_WITH_TIMEOUT(tracker.runningCount(), 0, TimeoutMs);
    QCOMPARE(model.state(), State::Loaded); // stopped, not failed
    QVERIFY(model.canFetchMore({}));
    model.fetchMore({});
    QTRY_COMPARE_WITH_TIMEOUT(model.rowCount(), 3, TimeoutMs);
}

void TestTableVersionModel::failsVisiblyAndRetries()
{
    QSignalSpy failed(m_model.get(), &TableVersionModel::loadFailed);
    m_model->setTable(SeededCatalog::id(u"ns$later"_s));
    QTRY_COMPARE_WITH_TIMEOUT(m_model->state(), State::Failed, TimeoutMs);
    QCOMPARE(failed.size(), 1);
    QCOMPARE(failed.first().first().toString(), m_model->lastError()->userMessage());
    QCOMPARE(m_model->lastError()->httpStatus(), 404);
    QVERIFY(!m_model->canFetchMore({})); // views must not retry on every scroll

    QVERIFY(m_catalog->declareTables(u"ns"_s, {u"later"_s}));
    QVERIFY(m_catalog->addVersions(u"ns$later"_s, 2));
    m_model->retry();
    QTRY_COMPARE_WITH_TIMEOUT(m_model->state(), State::Loaded, TimeoutMs);
    QVERIFY(!m_model->lastError());
    QCOMPARE(versions(*m_model), (QList<qint64>{2, 1}));
}

QString TestTableVersionModel::remoteManifest(qint64 version)
{
    // V2 naming: u64::MAX - version.
    return u"s3://lake/people.lance/_versions/%1.manifest"_s.arg(std::numeric_limits<quint64>::max()
                                                                 - quint64(version));
}

QString TestTableVersionModel::registerRemotePeople(qint64 count)
{
    m_folder = std::make_unique<QTemporaryDir>();
    const QString lake = m_folder->filePath(u"lake"_s);
    if (!lance::test::LanceFixture::copyInto(u"people.lance"_s, lake)) {
        return {};
    }
    lance::api::BatchCommitTablesRequest commit;
    lance::api::DeclareTableRequest declare;
    declare.id = SeededCatalog::id(u"remote"_s);
    declare.location = u"s3://lake/people.lance"_s;
    commit.operations.append(declare);
    for (qint64 version = 1; version <= count; ++version) {
        lance::api::CreateTableVersionRequest create;
        create.id = declare.id;
        create.version = version;
        create.manifestPath = remoteManifest(version);
        commit.operations.append(create);
    }
    const bool done = lance::test::succeeded(lance::test::awaitCall(m_catalog->service(), commit),
                                             u"the commit"_s);
    return done ? lake : QString();
}

void TestTableVersionModel::showsTheVersionsLanceDbWrote()
{
    m_folder = std::make_unique<QTemporaryDir>();
    QVERIFY(lance::test::LanceFixture::copyInto(u"people.lance"_s, m_folder->path()));
    m_catalog = std::make_unique<SeededCatalog>(m_folder->path());
    makeModel(*m_catalog);
    m_model->setTable(SeededCatalog::id(u"people"_s));
    QTRY_COMPARE_WITH_TIMEOUT(m_model->state(), State::Loaded, TimeoutMs);
    QCOMPARE(versions(*m_model), (QList<qint64>{3, 2, 1}));
    // V2 naming: u64::MAX - version, so version 3's manifest is ...612.
    QVERIFY(m_model->versionAt(0).manifestPath.endsWith(u"18446744073709551612.manifest"_s));
    QVERIFY(m_model->index(0, TableVersionModel::SizeColumn)
                .data(TableVersionModel::SizeBytesRole)
                .toLongLong()
            > 0);

    // What each version holds and what made it, from its manifest: 2 rows written, then 1
    // and 2 appended.
    const auto cell = [this](int row, int column, int role = Qt::DisplayRole) {
        return m_model->index(row, column).data(role);
    };
    QCOMPARE(cell(0, TableVersionModel::RowsColumn).toString(), u"5"_s);
    QCOMPARE(cell(0, TableVersionModel::RowsColumn, TableVersionModel::SortRole), QVariant(5LL));
    QCOMPARE(cell(0, TableVersionModel::RowsChangeColumn).toString(), u"+2"_s);
    QCOMPARE(cell(1, TableVersionModel::RowsChangeColumn).toString(), u"+1"_s);
    QCOMPARE(cell(2, TableVersionModel::RowsChangeColumn).toString(), QString()); // the first
    QCOMPARE(cell(0, TableVersionModel::OperationColumn).toString(), u"Append"_s);
    QCOMPARE(cell(2, TableVersionModel::OperationColumn).toString(), u"Overwrite"_s);
    QCOMPARE(cell(0, TableVersionModel::MessageColumn).toString(), QString());
    QCOMPARE(cell(0, TableVersionModel::WriterColumn).toString(), u"lance 8.0.0"_s);
    QVERIFY(cell(0, TableVersionModel::RowsColumn, Qt::ToolTipRole)
                .toString()
                .contains(u"Fragments: 3"_s));
    // The facts have their columns; the metadata column keeps what a writer recorded.
    QCOMPARE(cell(0, TableVersionModel::MetadataColumn).toString(), QString());
}

void TestTableVersionModel::showsAChangeOnlyWhenThePredecessorIsListed()
{
    // Pages of one: version 3's change is known once version 2 has arrived, and the view is
    // told so.
    m_folder = std::make_unique<QTemporaryDir>();
    QVERIFY(lance::test::LanceFixture::copyInto(u"people.lance"_s, m_folder->path()));
    m_catalog = std::make_unique<SeededCatalog>(m_folder->path());
    makeModel(*m_catalog);
    m_model->setPageSize(1);
    QSignalSpy changed(m_model.get(), &QAbstractItemModel::dataChanged);
    m_model->setTable(SeededCatalog::id(u"people"_s));
    QTRY_COMPARE_WITH_TIMEOUT(m_model->rowCount(), 1, TimeoutMs);
    QTRY_COMPARE_WITH_TIMEOUT(m_model->state(), State::Loaded, TimeoutMs);
    QCOMPARE(m_model->index(0, TableVersionModel::RowsChangeColumn).data().toString(), QString());
    m_model->fetchMore({});
    QTRY_COMPARE_WITH_TIMEOUT(m_model->rowCount(), 2, TimeoutMs);
    QCOMPARE(m_model->index(0, TableVersionModel::RowsChangeColumn).data().toString(), u"+2"_s);
    QVERIFY(!changed.isEmpty());
    QCOMPARE(changed.last().at(0).toModelIndex().row(), 0);
}

// A steward's walk: after versions 3-5 were deleted, version 6 showed "-1" in the change
// column with no sign that it was compared with version 2. And all ten versions LanceDB wrote
// in one second read the same time.
void TestTableVersionModel::saysWhenAChangeSpansDeletedVersions()
{
    m_folder = std::make_unique<QTemporaryDir>();
    QVERIFY(lance::test::LanceFixture::copyInto(u"people.lance"_s, m_folder->path()));
    m_catalog = std::make_unique<SeededCatalog>(m_folder->path());
    lance::api::BatchDeleteTableVersionsRequest remove;
    remove.id = SeededCatalog::id(u"people"_s);
    remove.ranges = {{2, 3}};
    QVERIFY(lance::test::awaitCall(m_catalog->service(), remove).hasValue());
    makeModel(*m_catalog);
    m_model->setTable(SeededCatalog::id(u"people"_s));
    QTRY_COMPARE_WITH_TIMEOUT(m_model->state(), State::Loaded, TimeoutMs);
    QCOMPARE(m_model->rowCount(), 2); // versions 3 and 1
    const QModelIndex change = m_model->index(0, TableVersionModel::RowsChangeColumn);
    QCOMPARE(change.data().toString(), u"+3 (since 1)"_s);
    QCOMPARE(change.data(Qt::ToolTipRole).toString(),
             u"Compared with version 1: version 2 is deleted, so this counts its changes as "
             "well."_s);
    // Milliseconds exactly where a neighbour shares the second.
    const auto utc = [this](int row) {
        return QDateTime::fromString(
            m_model->index(row, 0).data(TableVersionModel::TimestampUtcRole).toString(),
            Qt::ISODateWithMs);
    };
    const bool shared = utc(0).toSecsSinceEpoch() == utc(1).toSecsSinceEpoch();
    for (int row = 0; row < 2; ++row) {
        const QString shown = m_model->index(row, TableVersionModel::TimeColumn).data().toString();
        QCOMPARE(shown, utc(row).toLocalTime().toString(shared ? u"yyyy-MM-dd HH:mm:ss.zzz"_s
                                                               : u"yyyy-MM-dd HH:mm:ss"_s));
    }
    // Two versions half a second apart read apart; a third a second later keeps its seconds.
    const qint64 base = 1'750'000'000'000;
    const auto at = [](qint64 version, qint64 millis) {
        TableVersion staged{
            version, u"s3://x/%1"_s.arg(version), std::nullopt, std::nullopt, millis, {}};
        return staged;
    };
    m_model->setStagedVersions({at(12, base + 2500), at(11, base + 1500), at(10, base + 1000)});
    const auto shownAt = [this](int row) {
        return m_model->index(row, TableVersionModel::TimeColumn).data().toString();
    };
    const QString second = QDateTime::fromMSecsSinceEpoch(base + 1000, Qt::UTC)
                               .toLocalTime()
                               .toString(u"yyyy-MM-dd HH:mm:ss"_s);
    QCOMPARE(shownAt(1), second + u".500"_s);
    QCOMPARE(shownAt(2), second + u".000"_s);
    QVERIFY(!shownAt(0).contains(u'.'));
}

// Versions recorded at s3:// URIs: the catalog cannot read them and lists them without facts.
// Given where that bucket is mounted here, the model reads the manifests itself and fills the
// rows in; without it, the rows stay as the server sent them.
void TestTableVersionModel::readsWhatTheServerLeftOut()
{
    const QString lake = registerRemotePeople(3);
    QVERIFY(!lake.isEmpty());
    const lance::api::Identifier remote = SeededCatalog::id(u"remote"_s);
    m_model->setTable(remote);
    QTRY_COMPARE_WITH_TIMEOUT(m_model->state(), State::Loaded, TimeoutMs);
    QCOMPARE(m_model->rowCount(), 3);
    QCOMPARE(m_model->index(0, TableVersionModel::RowsColumn).data().toString(), QString());

    QSignalSpy changed(m_model.get(), &QAbstractItemModel::dataChanged);
    m_model->setManifestAccess(
        lance::details::ManifestAccess(lance::drop::PathMapping(lake, u"s3://lake"_s)));
    QTRY_COMPARE_WITH_TIMEOUT(m_model->index(2, TableVersionModel::RowsColumn).data().toString(),
                              u"2"_s, TimeoutMs);
    QTRY_COMPARE_WITH_TIMEOUT(m_model->index(0, TableVersionModel::RowsColumn).data().toString(),
                              u"5"_s, TimeoutMs);
    QCOMPARE(m_model->index(0, TableVersionModel::RowsChangeColumn).data().toString(), u"+2"_s);
    QCOMPARE(m_model->index(0, TableVersionModel::OperationColumn).data().toString(), u"Append"_s);
    QVERIFY(!changed.isEmpty());
    // A new listing of the same table is filled in as its pages arrive.
    m_model->setTable(remote);
    QTRY_COMPARE_WITH_TIMEOUT(
        m_model->index(1, TableVersionModel::OperationColumn).data().toString(), u"Append"_s,
        TimeoutMs);
    // Not reachable from here: left as the server sent it, nothing invented.
    m_model->setManifestAccess(lance::details::ManifestAccess());
    m_model->setTable(remote);
    QTRY_COMPARE_WITH_TIMEOUT(m_model->state(), State::Loaded, TimeoutMs);
    // Manifests are read on the global pool: a read started by mistake has finished and handed
    // its facts over once both are quiet.
    QThreadPool::globalInstance()->waitForDone();
    m_catalog->settle();
    QCOMPARE(m_model->index(0, TableVersionModel::RowsColumn).data().toString(), QString());
}

// Versions staged for creation are rows above the listed ones, with what their manifests hold,
// before anything is committed: the catalog has people's versions 1 and 2 (at s3:// URIs it
// cannot read, mounted here), and version 3 is staged from its manifest.
void TestTableVersionModel::showsStagedVersionsAboveTheListed()
{
    const QString lake = registerRemotePeople(2);
    QVERIFY(!lake.isEmpty());
    const lance::api::Identifier remote = SeededCatalog::id(u"remote"_s);
    const auto manifest = &TestTableVersionModel::remoteManifest;
    m_model->setManifestAccess(
        lance::details::ManifestAccess(lance::drop::PathMapping(lake, u"s3://lake"_s)));

    // Staged while no table is shown: nothing to show it on.
    const TableVersion staged{3, manifest(3), std::nullopt, std::nullopt, std::nullopt, {}};
    m_model->setStagedVersions({staged});
    QCOMPARE(m_model->rowCount(), 0);

    // Staged before the first page arrives: the row is there at once, its change unknown.
    m_model->setTable(remote);
    m_model->setStagedVersions({staged});
    QCOMPARE(m_model->stagedCount(), 1);
    QVERIFY(m_model->isStaged(0));
    QVERIFY(m_model->index(0, 0).data(TableVersionModel::StagedRole).toBool());
    QCOMPARE(m_model->index(0, TableVersionModel::RowsChangeColumn).data().toString(), QString());
    QVERIFY(m_model->index(0, TableVersionModel::VersionColumn)
                .data(Qt::ToolTipRole)
                .toString()
                .startsWith(u"Staged"_s));
    QTRY_COMPARE_WITH_TIMEOUT(m_model->state(), State::Loaded, TimeoutMs);
    QCOMPARE(versions(*m_model), (QList<qint64>{3, 2, 1}));
    QCOMPARE(m_model->listedVersions().size(), 2);
    QVERIFY(!m_model->index(1, 0).data(TableVersionModel::StagedRole).toBool());
    // Read from the staged manifest: 5 rows, 2 more than the latest listed version.
    QTRY_COMPARE_WITH_TIMEOUT(m_model->index(0, TableVersionModel::RowsColumn).data().toString(),
                              u"5"_s, TimeoutMs);
    QTRY_COMPARE_WITH_TIMEOUT(
        m_model->index(0, TableVersionModel::RowsChangeColumn).data().toString(), u"+2"_s,
        TimeoutMs);
    QCOMPARE(m_model->index(0, TableVersionModel::OperationColumn).data().toString(), u"Append"_s);
    // Sorted, staged versions sort as the numbers they are.
    m_sorted->sort(TableVersionModel::VersionColumn, Qt::AscendingOrder);
    QCOMPARE(versions(*m_sorted), (QList<qint64>{1, 2, 3}));
    QVERIFY(m_sorted->index(2, 0).data(TableVersionModel::StagedRole).toBool());
    m_sorted->sort(-1);

    // The same staged list again changes nothing (the Pending Changes changed elsewhere).
    QSignalSpy removed(m_model.get(), &QAbstractItemModel::rowsRemoved);
    m_model->setStagedVersions({staged});
    QCOMPARE(removed.count(), 0);
    QCOMPARE(m_model->index(0, TableVersionModel::RowsColumn).data().toString(), u"5"_s);

    // A second staged version with a listed one's number (a clash the staging checks report)
    // is a row of its own, with what its own manifest says: here, that it holds another
    // version. The listed version 2 keeps its facts.
    const TableVersion clash{2, manifest(1), std::nullopt, std::nullopt, std::nullopt, {}};
    m_model->setStagedVersions({clash, staged});
    QCOMPARE(versions(*m_model), (QList<qint64>{3, 2, 2, 1}));
    QCOMPARE(m_model->index(0, TableVersionModel::RowsColumn).data().toString(), u"5"_s);
    QTRY_VERIFY_WITH_TIMEOUT(m_model->index(1, TableVersionModel::RowsColumn)
                                 .data(Qt::ToolTipRole)
                                 .toString()
                                 .startsWith(u"Not known: The manifest"_s),
                             TimeoutMs);
    QVERIFY(m_model->index(1, TableVersionModel::RowsColumn)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(u"is of version 1, not 2"_s));
    // Said in the cell, not left blank.
    QCOMPARE(m_model->index(1, TableVersionModel::RowsColumn).data().toString(), u"unreadable"_s);
    QCOMPARE(m_model->index(2, TableVersionModel::RowsColumn).data().toString(), u"3"_s);
    QVERIFY(m_model->isStaged(1) && !m_model->isStaged(2));

    // Unstaged, the rows go; another table shows none of them.
    m_model->setStagedVersions({});
    QCOMPARE(versions(*m_model), (QList<qint64>{2, 1}));
    m_model->setStagedVersions({staged});
    m_model->setTable(SeededCatalog::id(u"ns$few"_s));
    QCOMPARE(m_model->stagedCount(), 0);
    QTRY_COMPARE_WITH_TIMEOUT(m_model->state(), State::Loaded, TimeoutMs);
    QCOMPARE(versions(*m_model), (QList<qint64>{3, 2, 1}));
    QVERIFY(!m_model->isStaged(0));
}

LCB_TEST_GUILESS_MAIN(TestTableVersionModel)
#include "TestTableVersionModel.moc"
