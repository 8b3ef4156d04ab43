// SPDX-License-Identifier: Apache-2.0
// ConnectionProfile's checks and ProfileStore over a temporary INI file: round trips, rename and
// remove, export and import, and that no secret ever reaches the file or an export.
#include "TestFiles.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "connection/ConnectionProfile.h"
#include "connection/ProfileStore.h"
#include "drop/PathMappingStore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::connection::ConnectionProfile;
using lance::connection::ProfileStorage;
using lance::connection::ProfileStore;
using Scheme = lance::storage::StorageUri::Scheme;
using lance::drop::PathMapping;
using lance::drop::PathMappingStore;
using lance::rest::AuthMethod;
using lance::test::TestFiles;

namespace {

const QString LiveSecret = u"sk-live-7f3a9c0e4b1d"_s;

ConnectionProfile restProfile(const QString &name)
{
    ConnectionProfile profile;
    profile.name = name;
    profile.url = QUrl(u"https://catalog.example.com:8443/lance"_s);
    profile.auth = AuthMethod::ApiKey;
    profile.headers = {{"x-tenant", "analytics"}, {"x-route", "eu-west"}};
    profile.delimiter = u"."_s;
    profile.timeoutMs = 12000;
    profile.environment = ConnectionProfile::Environment::Production;
    profile.readOnly = true;
    profile.serverFiles = ConnectionProfile::ServerFiles::Elsewhere;
    profile.storage.set(Scheme::S3, u"aws_region"_s, u"eu-west-1"_s);
    profile.storage.set(Scheme::S3, u"aws_endpoint"_s, u"http://minio.lan:9000"_s);
    profile.storage.set(Scheme::S3, u"allow_http"_s, u"true"_s);
    profile.storage.set(Scheme::Azure, u"azure_storage_account_name"_s, u"lakeacct"_s);
    profile.storageSecrets = {u"s3.aws_secret_access_key"_s};
    return profile;
}

ConnectionProfile localProfile(const QString &name, const QString &folder)
{
    ConnectionProfile profile;
    profile.name = name;
    profile.kind = ConnectionProfile::Kind::Local;
    profile.localFolder = folder;
    profile.environment = ConnectionProfile::Environment::Staging;
    return profile;
}

} // namespace

class TestConnectionProfile : public QObject
{
    Q_OBJECT

private slots:
    void init();

    void acceptsGoodProfiles();
    void checksGiveTheFirstProblem_data();
    void checksGiveTheFirstProblem();
    void refusesCredentialHeaders();
    void roundTripsThroughAnIniFile();
    void renamesUpdatesAndRemoves();
    void namesAreUniqueIgnoringCase();
    void neverWritesASecret();
    void exportsAndImportsWithoutSecrets();
    void importReportsWhatItSkipped();
    void renamingMovesThePathMapping();
    void removingDeletesThePathMapping();
    void storageKeepsSchemesApartAndSecretsOut();
    void knowsWhoseFilesAServerNames_data();
    void knowsWhoseFilesAServerNames();

private:
    /// Adds a REST profile per name, each with its mapping; false (failing the test) on a refusal.
    static bool addMapped(ProfileStore &store, PathMappingStore &mappings,
                          const QList<std::pair<QString, PathMapping>> &profiles);

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_iniPath;
};

void TestConnectionProfile::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_iniPath = m_dir->filePath(u"settings.ini"_s);
}

void TestConnectionProfile::acceptsGoodProfiles()
{
    LCB_VERIFY_OK(restProfile(u"Prod"_s).check());
    LCB_VERIFY_OK(localProfile(u"Here"_s, m_dir->path()).check());
    // A folder that does not exist yet is created on first use.
    LCB_VERIFY_OK(localProfile(u"New"_s, m_dir->filePath(u"new-catalog"_s)).check());
    QVERIFY(restProfile(u"Prod"_s).needsSecret());
    QVERIFY(!localProfile(u"Here"_s, m_dir->path()).needsSecret());
}

void TestConnectionProfile::checksGiveTheFirstProblem_data()
{
    QTest::addColumn<QVariantMap>("changes");
    QTest::addColumn<QString>("expected");

    QTest::newRow("empty name") << QVariantMap{{u"name"_s, u" "_s}}
                                << u"The connection needs a name."_s;
    QTest::newRow("padded name") << QVariantMap{{u"name"_s, u" Prod"_s}}
                                 << u"The connection name \" Prod\" must not begin or end with "
                                    "spaces."_s;
    QTest::newRow("line break") << QVariantMap{{u"name"_s, u"a\nb"_s}}
                                << u"The connection name must not contain control characters "
                                   "such as line breaks."_s;
    QTest::newRow("no url") << QVariantMap{{u"url"_s, QString()}} << u"The server URL is empty."_s;
    QTest::newRow("ftp") << QVariantMap{{u"url"_s, u"ftp://host/x"_s}}
                         << u"The server URL \"ftp://host/x\" must start with http:// or "
                            "https://."_s;
    QTest::newRow("bad delimiter")
        << QVariantMap{{u"delimiter"_s, QString()}} << u"The identifier delimiter is empty."_s;
    QTest::newRow("timeout") << QVariantMap{{u"timeoutMs"_s, 0}}
                             << u"The request timeout must be longer than 0 ms (it is 0 ms)."_s;
    QTest::newRow("local without folder")
        << QVariantMap{{u"kind"_s, u"local"_s}, {u"folder"_s, QString()}}
        << u"Choose the folder of the local catalog."_s;
    QTest::newRow("relative folder")
        << QVariantMap{{u"kind"_s, u"local"_s}, {u"folder"_s, u"catalog"_s}}
        << u"The catalog folder \"catalog\" must be an absolute path."_s;
}

void TestConnectionProfile::checksGiveTheFirstProblem()
{
    QFETCH(QVariantMap, changes);
    QFETCH(QString, expected);
    QVariantMap map = restProfile(u"Prod"_s).toVariantMap();
    for (auto it = changes.begin(); it != changes.end(); ++it) {
        map.insert(it.key(), it.value());
    }
    const ConnectionProfile profile = ConnectionProfile::fromVariantMap(map);
    const std::optional<QString> problem = lance::test::refusalOf(profile.check());
    QVERIFY(problem);
    // Only the start is compared where the sentence goes on with a detail from Qt.
    QVERIFY2(problem->startsWith(expected.chopped(1)), qPrintable(*problem));
}

void TestConnectionProfile::refusesCredentialHeaders()
{
    for (const QByteArray &name : {QByteArray("x-api-key"), QByteArray("Authorization"),
                                   QByteArray("X-Auth-Token"), QByteArray("client-secret")}) {
        ConnectionProfile profile = restProfile(u"Prod"_s);
        profile.headers.append({name, LiveSecret.toUtf8()});
        const std::optional<QString> problem = lance::test::refusalOf(profile.checkStorable());
        QVERIFY2(problem, name.constData());
        QVERIFY(problem->contains(QString::fromLatin1(name)));
        QVERIFY(!problem->contains(LiveSecret));
        QCOMPARE(lance::test::refusalOf(profile.check()), problem);
    }
    ConnectionProfile withPassword = restProfile(u"Prod"_s);
    withPassword.url = QUrl(u"https://steward:"_s + LiveSecret + u"@catalog.example.com/"_s);
    LCB_VERIFY_REFUSED(withPassword.checkStorable());
    QVERIFY(!lance::test::refusalOf(withPassword.checkStorable())->contains(LiveSecret));
}

void TestConnectionProfile::roundTripsThroughAnIniFile()
{
    const ConnectionProfile prod = restProfile(u"Prod"_s);
    ConnectionProfile single = restProfile(u"One header"_s);
    single.headers = {{"x-tenant", "solo"}}; // INI gives a one-element list back as a string
    single.auth = AuthMethod::BearerToken;
    single.readOnly = false;
    single.caFile = m_dir->filePath(u"ca.pem"_s);
    single.storage = {};
    single.storage.set(Scheme::Gcs, u"google_storage_endpoint"_s, u"http://127.0.0.1:4443"_s);
    const ConnectionProfile local = localProfile(u"Local ünïcode / slash"_s, m_dir->path());
    {
        QSettings settings(m_iniPath, QSettings::IniFormat);
        ProfileStore store(settings);
        QSignalSpy changed(&store, &ProfileStore::changed);
        LCB_VERIFY_OK(store.add(prod));
        LCB_VERIFY_OK(store.add(single));
        LCB_VERIFY_OK(store.add(local));
        QCOMPARE(changed.count(), 3);
    }
    QSettings settings(m_iniPath, QSettings::IniFormat);
    const ProfileStore store(settings);
    const QList<ConnectionProfile> profiles = store.profiles();
    QCOMPARE(profiles.size(), 3);
    QCOMPARE(profiles.at(0), prod);
    QCOMPARE(profiles.at(1), single);
    QCOMPARE(profiles.at(2), local);
    QCOMPARE(store.names(), (QStringList{u"Prod"_s, u"One header"_s, local.name}));
    QCOMPARE(store.profile(u"prod"_s)->name, u"Prod"_s);
    QVERIFY(!store.profile(u"nothing"_s));
}

void TestConnectionProfile::renamesUpdatesAndRemoves()
{
    QSettings settings(m_iniPath, QSettings::IniFormat);
    ProfileStore store(settings);
    LCB_VERIFY_OK(store.add(restProfile(u"A"_s)));
    LCB_VERIFY_OK(store.add(restProfile(u"B"_s)));
    LCB_VERIFY_OK(store.add(restProfile(u"C"_s)));

    LCB_VERIFY_OK(store.rename(u"B"_s, u"Beta"_s));
    QCOMPARE(store.names(), (QStringList{u"A"_s, u"Beta"_s, u"C"_s}));
    QCOMPARE(lance::test::refusalOf(store.rename(u"A"_s, u"c"_s)),
             u"A connection named \"c\" already exists."_s);
    QCOMPARE(lance::test::refusalOf(store.rename(u"Z"_s, u"Y"_s)),
             u"There is no connection named \"Z\"."_s);

    ConnectionProfile changed = *store.profile(u"C"_s);
    changed.environment = ConnectionProfile::Environment::Development;
    changed.url = QUrl(u"http://127.0.0.1:2333"_s);
    LCB_VERIFY_OK(store.update(u"C"_s, changed));
    QCOMPARE(*store.profile(u"C"_s), changed);

    QVERIFY(store.remove(u"A"_s));
    QVERIFY(!store.remove(u"A"_s));
    QCOMPARE(store.names(), (QStringList{u"Beta"_s, u"C"_s}));
    // No stale array entries: the file holds exactly two profiles.
    settings.sync();
    QSettings reread(m_iniPath, QSettings::IniFormat);
    QCOMPARE(reread.value(u"profiles/size"_s).toInt(), 2);
    QVERIFY(!reread.contains(u"profiles/3/name"_s));
}

void TestConnectionProfile::namesAreUniqueIgnoringCase()
{
    QSettings settings(m_iniPath, QSettings::IniFormat);
    ProfileStore store(settings);
    LCB_VERIFY_OK(store.add(restProfile(u"Prod"_s)));
    QCOMPARE(lance::test::refusalOf(store.add(restProfile(u"PROD"_s))),
             u"A connection named \"PROD\" already exists."_s);
    QCOMPARE(lance::test::refusalOf(store.add(restProfile(u""_s))),
             u"The connection needs a name."_s);
    QCOMPARE(store.names(), QStringList{u"Prod"_s});
}

void TestConnectionProfile::neverWritesASecret()
{
    {
        QSettings settings(m_iniPath, QSettings::IniFormat);
        ProfileStore store(settings);
        ConnectionProfile profile = restProfile(u"Prod"_s);
        LCB_VERIFY_OK(store.add(profile));
        // Every way a secret could be smuggled in is refused, and leaves the file as it was.
        ConnectionProfile header = restProfile(u"Header"_s);
        header.headers.append({"Authorization", "Bearer " + LiveSecret.toUtf8()});
        LCB_VERIFY_REFUSED(store.add(header));
        ConnectionProfile inUrl = restProfile(u"Url"_s);
        inUrl.url = QUrl(u"https://user:"_s + LiveSecret + u"@catalog.example.com/"_s);
        LCB_VERIFY_REFUSED(store.add(inUrl));
        LCB_VERIFY_REFUSED(store.update(u"Prod"_s, header));
        ConnectionProfile storage = restProfile(u"Storage"_s);
        storage.storage.set(Scheme::S3, u"awsSecretAccessKey"_s, LiveSecret);
        LCB_VERIFY_REFUSED(store.add(storage));
        // An import whose file carries secrets (edited by hand) keeps them out too.
        QJsonObject edited = QJsonObject::fromVariantMap(restProfile(u"Edited"_s).toVariantMap());
        edited.insert(u"secret"_s, LiveSecret);
        edited.insert(u"apiKey"_s, LiveSecret);
        edited.insert(u"storage"_s, QJsonArray{u"s3.aws_region=eu-west-1"_s,
                                               u"s3.aws_secret_access_key="_s + LiveSecret,
                                               u"az.sas_token="_s + LiveSecret});
        const QJsonObject file{{u"format"_s, u"lance-catalog-browser/connections"_s},
                               {u"version"_s, 1},
                               {u"connections"_s, QJsonArray{edited}}};
        QCOMPARE(store.importJson(QJsonDocument(file).toJson()).imported, QStringList{u"Edited"_s});
        QVERIFY(!store.exportJson().contains(LiveSecret.toUtf8()));
    }
    const QByteArray bytes = TestFiles::read(m_iniPath);
    QVERIFY(bytes.contains("Prod"));
    QVERIFY(bytes.contains("Edited"));
    QVERIFY2(!bytes.contains(LiveSecret.toUtf8()), bytes.constData());
    QVERIFY(!bytes.contains("sk-live"));
    QVERIFY(bytes.contains("s3.aws_region=eu-west-1"));
}

void TestConnectionProfile::exportsAndImportsWithoutSecrets()
{
    QByteArray exported;
    {
        QSettings settings(m_iniPath, QSettings::IniFormat);
        ProfileStore store(settings);
        LCB_VERIFY_OK(store.add(restProfile(u"Prod"_s)));
        LCB_VERIFY_OK(store.add(localProfile(u"Local"_s, m_dir->path())));
        exported = store.exportJson({u"Prod"_s});
    }
    const QJsonObject document = QJsonDocument::fromJson(exported).object();
    QCOMPARE(document.value(u"format"_s).toString(), u"lance-catalog-browser/connections"_s);
    QCOMPARE(document.value(u"connections"_s).toArray().size(), 1);
    QCOMPARE(document.value(u"connections"_s).toArray().first()[u"auth"_s].toString(),
             u"api-key"_s);

    // Into another settings file: the profile arrives whole; a clash gets a new name.
    QSettings other(m_dir->filePath(u"other.ini"_s), QSettings::IniFormat);
    ProfileStore target(other);
    QCOMPARE(target.importJson(exported).imported, QStringList{u"Prod"_s});
    QCOMPARE(*target.profile(u"Prod"_s), restProfile(u"Prod"_s));
    QCOMPARE(target.importJson(exported).imported, QStringList{u"Prod (imported)"_s});
    QCOMPARE(target.importJson(exported).imported, QStringList{u"Prod (imported 2)"_s});
}

void TestConnectionProfile::importReportsWhatItSkipped()
{
    QSettings settings(m_iniPath, QSettings::IniFormat);
    ProfileStore store(settings);
    ProfileStore::ImportReport report = store.importJson("{not json");
    QVERIFY(report.imported.isEmpty());
    QCOMPARE(report.problems.size(), 1);
    QVERIFY(report.problems.first().startsWith(u"The file is not valid JSON"_s));

    report = store.importJson(R"({"format": "something else"})");
    QCOMPARE(report.problems, QStringList{u"The file does not hold exported connections."_s});

    QJsonObject bad = QJsonObject::fromVariantMap(restProfile(u"Bad"_s).toVariantMap());
    bad.insert(u"headers"_s, QJsonArray{u"x-api-key: "_s + LiveSecret});
    const QJsonObject good = QJsonObject::fromVariantMap(restProfile(u"Good"_s).toVariantMap());
    const QJsonObject file{{u"format"_s, u"lance-catalog-browser/connections"_s},
                           {u"version"_s, 1},
                           {u"connections"_s, QJsonArray{bad, good}}};
    report = store.importJson(QJsonDocument(file).toJson());
    QCOMPARE(report.imported, QStringList{u"Good"_s});
    QCOMPARE(report.problems.size(), 1);
    QVERIFY(report.problems.first().startsWith(u"Connection 1 in the file was not imported: "_s));
    QVERIFY(!report.problems.first().contains(LiveSecret));
    QCOMPARE(store.names(), QStringList{u"Good"_s});
}

void TestConnectionProfile::storageKeepsSchemesApartAndSecretsOut()
{
    ProfileStorage storage;
    storage.set(Scheme::S3, u"allow_http"_s, u"true"_s);
    storage.set(Scheme::S3, u"aws_access_key_id"_s, u"AKIDEXAMPLE"_s);
    storage.set(Scheme::S3, u"aws_secret_access_key"_s, LiveSecret);
    storage.set(Scheme::Azure, u"sas_token"_s, LiveSecret); // an alias is a secret too
    storage.set(Scheme::Azure, u"azure_storage_account_name"_s, u"lakeacct"_s);
    // A key every store knows is set for one only.
    QVERIFY(storage.options(Scheme::S3).flag(u"allow_http"_s));
    QVERIFY(!storage.options(Scheme::Azure).flag(u"allow_http"_s));
    QVERIFY(storage.options(Scheme::Gcs).isEmpty());

    const ProfileStorage plain = storage.withoutSecrets();
    const ProfileStorage secrets = storage.secretsOnly();
    QVERIFY(!plain.toLines().join(u'\n').contains(LiveSecret));
    QCOMPARE(plain.toLines(),
             (QStringList{u"s3.allow_http=true"_s, u"s3.aws_access_key_id=AKIDEXAMPLE"_s,
                          u"az.azure_storage_account_name=lakeacct"_s}));
    QCOMPARE(secrets.keyNames(), (QStringList{u"s3.aws_secret_access_key"_s, u"az.sas_token"_s}));
    QCOMPARE(plain.mergedWith(secrets), storage);
    QCOMPARE(ProfileStorage::fromLines(plain.toLines()), plain);
    QCOMPARE(ProfileStorage::fromSecretJson(secrets.toSecretJson()), secrets);
    QVERIFY(ProfileStorage::fromSecretJson("not json").isEmpty());
    QVERIFY(ProfileStorage::fromSecretJson(R"({"ftp": {"password": "x"}, "s3": 3})").isEmpty());
    // An empty value removes the key, and a scheme with no key left.
    ProfileStorage cleared = plain;
    cleared.set(Scheme::Azure, u"azure_storage_account_name"_s, {});
    QCOMPARE(cleared.keyNames(), (QStringList{u"s3.allow_http"_s, u"s3.aws_access_key_id"_s}));
    // Names hold no control character: the keychain entry never is another profile's.
    QVERIFY(!ConnectionProfile::checkName(ProfileStorage::secretEntry(u"Prod"_s)).hasValue());
    // Every credential the dialog offers is kept out of the settings.
    for (const Scheme scheme : ProfileStorage::schemes()) {
        for (const ProfileStorage::Field &field : ProfileStorage::fields(scheme)) {
            QCOMPARE(ProfileStorage::isSecretKey(field.key), field.secret);
        }
    }
}

void TestConnectionProfile::knowsWhoseFilesAServerNames_data()
{
    using Files = ConnectionProfile::ServerFiles;
    QTest::addColumn<QString>("url");
    QTest::addColumn<Files>("files");
    QTest::addColumn<bool>("thisMachine");
    QTest::newRow("127.0.0.1") << u"http://127.0.0.1:2333"_s << Files::Auto << true;
    QTest::newRow("127.1.2.3") << u"http://127.1.2.3:2333"_s << Files::Auto << true;
    QTest::newRow("localhost") << u"http://LocalHost:2333/lance"_s << Files::Auto << true;
    QTest::newRow("::1") << u"http://[::1]:2333"_s << Files::Auto << true;
    QTest::newRow("a name") << u"https://catalog.example.com"_s << Files::Auto << false;
    QTest::newRow("an address") << u"http://10.0.0.7:2333"_s << Files::Auto << false;
    QTest::newRow("a tunnel") << u"http://127.0.0.1:2333"_s << Files::Elsewhere << false;
    QTest::newRow("a container") << u"http://10.0.0.7:2333"_s << Files::ThisMachine << true;
}

void TestConnectionProfile::knowsWhoseFilesAServerNames()
{
    QFETCH(QString, url);
    QFETCH(ConnectionProfile::ServerFiles, files);
    QFETCH(bool, thisMachine);
    ConnectionProfile profile;
    profile.url = QUrl(url);
    profile.serverFiles = files;
    QCOMPARE(profile.isOnThisMachine(), thisMachine);
    // And it is kept as it was chosen.
    QCOMPARE(ConnectionProfile::fromVariantMap(profile.toVariantMap()).serverFiles, files);
    QVERIFY(localProfile(u"here"_s, u"/data/cat"_s).isOnThisMachine());
}

bool TestConnectionProfile::addMapped(ProfileStore &store, PathMappingStore &mappings,
                                      const QList<std::pair<QString, PathMapping>> &profiles)
{
    for (const auto &[name, mapping] : profiles) {
        const std::optional<QString> refusal = lance::test::refusalOf(store.add(restProfile(name)));
        const std::optional<QString> unmapped
            = lance::test::refusalOf(mappings.setMapping(name, mapping));
        if (refusal || unmapped) {
            QTest::qFail(qPrintable(refusal.value_or(unmapped.value_or(QString()))), __FILE__,
                         __LINE__);
            return false;
        }
    }
    return true;
}

void TestConnectionProfile::renamingMovesThePathMapping()
{
    QSettings settings(m_iniPath, QSettings::IniFormat);
    ProfileStore store(settings);
    PathMappingStore mappings(settings);
    const PathMapping lake(u"/mnt/lake"_s, u"s3://lake"_s);
    const PathMapping other(u"/mnt/other"_s, u"gs://other"_s);
    QVERIFY(addMapped(store, mappings, {{u"Lake"_s, lake}, {u"Other"_s, other}}));

    LCB_VERIFY_OK(store.rename(u"Lake"_s, u"Lake EU"_s));
    QCOMPARE(mappings.mapping(u"Lake EU"_s), lake);
    QCOMPARE(mappings.mapping(u"Lake"_s), PathMapping());
    QCOMPARE(mappings.mapping(u"Other"_s), other);

    // As Manage Connections renames: update() with the new name, the old one typed in any case.
    ConnectionProfile renamed = *store.profile(u"Lake EU"_s);
    renamed.name = u"Lake West"_s;
    LCB_VERIFY_OK(store.update(u"lake eu"_s, renamed));
    QCOMPARE(mappings.mapping(u"Lake West"_s), lake);
    QCOMPARE(mappings.mapping(u"Lake EU"_s), PathMapping());
    // A change of case is the same profile, and keeps its mapping.
    LCB_VERIFY_OK(store.rename(u"Lake West"_s, u"LAKE WEST"_s));
    QCOMPARE(mappings.mapping(u"LAKE WEST"_s), lake);

    // A refused rename moves nothing; an update under the same name keeps the mapping.
    LCB_VERIFY_REFUSED(store.rename(u"LAKE WEST"_s, u"other"_s));
    QCOMPARE(mappings.mapping(u"LAKE WEST"_s), lake);
    QCOMPARE(mappings.mapping(u"Other"_s), other);
    ConnectionProfile changed = *store.profile(u"Other"_s);
    changed.timeoutMs = 5000;
    LCB_VERIFY_OK(store.update(u"Other"_s, changed));
    QCOMPARE(mappings.mapping(u"Other"_s), other);

    // Written at once: a second reader of the file sees the move.
    QSettings reread(m_iniPath, QSettings::IniFormat);
    QCOMPARE(PathMappingStore(reread).mapping(u"LAKE WEST"_s), lake);
    QCOMPARE(PathMappingStore(reread).mapping(u"Lake"_s), PathMapping());
}

void TestConnectionProfile::removingDeletesThePathMapping()
{
    QSettings settings(m_iniPath, QSettings::IniFormat);
    ProfileStore store(settings);
    PathMappingStore mappings(settings);
    const PathMapping lake(u"/mnt/lake"_s, u"s3://lake"_s);
    const PathMapping other(u"/mnt/other"_s, u"gs://other"_s);
    QVERIFY(addMapped(store, mappings, {{u"Lake"_s, lake}, {u"Other"_s, other}}));

    QVERIFY(store.remove(u"LAKE"_s));
    QCOMPARE(mappings.mapping(u"Lake"_s), PathMapping());
    QCOMPARE(mappings.mapping(u"Other"_s), other);
    // Nothing of it left in the file, so a new profile of that name starts without one.
    QSettings reread(m_iniPath, QSettings::IniFormat);
    reread.beginGroup(u"pathMappings"_s);
    QCOMPARE(reread.childGroups(), QStringList{u"other"_s});
    reread.endGroup();
    LCB_VERIFY_OK(store.add(restProfile(u"Lake"_s)));
    QCOMPARE(mappings.mapping(u"Lake"_s), PathMapping());
}

LCB_TEST_GUILESS_MAIN(TestConnectionProfile)
#include "TestConnectionProfile.moc"
