// SPDX-License-Identifier: Apache-2.0
#include "ui/common/PaletteIconEngine.h"

#include <QBuffer>
#include <QFile>
#include <QFileInfo>
#include <QGuiApplication>
#include <QImageReader>
#include <QPainter>
#include <QPalette>
#include <QPixmapCache>

using namespace Qt::StringLiterals;

namespace lance::ui {

namespace {

QByteArray readSvg(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QColor colorFor(QIcon::Mode mode)
{
    const QPalette palette = QGuiApplication::palette();
    switch (mode) {
    case QIcon::Disabled:
        return palette.color(QPalette::Disabled, QPalette::WindowText);
    case QIcon::Selected:
        return palette.color(QPalette::Active, QPalette::HighlightedText);
    case QIcon::Normal:
    case QIcon::Active:
        break;
    }
    return palette.color(QPalette::Active, QPalette::WindowText);
}

} // namespace

PaletteIconEngine::PaletteIconEngine(QString path)
    : m_path(std::move(path))
    , m_svg(readSvg(m_path))
{}

QByteArray PaletteIconEngine::svgFor(QIcon::Mode mode) const
{
    QByteArray svg = m_svg;
    const QColor color = colorFor(mode);
    svg.replace("currentColor", color.name(QColor::HexRgb).toLatin1());
    if (mode == QIcon::Disabled) {
        // Accents fade with the strokes, as a disabled icon should.
        svg.replace("<svg ", "<svg opacity=\"0.45\" ");
    }
    return svg;
}

QPixmap PaletteIconEngine::pixmap(const QSize &size, QIcon::Mode mode, QIcon::State)
{
    if (m_svg.isEmpty() || size.isEmpty()) {
        return QPixmap();
    }
    const QString cacheKey = u"lcb-icon:%1:%2x%3:%4:%5"_s.arg(m_path)
                                 .arg(size.width())
                                 .arg(size.height())
                                 .arg(int(mode))
                                 .arg(colorFor(mode).name());
    QPixmap cached;
    if (QPixmapCache::find(cacheKey, &cached)) {
        return cached;
    }
    QByteArray svg = svgFor(mode);
    QBuffer buffer(&svg);
    QImageReader reader(&buffer, "svg");
    // Square icons: fit the drawing into the middle of a size that is not square.
    const int side = qMin(size.width(), size.height());
    reader.setScaledSize(QSize(side, side));
    const QImage image = reader.read();
    QPixmap result(size);
    result.fill(Qt::transparent);
    if (!image.isNull()) {
        QPainter painter(&result);
        painter.drawImage((size.width() - side) / 2, (size.height() - side) / 2, image);
    }
    QPixmapCache::insert(cacheKey, result);
    return result;
}

void PaletteIconEngine::paint(QPainter *painter, const QRect &rect, QIcon::Mode mode,
                              QIcon::State state)
{
    const qreal ratio = painter->device() ? painter->device()->devicePixelRatioF() : 1.0;
    QPixmap image = pixmap(rect.size() * ratio, mode, state);
    image.setDevicePixelRatio(ratio);
    painter->drawPixmap(rect.topLeft(), image);
}

QIconEngine *PaletteIconEngine::clone() const
{
    return new PaletteIconEngine(*this);
}

QString PaletteIconEngine::key() const
{
    return u"lcb-palette-svg"_s;
}

QString PaletteIconEngine::iconName()
{
    return QFileInfo(m_path).completeBaseName();
}

bool PaletteIconEngine::isNull()
{
    return m_svg.isEmpty();
}

} // namespace lance::ui
