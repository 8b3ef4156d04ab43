// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QPointer>

namespace lance::history {
class TransactionHistoryModel;
}

namespace lance::ui {

class CatalogSession;
class HistoryPanel;
class WindowHost;

/// The History dock of one open catalog: its transactions (history::TransactionHistoryModel)
/// in a HistoryPanel, read when the catalog opens, again after each commit, and on Refresh;
/// with "Only the selected table", those of the table selected in the tree.
/// showTransaction() raises the dock on one transaction: the commit banner's link.
class HistoryController : public QObject
{
    Q_OBJECT

public:
    HistoryController(WindowHost &window, CatalogSession &session, QObject *parent = nullptr);

    HistoryPanel *panel() const;
    history::TransactionHistoryModel *model() const { return m_model; }

    /// Reads the history again and selects transaction `id` in it, with the dock raised.
    void showTransaction(const QString &id);
    /// Reads the history again (after a commit, say).
    void reload();

private:
    void followSelection();
    void selectPending();

    WindowHost &m_window;
    CatalogSession &m_session;
    history::TransactionHistoryModel *m_model = nullptr;
    QPointer<HistoryPanel> m_panel; //!< owned by the window's dock
    QString m_pendingSelection;     //!< to select once the reload has it
};

} // namespace lance::ui
