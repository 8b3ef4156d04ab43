// SPDX-License-Identifier: Apache-2.0
// StagedManifestCheck: what the catalog would refuse of a staged version's manifest, read where
// this machine reaches it, and left alone where it does not (a store, a server's own path).
// The engine refuses the same manifests (TestEngineVersions).
#include "TestFiles.h"
#include "TestRegistry.h"
#include "details/StagedManifestCheck.h"

#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::details::ManifestAccess;
using lance::details::StagedManifestCheck;
using lance::test::TestFiles;

class TestStagedManifestCheck : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void aManifestThatHoldsItsVersionIsFine();
    void outsideTheVersionsFolderIsRefused();
    void missingIsRefusedOnlyOnTheSameMachine();
    void aDamagedOrOtherVersionIsRefused();
    void whatThisMachineCannotReachIsLeftToTheCatalog();

private:
    std::optional<QString> problem(const QString &path, qint64 version,
                                   const std::optional<QString> &branch = {},
                                   bool sameMachine = true);

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_table;
};

void TestStagedManifestCheck::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_table = m_dir->filePath(u"t.lance"_s);
}

std::optional<QString> TestStagedManifestCheck::problem(const QString &path, qint64 version,
                                                        const std::optional<QString> &branch,
                                                        bool sameMachine)
{
    lance::api::CreateTableVersionRequest request;
    request.id = lance::api::Identifier(QStringList{u"t"_s});
    request.version = version;
    request.manifestPath = path;
    request.branch = branch;
    return StagedManifestCheck::problem(ManifestAccess(), request, sameMachine);
}

void TestStagedManifestCheck::aManifestThatHoldsItsVersionIsFine()
{
    const QString staged
        = TestFiles::write(m_table + u"/_versions/5.manifest-ab12"_s, TestFiles::manifest(5));
    QCOMPARE(problem(staged, 5), std::nullopt);
    const QString onBranch
        = TestFiles::write(m_table + u"/tree/dev/_versions/2.manifest"_s, TestFiles::manifest(2));
    QCOMPARE(problem(onBranch, 2, u"dev"_s), std::nullopt);
}

void TestStagedManifestCheck::outsideTheVersionsFolderIsRefused()
{
    const QString elsewhere
        = TestFiles::write(m_dir->filePath(u"elsewhere/5.manifest"_s), TestFiles::manifest(5));
    const auto outside = problem(elsewhere, 5);
    QVERIFY(outside);
    QCOMPARE(*outside,
             u"The manifest %1 is not in a _versions folder: Lance reads a version only "
             "from its table's _versions/, and the catalog refuses any other."_s.arg(elsewhere));
    // The steward's walk: a path that is nowhere, outside the table.
    QVERIFY(problem(u"/nonexistent/garbage.manifest"_s, 5, {}, false));
    // Main's folder for a branch's version, and another branch's.
    const QString main
        = TestFiles::write(m_table + u"/_versions/2.manifest"_s, TestFiles::manifest(2));
    QVERIFY(problem(main, 2, u"dev"_s)
                .value_or(QString())
                .contains(u"is not in tree/dev/_versions/"_s));
    const QString other
        = TestFiles::write(m_table + u"/tree/exp/_versions/2.manifest"_s, TestFiles::manifest(2));
    QVERIFY(problem(other, 2, u"dev"_s));
}

void TestStagedManifestCheck::missingIsRefusedOnlyOnTheSameMachine()
{
    const QString missing = m_table + u"/_versions/5.manifest"_s;
    QCOMPARE(problem(missing, 5), u"The manifest %1 does not exist."_s.arg(missing));
    // A server on another machine may hold it at that path.
    QCOMPARE(problem(missing, 5, {}, false), std::nullopt);
}

void TestStagedManifestCheck::aDamagedOrOtherVersionIsRefused()
{
    const QString garbage
        = TestFiles::write(m_table + u"/_versions/5.manifest-zz"_s, QByteArray("zz\"\n"));
    QVERIFY2(problem(garbage, 5).value_or(QString()).contains(u"is not a Lance manifest"_s),
             qPrintable(problem(garbage, 5).value_or(u"(none)"_s)));
    const QString other
        = TestFiles::write(m_table + u"/_versions/5.manifest-x1"_s, TestFiles::manifest(4));
    QVERIFY2(problem(other, 5).value_or(QString()).contains(u"holds version 4"_s),
             qPrintable(problem(other, 5).value_or(u"(none)"_s)));
    const QString named
        = TestFiles::write(m_table + u"/_versions/4.manifest"_s, TestFiles::manifest(4));
    QCOMPARE(problem(named, 5), u"The manifest %1 is of version 4, not 5."_s.arg(named));
    const QString notAName
        = TestFiles::write(m_table + u"/_versions/garbage.manifest"_s, TestFiles::manifest(5));
    QVERIFY(problem(notAName, 5));
}

void TestStagedManifestCheck::whatThisMachineCannotReachIsLeftToTheCatalog()
{
    QCOMPARE(problem(u"s3://bucket/t/_versions/5.manifest"_s, 5), std::nullopt);
    QCOMPARE(problem(u"s3://bucket/anywhere"_s, 5), std::nullopt);
}

LCB_TEST_GUILESS_MAIN(TestStagedManifestCheck)
#include "TestStagedManifestCheck.moc"
