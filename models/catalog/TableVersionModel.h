// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CatalogService.h"

#include <QAbstractTableModel>
#include <QPointer>

#include <memory>
#include <optional>

namespace lance::storage {
class Cancellation;
}

namespace lance::activity {
class ActivityTracker;
}

namespace lance::details {
class ManifestAccess;
class VendedAccess;
} // namespace lance::details

namespace lance::catalog {

/// The versions of one table, newest first (ListTableVersions with `descending=true`), listed
/// page by page: setTable() asks for the first page, fetchMore() for the next ones, loadAll()
/// for all that remain. A row per version; the columns are in Column.
///
/// Versions staged for creation on the table (setStagedVersions()) come first, above the
/// listed ones: they are newer than any listed version, their ± column counts against the row
/// below (the latest listed version for the oldest staged one), and their facts are read from
/// the staged manifests as for a server that says nothing. isStaged() and StagedRole tell them
/// apart; listedVersions() is what the server listed, without them.
///
/// For sorting put it behind a QSortFilterProxyModel with `setSortRole(SortRole)`: numbers sort
/// as numbers. Loading and failure are not rows: state() and its signals tell the view what to
/// show. Answers for an earlier table (setTable() again, clear()) are dropped. Runs on the GUI
/// thread, never blocks; every request goes to the ActivityTracker when there is one.
/// `service` (and `tracker`) must outlive the model.
class TableVersionModel : public QAbstractTableModel
{
    Q_OBJECT
    Q_PROPERTY(State state READ state NOTIFY stateChanged)

public:
    enum Column : int {
        VersionColumn,
        TimeColumn,         //!< local time; UTC in TimestampUtcRole and the tooltip
        RowsColumn,         //!< live rows (api::VersionFacts); the other totals in the tooltip
        RowsChangeColumn,   //!< rows against the next older version listed: `+2`, `−1`
        OperationColumn,    //!< the Lance operation that made the version
        TagsColumn,         //!< the tags of the main branch that name the version
        MessageColumn,      //!< the commit message, when the writer left one
        WriterColumn,       //!< the library that wrote the manifest
        ManifestPathColumn, //!< the manifest file
        SizeColumn,         //!< human readable; bytes in SizeBytesRole
        ETagColumn,
        MetadataColumn, //!< `key=value, …` but the facts above; one pair a line in the tooltip
        ColumnCount
    };
    Q_ENUM(Column)

    enum Role : int {
        SortRole = Qt::UserRole + 1, //!< qint64 for version, time (ms) and size; text otherwise
        VersionRole,                 //!< qint64, in every column
        TimestampUtcRole,            //!< QString ISO 8601 UTC; invalid without a time
        SizeBytesRole,               //!< qint64 manifest size; invalid when unknown
        TableVersionRole,            //!< api::TableVersion: the whole record, in every column
        StagedRole,                  //!< bool: staged for creation, not yet in the catalog
        /// QString, in every column: why the version's manifest cannot be read (the catalog's
        /// api::VersionFacts::Unreadable); empty when it can, or when that is not known.
        UnreadableRole,
    };
    Q_ENUM(Role)

    enum class State {
        NoTable, //!< nothing to show
        Loading, //!< a page is on its way
        Loaded,  //!< idle; canFetchMore() says whether pages remain
        Failed,  //!< the last page failed: lastError(), retry()
    };
    Q_ENUM(State)

    static constexpr int DefaultPageSize = 100;

    explicit TableVersionModel(api::CatalogService *service,
                               QString delimiter = api::Identifier::DefaultDelimiter,
                               activity::ActivityTracker *tracker = nullptr,
                               QObject *parent = nullptr);
    ~TableVersionModel() override;

    /// Shows `table`'s versions from the first page (again, when it is the current table).
    void setTable(const api::Identifier &table);
    void clear();
    const std::optional<api::Identifier> &table() const { return m_table; }
    /// Lists the versions of `branch` of the shown table (nothing: main) from the first page.
    /// Staged versions, made on main, are not shown on another branch. A new table starts on
    /// main.
    void setBranch(const std::optional<QString> &branch);
    const std::optional<QString> &branch() const { return m_branch; }
    int pageSize() const { return m_pageSize; }
    void setPageSize(int pageSize);
    /// Where the server lists versions without their facts (Lance's own servers vary), the
    /// model reads their manifests itself through `access`, off the GUI thread
    /// (details::VersionFactsReader), and fills the rows in when the answers come. None, the
    /// default: only what the server says.
    void setManifestAccess(std::optional<details::ManifestAccess> access);
    /// Reads each table's manifests where `reach` reaches them (a table on a store through
    /// its store, with what the server vends), instead of one fixed access: the shown table is
    /// watched (VendedAccess::watch()), its access asked for when it is set, and taken again
    /// when renewed. manifestAccessChanged() each time.
    void setManifestReach(details::VendedAccess *reach);
    /// What reads this catalog's manifests here; null until setManifestAccess() or, with a
    /// reach, until a table is set.
    const details::ManifestAccess *manifestAccess() const { return m_access.get(); }

    /// Where `version`'s manifest is, as a person reads it: its URI on the table's store, or
    /// the path of this machine (ManifestAccess::readablePath()).
    QString readablePath(const api::TableVersion &version) const;

    State state() const { return m_state; }
    const std::optional<api::ApiError> &lastError() const { return m_error; }
    /// Asks again for the page that failed.
    void retry();
    /// Loads every remaining page, one after the other.
    void loadAll();
    /// The record of `row`, staged or listed.
    const api::TableVersion &versionAt(int row) const
    {
        return row < m_staged.size() ? m_staged.at(row) : m_versions.at(row - m_staged.size());
    }
    /// Whether `row` is a version staged for creation rather than one the server listed.
    bool isStaged(int row) const { return row < m_staged.size(); }
    int stagedCount() const { return int(m_staged.size()); }
    /// What the server listed so far, newest first: the rows below the staged ones.
    const QList<api::TableVersion> &listedVersions() const { return m_versions; }
    /// Shows `staged` (the records of the shown table's staged CreateTableVersion operations)
    /// as the first rows, newest first, and reads their manifests' facts where the manifest
    /// access reaches them. Replaces the staged rows shown before; an unchanged list changes
    /// nothing. Ignored while no table is shown; setTable() and clear() drop them.
    void setStagedVersions(QList<api::TableVersion> staged);
    /// The table's tags (ListTableTags), for the Tags column: those of the branch shown, by the
    /// version they name. setTable() and clear() drop them.
    void setTags(const QMap<QString, api::TagContents> &tags);
    /// The names of the tags on `version` of the branch shown, sorted.
    QStringList tagsOf(qint64 version) const { return m_tags.value(version); }
    const QMap<QString, api::TagContents> &tags() const { return m_allTags; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

signals:
    void stateChanged(lance::catalog::TableVersionModel::State state);
    /// The page failed; `message` is ApiError::userMessage(), lastError() has the rest.
    void loadFailed(const QString &message);
    /// A page of versions was added.
    void pageLoaded();
    /// setTags() (or a new table) changed the tags.
    void tagsChanged();
    /// manifestAccess() is another one (the shown table's store reached, or its credentials
    /// renewed): what was read with the old one may be read now.
    void manifestAccessChanged();

private:
    void sendPage();
    /// m_tags from m_allTags: the tags of the branch shown, by version.
    void indexTags();
    void onPage(quint64 generation, api::Result<api::ListTableVersionsResponse> page);
    void setState(State state);
    QVariant sortData(int row, int column) const;
    /// Live rows of the version at `row` minus those of the one listed after it (older).
    std::optional<qint64> rowsChange(int row) const;
    /// Whether the version at `row` was committed in the same second as one listed beside it:
    /// its time is then shown to the millisecond.
    bool sharesItsSecond(int row) const;
    /// Asks VersionFactsReader for the facts that `versions` lack.
    void readMissingFacts(const QList<api::TableVersion> &versions);
    void applyFacts(quint64 generation, const QList<api::TableVersion> &gained);
    /// Asks the reach for the shown table's access.
    void reachTable();

    api::CatalogService *m_service;
    QString m_delimiter;
    QPointer<activity::ActivityTracker> m_tracker;
    std::unique_ptr<details::ManifestAccess> m_access;
    QPointer<details::VendedAccess> m_reach;
    std::optional<api::Identifier> m_table;
    std::optional<QString> m_branch; //!< the branch listed; nothing: main
    QList<api::TableVersion> m_versions;
    QHash<qint64, QStringList> m_tags;         //!< main-branch tag names by version
    QMap<QString, api::TagContents> m_allTags; //!< as setTags() had them
    QList<api::TableVersion> m_staged;         //!< newest first, with the facts read since
    QList<api::TableVersion> m_stagedGiven;    //!< as setStagedVersions() had them, sorted
    std::optional<QString> m_pageToken;
    std::optional<api::ApiError> m_error;
    api::RequestHandle m_request;
    quint64 m_generation = 0; //!< bumped by setTable() and clear(): older answers are dropped
    /// Cancelled with each bump: the facts of the table left are read no further.
    std::shared_ptr<storage::Cancellation> m_factReads;
    int m_pageSize = DefaultPageSize;
    State m_state = State::NoTable;
    bool m_complete = false;
    bool m_awaiting = false;
    bool m_loadAll = false;
};

} // namespace lance::catalog
