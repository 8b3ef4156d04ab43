// SPDX-License-Identifier: Apache-2.0
// ManifestDropPlanner on real LanceDB data (people.lance, versions 1-3 in the V2 scheme), V1-named
// copies, and the files a steward may drop with them: detached and staging manifests, the version
// hint, damaged and foreign files, versions the catalog has, the same version twice, folders on
// the wrong target and paths a remote profile's mapping does not cover.
#include "LanceFixture.h"
#include "TestData.h"
#include "TestFiles.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "api/BatchCommitValidator.h"
#include "drop/ManifestDropPlanner.h"
#include "format/LocalPaths.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance;
using api::ManifestNamingScheme;
using drop::ManifestDropPlan;
using drop::ManifestDropPlanner;
using drop::PathMapper;
using drop::PathMapping;
using Kind = ManifestDropPlan::Problem::Kind;
using Target = ManifestDropPlanner::Target;

namespace {

const api::Identifier Table{QStringList{u"lake"_s, u"people"_s}};
const api::Identifier Namespace{QStringList{u"lake"_s}};

QString v2Name(qint64 version)
{
    return u"%1.manifest"_s.arg(std::numeric_limits<quint64>::max() - quint64(version));
}

// The CreateTableVersion operations of `plan`, as (version, scheme) pairs, in plan order.
QList<std::pair<qint64, ManifestNamingScheme>> versionsOf(const ManifestDropPlan &plan)
{
    QList<std::pair<qint64, ManifestNamingScheme>> versions;
    for (const api::CommitTableOperation &operation : plan.operations) {
        if (const auto *create = std::get_if<api::CreateTableVersionRequest>(&operation)) {
            versions.append({create->version, create->namingScheme.value()});
        }
    }
    return versions;
}

const api::CreateTableVersionRequest &createAt(const ManifestDropPlan &plan, qsizetype i)
{
    return std::get<api::CreateTableVersionRequest>(plan.operations.at(i));
}

QList<Kind> kindsOf(const ManifestDropPlan &plan)
{
    QList<Kind> kinds;
    for (const auto &problem : plan.problems) {
        kinds.append(problem.kind);
    }
    return kinds;
}

using V = ManifestNamingScheme;
const QList<std::pair<qint64, ManifestNamingScheme>> AllV2{{1, V::V2}, {2, V::V2}, {3, V::V2}};

} // namespace

class TestManifestDropPlan : public QObject
{
    Q_OBJECT

private slots:
    void init();

    void manifestsOnATableStageAscendingVersions();
    void v1NamedCopiesKeepTheirScheme();
    void aVersionsFolderStagesAllItsManifests();
    void detachedAndStagingFilesAreSkippedWithANote();
    void mixedValidAndInvalidFilesKeepTheValidPart();
    void versionsTheCatalogHasAreProblems();
    void theSameVersionTwiceIsAProblem();
    void aDatasetOnANamespaceDeclaresItsTable();
    void aDatasetCanBeRenamed();
    void takenAndInvalidTableNamesAreProblems();
    void wrongTargetsAreProblems();
    void aRemoteMappingNamesEveryPath();
    void pathsOutsideTheMappingNeedMapping();
    void defaultTableNames();

private:
    ManifestDropPlan planOnTable(const QStringList &paths, QSet<qint64> known = {}) const;
    QString versionsFolder() const { return m_people + u"/_versions"_s; }
    QString peopleFile(qint64 version) const { return versionsFolder() + u'/' + v2Name(version); }
    QString copyAs(qint64 version, const QString &path) const;

    std::optional<QTemporaryDir> m_dir;
    QString m_people; //!< a copy of people.lance
    QString m_v1;     //!< a copy of its _versions with V1 names 1-3.manifest
};

void TestManifestDropPlan::init()
{
    m_dir.emplace();
    QVERIFY(m_dir->isValid());
    QVERIFY(test::LanceFixture::copyInto(u"people.lance"_s, m_dir->path()));
    m_people = m_dir->filePath(u"people.lance"_s);
    m_v1 = m_dir->filePath(u"v1/people.lance/_versions"_s);
    for (qint64 version = 1; version <= 3; ++version) {
        copyAs(version, m_v1 + u"/%1.manifest"_s.arg(version));
    }
}

QString TestManifestDropPlan::copyAs(qint64 version, const QString &path) const
{
    return test::TestFiles::write(path, test::TestFiles::read(peopleFile(version)));
}

ManifestDropPlan TestManifestDropPlan::planOnTable(const QStringList &paths,
                                                   QSet<qint64> known) const
{
    return ManifestDropPlanner(Target::table(Table, std::move(known)), PathMapper::local())
        .plan(paths);
}

void TestManifestDropPlan::manifestsOnATableStageAscendingVersions()
{
    const ManifestDropPlan plan = planOnTable({peopleFile(3), peopleFile(1), peopleFile(2)});
    QCOMPARE(plan.problems, {});
    QCOMPARE(plan.notes, {});
    QCOMPARE(versionsOf(plan), AllV2);
    const qint64 sizes[] = {510, 500, 584};
    for (qint64 version = 1; version <= 3; ++version) {
        const api::CreateTableVersionRequest &create = createAt(plan, version - 1);
        QCOMPARE(create.id, Table);
        QCOMPARE(create.manifestSize.value_or(-1), sizes[version - 1]);
        // The local catalog's spelling, as CreateVersionDialog fills it.
        QCOMPARE(create.manifestPath, format::LocalPaths::objectStorePath(peopleFile(version)));
    }
    QCOMPARE(plan.toBatchCommitRequest().operations, plan.operations);
    LCB_VERIFY_OK(api::BatchCommitValidator::check(plan.toBatchCommitRequest()));
}

void TestManifestDropPlan::v1NamedCopiesKeepTheirScheme()
{
    const ManifestDropPlan plan = planOnTable({m_v1 + u"/2.manifest"_s, m_v1 + u"/1.manifest"_s});
    QCOMPARE(plan.problems, {});
    QCOMPARE(versionsOf(plan), (QList<std::pair<qint64, V>>{{1, V::V1}, {2, V::V1}}));
    QVERIFY(createAt(plan, 0).manifestPath.endsWith(u"v1/people.lance/_versions/1.manifest"_s));
}

void TestManifestDropPlan::aVersionsFolderStagesAllItsManifests()
{
    // The real folder holds latest_version_hint.json too: ignored without a note.
    QVERIFY(QFile::exists(versionsFolder() + u"/latest_version_hint.json"_s));
    const ManifestDropPlan plan = planOnTable({versionsFolder()});
    QCOMPARE(plan.problems, {});
    QCOMPARE(plan.notes, {});
    QCOMPARE(versionsOf(plan), AllV2);

    // So is the hint dropped on its own, and a folder with nothing to stage says so.
    const QString empty = m_dir->filePath(u"empty.lance/_versions"_s);
    QVERIFY(QDir().mkpath(empty));
    const ManifestDropPlan nothing
        = planOnTable({versionsFolder() + u"/latest_version_hint.json"_s, empty});
    QCOMPARE(nothing.problems, {});
    QCOMPARE(nothing.operations, {});
    QCOMPARE(nothing.notes, QStringList{u"%1 holds no manifests."_s.arg(empty)});
}

void TestManifestDropPlan::detachedAndStagingFilesAreSkippedWithANote()
{
    const QString detached = copyAs(2, versionsFolder() + u"/d7f3a.manifest"_s);
    const QString staging = copyAs(3, versionsFolder() + u"/"_s + v2Name(4)
                                          + u"-5b2f3c1e-7a4d-4e8b-9c0f-1d2e3f4051"_s);
    const QString stray = test::TestFiles::write(versionsFolder() + u"/notes.txt"_s, "hello");

    const ManifestDropPlan plan = planOnTable({versionsFolder()});
    QCOMPARE(plan.problems, {});
    QCOMPARE(versionsOf(plan), AllV2);
    QCOMPARE(plan.notes.size(), 3);
    // In the folder's name order: the staging file's digits come first.
    QVERIFY2(plan.notes.at(0).startsWith(
                 u"Skipped %1, which is a manifest a writer left"_s.arg(staging)),
             qPrintable(plan.notes.at(0)));
    QVERIFY2(
        plan.notes.at(1).startsWith(u"Skipped %1, which is a detached manifest"_s.arg(detached)),
        qPrintable(plan.notes.at(1)));
    QVERIFY2(plan.notes.at(2).startsWith(u"Skipped %1, which is not named like"_s.arg(stray)),
             qPrintable(plan.notes.at(2)));

    // Dropped one by one they are skipped the same way; only the stray file, dropped on
    // purpose, is a problem.
    const ManifestDropPlan dropped = planOnTable({detached, staging, stray});
    QCOMPARE(dropped.notes.size(), 2);
    QCOMPARE(kindsOf(dropped), {Kind::NotLance});
    QCOMPARE(dropped.problems.at(0).path, stray);
}

void TestManifestDropPlan::mixedValidAndInvalidFilesKeepTheValidPart()
{
    const QByteArray real = test::TestFiles::read(peopleFile(3));
    const QString mismatched = copyAs(1, m_dir->filePath(u"drop/3.manifest"_s));
    const QString truncated
        = test::TestFiles::write(m_dir->filePath(u"drop/4.manifest"_s), real.left(real.size() / 2));
    const QString foreign
        = test::TestFiles::write(m_dir->filePath(u"drop/5.manifest"_s), "{\"version\": 5}\n");
    const QString missing = m_dir->filePath(u"drop/6.manifest"_s);

    const ManifestDropPlan plan
        = planOnTable({peopleFile(1), mismatched, truncated, peopleFile(2), foreign, missing});
    // The valid part, ready to stage if the steward confirms.
    QCOMPARE(versionsOf(plan), (QList<std::pair<qint64, V>>{{1, V::V2}, {2, V::V2}}));
    QCOMPARE(kindsOf(plan),
             (QList<Kind>{Kind::Refused, Kind::Refused, Kind::Refused, Kind::NotLance}));
    QCOMPARE(plan.problems.at(0).path, mismatched);
    QCOMPARE(plan.problems.at(0).message,
             u"%1 is named as version 3 but holds version 1."_s.arg(mismatched));
    QCOMPARE(plan.problems.at(1).path, truncated);
    QVERIFY2(plan.problems.at(1).message.startsWith(truncated + u" is "_s),
             qPrintable(plan.problems.at(1).message));
    QCOMPARE(plan.problems.at(2).path, foreign);
    QCOMPARE(plan.problems.at(2).message,
             u"%1 is not a Lance manifest (no LANC footer)."_s.arg(foreign));
    QCOMPARE(plan.problems.at(3).message, u"%1 does not exist."_s.arg(missing));
    QVERIFY(!plan.needsMapping());
}

void TestManifestDropPlan::versionsTheCatalogHasAreProblems()
{
    const ManifestDropPlan plan = planOnTable({versionsFolder()}, {1, 2});
    QCOMPARE(versionsOf(plan), (QList<std::pair<qint64, V>>{{3, V::V2}}));
    QCOMPARE(kindsOf(plan), (QList<Kind>{Kind::KnownVersion, Kind::KnownVersion}));
    QCOMPARE(plan.problems.at(0).version, std::optional<qint64>(1));
    QCOMPARE(plan.problems.at(0).message,
             u"Table lake$people has version 1 already (%1)."_s.arg(peopleFile(1)));
    QCOMPARE(plan.problems.at(1).version, std::optional<qint64>(2));
}

void TestManifestDropPlan::theSameVersionTwiceIsAProblem()
{
    // Version 1 under both names: neither is staged, since either could be meant.
    const QString v1 = m_v1 + u"/1.manifest"_s;
    const ManifestDropPlan plan = planOnTable({versionsFolder(), v1, m_v1 + u"/3.manifest"_s});
    QCOMPARE(versionsOf(plan), (QList<std::pair<qint64, V>>{{2, V::V2}}));
    QCOMPARE(kindsOf(plan), (QList<Kind>{Kind::DuplicateVersion, Kind::DuplicateVersion}));
    QCOMPARE(plan.problems.at(0).version, std::optional<qint64>(1));
    QCOMPARE(plan.problems.at(0).message,
             u"Version 1 is in the drop more than once: %1, %2."_s.arg(peopleFile(1), v1));
    QCOMPARE(plan.problems.at(1).version, std::optional<qint64>(3));

    // The same file reached twice (its folder and itself, or a path spelled another way) is
    // one file, not a duplicate.
    const ManifestDropPlan once = planOnTable(
        {versionsFolder(), peopleFile(2), m_people + u"/./_versions//"_s + v2Name(3)});
    QCOMPARE(once.problems, {});
    QCOMPARE(versionsOf(once), AllV2);
}

void TestManifestDropPlan::aDatasetOnANamespaceDeclaresItsTable()
{
    const ManifestDropPlanner planner(Target::inNamespace(Namespace, {u"orders"_s}),
                                      PathMapper::local());
    const ManifestDropPlan plan = planner.plan({m_people});
    QCOMPARE(plan.problems, {});
    QCOMPARE(plan.datasets, (QList<ManifestDropPlan::Dataset>{{m_people, u"people"_s}}));
    QCOMPARE(plan.operations.size(), 4);
    const auto &declare = std::get<api::DeclareTableRequest>(plan.operations.at(0));
    QCOMPARE(declare.id, Table);
    QCOMPARE(declare.location.value_or(QString()),
             m_people); // absolute: a relative one is inside the catalog
    QCOMPARE(versionsOf(plan), AllV2);
    for (qsizetype i = 1; i < 4; ++i) {
        QCOMPARE(createAt(plan, i).id, Table);
        QCOMPARE(createAt(plan, i).manifestPath,
                 format::LocalPaths::objectStorePath(peopleFile(i)));
    }
    LCB_VERIFY_OK(api::BatchCommitValidator::check(plan.toBatchCommitRequest()));

    // Its staging leftovers are noted as in any _versions folder.
    copyAs(1, versionsFolder() + u"/d1.manifest"_s);
    QCOMPARE(planner.plan({m_people}).notes.size(), 1);
}

void TestManifestDropPlan::aDatasetCanBeRenamed()
{
    ManifestDropPlanner planner(Target::inNamespace(Namespace), PathMapper::local());
    planner.setTableName(m_people + u"/"_s, u"crowd"_s); // however the folder is spelled
    ManifestDropPlan plan = planner.plan({m_people});
    QCOMPARE(plan.datasets.at(0).tableName, u"crowd"_s);
    const api::Identifier crowd = Namespace.child(u"crowd"_s);
    QCOMPARE(std::get<api::DeclareTableRequest>(plan.operations.at(0)).id, crowd);
    QCOMPARE(createAt(plan, 3).id, crowd);

    planner.setTableName(m_people, QString()); // back to the folder's name
    plan = planner.plan({m_people});
    QCOMPARE(plan.datasets.at(0).tableName, u"people"_s);
}

void TestManifestDropPlan::takenAndInvalidTableNamesAreProblems()
{
    ManifestDropPlanner planner(Target::inNamespace(Namespace, {u"people"_s}), PathMapper::local());
    ManifestDropPlan plan = planner.plan({m_people});
    QCOMPARE(kindsOf(plan), {Kind::TableName});
    QCOMPARE(plan.operations, {}); // no versions for a table that will not be declared
    QCOMPARE(plan.problems.at(0).message,
             u"Namespace lake has a table named people already; rename the table for %1."_s.arg(
                 m_people));

    planner.setTableName(m_people, u"a$b"_s);
    plan = planner.plan({m_people});
    QCOMPARE(kindsOf(plan), {Kind::TableName});
    QVERIFY2(plan.problems.at(0).message.contains(u"Rename the table."_s),
             qPrintable(plan.problems.at(0).message));

    // Two folders of one drop that would become the same table: the second is refused.
    QVERIFY(test::LanceFixture::copyInto(u"people.lance"_s, m_dir->filePath(u"copy"_s)));
    const QString other = m_dir->filePath(u"copy/people.lance"_s);
    plan = ManifestDropPlanner(Target::inNamespace(Namespace), PathMapper::local())
               .plan({m_people, other});
    QCOMPARE(kindsOf(plan), {Kind::TableName});
    QCOMPARE(plan.problems.at(0).path, other);
    QCOMPARE(plan.operations.size(), 4);
    QCOMPARE(plan.datasets.size(), 2);
}

void TestManifestDropPlan::wrongTargetsAreProblems()
{
    const ManifestDropPlan onTable = planOnTable({m_people, peopleFile(1)});
    QCOMPARE(kindsOf(onTable), {Kind::WrongTarget});
    QCOMPARE(onTable.problems.at(0).path, m_people);
    QCOMPARE(versionsOf(onTable), (QList<std::pair<qint64, V>>{{1, V::V2}}));

    const ManifestDropPlan onNamespace
        = ManifestDropPlanner(Target::inNamespace(Namespace), PathMapper::local())
              .plan({versionsFolder(), peopleFile(1),
                     versionsFolder() + u"/latest_version_hint.json"_s});
    QCOMPARE(kindsOf(onNamespace), (QList<Kind>{Kind::WrongTarget, Kind::WrongTarget}));
    QCOMPARE(onNamespace.operations, {});

    // A folder that is neither a dataset nor a _versions folder, and a dataset without one.
    const QString plain = m_dir->filePath(u"plain"_s);
    const QString hollow = m_dir->filePath(u"hollow.lance"_s);
    QVERIFY(QDir().mkpath(plain) && QDir().mkpath(hollow));
    const ManifestDropPlan neither
        = ManifestDropPlanner(Target::inNamespace(Namespace), PathMapper::local())
              .plan({plain, hollow});
    QCOMPARE(kindsOf(neither), (QList<Kind>{Kind::NotLance, Kind::NotLance}));
    QCOMPARE(neither.problems.at(1).message,
             u"%1 has no _versions folder, so it holds no Lance table versions."_s.arg(hollow));
}

void TestManifestDropPlan::aRemoteMappingNamesEveryPath()
{
    const PathMapper mapper = PathMapper::remote(PathMapping(m_dir->path(), u"s3://lake/raw/"_s));
    const ManifestDropPlan onTable
        = ManifestDropPlanner(Target::table(Table), mapper).plan({m_v1, peopleFile(3)});
    QCOMPARE(onTable.problems.size(), 1); // version 3 twice
    QCOMPARE(createAt(onTable, 0).manifestPath,
             u"s3://lake/raw/v1/people.lance/_versions/1.manifest"_s);

    const ManifestDropPlan onNamespace
        = ManifestDropPlanner(Target::inNamespace(Namespace), mapper).plan({m_people});
    QCOMPARE(onNamespace.problems, {});
    QCOMPARE(std::get<api::DeclareTableRequest>(onNamespace.operations.at(0)).location,
             std::optional(u"s3://lake/raw/people.lance"_s));
    QCOMPARE(createAt(onNamespace, 1).manifestPath,
             u"s3://lake/raw/people.lance/_versions/"_s + v2Name(1));
}

void TestManifestDropPlan::pathsOutsideTheMappingNeedMapping()
{
    const PathMapper mapper
        = PathMapper::remote(PathMapping(m_dir->filePath(u"v1"_s), u"s3://lake/v1"_s));
    const ManifestDropPlan plan = ManifestDropPlanner(Target::table(Table), mapper)
                                      .plan({peopleFile(1), m_v1 + u"/2.manifest"_s});
    QVERIFY(plan.needsMapping());
    QCOMPARE(plan.unmappedPaths(), QStringList{peopleFile(1)});
    QCOMPARE(plan.problems.at(0).message,
             u"%1 lies outside every folder the path mapping covers, so the server cannot be "
             "told where it is."_s.arg(peopleFile(1)));
    QCOMPARE(versionsOf(plan), (QList<std::pair<qint64, V>>{{2, V::V1}}));

    // A dataset outside the mapping is one problem, for its folder.
    const ManifestDropPlan dataset
        = ManifestDropPlanner(Target::inNamespace(Namespace), mapper).plan({m_people});
    QCOMPARE(dataset.unmappedPaths(), QStringList{m_people});
    QCOMPARE(dataset.operations, {});

    // The empty mapping of a profile that has none yet maps nothing.
    QVERIFY(ManifestDropPlanner(Target::table(Table), PathMapper::remote({}))
                .plan({peopleFile(1)})
                .needsMapping());
}

void TestManifestDropPlan::defaultTableNames()
{
    QCOMPARE(ManifestDropPlanner::defaultTableName(u"/data/people.lance"_s), u"people"_s);
    QCOMPARE(ManifestDropPlanner::defaultTableName(u"/data/people.lance/"_s), u"people"_s);
    QCOMPARE(ManifestDropPlanner::defaultTableName(u"/data/people"_s), u"people"_s);
    // A LanceDB directory namespace's child table folder, as in tests/data/lance/dir-namespace.
    QCOMPARE(ManifestDropPlanner::defaultTableName(u"/d/a6c854b0_sales$orders"_s), u"orders"_s);
    QVERIFY(ManifestDropPlanner::isDatasetFolder(
        test::TestData::path(u"lance/dir-namespace/a6c854b0_sales$orders"_s)));
    QVERIFY(ManifestDropPlanner::isDatasetFolder(m_people));
    QVERIFY(!ManifestDropPlanner::isDatasetFolder(versionsFolder()));
    QVERIFY(!ManifestDropPlanner::isDatasetFolder(peopleFile(1)));
}

LCB_TEST_GUILESS_MAIN(TestManifestDropPlan)
#include "TestManifestDropPlan.moc"
