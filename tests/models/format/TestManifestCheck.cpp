// SPDX-License-Identifier: Apache-2.0
// ManifestCheck on files as a steward drops them: the real LanceDB manifests, V1-named copies,
// copies named for another version, staging leftovers, and files that are no manifest at all.
#include "TestData.h"
#include "TestFiles.h"
#include "TestRegistry.h"
#include "format/ManifestCheck.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace lance;
using api::ManifestNamingScheme;
using format::ManifestCheck;

namespace {

const QString PeopleVersionFolder = u"lance/people.lance/_versions/"_s;

QString peopleManifest(int version)
{
    return test::TestData::path(
        PeopleVersionFolder
        + u"%1.manifest"_s.arg(std::numeric_limits<quint64>::max() - quint64(version)));
}

QByteArray messageOf(const api::Result<ManifestCheck::Checked> &result)
{
    return result ? QByteArray("accepted") : result.error().userMessage().toUtf8();
}

} // namespace

class TestManifestCheck : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void acceptsRealManifests();
    void acceptsV1NamedCopies();
    void refusesANameForAnotherVersion();
    void acceptsStagingFilesAsTheirFinalName();
    void refusesWhatIsNoVersionBeforeReadingIt();
    void refusesDamagedAndForeignFiles();

private:
    QString copy(const QString &from, const QString &name);

    std::optional<QTemporaryDir> m_dir;
};

void TestManifestCheck::init()
{
    m_dir.emplace();
    QVERIFY(m_dir->isValid());
}

QString TestManifestCheck::copy(const QString &from, const QString &name)
{
    return test::TestFiles::write(m_dir->filePath(name), test::TestFiles::read(from));
}

void TestManifestCheck::acceptsRealManifests()
{
    const qint64 sizes[] = {510, 500, 584};
    for (int version = 1; version <= 3; ++version) {
        const QString path = peopleManifest(version);
        const auto checked = ManifestCheck::check(path);
        QVERIFY2(checked, messageOf(checked).constData());
        QCOMPARE(checked->version, version);
        QCOMPARE(checked->scheme, ManifestNamingScheme::V2);
        QCOMPARE(checked->size, sizes[version - 1]);
        QCOMPARE(checked->size, QFileInfo(path).size());
        QVERIFY(checked->timestamp);
        QCOMPARE(checked->timestamp->date(), QDate(2026, 11, 29));
        QCOMPARE(checked->path, QFileInfo(path).absoluteFilePath());
    }
}

void TestManifestCheck::acceptsV1NamedCopies()
{
    for (int version = 1; version <= 3; ++version) {
        const QString path = copy(peopleManifest(version), u"%1.manifest"_s.arg(version));
        const auto checked = ManifestCheck::check(path);
        QVERIFY2(checked, messageOf(checked).constData());
        QCOMPARE(checked->version, version);
        QCOMPARE(checked->scheme, ManifestNamingScheme::V1);
        QCOMPARE(checked->path, path);
    }
    // A relative path comes back absolute.
    const QString previous = QDir::currentPath();
    QVERIFY(QDir::setCurrent(m_dir->path()));
    const auto relative = ManifestCheck::check(u"3.manifest"_s);
    QVERIFY(QDir::setCurrent(previous));
    QVERIFY2(relative, messageOf(relative).constData());
    QCOMPARE(relative->path, m_dir->filePath(u"3.manifest"_s));
}

void TestManifestCheck::refusesANameForAnotherVersion()
{
    const QString v1Name = copy(peopleManifest(3), u"2.manifest"_s);
    auto checked = ManifestCheck::check(v1Name);
    QVERIFY(!checked);
    QCOMPARE(checked.error().kind(), api::ApiError::Kind::InvalidInput);
    QCOMPARE(checked.error().userMessage(),
             u"%1 is named as version 2 but holds version 3."_s.arg(v1Name));

    // Version 1's file under version 3's V2 name.
    const QString v2Name = copy(peopleManifest(1), u"18446744073709551612.manifest"_s);
    checked = ManifestCheck::check(v2Name);
    QVERIFY(!checked);
    QCOMPARE(checked.error().userMessage(),
             u"%1 is named as version 3 but holds version 1."_s.arg(v2Name));
}

void TestManifestCheck::acceptsStagingFilesAsTheirFinalName()
{
    const QString staged = copy(
        peopleManifest(2), u"18446744073709551613.manifest-5b2f3c1e-7a4d-4e8b-9c0f-1d2e3f405162"_s);
    const auto checked = ManifestCheck::check(staged);
    QVERIFY2(checked, messageOf(checked).constData());
    QCOMPARE(checked->version, 2);
    QCOMPARE(checked->scheme, ManifestNamingScheme::V2);
    QCOMPARE(checked->path, staged);

    // Staged under the wrong final name: the same refusal as any mismatch.
    const QString wrong = copy(peopleManifest(2), u"7.manifest-0a1b"_s);
    const auto refused = ManifestCheck::check(wrong);
    QVERIFY(!refused);
    QCOMPARE(refused.error().userMessage(),
             u"%1 is named as version 7 but holds version 2."_s.arg(wrong));
}

void TestManifestCheck::refusesWhatIsNoVersionBeforeReadingIt()
{
    // None of these files exists: the name alone refuses them, with its note.
    const QString detached = m_dir->filePath(u"d18446744073709551614.manifest"_s);
    auto checked = ManifestCheck::check(detached);
    QVERIFY(!checked);
    QCOMPARE(checked.error().userMessage(),
             u"%1 is a detached manifest, not a version of the table."_s.arg(detached));

    const QString hint = m_dir->filePath(u"latest_version_hint.json"_s);
    checked = ManifestCheck::check(hint);
    QVERIFY(!checked);
    QCOMPARE(checked.error().userMessage(),
             u"%1 is the hint to the latest version, not a manifest."_s.arg(hint));

    const QString other = m_dir->filePath(u"people.manifest"_s);
    checked = ManifestCheck::check(other);
    QVERIFY(!checked);
    QVERIFY2(checked.error().userMessage().startsWith(other + u" is not named like"_s),
             messageOf(checked).constData());

    // The real hint next to the real manifests, and a real manifest renamed as detached.
    checked = ManifestCheck::check(
        test::TestData::path(PeopleVersionFolder + u"latest_version_hint.json"_s));
    QVERIFY(!checked);
    QVERIFY(checked.error().userMessage().contains(u"the hint to the latest version"_s));
    checked = ManifestCheck::check(copy(peopleManifest(1), u"d1.manifest"_s));
    QVERIFY(!checked);
    QVERIFY(checked.error().userMessage().contains(u"a detached manifest"_s));
}

void TestManifestCheck::refusesDamagedAndForeignFiles()
{
    const QByteArray real = test::TestFiles::read(peopleManifest(3));
    QCOMPARE(real.size(), 584);

    const QString cut = test::TestFiles::write(m_dir->filePath(u"3.manifest"_s), real.first(400));
    auto checked = ManifestCheck::check(cut);
    QVERIFY(!checked);
    QCOMPARE(checked.error().userMessage(),
             u"%1 is not a Lance manifest (no LANC footer)."_s.arg(cut));

    const QString empty = test::TestFiles::write(m_dir->filePath(u"1.manifest"_s), {});
    checked = ManifestCheck::check(empty);
    QVERIFY(!checked);
    QVERIFY(checked.error().userMessage().startsWith(empty + u" is not a Lance manifest"_s));

    const QString missing = m_dir->filePath(u"5.manifest"_s);
    checked = ManifestCheck::check(missing);
    QVERIFY(!checked);
    QCOMPARE(checked.error().userMessage(), missing + u" does not exist."_s);

    checked = ManifestCheck::check(peopleManifest(3), 100);
    QVERIFY(!checked);
    QVERIFY(checked.error().userMessage().contains(u" is larger than "_s));
}

LCB_TEST_GUILESS_MAIN(TestManifestCheck)
#include "TestManifestCheck.moc"
