// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>

class QAbstractItemView;

namespace lance::ui {

/// How many rows of a list a pane shows. A list squeezed to two rows by the panes and docks
/// around it (a 1024 × 700 laptop with the History open) cannot be read or scanned, so each of
/// the window's lists keeps room for Minimum rows below its header: the docks and splitters
/// around it give way instead, and a page of details beside it scrolls. The room is measured
/// again when the view is shown or its font, style or header changes.
class VisibleRows : public QObject
{
    Q_OBJECT

public:
    static constexpr int Minimum = 5;

    /// Makes `view` keep room for `rows` rows, its header and a horizontal scroll bar (its
    /// minimum height), for as long as it lives.
    static void keep(QAbstractItemView *view, int rows = Minimum);
    /// How many whole rows `view`'s viewport shows now.
    static int shown(const QAbstractItemView &view);
    /// The height of one of `view`'s rows: its first row's, or one line of its font.
    static int rowHeight(const QAbstractItemView &view);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    VisibleRows(QAbstractItemView *view, int rows);
    void update();

    QAbstractItemView *m_view;
    int m_rows;
};

} // namespace lance::ui
