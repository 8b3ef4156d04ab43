// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QWidget>

class QCheckBox;
class QLabel;
class QPlainTextEdit;
class QTableView;
class QToolButton;

namespace lance::history {
class TransactionHistoryModel;
}

namespace lance::ui {

/// The History dock: the catalog's committed transactions, newest first (more load as the list
/// scrolls), filtered to the selected table on demand, and the selected one in full beside the
/// list: when, who, what kind, what changed, the operations as committed. A catalog whose server
/// keeps no history says so in place of the list.
///
/// Object names for tests: `historyTable`, `historyReport`, `historyTableOnly`, `historyStatus`,
/// `historyRefresh`.
class HistoryPanel : public QWidget
{
    Q_OBJECT

public:
    HistoryPanel(history::TransactionHistoryModel *model, const QString &delimiter,
                 QWidget *parent = nullptr);

    QTableView *tableView() const { return m_table; }
    /// The report of the selected transaction; empty when none is selected.
    QString report() const;
    bool tableOnly() const;
    /// Selects the loaded transaction `id`; false when it is not loaded.
    bool select(const QString &id);

signals:
    /// "Only the selected table" was ticked or cleared.
    void tableOnlyToggled(bool only);
    void refreshRequested();

private:
    void showState();
    void showSelected();

    history::TransactionHistoryModel *m_model;
    QString m_delimiter;
    QLabel *m_status = nullptr;
    QCheckBox *m_tableOnly = nullptr;
    QToolButton *m_refresh = nullptr;
    QTableView *m_table = nullptr;
    QPlainTextEdit *m_report = nullptr;
};

} // namespace lance::ui
