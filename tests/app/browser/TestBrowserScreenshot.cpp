// SPDX-License-Identifier: Apache-2.0
// The real lance-catalog-browser executable: --screenshot writes a PNG of the window and exits,
// in a light and a dark palette; a file it cannot write and refused options fail with a reason;
// --version and --help answer where there is no display at all.
#include "TestRegistry.h"

#include <QImage>
#include <QImageReader>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {

struct Run
{
    int exitCode = -1;
    QString standardError;
};

} // namespace

class TestBrowserScreenshot : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void writesAPngOfTheWindow();
    void darkPaletteGivesADarkWindow();
    void anUnwritableFileFails();
    void conflictingOptionsFailWithAReason();
    void versionAndHelpNeedNoDisplay();

private:
    Run run(const QStringList &arguments, const QString &palette = {});
    static double meanLightness(const QImage &image);

    std::optional<QTemporaryDir> m_dir;
};

void TestBrowserScreenshot::init()
{
    m_dir.emplace();
    QVERIFY(m_dir->isValid());
}

Run TestBrowserScreenshot::run(const QStringList &arguments, const QString &palette)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
    // Never the real home: the embedded catalog and the settings go to the temporary folder.
    environment.insert(u"XDG_DATA_HOME"_s, m_dir->filePath(u"data"_s));
    environment.insert(u"XDG_CONFIG_HOME"_s, m_dir->filePath(u"config"_s));
    if (!palette.isEmpty()) {
        environment.insert(u"LCB_TEST_PALETTE"_s, palette);
    }
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(LCB_BROWSER_PATH),
                  QStringList{u"--settings"_s, m_dir->filePath(u"settings.ini"_s)} + arguments);
    Run result;
    if (!process.waitForFinished(60000) || process.exitStatus() != QProcess::NormalExit) {
        process.kill();
        result.standardError = u"did not finish: "_s + process.errorString();
        return result;
    }
    result.exitCode = process.exitCode();
    result.standardError = QString::fromLocal8Bit(process.readAllStandardError());
    return result;
}

double TestBrowserScreenshot::meanLightness(const QImage &image)
{
    double sum = 0;
    int count = 0;
    for (int y = 0; y < image.height(); y += 4) {
        for (int x = 0; x < image.width(); x += 4) {
            sum += image.pixelColor(x, y).lightnessF();
            ++count;
        }
    }
    return count ? sum / count : 0;
}

void TestBrowserScreenshot::writesAPngOfTheWindow()
{
    const QString file = m_dir->filePath(u"window.png"_s);
    const Run done = run({u"--screenshot"_s, file});
    QVERIFY2(done.exitCode == 0, qPrintable(done.standardError));

    QFile png(file);
    QVERIFY(png.open(QIODevice::ReadOnly));
    QCOMPARE(png.read(8), QByteArray("\x89PNG\r\n\x1a\n", 8));
    QVERIFY2(png.size() > 10 * 1024, qPrintable(QString::number(png.size())));
    QImageReader reader(file);
    QCOMPARE(reader.format(), QByteArray("png"));
    const QImage image = reader.read();
    QVERIFY(!image.isNull());
    // The first window's size, which fits the (800 x 800) test screen.
    QVERIFY2(image.width() >= 700 && image.height() >= 500,
             qPrintable(u"%1x%2"_s.arg(image.width()).arg(image.height())));
    QVERIFY(meanLightness(image) > 0.6);
}

void TestBrowserScreenshot::darkPaletteGivesADarkWindow()
{
    const QString file = m_dir->filePath(u"dark.png"_s);
    const Run done = run({u"--screenshot"_s, file}, u"dark"_s);
    QVERIFY2(done.exitCode == 0, qPrintable(done.standardError));
    const QImage image(file);
    QVERIFY(!image.isNull());
    QVERIFY2(meanLightness(image) < 0.35, qPrintable(QString::number(meanLightness(image))));
}

void TestBrowserScreenshot::anUnwritableFileFails()
{
    const QString file = m_dir->filePath(u"missing-folder/window.png"_s);
    const Run done = run({u"--screenshot"_s, file});
    QCOMPARE(done.exitCode, 1);
    QVERIFY2(done.standardError.contains(u"Could not write the screenshot"_s),
             qPrintable(done.standardError));
    QVERIFY(!QFile::exists(file));
}

void TestBrowserScreenshot::conflictingOptionsFailWithAReason()
{
    const Run done = run({u"--profile"_s, u"lake"_s, u"--local"_s, m_dir->path()});
    QCOMPARE(done.exitCode, 1);
    QVERIFY2(done.standardError.contains(u"--profile and --local cannot be combined"_s),
             qPrintable(done.standardError));
}

void TestBrowserScreenshot::versionAndHelpNeedNoDisplay()
{
    // As a package's smoke test or a terminal over ssh runs it: no platform chosen, no X11 or
    // Wayland display to connect to (QApplication would abort).
    for (const QString &option : {u"--version"_s, u"--help"_s}) {
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        for (const QString &name : {u"QT_QPA_PLATFORM"_s, u"DISPLAY"_s, u"WAYLAND_DISPLAY"_s}) {
            environment.remove(name);
        }
        process.setProcessEnvironment(environment);
        process.start(QStringLiteral(LCB_BROWSER_PATH), {option});
        QVERIFY(process.waitForFinished(30000));
        QVERIFY2(process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0,
                 process.readAllStandardError().constData());
        const QByteArray out = process.readAllStandardOutput();
        QVERIFY2(out.startsWith(option == u"--version"_s ? "lance-catalog-browser " : "Usage: "),
                 out.constData());
    }
}

LCB_TEST_GUILESS_MAIN(TestBrowserScreenshot)
#include "TestBrowserScreenshot.moc"
