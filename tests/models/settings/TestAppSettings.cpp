// SPDX-License-Identifier: Apache-2.0
// AppSettings over a temporary INI file: the defaults, a round trip through the file, and
// values a hand-edited file may hold.
#include "TestRegistry.h"
#include "settings/AppSettings.h"

#include <QFile>
#include <QSet>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::settings::AppSettings;

namespace {

const QByteArray Geometry("\x01\xd9\xd0\xcb\x00\x03\x00\x00", 8);
const QByteArray State("\x00\x00\x00\xff\x00\x00\x00\x00\xfd", 9);

// Every key set to something other than its default.
void changeEverything(AppSettings &settings)
{
    settings.setMainWindowGeometry(Geometry);
    settings.setMainWindowState(State);
    settings.setLastProfile(u"Prod (eu)"_s);
    settings.setLastIdentifier(u"sales$orders"_s);
    settings.setDemoCatalogOffered(true);
    settings.setDemoCatalogCreated(true);
    settings.setTreePageSize(250);
    settings.setRequestLogVisible(true);
    settings.setSkipCommitReview(true);
    settings.setTheme(AppSettings::Theme::Dark);
}

} // namespace

class TestAppSettings : public QObject
{
    Q_OBJECT

private slots:
    void init();

    void hasDefaults();
    void roundTripsThroughAnIniFile();
    void clampsThePageSize();
    void listsEveryKeyOnce();
    void opensTheFileItIsGiven();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_iniPath;
};

void TestAppSettings::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_iniPath = m_dir->filePath(u"settings.ini"_s);
}

void TestAppSettings::hasDefaults()
{
    QSettings file(m_iniPath, QSettings::IniFormat);
    const AppSettings settings(file);
    QVERIFY(settings.mainWindowGeometry().isEmpty());
    QVERIFY(settings.mainWindowState().isEmpty());
    QVERIFY(settings.lastProfile().isEmpty());
    QVERIFY(settings.lastIdentifier().isEmpty());
    QVERIFY(!settings.demoCatalogOffered());
    QVERIFY(!settings.demoCatalogCreated());
    QCOMPARE(settings.treePageSize(), 1000);
    QVERIFY(!settings.requestLogVisible());
    QVERIFY(!settings.skipCommitReview());
    QVERIFY(file.allKeys().isEmpty()); // reading writes nothing
}

void TestAppSettings::roundTripsThroughAnIniFile()
{
    {
        QSettings file(m_iniPath, QSettings::IniFormat);
        AppSettings settings(file);
        changeEverything(settings);
    }
    QSettings file(m_iniPath, QSettings::IniFormat);
    const AppSettings settings(file);
    QCOMPARE(settings.mainWindowGeometry(), Geometry);
    QCOMPARE(settings.mainWindowState(), State);
    QCOMPARE(settings.lastProfile(), u"Prod (eu)"_s);
    QCOMPARE(settings.lastIdentifier(), u"sales$orders"_s);
    QVERIFY(settings.demoCatalogOffered());
    QVERIFY(settings.demoCatalogCreated());
    QCOMPARE(settings.treePageSize(), 250);
    QVERIFY(settings.requestLogVisible());
    QVERIFY(settings.skipCommitReview());
    QCOMPARE(file.value(u"staging/skipCommitReview"_s).toBool(), true);
}

void TestAppSettings::clampsThePageSize()
{
    QSettings file(m_iniPath, QSettings::IniFormat);
    AppSettings settings(file);
    settings.setTreePageSize(0);
    QCOMPARE(settings.treePageSize(), AppSettings::MinTreePageSize);
    settings.setTreePageSize(1'000'000);
    QCOMPARE(settings.treePageSize(), AppSettings::MaxTreePageSize);
    file.setValue(u"tree/pageSize"_s, u"lots"_s); // edited by hand
    QCOMPARE(settings.treePageSize(), 1000);
    file.setValue(u"tree/pageSize"_s, -5);
    QCOMPARE(settings.treePageSize(), AppSettings::MinTreePageSize);
}

void TestAppSettings::listsEveryKeyOnce()
{
    const QStringList keys = AppSettings::keys();
    QCOMPARE(keys.size(), 10);
    QCOMPARE(QSet<QString>(keys.begin(), keys.end()).size(), keys.size());
    QCOMPARE(AppSettings::defaultValue(u"tree/pageSize"_s).toInt(), 1000);
    QVERIFY(!AppSettings::defaultValue(u"no/such/key"_s).isValid());

    // Every setter writes under a listed key, and under nothing else.
    QSettings file(m_iniPath, QSettings::IniFormat);
    AppSettings settings(file);
    changeEverything(settings);
    QStringList written = file.allKeys();
    QStringList expected = keys;
    written.sort();
    expected.sort();
    QCOMPARE(written, expected);
}

void TestAppSettings::opensTheFileItIsGiven()
{
    {
        const std::unique_ptr<QSettings> file = AppSettings::open(m_iniPath);
        QCOMPARE(file->format(), QSettings::IniFormat);
        AppSettings(*file).setLastProfile(u"From the file"_s);
    }
    QVERIFY(QFile::exists(m_iniPath));
    QSettings reread(m_iniPath, QSettings::IniFormat);
    QCOMPARE(AppSettings(reread).lastProfile(), u"From the file"_s);
}

LCB_TEST_GUILESS_MAIN(TestAppSettings)
#include "TestAppSettings.moc"
