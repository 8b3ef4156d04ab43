// SPDX-License-Identifier: Apache-2.0
// `lance-catalog stage-manifests`, the real executable on copies of real LanceDB data: its
// request fed to the real `lance-catalog commit` on a local catalog, and the versions read back.
#include "CliRun.h"
#include "JsonText.h"
#include "LanceFixture.h"
#include "TestFiles.h"
#include "TestRegistry.h"
#include "format/LocalPaths.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::test::CliRun;
using lance::test::JsonText;
using lance::test::TestFiles;

namespace {

QString v2Name(qint64 version)
{
    return u"%1.manifest"_s.arg(std::numeric_limits<quint64>::max() - quint64(version));
}

// Each operation's kind and version (0 for a declare), in order.
QStringList summaryOf(const QJsonArray &operations)
{
    QStringList summary;
    for (const QJsonValue &operation : operations) {
        const QJsonObject object = operation.toObject();
        const QString kind = object.keys().value(0);
        const QJsonObject body = object.value(kind).toObject();
        summary.append(kind + u' ' + QString::number(body.value(u"version"_s).toInteger()));
    }
    return summary;
}

} // namespace

class TestCliStageManifests : public QObject
{
    Q_OBJECT

private slots:
    void init();

    void helpDocumentsTheCommand();
    void aDatasetIsDeclaredCommittedAndReadBack();
    void v1NamedCopiesJoinADeclaredTable();
    void versionsTheCatalogHasAreRefused();
    void withoutACatalogOnlyTheFilesAreChecked();
    void mapNamesPathsForARemoteServer();
    void problemsPrintNothing();
    void badOptionsAreUsageErrors_data();
    void badOptionsAreUsageErrors();

private:
    QString versionsFolder() const { return m_people + u"/_versions"_s; }
    /// Runs stage-manifests, then commit on its output through standard input.
    CliRun stageAndCommit(const QStringList &stageArguments);

    std::optional<QTemporaryDir> m_dir;
    QString m_catalog; //!< the --local catalog folder, empty at first
    QString m_people;  //!< a copy of people.lance outside the catalog folder
};

void TestCliStageManifests::init()
{
    m_dir.emplace();
    QVERIFY(m_dir->isValid());
    m_catalog = m_dir->filePath(u"catalog"_s);
    // Outside the catalog folder, which would register it on first use.
    QVERIFY(lance::test::LanceFixture::copyInto(u"people.lance"_s, m_dir->filePath(u"data"_s)));
    m_people = m_dir->filePath(u"data/people.lance"_s);
}

CliRun TestCliStageManifests::stageAndCommit(const QStringList &stageArguments)
{
    const CliRun staged
        = CliRun::runLocal(m_catalog, QStringList{u"stage-manifests"_s} + stageArguments);
    if (staged.exitCode != 0) {
        return staged;
    }
    return CliRun::run({u"--local"_s, m_catalog, u"commit"_s, u"-"_s}, {}, staged.out.toUtf8());
}

void TestCliStageManifests::helpDocumentsTheCommand()
{
    const CliRun help = CliRun::run({u"--help"_s});
    QCOMPARE(help.exitCode, 0);
    const QString text = help.out.simplified();
    for (const QString &words :
         {u"stage-manifests TABLE FILE... [--map LOCAL=URI]"_s, u"ready for the commit command"_s,
          u"--map LOCAL=URI"_s,
          u"Every command but help, stage-manifests and copy-catalog needs"_s}) {
        QVERIFY2(text.contains(words), qPrintable(words));
    }
    const CliRun command = CliRun::run({u"help"_s, u"stage-manifests"_s});
    QCOMPARE(command.exitCode, 0);
    QVERIFY(command.out.contains(u"--map LOCAL=URI"_s));
}

void TestCliStageManifests::aDatasetIsDeclaredCommittedAndReadBack()
{
    const CliRun staged
        = CliRun::runLocal(m_catalog, {u"stage-manifests"_s, u"people"_s, m_people});
    QVERIFY2(staged.exitCode == 0, qPrintable(staged.err));
    QCOMPARE(summaryOf(JsonText::operationsOf(staged.out)),
             (QStringList{u"declare_table 0"_s, u"create_table_version 1"_s,
                          u"create_table_version 2"_s, u"create_table_version 3"_s}));
    const QJsonObject declare
        = JsonText::operationsOf(staged.out).at(0).toObject().value(u"declare_table"_s).toObject();
    QCOMPARE(declare.value(u"location"_s).toString(), m_people);

    const CliRun committed = stageAndCommit({u"people"_s, m_people});
    QVERIFY2(committed.exitCode == 0, qPrintable(committed.err));

    const CliRun versions = CliRun::runLocal(m_catalog, {u"--json"_s, u"versions"_s, u"people"_s});
    QVERIFY2(versions.exitCode == 0, qPrintable(versions.err));
    const QJsonArray listed
        = QJsonDocument::fromJson(versions.out.toUtf8()).object().value(u"versions"_s).toArray();
    QCOMPARE(listed.size(), 3);
    const qint64 sizes[] = {510, 500, 584};
    for (const QJsonValue &value : listed) {
        const QJsonObject version = value.toObject();
        const qint64 number = version.value(u"version"_s).toInteger();
        QVERIFY(number >= 1 && number <= 3);
        QCOMPARE(
            version.value(u"manifest_path"_s).toString(),
            lance::format::LocalPaths::objectStorePath(versionsFolder() + u'/' + v2Name(number)));
        QCOMPARE(version.value(u"manifest_size"_s).toInteger(), sizes[number - 1]);
    }
}

void TestCliStageManifests::v1NamedCopiesJoinADeclaredTable()
{
    // A table declared (through a batch) at a folder whose _versions holds V1 names.
    const QString folder = m_dir->filePath(u"v1/people.lance"_s);
    QStringList files;
    for (qint64 version = 1; version <= 3; ++version) {
        files.append(TestFiles::write(folder + u"/_versions/%1.manifest"_s.arg(version),
                                      TestFiles::read(versionsFolder() + u'/' + v2Name(version))));
    }
    const QString declare = TestFiles::write(
        m_dir->filePath(u"declare.json"_s),
        QJsonDocument(QJsonObject{{u"operations"_s, QJsonArray{QJsonObject{
                                                        {u"declare_table"_s,
                                                         QJsonObject{{u"id"_s, QJsonArray{u"v1"_s}},
                                                                     {u"location"_s, folder}}}}}}})
            .toJson());
    const CliRun declared = CliRun::runLocal(m_catalog, {u"commit"_s, declare});
    QVERIFY2(declared.exitCode == 0, qPrintable(declared.err));

    // Given out of order, and version 1 twice: a file counts once.
    const CliRun staged = CliRun::runLocal(m_catalog, {u"stage-manifests"_s, u"v1"_s, files.at(2),
                                                       folder + u"/_versions"_s, files.at(0)});
    QVERIFY2(staged.exitCode == 0, qPrintable(staged.err));
    const QJsonArray operations = JsonText::operationsOf(staged.out);
    QCOMPARE(summaryOf(operations),
             (QStringList{u"create_table_version 1"_s, u"create_table_version 2"_s,
                          u"create_table_version 3"_s}));
    for (const QJsonValue &operation : operations) {
        QCOMPARE(operation.toObject()
                     .value(u"create_table_version"_s)
                     .toObject()
                     .value(u"naming_scheme"_s)
                     .toString(),
                 u"V1"_s);
    }
    const CliRun committed
        = CliRun::run({u"--local"_s, m_catalog, u"commit"_s, u"-"_s}, {}, staged.out.toUtf8());
    QVERIFY2(committed.exitCode == 0, qPrintable(committed.err));
    const CliRun versions = CliRun::runLocal(m_catalog, {u"versions"_s, u"v1"_s});
    QVERIFY2(versions.exitCode == 0, qPrintable(versions.err));
    QVERIFY2(versions.out.contains(u"v1/people.lance/_versions/3.manifest"_s),
             qPrintable(versions.out));
}

void TestCliStageManifests::versionsTheCatalogHasAreRefused()
{
    QCOMPARE(stageAndCommit({u"people"_s, m_people}).exitCode, 0);

    const CliRun again
        = CliRun::runLocal(m_catalog, {u"stage-manifests"_s, u"people"_s, versionsFolder()});
    QCOMPARE(again.exitCode, 1);
    QCOMPARE(again.out, QString());
    QVERIFY2(again.err.contains(u"Table people has version 1 already"_s), qPrintable(again.err));
    QVERIFY2(again.err.contains(u"Nothing printed"_s), qPrintable(again.err));

    // The dataset once more: its table exists now.
    const CliRun redeclare
        = CliRun::runLocal(m_catalog, {u"stage-manifests"_s, u"people"_s, m_people});
    QCOMPARE(redeclare.exitCode, 1);
    QVERIFY2(redeclare.err.contains(u"has a table named people already"_s),
             qPrintable(redeclare.err));

    // Manifests for a table the catalog does not have: its refusal, before any file is read.
    const CliRun missing
        = CliRun::runLocal(m_catalog, {u"stage-manifests"_s, u"nobody"_s, versionsFolder()});
    QCOMPARE(missing.exitCode, 2);
    QCOMPARE(missing.out, QString());
}

void TestCliStageManifests::withoutACatalogOnlyTheFilesAreChecked()
{
    const CliRun staged = CliRun::run(
        {u"stage-manifests"_s, u"sales$people"_s, versionsFolder() + u'/' + v2Name(2)});
    QVERIFY2(staged.exitCode == 0, qPrintable(staged.err));
    const QJsonObject create = JsonText::operationsOf(staged.out)
                                   .at(0)
                                   .toObject()
                                   .value(u"create_table_version"_s)
                                   .toObject();
    QCOMPARE(create.value(u"id"_s).toArray(), (QJsonArray{u"sales"_s, u"people"_s}));
    QCOMPARE(create.value(u"version"_s).toInteger(), 2);
    QCOMPARE(create.value(u"manifest_size"_s).toInteger(), 500);
    QCOMPARE(create.value(u"naming_scheme"_s).toString(), u"V2"_s);
    QCOMPARE(create.value(u"manifest_path"_s).toString(),
             lance::format::LocalPaths::objectStorePath(versionsFolder() + u'/' + v2Name(2)));

    // Notes for skipped files go to standard error; the request still prints.
    const QString detached = TestFiles::write(versionsFolder() + u"/d1.manifest"_s, "x");
    const CliRun noted = CliRun::run({u"stage-manifests"_s, u"people"_s, versionsFolder()});
    QVERIFY2(noted.exitCode == 0, qPrintable(noted.err));
    QCOMPARE(JsonText::operationsOf(noted.out).size(), 3);
    QVERIFY2(noted.err.contains(u"Skipped %1"_s.arg(detached)), qPrintable(noted.err));
}

void TestCliStageManifests::mapNamesPathsForARemoteServer()
{
    // A folder name with `=` in it, as partitioned lakes have.
    const QString lake = m_dir->filePath(u"data"_s);
    const CliRun staged = CliRun::run({u"stage-manifests"_s, u"people"_s, m_people, u"--map"_s,
                                       lake + u"=s3://lake/date=2024/"_s});
    QVERIFY2(staged.exitCode == 0, qPrintable(staged.err));
    const QJsonArray operations = JsonText::operationsOf(staged.out);
    QCOMPARE(operations.at(0)
                 .toObject()
                 .value(u"declare_table"_s)
                 .toObject()
                 .value(u"location"_s)
                 .toString(),
             u"s3://lake/date=2024/people.lance"_s);
    QCOMPARE(operations.at(1)
                 .toObject()
                 .value(u"create_table_version"_s)
                 .toObject()
                 .value(u"manifest_path"_s)
                 .toString(),
             u"s3://lake/date=2024/people.lance/_versions/"_s + v2Name(1));

    const CliRun outside = CliRun::run({u"stage-manifests"_s, u"people"_s, versionsFolder(),
                                        u"--map"_s, u"/elsewhere=s3://lake"_s});
    QCOMPARE(outside.exitCode, 1);
    QCOMPARE(outside.out, QString());
    QVERIFY2(outside.err.contains(u"outside every folder the path mapping covers"_s),
             qPrintable(outside.err));
    QVERIFY2(outside.err.contains(u"--map LOCAL=URI"_s), qPrintable(outside.err));
}

void TestCliStageManifests::problemsPrintNothing()
{
    const QString wrong = TestFiles::write(m_dir->filePath(u"drop/2.manifest"_s),
                                           TestFiles::read(versionsFolder() + u'/' + v2Name(3)));
    const CliRun staged = CliRun::run(
        {u"stage-manifests"_s, u"people"_s, versionsFolder() + u'/' + v2Name(1), wrong});
    QCOMPARE(staged.exitCode, 1);
    QCOMPARE(staged.out, QString());
    QVERIFY2(staged.err.contains(u"%1 is named as version 2 but holds version 3."_s.arg(wrong)),
             qPrintable(staged.err));

    // A dataset folder with other files, and nothing to stage at all.
    const CliRun mixed
        = CliRun::run({u"stage-manifests"_s, u"people"_s, m_people, versionsFolder()});
    QCOMPARE(mixed.exitCode, 1);
    QVERIFY2(mixed.err.contains(u"give it alone"_s), qPrintable(mixed.err));
    const CliRun nothing = CliRun::run(
        {u"stage-manifests"_s, u"people"_s, versionsFolder() + u"/latest_version_hint.json"_s});
    QCOMPARE(nothing.exitCode, 1);
    QVERIFY2(nothing.err.contains(u"no manifest to stage"_s), qPrintable(nothing.err));
}

void TestCliStageManifests::badOptionsAreUsageErrors_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("no file") << QStringList{u"stage-manifests"_s, u"people"_s}
                             << u"Wrong number of arguments"_s;
    QTest::newRow("map without a URI") << QStringList{u"stage-manifests"_s, u"people"_s,
                                                      u"x.manifest"_s, u"--map"_s, u"/mnt/lake"_s}
                                       << u"--map: \"/mnt/lake\" is not of the form LOCAL=URI"_s;
    QTest::newRow("map with a relative folder")
        << QStringList{u"stage-manifests"_s, u"people"_s, u"x.manifest"_s, u"--map"_s,
                       u"lake=s3://lake"_s}
        << u"--map: The local folder lake is not an absolute path"_s;
    QTest::newRow("map with credentials")
        << QStringList{u"stage-manifests"_s, u"people"_s, u"x.manifest"_s, u"--map"_s,
                       u"/mnt/lake=s3://key:s3cr3t@lake"_s}
        << u"holds a user name or password"_s;
    QTest::newRow("map on another command")
        << QStringList{u"--local"_s, u"c"_s, u"tables"_s, u"--map"_s, u"/a=s3://a"_s}
        << u"--map only applies to these commands: stage-manifests, versions, schema, diff."_s;
    QTest::newRow("server options need --url")
        << QStringList{u"--api-key-env"_s, u"HOME"_s, u"stage-manifests"_s, u"people"_s,
                       u"x.manifest"_s}
        << u"--api-key-env applies only with --url."_s;
    QTest::newRow("the root is no table")
        << QStringList{u"stage-manifests"_s, u"$"_s, u"x.manifest"_s}
        << u"A table identifier is needed"_s;
}

void TestCliStageManifests::badOptionsAreUsageErrors()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const CliRun run = CliRun::run(arguments);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
    QVERIFY2(!run.err.contains(u"s3cr3t"_s), qPrintable(run.err));
    QCOMPARE(run.out, QString());
}

LCB_TEST_GUILESS_MAIN(TestCliStageManifests)
#include "TestCliStageManifests.moc"
