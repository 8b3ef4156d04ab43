// SPDX-License-Identifier: Apache-2.0
// The small status pieces: the environment band's colours and contrast in light and dark
// palettes, the activity indicator, and the icons in both palettes.
#include "TestRegistry.h"
#include "ui/activity/ActivityIndicator.h"
#include "ui/common/Icons.h"
#include "ui/common/StatusColors.h"
#include "ui/connection/EnvironmentBand.h"

#include <QApplication>
#include <QLabel>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>

using namespace Qt::StringLiterals;
using namespace lance::ui;
using Environment = EnvironmentBand::Environment;

using MaybeEnvironment = std::optional<Environment>;
Q_DECLARE_METATYPE(MaybeEnvironment)

namespace {

QPalette lightPalette()
{
    return QPalette(QColor(0xef, 0xef, 0xef));
}

QPalette darkPalette()
{
    return QPalette(QColor(0x2a, 0x2c, 0x2f));
}

// The share of an image's opaque pixels whose colour is within `tolerance` of `color`.
double shareNear(const QImage &image, const QColor &color, int tolerance = 40)
{
    int opaque = 0;
    int near = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const QColor pixel = image.pixelColor(x, y);
            if (pixel.alpha() < 200) {
                continue;
            }
            ++opaque;
            if (qAbs(pixel.red() - color.red()) + qAbs(pixel.green() - color.green())
                    + qAbs(pixel.blue() - color.blue())
                < tolerance) {
                ++near;
            }
        }
    }
    return opaque == 0 ? 0.0 : double(near) / opaque;
}

} // namespace

class TestStatusWidgets : public QObject
{
    Q_OBJECT

private slots:
    void cleanup();
    void bandColoursAndContrast_data();
    void bandColoursAndContrast();
    void bandFollowsAPaletteChange();
    void bandTextsAndReadOnly();
    void activityIndicatorShowsAndCancels();
    void everyIconRenders();
    void iconStrokesFollowThePalette();
};

void TestStatusWidgets::cleanup()
{
    QApplication::setPalette(QPalette());
}

void TestStatusWidgets::bandColoursAndContrast_data()
{
    QTest::addColumn<MaybeEnvironment>("environment");
    QTest::addColumn<bool>("dark");
    for (const bool dark : {false, true}) {
        const char *palette = dark ? "dark" : "light";
        QTest::addRow("development, %s", palette)
            << MaybeEnvironment(Environment::Development) << dark;
        QTest::addRow("staging, %s", palette) << MaybeEnvironment(Environment::Staging) << dark;
        QTest::addRow("production, %s", palette)
            << MaybeEnvironment(Environment::Production) << dark;
        QTest::addRow("unspecified, %s", palette) << MaybeEnvironment() << dark;
    }
}

void TestStatusWidgets::bandColoursAndContrast()
{
    QFETCH(MaybeEnvironment, environment);
    QFETCH(bool, dark);
    const QPalette palette = dark ? darkPalette() : lightPalette();
    QApplication::setPalette(palette);
    QCOMPARE(StatusColors::isDark(palette), dark);

    QWidget window;
    EnvironmentBand band(&window);
    band.setConnection(u"lake-prod"_s, environment, u"https://catalog.example/lance"_s);
    QCOMPARE(band.bandColor(),
             StatusColors::accent(EnvironmentBand::tone(environment), window.palette()));
    const double contrast = StatusColors::contrastRatio(band.bandColor(), band.textColor());
    QVERIFY2(contrast >= 4.5, qPrintable(u"contrast %1"_s.arg(contrast)));
    // The three environments are told apart by hue, whatever the palette.
    if (environment) {
        QVERIFY(band.bandColor() != window.palette().color(QPalette::Window));
        QVERIFY(band.bandColor().hslSaturation() > 100);
    }
}

void TestStatusWidgets::bandFollowsAPaletteChange()
{
    QApplication::setPalette(lightPalette());
    QWidget window;
    EnvironmentBand band(&window);
    band.setConnection(u"stage"_s, Environment::Staging);
    const QColor light = band.bandColor();
    QApplication::setPalette(darkPalette());
    QTRY_VERIFY(band.bandColor() != light);
    QCOMPARE(band.bandColor(), StatusColors::accent(StatusColors::Tone::Warning, darkPalette()));
    QVERIFY(StatusColors::contrastRatio(band.bandColor(), band.textColor()) >= 4.5);
}

void TestStatusWidgets::bandTextsAndReadOnly()
{
    EnvironmentBand band;
    auto *name = band.findChild<QLabel *>(u"bandNameLabel"_s);
    auto *environment = band.findChild<QLabel *>(u"bandEnvironmentLabel"_s);
    auto *readOnly = band.findChild<QLabel *>(u"bandReadOnlyLabel"_s);
    band.resize(600, band.sizeHint().height());
    band.show();
    QVERIFY(QTest::qWaitForWindowExposed(&band));

    band.setConnection(u"Embedded catalog"_s, std::nullopt, u"/data/catalog"_s);
    QCOMPARE(name->text(), u"Embedded catalog"_s);
    QVERIFY(environment->isHidden());
    QVERIFY(readOnly->isHidden());
    QVERIFY(band.accessibleDescription().contains(u"/data/catalog"_s));

    band.setConnection(u"lake"_s, Environment::Production, u"https://lake.example"_s);
    QVERIFY(environment->isVisible());
    QCOMPARE(environment->text(), u"Production"_s);
    band.setReadOnly(true);
    QVERIFY(readOnly->isVisible());
    QVERIFY(band.accessibleDescription().contains(u"read-only"_s));
    QVERIFY(band.accessibleDescription().contains(u"Production environment"_s));
    // A thin strip: one line of text.
    QVERIFY(band.sizeHint().height() < band.fontMetrics().height() * 2);
}

void TestStatusWidgets::activityIndicatorShowsAndCancels()
{
    QWidget window;
    auto *indicator = new ActivityIndicator(&window);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(indicator->isHidden());

    QSignalSpy cancel(indicator, &ActivityIndicator::cancelRequested);
    indicator->setRunning(1, u"Listing tables of sales"_s);
    QVERIFY(indicator->isVisible());
    QCOMPARE(indicator->summaryText(), u"Listing tables of sales"_s);
    indicator->setRunning(3, u"Listing tables of sales"_s);
    QCOMPARE(indicator->summaryText(), u"Listing tables of sales (and 2 more)"_s);
    QCOMPARE(indicator->runningCount(), 3);
    QTest::mouseClick(indicator->findChild<QToolButton *>(u"cancelActivityButton"_s),
                      Qt::LeftButton);
    QCOMPARE(cancel.count(), 1);
    indicator->setRunning(0, QString());
    QVERIFY(indicator->isHidden());
}

void TestStatusWidgets::everyIconRenders()
{
    for (int id = int(Icons::Id::App); id <= int(Icons::Id::Import); ++id) {
        const QIcon icon = Icons::icon(Icons::Id(id));
        QVERIFY2(!icon.isNull(), qPrintable(Icons::path(Icons::Id(id))));
        for (const int size : {16, 24, 48}) {
            const QImage image = icon.pixmap(QSize(size, size)).toImage();
            QCOMPARE(image.size(), QSize(size, size));
            int opaque = 0;
            for (int y = 0; y < size; ++y) {
                for (int x = 0; x < size; ++x) {
                    opaque += image.pixelColor(x, y).alpha() > 0 ? 1 : 0;
                }
            }
            QVERIFY2(opaque > size, qPrintable(Icons::path(Icons::Id(id))));
        }
    }
}

void TestStatusWidgets::iconStrokesFollowThePalette()
{
    for (const QPalette &palette : {lightPalette(), darkPalette()}) {
        QApplication::setPalette(palette);
        const QImage image = Icons::icon(Icons::Id::Filter).pixmap(QSize(48, 48)).toImage();
        const QColor text = palette.color(QPalette::WindowText);
        QVERIFY2(shareNear(image, text) > 0.5, qPrintable(text.name()));
        // Disabled icons are fainter.
        const QImage disabled
            = Icons::icon(Icons::Id::Filter).pixmap(QSize(48, 48), QIcon::Disabled).toImage();
        QVERIFY(shareNear(disabled, text) < 0.5);
    }
}

LCB_TEST_MAIN(TestStatusWidgets)
#include "TestStatusWidgets.moc"
