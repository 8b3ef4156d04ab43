// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "catalog/TableVersionModel.h"

#include <QPointer>
#include <QWidget>

class QLabel;
class QSortFilterProxyModel;
class QStackedWidget;
class QTableView;
class QToolButton;

namespace lance::ui {

class MessageBanner;
class VersionRecordView;
class VersionsSortModel;

/// The Versions tab: the selected table's versions (a TableVersionModel) in a sortable table,
/// newest first, that asks for the next page when scrolled to its end; the selected version's
/// whole record below it (VersionRecordView), the newest being selected when the first page
/// arrives. A line above the table says what is going on: loading, how many versions are
/// listed and whether the server has more (with Load all). A failed page shows inline with
/// Retry; a cancelled one stops the paging until Load all. With no table selected, a hint takes
/// the tab's place.
///
/// The model is not owned and may be destroyed first (the panel then shows nothing).
///
/// Object names for tests: `versionsTable`, `versionsStatus`, `versionsLoadAll`,
/// `versionsBanner`, `versionsPages` (showing `versionsPlaceholder` or `versionsPage`),
/// `versionsSplitter`.
class VersionsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit VersionsPanel(catalog::TableVersionModel *model, QWidget *parent = nullptr);

    QTableView *tableView() const { return m_table; }
    QSortFilterProxyModel *sortModel() const;
    VersionRecordView *recordView() const { return m_record; }
    QString statusText() const;

private:
    void onStateChanged();
    void onCurrentChanged(const QModelIndex &current);
    void onRowsInserted();
    void updateStatus();

    QPointer<catalog::TableVersionModel> m_model;
    VersionsSortModel *m_sorted = nullptr;
    QStackedWidget *m_pages = nullptr;
    QLabel *m_placeholder = nullptr;
    QWidget *m_versionsPage = nullptr;
    MessageBanner *m_banner = nullptr;
    QLabel *m_status = nullptr;
    QToolButton *m_loadAll = nullptr;
    QTableView *m_table = nullptr;
    VersionRecordView *m_record = nullptr;
};

} // namespace lance::ui
