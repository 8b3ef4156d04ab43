// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "connection/ConnectionTester.h"

#include <QWidget>

#include <memory>

class QGridLayout;
class QLabel;
class QPushButton;

namespace lance::connection {
class CatalogConnection;
}

namespace lance::ui {

/// "Test connection" results: one row per ConnectionTester check (an icon for its state, its
/// title, its message and time) and the summary below, with Cancel while the test runs.
///
/// Owns the connection it tests and the tester, both replaced by the next start(); destroying
/// the view ends the test. Never blocks: opening a connection touches neither disk nor network.
///
/// Object names for tests: `testSummaryLabel`, `cancelTestButton`, and per check
/// `checkIconLabel<i>`, `checkTitleLabel<i>`, `checkMessageLabel<i>`.
class ConnectionTestView : public QWidget
{
    Q_OBJECT

public:
    explicit ConnectionTestView(QWidget *parent = nullptr);
    ~ConnectionTestView() override;

    /// Tests a temporary connection made from `profile` and `secret` (saved or not), replacing
    /// any test shown or running; when none can be made, shows why and emits finished(false).
    void start(const connection::ConnectionProfile &profile, const QString &secret);
    /// Tests `connection` (taking it), replacing any test shown or running.
    void start(std::unique_ptr<connection::CatalogConnection> connection);
    /// Shows why no test could run (the form's values cannot make a connection).
    void showProblem(const QString &message);
    /// Stops a running test; its remaining checks show as skipped.
    void cancel();
    /// Forgets the last test (the profile it was about changed).
    void clear();

    bool isRunning() const;
    QList<connection::ConnectionTester::Check> checks() const;
    QString summaryText() const;

signals:
    void finished(bool passed);

private:
    void rebuildRows();
    void updateRow(int index);
    void onFinished(bool passed);
    void setSummaryEmphasis(bool emphasised);
    void stop();

    // Declared after the connection, so destroyed before it: its calls use the connection.
    std::unique_ptr<connection::CatalogConnection> m_connection;
    std::unique_ptr<connection::ConnectionTester> m_tester;
    QWidget *m_rows = nullptr;
    QGridLayout *m_rowsLayout = nullptr;
    QLabel *m_summaryLabel = nullptr;
    QPushButton *m_cancelButton = nullptr;
};

} // namespace lance::ui
