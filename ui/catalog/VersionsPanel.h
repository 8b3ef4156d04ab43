// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "catalog/TableVersionModel.h"
#include "staging/StagedMarks.h"

#include <QPointer>
#include <QWidget>

class QAction;
class QHBoxLayout;
class QLabel;
class QSortFilterProxyModel;
class QStackedWidget;
class QTableView;
class QToolButton;

namespace lance::ui {

class InlineNote;
class MessageBanner;
class StagedVersionsDelegate;
class VersionRecordView;
class VersionsSortModel;

/// The Versions tab: the selected table's versions (a TableVersionModel) in a sortable table,
/// newest first, that asks for the next page when scrolled to its end; the selected version's
/// whole record below it (VersionRecordView), the newest being current (not selected) when the
/// first page arrives. A line above the table says what is going on: loading, how many versions are
/// listed and whether the server has more (with Load all). A failed page shows inline with
/// Retry; a cancelled one stops the paging until Load all. With no table selected, a hint takes
/// the tab's place.
///
/// Staged work on the shown table (setStagedMarks()) shows without changing what was listed:
/// versions a staged delete covers are struck out on a tint (StagedVersionsDelegate); versions
/// staged for creation are rows of their own above the listed ones, in the staging colour,
/// with what their manifests hold (TableVersionModel::setStagedVersions()), so a dropped
/// manifest is seen, and compared with the latest, before it is committed; and a line above
/// the table says what is staged: the versions to be created, the ranges to be deleted, and a
/// deregistration. When the table's manifests are on a store this machine cannot read (the
/// model's ManifestAccess::storeProblem()), a warning above the table says which options would
/// reach it; the versions the server listed show all the same.
///
/// The model is not owned and may be destroyed first (the panel then shows nothing).
///
/// Object names for tests: `versionsTable`, `versionsStatus`, `versionsLoadAll`,
/// `versionsBanner`, `versionsStaged`, `versionsStoreProblem`, `versionsPages` (showing
/// `versionsPlaceholder` or `versionsPage`), `versionsSplitter`.
class VersionsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit VersionsPanel(catalog::TableVersionModel *model, QWidget *parent = nullptr);

    QTableView *tableView() const { return m_table; }
    QSortFilterProxyModel *sortModel() const;
    VersionRecordView *recordView() const { return m_record; }
    QString statusText() const;
    /// The listed versions selected (Shift and Ctrl extend the selection), ascending, without
    /// the staged ones (what Delete Versions starts from); none until a person selects: the
    /// newest version is shown when a table opens, not selected.
    QList<qint64> selectedVersions() const;
    /// The version of the current row (the newest when nothing was chosen), and whether it is
    /// staged; nothing while the view lists none.
    struct Current
    {
        api::Identifier table;
        api::TableVersion version;
        bool staged = false;
    };
    std::optional<Current> currentVersion() const;
    catalog::TableVersionModel *model() const { return m_model; }
    /// The rows of TableVersionModel selected, staged ones included, oldest version first.
    QList<int> selectedModelRows() const;
    /// What a command on "the selected version" acts on: the selected rows, or the current row
    /// when none is selected (the keyboard's row); none without either.
    QList<int> chosenModelRows() const;
    /// The model row of the one listed (not staged) version a command acts on; refused with
    /// `selectOne` when none or several are chosen, or with `staged` (its %1 the version) when
    /// the one chosen is staged. The refusal's message is for the status line.
    api::Result<int> oneListedRow(const QString &selectOne, const QString &staged) const;

    /// A button for `action` beside Load All (a window command about the listed versions).
    void addCommand(QAction *action);

    /// The staged work of every table; the panel shows the shown table's.
    void setStagedMarks(staging::StagedMarks marks);
    /// Puts `widget` above the versions (the branch selector), shown with them.
    void addHeader(QWidget *widget);
    StagedVersionsDelegate *stagedDelegate() const { return m_stagedDelegate; }

    /// The line about the shown table's staged work; empty when nothing is staged on it.
    QString stagedText() const;

protected:
    /// Home and End in the versions table go to the newest and the oldest listed version (a
    /// table view's own Home and End only cross the columns of one row).
    bool eventFilter(QObject *watched, QEvent *event) override;

signals:
    /// The current row is another version, or none (currentVersion()).
    void currentVersionChanged();

private:
    void onStateChanged();
    void onCurrentChanged(const QModelIndex &current);
    /// Shows the current row's record again when facts arrive for it.
    void onDataChanged(const QModelIndex &topLeft, const QModelIndex &bottomRight);
    void onRowsInserted();
    void updateStatus();
    void showStaged();

    QPointer<catalog::TableVersionModel> m_model;
    VersionsSortModel *m_sorted = nullptr;
    QStackedWidget *m_pages = nullptr;
    QLabel *m_placeholder = nullptr;
    QWidget *m_versionsPage = nullptr;
    MessageBanner *m_banner = nullptr;
    QLabel *m_status = nullptr;
    QToolButton *m_loadAll = nullptr;
    QHBoxLayout *m_statusRow = nullptr;
    InlineNote *m_staged = nullptr;
    InlineNote *m_storeProblem = nullptr; //!< why the table's store cannot be read here
    StagedVersionsDelegate *m_stagedDelegate = nullptr;
    staging::StagedMarks m_marks;
    QTableView *m_table = nullptr;
    VersionRecordView *m_record = nullptr;
};

} // namespace lance::ui
