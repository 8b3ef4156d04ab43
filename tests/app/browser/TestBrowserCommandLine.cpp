// SPDX-License-Identifier: Apache-2.0
// The browser's command line: what each option sets, and what is refused with which reason.
#include "BrowserCommandLine.h"
#include "TestRegistry.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::browser::BrowserCommandLine;
using lance::browser::BrowserOptions;
using Action = BrowserCommandLine::Action;

namespace {

BrowserCommandLine::Parsed parse(const QStringList &arguments)
{
    return BrowserCommandLine::parse(QStringList{u"lance-catalog-browser"_s} + arguments);
}

} // namespace

class TestBrowserCommandLine : public QObject
{
    Q_OBJECT

private slots:
    void nothingOpensTheEmbeddedCatalog();
    void eachSource();
    void otherOptions();
    void filesToRegister();
    void conflictingSourcesAreRefused_data();
    void conflictingSourcesAreRefused();
    void badValuesAreRefused_data();
    void badValuesAreRefused();
    void helpAndVersion();
};

void TestBrowserCommandLine::nothingOpensTheEmbeddedCatalog()
{
    const auto parsed = parse({});
    QCOMPARE(parsed.action, Action::Run);
    QCOMPARE(parsed.options.source, BrowserOptions::Source::Default);
    QVERIFY(parsed.options.settingsFile.isEmpty());
    QVERIFY(parsed.options.screenshotFile.isEmpty());
    QVERIFY(!parsed.options.readOnly);
}

void TestBrowserCommandLine::eachSource()
{
    auto parsed = parse({u"--profile"_s, u"lake-prod"_s});
    QCOMPARE(parsed.action, Action::Run);
    QCOMPARE(parsed.options.source, BrowserOptions::Source::Profile);
    QCOMPARE(parsed.options.profile, u"lake-prod"_s);

    parsed = parse({u"--url"_s, u"https://gravitino.example/lance"_s});
    QCOMPARE(parsed.action, Action::Run);
    QCOMPARE(parsed.options.source, BrowserOptions::Source::Url);
    QCOMPARE(parsed.options.url, QUrl(u"https://gravitino.example/lance"_s));

    parsed = parse({u"--local=lake"_s});
    QCOMPARE(parsed.action, Action::Run);
    QCOMPARE(parsed.options.source, BrowserOptions::Source::Local);
    QCOMPARE(parsed.options.localFolder, QDir::current().absoluteFilePath(u"lake"_s));

    parsed = parse({u"--demo"_s});
    QCOMPARE(parsed.action, Action::Run);
    QCOMPARE(parsed.options.source, BrowserOptions::Source::Demo);
}

void TestBrowserCommandLine::otherOptions()
{
    const auto parsed = parse({u"--settings"_s, u"/tmp/lcb.ini"_s, u"--read-only"_s,
                               u"--screenshot"_s, u"/tmp/window.PNG"_s, u"--local"_s, u"/x"_s});
    QCOMPARE(parsed.action, Action::Run);
    QCOMPARE(parsed.options.settingsFile, u"/tmp/lcb.ini"_s);
    QVERIFY(parsed.options.readOnly);
    QCOMPARE(parsed.options.screenshotFile, u"/tmp/window.PNG"_s);
    QCOMPARE(parsed.options.localFolder, u"/x"_s);
}

void TestBrowserCommandLine::filesToRegister()
{
    // Relative names are made absolute against the folder the browser was started in, so a
    // shell glob such as people.lance/_versions/*.manifest names the same files later.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(QDir(dir.path()).mkpath(u"people.lance/_versions"_s));
    QFile manifest(dir.filePath(u"people.lance/_versions/1.manifest"_s));
    QVERIFY(manifest.open(QIODevice::WriteOnly));
    manifest.close();
    const QString before = QDir::currentPath();
    QVERIFY(QDir::setCurrent(dir.path()));
    const auto parsed
        = parse({u"--local"_s, u"/x"_s, u"people.lance/_versions/1.manifest"_s, u"people.lance"_s});
    QVERIFY(QDir::setCurrent(before));
    QCOMPARE(parsed.action, Action::Run);
    QCOMPARE(parsed.options.files,
             (QStringList{QFileInfo(manifest).absoluteFilePath(),
                          QFileInfo(dir.filePath(u"people.lance"_s)).absoluteFilePath()}));
    QVERIFY(parse({u"--local"_s, u"/x"_s}).options.files.isEmpty());
}

void TestBrowserCommandLine::conflictingSourcesAreRefused_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("named");
    QTest::newRow("profile and url")
        << QStringList{u"--profile"_s, u"a"_s, u"--url"_s, u"http://h:1"_s}
        << u"--profile and --url"_s;
    QTest::newRow("url and local")
        << QStringList{u"--url"_s, u"http://h:1"_s, u"--local"_s, u"/x"_s}
        << u"--url and --local"_s;
    QTest::newRow("profile and local")
        << QStringList{u"--local"_s, u"/x"_s, u"--profile"_s, u"a"_s} << u"--profile and --local"_s;
    QTest::newRow("all three") << QStringList{u"--local"_s, u"/x"_s,    u"--profile"_s,
                                              u"a"_s,       u"--url"_s, u"http://h"_s}
                               << u"--profile and --url and --local"_s;
    QTest::newRow("demo and local")
        << QStringList{u"--demo"_s, u"--local"_s, u"/x"_s} << u"--local and --demo"_s;
    QTest::newRow("two urls") << QStringList{u"--url"_s, u"http://a"_s, u"--url"_s, u"http://b"_s}
                              << u"--url was given more than once"_s;
}

void TestBrowserCommandLine::conflictingSourcesAreRefused()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, named);
    const auto parsed = parse(arguments);
    QCOMPARE(parsed.action, Action::Fail);
    QVERIFY2(parsed.text.contains(named), qPrintable(parsed.text));
    QVERIFY(parsed.text.contains(u"--help"_s));
}

void TestBrowserCommandLine::badValuesAreRefused_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("reason");
    QTest::newRow("url without scheme")
        << QStringList{u"--url"_s, u"127.0.0.1:2333"_s} << u"http or https"_s;
    QTest::newRow("ftp url") << QStringList{u"--url"_s, u"ftp://h"_s} << u"http or https"_s;
    QTest::newRow("url without host")
        << QStringList{u"--url"_s, u"http://"_s} << u"http or https"_s;
    QTest::newRow("screenshot not png")
        << QStringList{u"--screenshot"_s, u"w.jpg"_s} << u"ending in .png"_s;
    QTest::newRow("empty profile") << QStringList{u"--profile="_s} << u"needs a value"_s;
    QTest::newRow("missing value") << QStringList{u"--local"_s} << u"Missing value"_s;
    QTest::newRow("unknown option") << QStringList{u"--colour"_s} << u"Unknown option"_s;
    QTest::newRow("missing file")
        << QStringList{u"/nonexistent/people.lance/_versions/1.manifest"_s}
        << u"There is no file or folder \"/nonexistent/people.lance/_versions/1.manifest\""_s;
    // The file exists: it is the combination that is refused.
    QTest::newRow("files and read-only")
        << QStringList{u"--read-only"_s, QCoreApplication::applicationFilePath()}
        << u"--read-only cannot register"_s;
    QTest::newRow("a lone dash") << QStringList{u"-"_s} << u"Unexpected argument \"-\""_s;
}

void TestBrowserCommandLine::badValuesAreRefused()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, reason);
    const auto parsed = parse(arguments);
    QCOMPARE(parsed.action, Action::Fail);
    QVERIFY2(parsed.text.contains(reason, Qt::CaseInsensitive), qPrintable(parsed.text));
}

void TestBrowserCommandLine::helpAndVersion()
{
    const auto help = parse({u"--help"_s});
    QCOMPARE(help.action, Action::ShowHelp);
    for (const QString &option : {u"--profile"_s, u"--url"_s, u"--local"_s, u"--settings"_s,
                                  u"--read-only"_s, u"--screenshot"_s}) {
        QVERIFY2(help.text.contains(option), qPrintable(option));
    }
    QCOMPARE(parse({u"--version"_s}).action, Action::ShowVersion);
}

LCB_TEST_GUILESS_MAIN(TestBrowserCommandLine)
#include "TestBrowserCommandLine.moc"
