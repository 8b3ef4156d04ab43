// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"

#include <QPointer>
#include <QWidget>

#include <optional>

class QAction;
class QDialog;
class QTableView;
class QToolBar;

namespace lance::activity {
class RequestLog;
}
namespace lance::api {
struct ExchangeRecord;
}

namespace lance::ui {

class Prompter;

/// The Request Log dock: every exchange with the catalog, newest at the bottom (followed while
/// the view is scrolled to the bottom), failures tinted red. Copy URL, Clear and Save… are on
/// a small toolbar and the table's context menu; a double-click shows one exchange's details
/// (headers masked, the error) in a small window.
///
/// Shows a RequestLog it does not own; whoever owns it feeds it (CatalogConnection::
/// exchangeFinished to RequestLog::append). Save… asks the Prompter for the file.
///
/// Object names for tests: `requestTable`, `requestLogToolBar`, actions `copyUrlAction`,
/// `clearLogAction`, `saveLogAction`; the details window `requestDetailsDialog` with
/// `requestDetailsText`.
class RequestLogView : public QWidget
{
    Q_OBJECT

public:
    /// `log` and `prompter` must outlive the view.
    RequestLogView(activity::RequestLog *log, Prompter &prompter, QWidget *parent = nullptr);
    ~RequestLogView() override;

    QTableView *table() const { return m_table; }
    activity::RequestLog *log() const { return m_log; }

    /// Writes the log as JSON lines (RequestLog::saveJsonLines) to `path`, replacing it only
    /// once everything is written; the reason in one sentence when it failed.
    api::Result<void> saveTo(const QString &path) const;
    /// Save…: asks for a file, saves, and tells when that failed.
    void saveAs();
    /// Copies the URLs of the selected rows, one a line.
    void copySelectedUrls() const;
    /// Opens (or refreshes) the details window for `row`.
    void showDetails(int row);

    /// The text of the details window: the exchange's fields and masked headers.
    static QString describe(const api::ExchangeRecord &record);

protected:
    /// Ctrl+C in the log copies URLs: the table takes the key before the window's Copy Name,
    /// as a text field does, so the one key never means two things at once.
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QAction *makeAction(const QString &objectName, const QString &text, const QString &toolTip);
    void updateActions();
    void onRowsAboutToBeInserted();
    void onRowsInserted();

    activity::RequestLog *m_log;
    Prompter &m_prompter;
    QToolBar *m_toolBar = nullptr;
    QTableView *m_table = nullptr;
    QAction *m_copyUrlAction = nullptr;
    QAction *m_clearAction = nullptr;
    QAction *m_saveAction = nullptr;
    QPointer<QDialog> m_details;
    bool m_followNewest = true; //!< the view was at the bottom when rows came in
};

} // namespace lance::ui
