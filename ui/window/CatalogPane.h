// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QVBoxLayout;

namespace lance::ui {

/// The left side of the window: a filter box over the catalog tree. The tree view itself is set
/// by whoever builds it; until then a placeholder holds its place.
///
/// Object names for tests: `filterEdit`.
class CatalogPane : public QWidget
{
    Q_OBJECT

public:
    explicit CatalogPane(QWidget *parent = nullptr);

    /// Puts `view` (the catalog tree) in place of the placeholder; the pane owns it.
    void setView(QWidget *view);
    QWidget *view() const { return m_view; }

    QLineEdit *filterEdit() const { return m_filterEdit; }
    /// Focuses the filter box and selects its text (Ctrl+F).
    void focusFilter();
    /// "3 of 120" beside the filter box (`filterCount`) while it holds a text: the names that
    /// match, of those loaded.
    void setMatchCount(int matching, int loaded);

signals:
    void filterChanged(const QString &text);

private:
    QLineEdit *m_filterEdit = nullptr;
    QLabel *m_count = nullptr;
    QVBoxLayout *m_layout = nullptr;
    QWidget *m_view = nullptr;
};

} // namespace lance::ui
