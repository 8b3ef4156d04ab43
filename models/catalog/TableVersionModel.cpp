// SPDX-License-Identifier: Apache-2.0
#include "catalog/TableVersionModel.h"

#include "activity/ActivityTracker.h"
#include "api/VersionFacts.h"
#include "catalog/VersionCellText.h"
#include "details/ManifestAccess.h"
#include "details/VendedAccess.h"
#include "details/VersionFactsReader.h"
#include "format/LocalPaths.h"
#include "storage/Cancellation.h"

#include <QHash>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace lance::catalog {

TableVersionModel::TableVersionModel(api::CatalogService *service, QString delimiter,
                                     activity::ActivityTracker *tracker, QObject *parent)
    : QAbstractTableModel(parent)
    , m_service(service)
    , m_delimiter(std::move(delimiter))
    , m_tracker(tracker)
    , m_factReads(std::make_shared<storage::Cancellation>())
{}

TableVersionModel::~TableVersionModel()
{
    m_request.cancel();
    m_factReads->cancel();
}

void TableVersionModel::setManifestAccess(std::optional<details::ManifestAccess> access)
{
    m_access = access ? std::make_unique<details::ManifestAccess>(std::move(*access)) : nullptr;
    readMissingFacts(m_staged + m_versions);
}

QString TableVersionModel::readablePath(const api::TableVersion &version) const
{
    return m_access ? m_access->readablePath(version.manifestPath)
                    : format::LocalPaths::readable(version.manifestPath);
}

void TableVersionModel::setManifestReach(details::VendedAccess *reach)
{
    if (m_reach) {
        disconnect(m_reach, nullptr, this, nullptr);
    }
    m_reach = reach;
    if (!reach) {
        return;
    }
    connect(reach, &details::VendedAccess::renewed, this, [this](const api::Identifier &table) {
        if (m_table == table) {
            reachTable();
        }
    });
    m_access = std::make_unique<details::ManifestAccess>(reach->base());
    if (m_table) {
        reachTable();
    }
}

void TableVersionModel::reachTable()
{
    const api::Identifier table = *m_table;
    m_reach->watch(table);
    m_reach->reach(table, this, [this, table](const details::ManifestAccess &access) {
        if (m_table != table) {
            return; // another table is shown by now
        }
        m_access = std::make_unique<details::ManifestAccess>(access);
        emit manifestAccessChanged();
        if (rowCount() > 0) { // a store's keys now read as its URIs
            emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
        }
        readMissingFacts(m_staged + m_versions);
    });
}

void TableVersionModel::setStagedVersions(QList<api::TableVersion> staged)
{
    if (!m_table || m_branch) {
        // Staged work is per table, and made on its main branch: none while no table, or
        // another branch, is shown.
        staged.clear();
    }
    std::stable_sort(staged.begin(), staged.end(),
                     [](const api::TableVersion &a, const api::TableVersion &b) {
                         return a.version > b.version;
                     });
    if (staged == m_stagedGiven) {
        return; // the Pending Changes changed elsewhere: nothing to redraw here
    }
    // Facts already read for a staged manifest stay: the same file says the same.
    QList<api::TableVersion> rows = staged;
    for (api::TableVersion &row : rows) {
        for (const api::TableVersion &before : std::as_const(m_staged)) {
            if (before.version == row.version && before.manifestPath == row.manifestPath) {
                row.metadata = before.metadata;
                break;
            }
        }
    }
    if (!m_staged.isEmpty()) {
        beginRemoveRows({}, 0, int(m_staged.size()) - 1);
        m_staged.clear();
        endRemoveRows();
    }
    m_stagedGiven = std::move(staged);
    if (!rows.isEmpty()) {
        beginInsertRows({}, 0, int(rows.size()) - 1);
        m_staged = std::move(rows);
        endInsertRows();
        readMissingFacts(m_staged);
    }
}

void TableVersionModel::setTable(const api::Identifier &table)
{
    // The same table again (a refresh) keeps its tags until they are read again.
    const bool same = m_table == table;
    auto tags = std::exchange(m_allTags, {});
    auto byVersion = std::exchange(m_tags, {});
    clear();
    if (same && !tags.isEmpty()) {
        m_allTags = std::move(tags);
        m_tags = std::move(byVersion);
        emit tagsChanged();
    }
    if (!same) {
        m_branch.reset(); // another table starts on its main branch
    }
    m_table = table;
    if (m_reach) {
        if (!same) { // another table's store is no way into this one's
            m_access = std::make_unique<details::ManifestAccess>(m_reach->base());
        }
        reachTable();
    }
    sendPage(); // the first page at once: a selected table shows its versions without a scroll
}

void TableVersionModel::setBranch(const std::optional<QString> &branch)
{
    if (branch == m_branch) {
        return;
    }
    const std::optional<api::Identifier> table = m_table;
    m_branch = branch;
    if (table) {
        setTable(*table); // the same table: its branch and tags stay
        indexTags();      // those of the branch now shown
    }
}

void TableVersionModel::clear()
{
    beginResetModel();
    ++m_generation;
    m_request.cancel();
    // The old table's facts are read no further: the new one's first page waits for nothing.
    m_factReads->cancel();
    m_factReads = std::make_shared<storage::Cancellation>();
    m_request = api::RequestHandle();
    m_table.reset();
    m_versions.clear();
    m_staged.clear();
    m_stagedGiven.clear();
    const bool hadTags = !m_allTags.isEmpty();
    m_tags.clear();
    m_allTags.clear();
    m_pageToken.reset();
    m_error.reset();
    m_complete = false;
    m_awaiting = false;
    m_loadAll = false;
    endResetModel();
    setState(State::NoTable);
    if (hadTags) {
        emit tagsChanged();
    }
}

void TableVersionModel::setPageSize(int pageSize)
{
    m_pageSize = std::max(1, pageSize);
}

void TableVersionModel::retry()
{
    if (m_state == State::Failed) {
        sendPage();
    }
}

void TableVersionModel::loadAll()
{
    if (!m_table || m_complete) {
        return;
    }
    m_loadAll = true;
    if (!m_awaiting) {
        sendPage();
    }
}

int TableVersionModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_staged.size() + m_versions.size());
}

int TableVersionModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TableVersionModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) {
        return {};
    }
    const api::TableVersion &version = versionAt(index.row());
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        if (column == RowsChangeColumn) {
            const std::optional<qint64> change = rowsChange(index.row());
            if (!change) {
                return QString();
            }
            // Across deleted versions the count is not one commit's: said in the cell.
            const qint64 below = versionAt(index.row() + 1).version;
            return below + 1 < version.version
                       ? tr("%1 (since %2)").arg(VersionCellText::signedCount(*change)).arg(below)
                       : VersionCellText::signedCount(*change);
        }
        if (column == TimeColumn) {
            return VersionCellText::timeText(version, sharesItsSecond(index.row()));
        }
        if (column == TagsColumn) {
            return isStaged(index.row()) ? QString() : tagsOf(version.version).join(u", ");
        }
        if (column == ManifestPathColumn) {
            return readablePath(version);
        }
        return VersionCellText::text(version, column);
    case Qt::ToolTipRole:
        if (column == VersionColumn && isStaged(index.row())) {
            return tr("Staged: this version is created when you commit. What it holds is read "
                      "from its manifest.");
        }
        if (column == RowsChangeColumn && rowsChange(index.row())) {
            const qint64 below = versionAt(index.row() + 1).version;
            if (below + 2 == version.version) {
                return tr("Compared with version %1: version %2 is deleted, so this counts its "
                          "changes as well.")
                    .arg(below)
                    .arg(below + 1);
            }
            if (below + 2 < version.version) {
                return tr("Compared with version %1: versions %2\u2013%3 are deleted, so this "
                          "counts their changes as well.")
                    .arg(below)
                    .arg(below + 1)
                    .arg(version.version - 1);
            }
        }
        if (column == ManifestPathColumn) {
            return readablePath(version);
        }
        return VersionCellText::toolTip(version, column);
    case Qt::TextAlignmentRole:
        if (column == VersionColumn || column == SizeColumn || column == RowsColumn
            || column == RowsChangeColumn) {
            return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
        }
        return {};
    case SortRole:
        return sortData(index.row(), column);
    case VersionRole:
        return version.version;
    case TimestampUtcRole:
        if (const auto time = VersionCellText::time(version)) {
            return time->toString(Qt::ISODateWithMs);
        }
        return {};
    case SizeBytesRole:
        return version.manifestSize ? QVariant(*version.manifestSize) : QVariant();
    case TableVersionRole:
        return QVariant::fromValue(version);
    case StagedRole:
        return isStaged(index.row());
    case UnreadableRole:
        return api::VersionFacts::text(version, api::VersionFacts::Unreadable);
    default:
        return {};
    }
}

void TableVersionModel::setTags(const QMap<QString, api::TagContents> &tags)
{
    if (tags == m_allTags) {
        return;
    }
    m_allTags = tags;
    indexTags();
}

void TableVersionModel::indexTags()
{
    // A tag names a version of one branch: the Tags column shows those of the branch shown.
    const QString shown = m_branch.value_or(QString());
    m_tags.clear();
    for (auto it = m_allTags.cbegin(); it != m_allTags.cend(); ++it) {
        const QString branch
            = !it->branch || *it->branch == u"main" ? QString() : it->branch.value_or(QString());
        if (branch == shown) {
            m_tags[it->version] << it.key(); // the map's order: sorted by name
        }
    }
    if (rowCount() > 0) {
        emit dataChanged(index(0, TagsColumn), index(rowCount() - 1, TagsColumn));
    }
    emit tagsChanged();
}

bool TableVersionModel::sharesItsSecond(int row) const
{
    const auto secondOf = [this](int at) -> std::optional<qint64> {
        if (at < 0 || at >= rowCount()) {
            return std::nullopt;
        }
        const auto millis = versionAt(at).timestampMillis;
        return millis ? std::optional(*millis / 1000) : std::nullopt;
    };
    const auto own = secondOf(row);
    return own && (secondOf(row - 1) == own || secondOf(row + 1) == own);
}

std::optional<qint64> TableVersionModel::rowsChange(int row) const
{
    if (row + 1 >= rowCount()) {
        return std::nullopt; // the oldest listed so far: its predecessor is not loaded
    }
    const auto rows = api::VersionFacts::number(versionAt(row), api::VersionFacts::TotalRows);
    const auto before = api::VersionFacts::number(versionAt(row + 1), api::VersionFacts::TotalRows);
    if (!rows || !before) {
        return std::nullopt;
    }
    return *rows - *before;
}

QVariant TableVersionModel::sortData(int row, int column) const
{
    const api::TableVersion &version = versionAt(row);
    switch (column) {
    case RowsColumn:
        if (const auto rows = api::VersionFacts::number(version, api::VersionFacts::TotalRows)) {
            return *rows;
        }
        return {};
    case RowsChangeColumn:
        if (const auto change = rowsChange(row)) {
            return *change;
        }
        return {};
    case VersionColumn:
        return version.version;
    case TimeColumn:
        return version.timestampMillis ? QVariant(*version.timestampMillis) : QVariant();
    case SizeColumn:
        return version.manifestSize ? QVariant(*version.manifestSize) : QVariant();
    default:
        return VersionCellText::text(version, column);
    }
}

QVariant TableVersionModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == RowsChangeColumn) {
        return tr("Rows added (+) or removed (\u2212) since the version listed below");
    }
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    switch (section) {
    case VersionColumn:
        return tr("Version");
    case TimeColumn:
        return tr("Time");
    case RowsColumn:
        return tr("Rows");
    case RowsChangeColumn:
        return tr("\u00b1"); // narrow: the header's tooltip says what it counts
    case OperationColumn:
        return tr("Operation");
    case TagsColumn:
        return tr("Tags");
    case MessageColumn:
        return tr("Message");
    case WriterColumn:
        return tr("Writer");
    case ManifestPathColumn:
        return tr("Manifest path");
    case SizeColumn:
        return tr("Size");
    case ETagColumn:
        return tr("E-tag");
    case MetadataColumn:
        return tr("Metadata");
    default:
        return {};
    }
}

bool TableVersionModel::canFetchMore(const QModelIndex &parent) const
{
    // Not after a failure: views would retry on every scroll; retry() is the person's call.
    return !parent.isValid() && m_table && !m_complete && !m_awaiting && m_state != State::Failed;
}

void TableVersionModel::fetchMore(const QModelIndex &parent)
{
    if (canFetchMore(parent)) {
        sendPage();
    }
}

void TableVersionModel::sendPage()
{
    api::ListTableVersionsRequest request;
    request.id = *m_table;
    request.pageToken = m_pageToken;
    request.limit = m_pageSize;
    request.descending = true;
    request.branch = m_branch;
    const quint64 generation = m_generation;
    m_awaiting = true;
    m_error.reset();
    setState(State::Loading);
    m_request = m_service->call(
        request, this, [this, generation](api::Result<api::ListTableVersionsResponse> page) {
            onPage(generation, std::move(page));
        });
    if (m_tracker) {
        m_tracker->track(tr("Listing versions of %1").arg(m_table->toString(m_delimiter)),
                         m_request);
    }
}

void TableVersionModel::onPage(quint64 generation, api::Result<api::ListTableVersionsResponse> page)
{
    if (generation != m_generation) {
        return; // for a table no longer shown
    }
    m_request = api::RequestHandle();
    if (!page) {
        m_awaiting = false;
        m_loadAll = false;
        if (page.error().kind() == api::ApiError::Kind::Cancelled) {
            setState(State::Loaded); // stopped on request; fetchMore() may go on later
            return;
        }
        m_error = page.error();
        setState(State::Failed);
        emit loadFailed(m_error->userMessage());
        return;
    }
    m_complete = !page->pageToken || page->pageToken->isEmpty();
    m_pageToken = m_complete ? std::nullopt : page->pageToken;
    if (!page->versions.isEmpty()) {
        // Still awaiting: a fetchMore() from a slot of the insertion must not ask again.
        const qsizetype listed = m_versions.size();
        const int first = rowCount();
        beginInsertRows({}, first, first + int(page->versions.size()) - 1);
        m_versions.append(std::move(page->versions));
        endInsertRows();
        if (first > 0) {
            // The last row above the page (listed or staged) now has its predecessor: its
            // change is known.
            const QModelIndex change = index(first - 1, RowsChangeColumn);
            emit dataChanged(change, change);
        }
        readMissingFacts(m_versions.mid(listed));
    }
    m_awaiting = false;
    if (m_loadAll && !m_complete) {
        sendPage();
    } else {
        m_loadAll = false;
        setState(State::Loaded);
    }
    emit pageLoaded();
}

void TableVersionModel::readMissingFacts(const QList<api::TableVersion> &versions)
{
    if (!m_access) {
        return;
    }
    QList<api::TableVersion> wanted;
    for (const api::TableVersion &version : versions) {
        if (details::VersionFactsReader::wants(*m_access, version)) {
            wanted.append(version);
        }
    }
    if (wanted.isEmpty()) {
        return;
    }
    const quint64 generation = m_generation;
    details::VersionFactsReader::start(
        *m_access, std::move(wanted), this,
        [this, generation](QList<api::TableVersion> gained) { applyFacts(generation, gained); },
        m_factReads);
}

void TableVersionModel::applyFacts(quint64 generation, const QList<api::TableVersion> &gained)
{
    if (generation != m_generation) {
        return; // read for a table no longer shown
    }
    // By version and manifest: a staged version may share its number with a listed one (a
    // clash the staging checks report), and each row has its own file.
    QMultiHash<qint64, int> rows;
    for (int row = 0; row < rowCount(); ++row) {
        rows.insert(versionAt(row).version, row);
    }
    for (const api::TableVersion &version : gained) {
        int row = -1;
        for (auto it = rows.constFind(version.version);
             it != rows.cend() && it.key() == version.version; ++it) {
            if (versionAt(*it).manifestPath == version.manifestPath) {
                row = *it;
                break;
            }
        }
        if (row < 0) {
            continue;
        }
        (isStaged(row) ? m_staged[row] : m_versions[row - m_staged.size()]).metadata
            = version.metadata;
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
        if (row > 0) { // the newer row's change is against this one
            emit dataChanged(index(row - 1, RowsChangeColumn), index(row - 1, RowsChangeColumn));
        }
    }
}

void TableVersionModel::setState(State state)
{
    if (state != m_state) {
        m_state = state;
        emit stateChanged(state);
    }
}

} // namespace lance::catalog
