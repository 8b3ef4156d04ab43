// SPDX-License-Identifier: Apache-2.0
#include "activity/RequestLog.h"

#include "rest/PreparedRequest.h"

#include <QIODevice>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace lance::activity {

namespace {

bool failed(const api::ExchangeRecord &record)
{
    return record.status < 200 || record.status >= 300;
}

// Defence in depth: RestClient masks already, but the log is what gets saved and shared.
api::ExchangeRecord sanitized(api::ExchangeRecord record)
{
    for (auto &[name, value] : record.headers) {
        if (rest::PreparedRequest::isSecretHeader(name)) {
            value = QByteArrayLiteral("***");
        }
    }
    if (record.url.contains(u'@')) {
        const QUrl url(record.url);
        if (url.isValid() && !url.userInfo().isEmpty()) {
            record.url = url.toString(QUrl::RemoveUserInfo | QUrl::FullyEncoded);
        }
    }
    return record;
}

} // namespace

RequestLog::RequestLog(QObject *parent)
    : QAbstractTableModel(parent)
{}

void RequestLog::setCapacity(int capacity)
{
    m_capacity = std::max(1, capacity);
    if (m_records.size() > m_capacity) {
        dropOldest(int(m_records.size()) - m_capacity);
    }
}

int RequestLog::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_records.size());
}

int RequestLog::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RequestLog::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
        return {};
    }
    const api::ExchangeRecord &record = m_records.at(index.row());
    switch (role) {
    case FailedRole:
        return failed(record);
    case StartedAtRole:
        return record.startedAt;
    case Qt::TextAlignmentRole:
        if (index.column() == StatusColumn || index.column() == ElapsedColumn) {
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        }
        return {};
    case Qt::ToolTipRole:
        if (index.column() == ErrorColumn || index.column() == UrlColumn) {
            return index.column() == ErrorColumn ? record.error : record.url;
        }
        return {};
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    switch (index.column()) {
    case TimeColumn:
        return record.startedAt.time().toString(u"HH:mm:ss.zzz"_s);
    case MethodColumn:
        return QString::fromLatin1(record.method);
    case UrlColumn:
        return record.url;
    case StatusColumn:
        return record.status == 0 ? QVariant(tr("—")) : QVariant(record.status);
    case ElapsedColumn:
        return record.elapsedMs;
    case OperationColumn:
        return record.operation;
    case ErrorColumn:
        return record.error;
    default:
        return {};
    }
}

QVariant RequestLog::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    switch (section) {
    case TimeColumn:
        return tr("Time");
    case MethodColumn:
        return tr("Method");
    case UrlColumn:
        return tr("URL");
    case StatusColumn:
        return tr("Status");
    case ElapsedColumn:
        return tr("ms");
    case OperationColumn:
        return tr("Operation");
    case ErrorColumn:
        return tr("Error");
    default:
        return {};
    }
}

bool RequestLog::saveJsonLines(QIODevice &device) const
{
    for (const api::ExchangeRecord &record : m_records) {
        QJsonArray headers;
        for (const auto &[name, value] : record.headers) {
            headers.append(QJsonArray{QString::fromLatin1(name), QString::fromUtf8(value)});
        }
        QJsonObject line{
            {u"time"_s, record.startedAt.toString(Qt::ISODateWithMs)},
            {u"operation"_s, record.operation},
            {u"method"_s, QString::fromLatin1(record.method)},
            {u"url"_s, record.url},
            {u"status"_s, record.status},
            {u"elapsedMs"_s, record.elapsedMs},
            {u"headers"_s, headers},
        };
        if (!record.error.isEmpty()) {
            line.insert(u"error"_s, record.error);
        }
        const QByteArray bytes = QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n';
        if (device.write(bytes) != bytes.size()) {
            return false;
        }
    }
    return true;
}

void RequestLog::append(const api::ExchangeRecord &record)
{
    if (m_records.size() >= m_capacity) {
        dropOldest(int(m_records.size()) - m_capacity + 1);
    }
    const int row = int(m_records.size());
    beginInsertRows({}, row, row);
    m_records.append(sanitized(record));
    endInsertRows();
}

void RequestLog::clear()
{
    if (m_records.isEmpty()) {
        return;
    }
    beginResetModel();
    m_records.clear();
    endResetModel();
}

void RequestLog::dropOldest(int count)
{
    beginRemoveRows({}, 0, count - 1);
    // QList keeps free space at its front, so dropping from the front moves nothing.
    m_records.remove(0, count);
    endRemoveRows();
}

} // namespace lance::activity
