// SPDX-License-Identifier: Apache-2.0
// ManifestFileName: the names LanceDB gives the files of `_versions/`, and the names it does not.
#include "TestRegistry.h"
#include "format/ManifestFileName.h"
#include "format/ManifestFiles.h"

#include <QTest>

#include <limits>

using namespace Qt::StringLiterals;
using namespace lance;
using api::ManifestNamingScheme;
using format::ManifestFileName;
using Kind = format::ManifestFileName::Kind;

Q_DECLARE_METATYPE(ManifestFileName::Kind)
Q_DECLARE_METATYPE(std::optional<qint64>)
Q_DECLARE_METATYPE(std::optional<api::ManifestNamingScheme>)

namespace {

constexpr auto V1 = std::optional(ManifestNamingScheme::V1);
constexpr auto V2 = std::optional(ManifestNamingScheme::V2);
constexpr std::optional<ManifestNamingScheme> NoScheme;
constexpr std::optional<qint64> NoVersion;

} // namespace

class TestManifestFileName : public QObject
{
    Q_OBJECT

private slots:
    void parses_data();
    void parses();
    void readsEveryFinalNameTheEngineWrites();
    void notesEveryKindButFinal();
};

void TestManifestFileName::parses_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<Kind>("kind");
    QTest::addColumn<std::optional<qint64>>("version");
    QTest::addColumn<std::optional<ManifestNamingScheme>>("scheme");
    QTest::addColumn<QString>("finalName");
    const QString v1 = u"18446744073709551614.manifest"_s;
    const QString v2 = u"18446744073709551613.manifest"_s;
    const QString uuid = u"1f0c6a2e-3b7d-4c1e-9a55-0123456789ab"_s;

    QTest::newRow("V2 version 1") << v1 << Kind::Final << std::optional<qint64>(1) << V2 << v1;
    QTest::newRow("V2 version 3") << u"18446744073709551612.manifest"_s << Kind::Final
                                  << std::optional<qint64>(3) << V2
                                  << u"18446744073709551612.manifest"_s;
    QTest::newRow("V1 version 3") << u"3.manifest"_s << Kind::Final << std::optional<qint64>(3)
                                  << V1 << u"3.manifest"_s;
    QTest::newRow("V1 version 0") << u"0.manifest"_s << Kind::Final << std::optional<qint64>(0)
                                  << V1 << u"0.manifest"_s;
    QTest::newRow("in a path") << u"/data/people.lance/_versions/"_s + v2 << Kind::Final
                               << std::optional<qint64>(2) << V2 << v2;
    QTest::newRow("20 digits below 2^63 are V1")
        << u"00000000000000000003.manifest"_s << Kind::Final << std::optional<qint64>(3) << V1
        << u"00000000000000000003.manifest"_s;

    QTest::newRow("detached") << u"d18446744073709551614.manifest"_s << Kind::Detached << NoVersion
                              << NoScheme << QString();
    QTest::newRow("detached, any name")
        << u"dxyz.manifest"_s << Kind::Detached << NoVersion << NoScheme << QString();
    QTest::newRow("detached being written")
        << u"d5.manifest-"_s + uuid << Kind::Detached << NoVersion << NoScheme << QString();

    QTest::newRow("staging V2") << v2 + u'-' + uuid << Kind::Staging << std::optional<qint64>(2)
                                << V2 << v2;
    QTest::newRow("staging V1") << u"3.manifest-abc"_s << Kind::Staging << std::optional<qint64>(3)
                                << V1 << u"3.manifest"_s;
    QTest::newRow("staging without a suffix")
        << v2 + u'-' << Kind::Other << NoVersion << NoScheme << QString();
    QTest::newRow("staging with a dotted suffix")
        << u"3.manifest-a.b"_s << Kind::Other << NoVersion << NoScheme << QString();
    QTest::newRow("staging of no version")
        << u"x.manifest-abc"_s << Kind::Other << NoVersion << NoScheme << QString();

    QTest::newRow("version hint") << u"latest_version_hint.json"_s << Kind::VersionHint << NoVersion
                                  << NoScheme << QString();

    for (const QString &other :
         {u""_s, u"manifest"_s, u".manifest"_s, u"3.manifest.bak"_s, u"3.MANIFEST"_s,
          u"-1.manifest"_s, u"+1.manifest"_s, u" 1.manifest"_s, u"18446744073709551616.manifest"_s,
          u"123456789012345678901.manifest"_s, u"9223372036854775808.manifest"_s, u"3.txn"_s,
          u"people.manifest"_s, u"latest_version_hint.json.tmp"_s, u"D3.manifest"_s}) {
        QTest::addRow("other: \"%s\"", qPrintable(other))
            << other << Kind::Other << NoVersion << NoScheme << QString();
    }
}

void TestManifestFileName::parses()
{
    QFETCH(QString, name);
    QFETCH(Kind, kind);
    QFETCH(std::optional<qint64>, version);
    QFETCH(std::optional<ManifestNamingScheme>, scheme);
    QFETCH(QString, finalName);
    const ManifestFileName::Parsed parsed = ManifestFileName::parse(name);
    QCOMPARE(parsed.kind, kind);
    QCOMPARE(parsed.version, version);
    QVERIFY(parsed.scheme == scheme);
    QCOMPARE(parsed.finalName, finalName);
}

// The same rules as the engine's: every name it gives a version reads back as that version.
void TestManifestFileName::readsEveryFinalNameTheEngineWrites()
{
    constexpr qint64 Max = std::numeric_limits<qint64>::max();
    for (const qint64 version : {qint64(0), qint64(1), qint64(3), qint64(1) << 40, Max - 1, Max}) {
        for (const ManifestNamingScheme scheme :
             {ManifestNamingScheme::V1, ManifestNamingScheme::V2}) {
            const QString name = format::ManifestFiles::finalName(version, scheme);
            const ManifestFileName::Parsed parsed = ManifestFileName::parse(name);
            QCOMPARE(parsed.kind, Kind::Final);
            QCOMPARE(parsed.version, version);
            QVERIFY(parsed.scheme == scheme);

            const ManifestFileName::Parsed staged = ManifestFileName::parse(name + u"-0a1b"_s);
            QCOMPARE(staged.kind, Kind::Staging);
            QCOMPARE(staged.version, version);
            QCOMPARE(staged.finalName, name);
        }
    }
}

void TestManifestFileName::notesEveryKindButFinal()
{
    QVERIFY(ManifestFileName::note(ManifestFileName::parse(u"3.manifest"_s)).isEmpty());
    QCOMPARE(ManifestFileName::note(ManifestFileName::parse(u"d3.manifest"_s)),
             u"a detached manifest, not a version of the table"_s);
    QCOMPARE(ManifestFileName::note(ManifestFileName::parse(u"latest_version_hint.json"_s)),
             u"the hint to the latest version, not a manifest"_s);
    const QString staging = ManifestFileName::note(
        ManifestFileName::parse(u"18446744073709551613.manifest-0a1b-2c3d"_s));
    QVERIFY2(staging.contains(u"18446744073709551613.manifest"_s), qPrintable(staging));
    const QString other = ManifestFileName::note(ManifestFileName::parse(u"people.txt"_s));
    QVERIFY(other.startsWith(u"not named like a Lance manifest"_s));
}

LCB_TEST_GUILESS_MAIN(TestManifestFileName)
#include "TestManifestFileName.moc"
