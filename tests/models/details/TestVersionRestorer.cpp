// SPDX-License-Identifier: Apache-2.0
// Whom a restore works through: a copy of LanceDB's `people` (versions 1 to 3) restored as
// version 4 through the profile of a local catalog, of a server on this machine (no path
// mapping needed: its paths are this machine's), of a server elsewhere (only through the
// profile's mapping) and of one elsewhere without a mapping, which says what to do. Nothing is
// written into the table before the commit places the kept files (commit::RestorePlacement);
// a restore staged on top of a staged one reads it where it is kept.
#include "LanceFixture.h"
#include "TestRegistry.h"
#include "commit/RestorePlacement.h"
#include "connection/ConnectionProfile.h"
#include "details/ManifestAccess.h"
#include "details/VersionRestorer.h"
#include "drop/PathMappingStore.h"
#include "format/LocalPaths.h"
#include "format/ManifestFiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::connection::ConnectionProfile;
using lance::details::VersionRestorer;

class TestVersionRestorer : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void restoresThroughEachKindOfProfile_data();
    void restoresThroughEachKindOfProfile();
    void aServerElsewhereNeedsAMapping();

private:
    /// Version `number` as the catalog records it: under `serverPrefix` (what a server calls
    /// the table's folder), or as a catalog on this machine does (the object-store path).
    lance::api::TableVersion version(qint64 number, const QString &serverPrefix = {}) const;
    QStringList versionFiles() const;

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QSettings> m_settings;
    QString m_table;
};

void TestVersionRestorer::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    // Where the kept files go (details::RestoreSpool::forProfile()).
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_dir->filePath(u"data"_s)));
    QVERIFY(lance::test::LanceFixture::copyInto(u"people.lance"_s, m_dir->path()));
    m_table = QDir(m_dir->path()).canonicalPath() + u"/people.lance"_s;
    m_settings
        = std::make_unique<QSettings>(m_dir->filePath(u"settings.ini"_s), QSettings::IniFormat);
}

void TestVersionRestorer::cleanup()
{
    m_settings.reset();
    m_dir.reset();
}

lance::api::TableVersion TestVersionRestorer::version(qint64 number,
                                                      const QString &serverPrefix) const
{
    const QString name
        = u"_versions/"_s
          + lance::format::ManifestFiles::finalName(number, lance::api::ManifestNamingScheme::V2);
    lance::api::TableVersion version;
    version.version = number;
    version.manifestPath = serverPrefix.isEmpty()
                               ? lance::format::LocalPaths::objectStorePath(m_table + u'/' + name)
                               : serverPrefix + name;
    return version;
}

QStringList TestVersionRestorer::versionFiles() const
{
    return QDir(m_table + u"/_versions"_s).entryList(QDir::Files, QDir::Name);
}

void TestVersionRestorer::restoresThroughEachKindOfProfile_data()
{
    QTest::addColumn<QString>("url");    // empty: a local catalog
    QTest::addColumn<bool>("mapped");    // with a mapping of the table's folder
    QTest::addColumn<QString>("prefix"); // how the request names the new manifest
    QTest::newRow("local catalog") << QString() << false << QString();
    QTest::newRow("server on 127.0.0.1") << u"http://127.0.0.1:2333/"_s << false << QString();
    QTest::newRow("server on localhost") << u"http://localhost:2333/"_s << false << QString();
    QTest::newRow("server on ::1") << u"http://[::1]:2333/"_s << false << QString();
    QTest::newRow("server elsewhere, mapped")
        << u"https://catalog.example.com/"_s << true << u"s3://lake/people.lance/"_s;
    QTest::newRow("server on this machine, mapped")
        << u"http://127.0.0.1:2333/"_s << true << u"s3://lake/people.lance/"_s;
}

void TestVersionRestorer::restoresThroughEachKindOfProfile()
{
    QFETCH(QString, url);
    QFETCH(bool, mapped);
    QFETCH(QString, prefix);
    ConnectionProfile profile;
    profile.name = u"catalog"_s;
    if (url.isEmpty()) {
        profile.kind = ConnectionProfile::Kind::Local;
        profile.localFolder = m_dir->path();
    } else {
        profile.kind = ConnectionProfile::Kind::Rest;
        profile.url = QUrl(url);
    }
    if (mapped) {
        const lance::drop::PathMapping mapping(m_table + u'/', u"s3://lake/people.lance/"_s);
        QVERIFY(lance::drop::PathMappingStore(*m_settings).setMapping(profile.name, mapping));
    }
    const auto staged
        = VersionRestorer::forProfile(profile, *m_settings)
              .stage(lance::api::Identifier({u"people"_s}), version(1, prefix), version(3, prefix));
    QVERIFY2(staged, staged ? "" : qPrintable(staged.error().userMessage()));
    QCOMPARE(staged->version, 4);
    const QString expected
        = prefix.isEmpty() ? lance::format::LocalPaths::objectStorePath(m_table) + u"/_versions/"_s
                           : prefix + u"_versions/"_s;
    QVERIFY2(staged->manifestPath.startsWith(expected), qPrintable(staged->manifestPath));

    // Nothing in the table yet; read where it is kept, it is version 4 with version 1's rows.
    const QStringList before = versionFiles();
    const lance::details::ManifestAccess access
        = lance::details::ManifestAccess::forProfile(profile, *m_settings);
    lance::api::TableVersion four;
    four.version = 4;
    four.manifestPath = staged->manifestPath;
    const auto facts = access.read(four);
    QVERIFY2(facts, facts ? "" : qPrintable(facts.error().userMessage()));
    QCOMPARE(facts->manifest.version, quint64(4));
    QCOMPARE(facts->manifest.totals().rows, 2);
    QVERIFY(facts->transaction); // found beside the kept manifest, as in a table

    // Restored again on top of the staged 4: version 5, read from the kept 4.
    const auto again = VersionRestorer::forProfile(profile, *m_settings)
                           .stage(lance::api::Identifier({u"people"_s}), version(2, prefix), four);
    QVERIFY2(again, again ? "" : qPrintable(again.error().userMessage()));
    QCOMPARE(again->version, 5);
    QCOMPARE(versionFiles(), before);

    // The commit places both, each beside version 1's and 2's, as the catalog names them.
    lance::commit::RestorePlacement placement(access,
                                              lance::details::RestoreSpool::forProfile(profile));
    QVERIFY(placement.place({*staged, *again}));
    QCOMPARE(placement.placed().size(), 2);
    QCOMPARE(versionFiles().size(), before.size() + 2);
    QVERIFY(QFileInfo::exists(*access.tableFile(staged->manifestPath)));
    placement.refused();
    QCOMPARE(versionFiles(), before);

    // Neither kept nor in its table (its files removed meanwhile): nothing is placed, and the
    // commit is not sent naming a manifest that is not there.
    lance::details::RestoreSpool::forProfile(profile).forget(
        *access.tableFile(again->manifestPath));
    const auto missing = placement.place({*staged, *again});
    QVERIFY(!missing);
    QVERIFY2(missing.error().userMessage().contains(u"neither in its table nor kept"_s),
             qPrintable(missing.error().userMessage()));
    QVERIFY(placement.placed().isEmpty());
    QCOMPARE(versionFiles(), before);
}

void TestVersionRestorer::aServerElsewhereNeedsAMapping()
{
    // Elsewhere by name, and through a tunnel to localhost: its paths are not this machine's,
    // even where a file of that name exists here.
    for (const QString &url : {u"https://catalog.example.com/"_s, u"http://127.0.0.1:2333/"_s}) {
        ConnectionProfile profile;
        profile.name = u"remote"_s;
        profile.kind = ConnectionProfile::Kind::Rest;
        profile.url = QUrl(url);
        profile.serverFiles = ConnectionProfile::ServerFiles::Elsewhere;
        const QStringList before = versionFiles();
        const auto staged
            = VersionRestorer::forProfile(profile, *m_settings)
                  .stage(lance::api::Identifier({u"people"_s}), version(1), version(3));
        QVERIFY(!staged);
        QVERIFY2(staged.error().userMessage().contains(u"path mapping"_s),
                 qPrintable(staged.error().userMessage()));
        QCOMPARE(versionFiles(), before); // nothing was written
    }
}

LCB_TEST_GUILESS_MAIN(TestVersionRestorer)
#include "TestVersionRestorer.moc"
