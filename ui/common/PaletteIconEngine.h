// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QIconEngine>

namespace lance::ui {

/// Renders one of our SVG icons at any size, with its `currentColor` strokes in the palette's
/// text colour for the icon's mode: WindowText normally, the disabled text colour when disabled
/// and HighlightedText when selected. Icons stay crisp at every size and device pixel ratio,
/// and follow a light or dark palette (also when it changes while the app runs).
///
/// Needs Qt's SVG image format plugin (package libqt6svg6); without it the pixmaps are empty.
class PaletteIconEngine : public QIconEngine
{
public:
    /// `path` of an SVG file, usually in the resources (`:/icons/table.svg`).
    explicit PaletteIconEngine(QString path);

    void paint(QPainter *painter, const QRect &rect, QIcon::Mode mode, QIcon::State state) override;
    QPixmap pixmap(const QSize &size, QIcon::Mode mode, QIcon::State state) override;
    QIconEngine *clone() const override;
    QString key() const override;
    QString iconName() override;
    bool isNull() override;

private:
    QByteArray svgFor(QIcon::Mode mode) const;

    QString m_path;
    QByteArray m_svg;
};

} // namespace lance::ui
