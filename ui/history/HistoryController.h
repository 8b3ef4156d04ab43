// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QPointer>

class QDockWidget;

namespace lance::history {
class TransactionHistoryModel;
}

namespace lance::ui {

class CatalogSession;
class HistoryPanel;
class WindowHost;

/// The History dock of one open catalog: its transactions (history::TransactionHistoryModel)
/// in a HistoryPanel, read when the dock is shown, again after each commit (at once while it
/// is open, else when it opens), and on Refresh;
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
    /// Reads the history again (after a commit, say): now while the dock is open, else when it
    /// opens.
    void reload();

private:
    bool isShown() const;
    void followSelection();
    void selectPending();

    WindowHost &m_window;
    CatalogSession &m_session;
    history::TransactionHistoryModel *m_model = nullptr;
    QPointer<HistoryPanel> m_panel; //!< owned by the window's dock
    QPointer<QDockWidget> m_dock;   //!< the window's History dock, when it has one
    QString m_pendingSelection;     //!< to select once the reload has it
    bool m_stale = true;            //!< to be read when the dock is next shown
    bool m_serviceSet = false;      //!< the model was given the catalog (its first read)
};

} // namespace lance::ui
