// SPDX-License-Identifier: Apache-2.0
#include "history/TransactionHistoryModel.h"

#include "api/CatalogService.h"
#include "history/TransactionText.h"

using namespace Qt::StringLiterals;

namespace lance::history {

TransactionHistoryModel::TransactionHistoryModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void TransactionHistoryModel::setService(api::CatalogService *service, const QString &delimiter)
{
    m_service = service;
    m_delimiter = delimiter;
    reload();
}

void TransactionHistoryModel::setTable(const std::optional<api::Identifier> &table)
{
    if (table == m_table) {
        return;
    }
    m_table = table;
    reload();
}

void TransactionHistoryModel::reload()
{
    m_pending.cancel();
    ++m_generation;
    beginResetModel();
    m_rows.clear();
    m_changes.clear();
    m_nextPage.reset();
    endResetModel();
    if (!m_service) {
        setState(State::Idle);
        return;
    }
    fetch(std::nullopt);
}

void TransactionHistoryModel::fetch(const std::optional<QString> &pageToken)
{
    api::ListTransactionsRequest request;
    if (m_table) {
        request.table = m_table->names().join(u'$');
    }
    request.pageToken = pageToken;
    request.limit = PageSize;
    setState(State::Loading);
    const quint64 generation = m_generation;
    m_pending = m_service->call(
        request, this, [this, generation](api::Result<api::ListTransactionsResponse> result) {
            if (generation != m_generation) {
                return;
            }
            m_pending = {};
            if (!result) {
                const api::ApiError &error = result.error();
                if (error.kind() == api::ApiError::Kind::Cancelled) {
                    return;
                }
                // A route this server does not have (404 without a body or with code 0, 405,
                // 406, 501): a history that is not kept is not an error.
                setState(error.isUnsupported() ? State::Unsupported : State::Failed,
                         error.userMessage());
                return;
            }
            m_nextPage = result->pageToken;
            if (!result->transactions.isEmpty()) {
                beginInsertRows({}, int(m_rows.size()),
                                int(m_rows.size() + result->transactions.size() - 1));
                m_rows.append(result->transactions);
                for (const api::TransactionSummary &transaction : result->transactions) {
                    m_changes.append(TransactionText::counts(transaction.properties));
                }
                endInsertRows();
            }
            setState(State::Loaded);
        });
}

void TransactionHistoryModel::setState(State state, const QString &problem)
{
    m_state = state;
    m_problem = problem;
    emit stateChanged();
}

int TransactionHistoryModel::rowOf(const QString &id) const
{
    for (int row = 0; row < m_rows.size(); ++row) {
        if (m_rows.at(row).id == id) {
            return row;
        }
    }
    return -1;
}

int TransactionHistoryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int TransactionHistoryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TransactionHistoryModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size()) {
        return {};
    }
    const api::TransactionSummary &transaction = m_rows.at(index.row());
    const api::StringMap &properties = transaction.properties;
    if (role == Qt::ToolTipRole) {
        return tr("Transaction %1").arg(transaction.id);
    }
    if (role != Qt::DisplayRole) {
        return {};
    }
    switch (index.column()) {
    case CommittedColumn:
        return TransactionText::committedAt(properties);
    case KindColumn:
        return TransactionText::kind(properties);
    case ByColumn:
        return properties.value(QString::fromLatin1(api::TransactionProperties::Actor));
    case ChangesColumn:
        return m_changes.at(index.row());
    case TablesColumn:
        return TransactionText::tables(properties, m_delimiter);
    default:
        return {};
    }
}

QVariant TransactionHistoryModel::headerData(int section, Qt::Orientation orientation,
                                             int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return {};
    }
    switch (section) {
    case CommittedColumn:
        return tr("Committed");
    case KindColumn:
        return tr("Kind");
    case ByColumn:
        return tr("By");
    case ChangesColumn:
        return tr("Changes");
    case TablesColumn:
        return tr("Tables");
    default:
        return {};
    }
}

bool TransactionHistoryModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && m_nextPage.has_value() && m_state != State::Loading;
}

void TransactionHistoryModel::fetchMore(const QModelIndex &parent)
{
    if (canFetchMore(parent)) {
        fetch(m_nextPage);
    }
}

} // namespace lance::history
