// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/RequestHandle.h"
#include "api/TransactionMessages.h"

#include <QAbstractTableModel>
#include <QPointer>

#include <optional>

namespace lance::api {
class CatalogService;
}

namespace lance::history {

/// The catalog's committed transactions (ListTransactions), newest first, a page at a time as
/// the view scrolls (canFetchMore/fetchMore), for the whole catalog or one table. A server
/// without the listing (it is this product's own route) makes the model Unsupported, which
/// the History says plainly instead of showing an error.
class TransactionHistoryModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { CommittedColumn, KindColumn, ByColumn, ChangesColumn, TablesColumn, ColumnCount };
    enum class State { Idle, Loading, Loaded, Unsupported, Failed };

    static constexpr qint64 PageSize = 200;

    explicit TransactionHistoryModel(QObject *parent = nullptr);

    /// The catalog to read; null empties the model.
    void setService(api::CatalogService *service, const QString &delimiter);
    /// Only the transactions that touched `table`, or all.
    void setTable(const std::optional<api::Identifier> &table);
    const std::optional<api::Identifier> &table() const { return m_table; }
    /// Reads the first page again.
    void reload();

    State state() const { return m_state; }
    /// Why the state is Unsupported or Failed.
    QString problem() const { return m_problem; }
    const api::TransactionSummary &transactionAt(int row) const { return m_rows.at(row); }
    /// The row of the loaded transaction `id`; -1 when it is not loaded.
    int rowOf(const QString &id) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

signals:
    /// Loading started or ended, or the listing is not served.
    void stateChanged();

private:
    void fetch(const std::optional<QString> &pageToken);
    void setState(State state, const QString &problem = {});

    QPointer<api::CatalogService> m_service;
    QString m_delimiter;
    std::optional<api::Identifier> m_table;
    QList<api::TransactionSummary> m_rows;
    /// TransactionText::counts() of each row, made once as the row arrives: it may read the
    /// record's operations, which a batch of thousands makes long, and a view asks on every paint.
    QStringList m_changes;
    std::optional<QString> m_nextPage;
    api::RequestHandle m_pending;
    quint64 m_generation = 0; //!< answers of an older reload are dropped
    State m_state = State::Idle;
    QString m_problem;
};

} // namespace lance::history
