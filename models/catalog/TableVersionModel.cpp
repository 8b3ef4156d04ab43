// SPDX-License-Identifier: Apache-2.0
#include "catalog/TableVersionModel.h"

#include "activity/ActivityTracker.h"
#include "format/LocalPaths.h"

#include <QDateTime>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace lance::catalog {

namespace {

std::optional<QDateTime> timeOf(const api::TableVersion &version)
{
    if (!version.timestampMillis) {
        return std::nullopt;
    }
    return QDateTime::fromMSecsSinceEpoch(*version.timestampMillis, Qt::UTC);
}

QString metadataSummary(const api::StringMap &metadata, const QString &separator)
{
    QStringList pairs;
    for (auto it = metadata.cbegin(); it != metadata.cend(); ++it) {
        pairs.append(it.key() + u'=' + it.value());
    }
    return pairs.join(separator);
}

} // namespace

TableVersionModel::TableVersionModel(api::CatalogService *service, QString delimiter,
                                     activity::ActivityTracker *tracker, QObject *parent)
    : QAbstractTableModel(parent)
    , m_service(service)
    , m_delimiter(std::move(delimiter))
    , m_tracker(tracker)
{}

TableVersionModel::~TableVersionModel()
{
    m_request.cancel();
}

void TableVersionModel::setTable(const api::Identifier &table)
{
    clear();
    m_table = table;
    sendPage(); // the first page at once: a selected table shows its versions without a scroll
}

void TableVersionModel::clear()
{
    beginResetModel();
    ++m_generation;
    m_request.cancel();
    m_request = api::RequestHandle();
    m_table.reset();
    m_versions.clear();
    m_pageToken.reset();
    m_error.reset();
    m_complete = false;
    m_awaiting = false;
    m_loadAll = false;
    endResetModel();
    setState(State::NoTable);
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
    return parent.isValid() ? 0 : int(m_versions.size());
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
    const api::TableVersion &version = m_versions.at(index.row());
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return displayText(version, column);
    case Qt::ToolTipRole:
        return toolTipData(version, column);
    case Qt::TextAlignmentRole:
        if (column == VersionColumn || column == SizeColumn) {
            return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
        }
        return {};
    case SortRole:
        return sortData(version, column);
    case VersionRole:
        return version.version;
    case TimestampUtcRole:
        if (const auto time = timeOf(version)) {
            return time->toString(Qt::ISODateWithMs);
        }
        return {};
    case SizeBytesRole:
        return version.manifestSize ? QVariant(*version.manifestSize) : QVariant();
    case TableVersionRole:
        return QVariant::fromValue(version);
    default:
        return {};
    }
}

QString TableVersionModel::displayText(const api::TableVersion &version, int column)
{
    switch (column) {
    case VersionColumn:
        return QString::number(version.version); // a number, not a quantity: no separators
    case TimeColumn:
        if (const auto time = timeOf(version)) {
            return time->toLocalTime().toString(u"yyyy-MM-dd HH:mm:ss"_s);
        }
        return QString();
    case ManifestPathColumn:
        return format::LocalPaths::readable(version.manifestPath); // "/tmp/…", not "tmp/…"
    case SizeColumn:
        return version.manifestSize ? QLocale().formattedDataSize(*version.manifestSize)
                                    : QString();
    case ETagColumn:
        return version.eTag.value_or(QString());
    case MetadataColumn:
        return metadataSummary(version.metadata, u", "_s);
    default:
        return QString();
    }
}

QVariant TableVersionModel::sortData(const api::TableVersion &version, int column) const
{
    switch (column) {
    case VersionColumn:
        return version.version;
    case TimeColumn:
        return version.timestampMillis ? QVariant(*version.timestampMillis) : QVariant();
    case SizeColumn:
        return version.manifestSize ? QVariant(*version.manifestSize) : QVariant();
    default:
        return displayText(version, column);
    }
}

QVariant TableVersionModel::toolTipData(const api::TableVersion &version, int column) const
{
    switch (column) {
    case TimeColumn:
        if (const auto time = timeOf(version)) {
            return tr("%1 (UTC)").arg(time->toString(Qt::ISODateWithMs));
        }
        return {};
    case SizeColumn:
        if (version.manifestSize) {
            return tr("%1 bytes").arg(QLocale().toString(*version.manifestSize));
        }
        return {};
    case ManifestPathColumn:
        return format::LocalPaths::readable(version.manifestPath);
    case MetadataColumn:
        return version.metadata.isEmpty() ? QVariant()
                                          : QVariant(metadataSummary(version.metadata, u"\n"_s));
    default:
        return {};
    }
}

QVariant TableVersionModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    switch (section) {
    case VersionColumn:
        return tr("Version");
    case TimeColumn:
        return tr("Time");
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
        const int first = int(m_versions.size());
        beginInsertRows({}, first, first + int(page->versions.size()) - 1);
        m_versions.append(std::move(page->versions));
        endInsertRows();
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

void TableVersionModel::setState(State state)
{
    if (state != m_state) {
        m_state = state;
        emit stateChanged(state);
    }
}

} // namespace lance::catalog
