// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;
class QToolButton;

namespace lance::catalog {
class TableRowsModel;
}

namespace lance::ui {

/// The Rows tab: the rows of the version the Versions view has current, as a table that reads
/// the next page as it is scrolled to its end (catalog::TableRowsModel). Above it: what is shown
/// and how much of it is loaded, a condition on one column that chooses the rows read (applied
/// by whatever reads them: the catalog's QueryTable, or this machine for a staged manifest), a
/// search in the rows loaded, and the columns to show. A cell
/// shows its value compactly (vectors summarised, long values cut) and the whole value in its
/// tooltip; Ctrl+C in the table copies the whole value, and the context menu also the value or the
/// row as exact JSON. Null cells are shown quieter than values.
class RowsView : public QWidget
{
    Q_OBJECT

public:
    explicit RowsView(QWidget *parent = nullptr);

    catalog::TableRowsModel *model() const { return m_model; }
    QTableView *tableView() const { return m_table; }
    /// Names what the rows are of (`Version 4 of sales$orders`), shown before the counts.
    void setTitle(const QString &title);
    /// Shows no rows, saying why (no version chosen, a server without QueryTable, ...).
    void showMessage(const QString &message);
    /// The condition the rows are read with (`age > 30`); empty: every row.
    QString condition() const;

signals:
    /// A condition was entered (Enter), or cleared: the rows are to be read again with it.
    void conditionChanged();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void updateStatus();
    void updateColumnsMenu();
    void copyCurrent(bool json);
    void copyRow();

    catalog::TableRowsModel *m_model;
    QSortFilterProxyModel *m_filterModel;
    QTableView *m_table;
    QLabel *m_status;
    QLineEdit *m_filter;
    QLineEdit *m_condition;
    QString m_applied; //!< the condition the rows shown were read with
    QToolButton *m_columns;
    QString m_title;
    QString m_message;
};

} // namespace lance::ui
