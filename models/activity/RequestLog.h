// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/ExchangeRecord.h"

#include <QAbstractTableModel>
#include <QList>

QT_BEGIN_NAMESPACE
class QIODevice;
QT_END_NAMESPACE

namespace lance::activity {

/// The request log dock's model: one row per exchange with the catalog, newest last.
///
/// Bounded: past capacity() the oldest rows are dropped, so a long session cannot grow without
/// end. Holds no secret: records arrive with masked headers (CatalogConnection forwards them
/// from RestClient and LocalCatalogService), and append() masks again whatever header
/// PreparedRequest::isSecretHeader() names and drops user info from URLs, so a record from
/// elsewhere cannot leak one into the view or a saved file. Lives on the GUI thread.
class RequestLog : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        TimeColumn,
        MethodColumn,
        UrlColumn,
        StatusColumn,
        ElapsedColumn,
        OperationColumn,
        ErrorColumn,
        ColumnCount
    };
    enum Role : int {
        FailedRole = Qt::UserRole + 1, //!< bool: no answer, or a status outside 2xx
        StartedAtRole,                 //!< QDateTime: when the request started
    };

    static constexpr int DefaultCapacity = 10000;

    explicit RequestLog(QObject *parent = nullptr);

    int capacity() const { return m_capacity; }
    /// At least 1; drops the oldest rows when the log holds more.
    void setCapacity(int capacity);

    const api::ExchangeRecord &record(int row) const { return m_records.at(row); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    /// Writes every record as one JSON object per line (time, operation, method, url, status,
    /// elapsedMs, error, headers as [name, value] pairs; masked). False when the device refused
    /// the data; it must be open for writing.
    bool saveJsonLines(QIODevice &device) const;

public slots:
    void append(const lance::api::ExchangeRecord &record);
    void clear();

private:
    void dropOldest(int count);

    QList<api::ExchangeRecord> m_records;
    int m_capacity = DefaultCapacity;
};

} // namespace lance::activity
