// SPDX-License-Identifier: Apache-2.0
#include "catalog/TableRowsModel.h"

#include "rows/ValueJson.h"
#include "rows/ValueText.h"

#include <QPointer>

using namespace Qt::StringLiterals;

namespace lance::catalog {

namespace {

// A tooltip holds this much of a value; the copy holds all of it.
constexpr qsizetype ToolTipCharacters = 2000;

} // namespace

TableRowsModel::TableRowsModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void TableRowsModel::setSource(Fetch fetch, qint64 totalRows)
{
    beginResetModel();
    ++m_generation;
    m_fetch = std::move(fetch);
    m_columns.clear();
    m_rows = 0;
    m_totalRows = totalRows;
    m_loading = false;
    m_complete = !m_fetch || totalRows == 0;
    m_problem.clear();
    endResetModel();
    emit stateChanged();
    // The first page at once: the tab shows columns even when a view never asks.
    fetchMore();
}

void TableRowsModel::clear()
{
    setSource({}, -1);
}

int TableRowsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows);
}

int TableRowsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

QVariant TableRowsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows || index.column() >= m_columns.size()) {
        return {};
    }
    const rows::ColumnArray &column = m_columns.at(index.column());
    switch (role) {
    case Qt::DisplayRole:
        return rows::ValueText::compact(column, index.row());
    case Qt::ToolTipRole: {
        QString text = rows::ValueText::full(column, index.row());
        if (text.size() > ToolTipCharacters) {
            text = text.first(ToolTipCharacters) + u"…"_s;
        }
        return text;
    }
    case ValueRole:
        return rows::ValueText::full(column, index.row());
    case IsNullRole:
        return !column.isValid(index.row());
    case JsonRole:
        return QString::fromStdString(rows::ValueJson::value(column, index.row()).dump());
    case Qt::TextAlignmentRole: {
        const auto kind = column.type.kind;
        const bool number
            = kind == rows::ValueType::Kind::Int || kind == rows::ValueType::Kind::UInt
              || kind == rows::ValueType::Kind::Float || kind == rows::ValueType::Kind::Decimal;
        return QVariant::fromValue(
            Qt::Alignment((number ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter));
    }
    default:
        return {};
    }
}

QVariant TableRowsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical) {
        return role == Qt::DisplayRole ? QVariant(section + 1) : QVariant();
    }
    if (section < 0 || section >= m_columns.size()) {
        return {};
    }
    if (role == Qt::DisplayRole) {
        return m_columns.at(section).name;
    }
    if (role == Qt::ToolTipRole) {
        return rows::ValueText::typeText(m_columns.at(section));
    }
    return {};
}

bool TableRowsModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && m_fetch && !m_complete && !m_loading && m_problem.isEmpty();
}

void TableRowsModel::fetchMore(const QModelIndex &parent)
{
    if (!canFetchMore(parent)) {
        return;
    }
    m_loading = true;
    emit stateChanged();
    const quint64 generation = m_generation;
    QPointer<TableRowsModel> self(this);
    m_fetch(m_rows, PageRows, [self, generation](api::Result<rows::ArrowIpcReader::Table> page) {
        if (self) {
            self->received(generation, std::move(page));
        }
    });
}

void TableRowsModel::received(quint64 generation, api::Result<rows::ArrowIpcReader::Table> page)
{
    if (generation != m_generation) {
        return; // a page of a source no longer shown
    }
    m_loading = false;
    if (!page) {
        m_problem = page.error().userMessage();
        emit stateChanged();
        return;
    }
    if (m_columns.isEmpty()) {
        beginResetModel();
        m_columns = page->columns;
        m_rows = page->rows;
        endResetModel();
    } else if (page->rows > 0) {
        if (page->columns.size() != m_columns.size()) {
            m_problem = tr("The next rows came with other columns than the first.");
            emit stateChanged();
            return;
        }
        beginInsertRows({}, int(m_rows), int(m_rows + page->rows - 1));
        for (qsizetype c = 0; c < m_columns.size(); ++c) {
            m_columns[c].append(page->columns.at(c));
        }
        m_rows += page->rows;
        endInsertRows();
    }
    m_complete = page->rows < PageRows || (m_totalRows >= 0 && m_rows >= m_totalRows);
    emit stateChanged();
}

QString TableRowsModel::rowJson(int row) const
{
    nlohmann::ordered_json object = nlohmann::ordered_json::object();
    for (const rows::ColumnArray &column : m_columns) {
        object[column.name.toStdString()] = rows::ValueJson::value(column, row);
    }
    return QString::fromStdString(object.dump());
}

} // namespace lance::catalog
