// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/HealthMessages.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTableWidget;

namespace lance::ui {

/// The details' Health tab: a table's latest version beside every version kept (fragments and
/// the small ones, deleted rows still stored, bytes referenced by kind), the files of its folder
/// no kept version needs, files missing, and each index with the rows it does not cover, as
/// details::TableHealthText words them. Shows what it is given; Refresh asks for it again.
class HealthView : public QWidget
{
    Q_OBJECT

public:
    explicit HealthView(QWidget *parent = nullptr);

    /// A caption alone: while loading, or why there is no health.
    void showMessage(const QString &text);
    /// What the tab says before a table is shown.
    void showNothing();
    void showHealth(const api::GetTableHealthResponse &health);

signals:
    void refreshRequested();

private:
    void showSections(bool shown);

    QLabel *m_caption = nullptr;
    QPushButton *m_refresh = nullptr;
    QTableWidget *m_comparison = nullptr;
    QLabel *m_files = nullptr;
    QTableWidget *m_indices = nullptr;
};

} // namespace lance::ui
