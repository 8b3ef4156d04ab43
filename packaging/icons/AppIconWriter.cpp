// SPDX-License-Identifier: Apache-2.0
#include "AppIconWriter.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QImageReader>
#include <QImageWriter>
#include <QSaveFile>
#include <QtEndian>

#include <cstdlib>
#include <utility>

using namespace Qt::StringLiterals;

namespace lance::packaging {

namespace {

// The Windows shell picks from these (256 is the largest an .ico can declare).
const QList<int> IcoSizes = {16, 24, 32, 48, 64, 128, 256};

// macOS icon types that hold PNG data, with their pixel sizes (the @2x types included, so the
// Dock and Finder stay sharp on Retina screens).
const QList<std::pair<QByteArray, int>> IcnsTypes = {
    {"ic11", 32},  {"ic12", 64},  {"ic07", 128}, {"ic13", 256},
    {"ic08", 256}, {"ic14", 512}, {"ic09", 512}, {"ic10", 1024},
};

void appendLe16(QByteArray &out, quint16 value)
{
    const quint16 le = qToLittleEndian(value);
    out.append(reinterpret_cast<const char *>(&le), sizeof le);
}

void appendLe32(QByteArray &out, quint32 value)
{
    const quint32 le = qToLittleEndian(value);
    out.append(reinterpret_cast<const char *>(&le), sizeof le);
}

void appendBe32(QByteArray &out, quint32 value)
{
    const quint32 be = qToBigEndian(value);
    out.append(reinterpret_cast<const char *>(&be), sizeof be);
}

} // namespace

AppIconWriter::AppIconWriter(QString svgFile)
    : m_svgFile(std::move(svgFile))
{}

const QList<int> &AppIconWriter::hicolorSizes()
{
    static const QList<int> sizes = {16, 22, 24, 32, 48, 64, 128, 256, 512};
    return sizes;
}

QImage AppIconWriter::render(int size)
{
    // The svg image plugin (libqt6svg6, which the browser needs anyway) renders at the requested
    // size, so small sizes are drawn for their size rather than scaled down from a big bitmap.
    QImageReader reader(m_svgFile, "svg");
    reader.setScaledSize(QSize(size, size));
    QImage image = reader.read();
    if (image.isNull()) {
        m_error
            = u"cannot render %1 at %2 px: %3"_s.arg(m_svgFile).arg(size).arg(reader.errorString());
        return {};
    }
    return image.convertToFormat(QImage::Format_ARGB32);
}

QByteArray AppIconWriter::png(int size)
{
    const QImage image = render(size);
    if (image.isNull()) {
        return {};
    }
    QByteArray data;
    QBuffer buffer(&data);
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, "png");
    if (!writer.write(image)) {
        m_error = u"cannot encode a %1 px PNG: %2"_s.arg(size).arg(writer.errorString());
        return {};
    }
    return data;
}

bool AppIconWriter::writeFile(const QString &file, const QByteArray &data)
{
    QSaveFile out(file);
    if (!out.open(QIODevice::WriteOnly) || out.write(data) != data.size() || !out.commit()) {
        m_error = u"cannot write %1: %2"_s.arg(file, out.errorString());
        return false;
    }
    return true;
}

bool AppIconWriter::writeIco(const QString &file)
{
    // ICONDIR, one ICONDIRENTRY per image, then the images (PNG) back to back.
    QByteArray header;
    QByteArray images;
    appendLe16(header, 0);
    appendLe16(header, 1); // type: icon
    appendLe16(header, quint16(IcoSizes.size()));
    const quint32 firstImage = 6 + 16 * quint32(IcoSizes.size());
    for (const int size : IcoSizes) {
        const QByteArray image = png(size);
        if (image.isEmpty()) {
            return false;
        }
        header.append(char(size >= 256 ? 0 : size)); // 0 means 256
        header.append(char(size >= 256 ? 0 : size));
        header.append(char(0)); // no palette
        header.append(char(0));
        appendLe16(header, 1);  // colour planes
        appendLe16(header, 32); // bits per pixel
        appendLe32(header, quint32(image.size()));
        appendLe32(header, firstImage + quint32(images.size()));
        images.append(image);
    }
    return writeFile(file, header + images);
}

bool AppIconWriter::writeIcns(const QString &file)
{
    QByteArray entries;
    for (const auto &[type, size] : IcnsTypes) {
        const QByteArray image = png(size);
        if (image.isEmpty()) {
            return false;
        }
        entries.append(type);
        appendBe32(entries, quint32(8 + image.size()));
        entries.append(image);
    }
    QByteArray icns("icns");
    appendBe32(icns, quint32(8 + entries.size()));
    return writeFile(file, icns + entries);
}

bool AppIconWriter::writeAll(const QString &dir, const QString &baseName)
{
    if (!QDir().mkpath(dir)) {
        m_error = u"cannot create %1"_s.arg(dir);
        return false;
    }
    for (const int size : hicolorSizes()) {
        const QByteArray image = png(size);
        if (image.isEmpty() || !writeFile(u"%1/%2-%3.png"_s.arg(dir, baseName).arg(size), image)) {
            return false;
        }
    }
    return writeIco(u"%1/%2.ico"_s.arg(dir, baseName))
           && writeIcns(u"%1/%2.icns"_s.arg(dir, baseName));
}

bool AppIconWriter::compareWith(const QString &dir, const QString &baseName)
{
    constexpr int Tolerance = 8; // per channel, out of 255
    for (const int size : hicolorSizes()) {
        const QString file = u"%1/%2-%3.png"_s.arg(dir, baseName).arg(size);
        const QImage expected = render(size);
        const QImage actual = QImage(file).convertToFormat(QImage::Format_ARGB32);
        if (expected.isNull()) {
            return false;
        }
        if (actual.size() != QSize(size, size)) {
            m_error = u"%1 is missing or not %2x%2 px; regenerate the icons"_s.arg(file).arg(size);
            return false;
        }
        for (int y = 0; y < size; ++y) {
            for (int x = 0; x < size; ++x) {
                const QRgb a = expected.pixel(x, y);
                const QRgb b = actual.pixel(x, y);
                if (std::abs(qRed(a) - qRed(b)) > Tolerance
                    || std::abs(qGreen(a) - qGreen(b)) > Tolerance
                    || std::abs(qBlue(a) - qBlue(b)) > Tolerance
                    || std::abs(qAlpha(a) - qAlpha(b)) > Tolerance) {
                    m_error
                        = u"%1 differs from the SVG at (%2, %3); regenerate the icons"_s.arg(file)
                              .arg(x)
                              .arg(y);
                    return false;
                }
            }
        }
    }
    return true;
}

} // namespace lance::packaging
