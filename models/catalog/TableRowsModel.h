// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "rows/ArrowIpcReader.h"

#include <QAbstractTableModel>
#include <QList>

#include <functional>

namespace lance::catalog {

/// The rows of one version of a table, for the Rows tab: a page is fetched when the view
/// scrolls near the end of what is loaded (canFetchMore()/fetchMore()), never all at once. Where
/// the pages come from is the source's business: QueryTable for a committed version (any server
/// that offers it, or the local catalog), the client's own reading for a staged manifest. Cells
/// show compact text (rows::ValueText); the tooltip and ValueRole the whole value. A source
/// that changes while a page is on its way drops that page: no rows of two versions mix.
class TableRowsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    /// Rows a fetch asks for.
    static constexpr qint64 PageRows = 200;

    enum Role {
        ValueRole = Qt::UserRole + 1, //!< the whole value as text (tooltip, copy)
        IsNullRole,                   //!< the value is null: a view shows it quieter
        JsonRole,                     //!< the exact value as JSON text (copy as JSON)
    };

    using Done = std::function<void(api::Result<rows::ArrowIpcReader::Table>)>;
    /// Starts reading `limit` rows from row `offset`; calls `done` on this model's thread.
    using Fetch = std::function<void(qint64 offset, qint64 limit, Done done)>;

    explicit TableRowsModel(QObject *parent = nullptr);

    /// Shows the rows `fetch` reads, from the first; `totalRows` is what the version says it
    /// holds (-1: unknown).
    void setSource(Fetch fetch, qint64 totalRows);
    /// Shows no rows.
    void clear();

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent = {}) const override;
    void fetchMore(const QModelIndex &parent = {}) override;

    bool isLoading() const { return m_loading; }
    /// Every row has been read.
    bool isComplete() const { return m_complete; }
    qint64 totalRows() const { return m_totalRows; }
    /// Why the last page could not be read; empty after a success.
    const QString &problem() const { return m_problem; }
    /// The row `row` as one JSON object of its columns' exact values.
    QString rowJson(int row) const;
    const QList<rows::ColumnArray> &columns() const { return m_columns; }

signals:
    /// Loading started or ended, rows came, or a read failed.
    void stateChanged();

private:
    void received(quint64 generation, api::Result<rows::ArrowIpcReader::Table> page);

    Fetch m_fetch;
    quint64 m_generation = 0;
    QList<rows::ColumnArray> m_columns;
    qint64 m_rows = 0;
    qint64 m_totalRows = -1;
    bool m_loading = false;
    bool m_complete = true;
    QString m_problem;
};

} // namespace lance::catalog
