// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QWidget>

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

signals:
    void filterChanged(const QString &text);

private:
    QLineEdit *m_filterEdit = nullptr;
    QVBoxLayout *m_layout = nullptr;
    QWidget *m_view = nullptr;
};

} // namespace lance::ui
