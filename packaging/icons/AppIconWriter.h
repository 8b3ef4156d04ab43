// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QImage>
#include <QList>
#include <QString>

namespace lance::packaging {

// Renders the app icon's SVG at the sizes each platform wants and writes the files the packages
// carry: hicolor PNGs (Linux), a Windows .ico and a macOS .icns. The .ico and .icns hold PNG
// images (Windows Vista and later, macOS 10.7 and later read them), which lets Qt write both
// without the icns image plugin that Debian does not ship.
class AppIconWriter
{
public:
    explicit AppIconWriter(QString svgFile);

    // The icon at size x size pixels, or a null image (and error()) when the SVG cannot be read.
    QImage render(int size);
    // Writes <dir>/<baseName>-<size>.png for each hicolor size, <baseName>.ico and
    // <baseName>.icns. Returns false and sets error() on the first failure.
    bool writeAll(const QString &dir, const QString &baseName);
    // Compares writeAll()'s PNGs with those already in dir, allowing a small per-channel
    // difference (zlib or rasteriser updates must not fail the check; a changed SVG must).
    bool compareWith(const QString &dir, const QString &baseName);
    QString error() const { return m_error; }

    static const QList<int> &hicolorSizes();

private:
    bool writeIco(const QString &file);
    bool writeIcns(const QString &file);
    bool writeFile(const QString &file, const QByteArray &data);
    QByteArray png(int size);

    QString m_svgFile;
    QString m_error;
};

} // namespace lance::packaging
