// SPDX-License-Identifier: Apache-2.0
#include "engine/SqliteConnection.h"

#include "engine/EngineLogging.h"

#include <optional>
#include <sqlite3.h>

using namespace Qt::StringLiterals;
using lance::api::ApiError;
using lance::api::ErrorCode;
using lance::api::Result;

namespace lance::engine {

SqliteConnection::SqliteConnection(sqlite3 *handle, QString file)
    : m_handle(handle)
    , m_file(std::move(file))
{}

SqliteConnection::~SqliteConnection()
{
    for (sqlite3_stmt *statement : std::as_const(m_statements)) {
        sqlite3_finalize(statement);
    }
    sqlite3_close_v2(m_handle);
}

Result<std::unique_ptr<SqliteConnection>> SqliteConnection::open(const QString &file,
                                                                 int busyTimeoutMs)
{
    sqlite3 *handle = nullptr;
    // NOMUTEX: a connection serves one thread at a time (each engine has its own).
    const int opened = sqlite3_open_v2(
        file.toUtf8().constData(), &handle,
        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
    if (opened != SQLITE_OK) {
        // Even a failed open hands back a handle (or null when out of memory) to be closed.
        const QString why = handle ? QString::fromUtf8(sqlite3_errmsg(handle))
                                   : QString::fromUtf8(sqlite3_errstr(opened));
        sqlite3_close_v2(handle);
        return ApiError::catalog(ErrorCode::Internal,
                                 tr("The catalog database %1 cannot be opened: %2").arg(file, why));
    }
    sqlite3_extended_result_codes(handle, 1);
    sqlite3_busy_timeout(handle, busyTimeoutMs);
    return std::unique_ptr<SqliteConnection>(new SqliteConnection(handle, file));
}

Result<sqlite3_stmt *> SqliteConnection::prepare(const QString &sql, const QVariantList &values)
{
    auto found = m_statements.constFind(sql);
    if (found == m_statements.constEnd()) {
        const QByteArray text = sql.toUtf8();
        sqlite3_stmt *statement = nullptr;
        const int prepared = sqlite3_prepare_v3(m_handle, text.constData(), int(text.size()),
                                                SQLITE_PREPARE_PERSISTENT, &statement, nullptr);
        if (prepared != SQLITE_OK) {
            return error(prepared);
        }
        found = m_statements.insert(sql, statement);
    }
    sqlite3_stmt *statement = found.value();
    if (sqlite3_bind_parameter_count(statement) != values.size()) {
        qCWarning(lcEngine) << "catalog statement given" << values.size() << "values for"
                            << sqlite3_bind_parameter_count(statement) << "parameters:" << sql;
        return ApiError::catalog(ErrorCode::Internal,
                                 tr("The catalog database failed: a statement was given %1 "
                                    "values for %2 parameters.")
                                     .arg(values.size())
                                     .arg(sqlite3_bind_parameter_count(statement)));
    }
    m_bound.clear();
    for (int i = 0; i < int(values.size()); ++i) {
        const QVariant &value = values.at(i);
        int bound = SQLITE_OK;
        switch (value.typeId()) {
        case QMetaType::UnknownType:
            bound = sqlite3_bind_null(statement, i + 1);
            break;
        case QMetaType::Bool:
        case QMetaType::Int:
        case QMetaType::UInt:
        case QMetaType::Long:
        case QMetaType::LongLong:
        case QMetaType::ULongLong:
            bound = sqlite3_bind_int64(statement, i + 1, value.toLongLong());
            break;
        case QMetaType::Double:
            bound = sqlite3_bind_double(statement, i + 1, value.toDouble());
            break;
        case QMetaType::QByteArray: {
            m_bound.append(value.toByteArray());
            const QByteArray &bytes = m_bound.constLast();
            bound = sqlite3_bind_blob64(statement, i + 1, bytes.constData(),
                                        sqlite3_uint64(bytes.size()), SQLITE_STATIC);
            break;
        }
        default: {
            // Text, a null QString included: the catalog's keys use '' where Qt SQL would have
            // bound NULL.
            m_bound.append(value.toString().toUtf8());
            const QByteArray &text = m_bound.constLast();
            bound = sqlite3_bind_text64(statement, i + 1, text.constData(),
                                        sqlite3_uint64(text.size()), SQLITE_STATIC, SQLITE_UTF8);
            break;
        }
        }
        if (bound != SQLITE_OK) {
            const ApiError failure = error(bound);
            finish(statement);
            m_bound.clear();
            return failure;
        }
    }
    return statement;
}

void SqliteConnection::finish(sqlite3_stmt *statement)
{
    sqlite3_reset(statement);
    sqlite3_clear_bindings(statement);
}

Result<qint64> SqliteConnection::execute(const QString &sql, const QVariantList &values)
{
    auto statement = prepare(sql, values);
    if (!statement) {
        return statement.error();
    }
    int stepped = SQLITE_ROW;
    while (stepped == SQLITE_ROW) { // a statement may answer rows (a PRAGMA that sets and says)
        stepped = sqlite3_step(*statement);
    }
    const qint64 changed = sqlite3_changes64(m_handle);
    // The message belongs to the failed step: take it before the reset.
    std::optional<ApiError> failure;
    if (stepped != SQLITE_DONE) {
        failure = error(stepped);
    }
    finish(*statement);
    m_bound.clear();
    if (failure) {
        return *failure;
    }
    return changed;
}

Result<QList<SqliteConnection::Row>> SqliteConnection::select(const QString &sql,
                                                              const QVariantList &values)
{
    auto prepared = prepare(sql, values);
    if (!prepared) {
        return prepared.error();
    }
    sqlite3_stmt *statement = *prepared;
    const int columns = sqlite3_column_count(statement);
    QList<Row> rows;
    int stepped = SQLITE_ROW;
    while ((stepped = sqlite3_step(statement)) == SQLITE_ROW) {
        Row row;
        row.reserve(columns);
        for (int column = 0; column < columns; ++column) {
            switch (sqlite3_column_type(statement, column)) {
            case SQLITE_INTEGER:
                row.append(QVariant(qint64(sqlite3_column_int64(statement, column))));
                break;
            case SQLITE_FLOAT:
                row.append(QVariant(sqlite3_column_double(statement, column)));
                break;
            case SQLITE_BLOB: {
                const void *data = sqlite3_column_blob(statement, column);
                const int size = sqlite3_column_bytes(statement, column);
                row.append(QVariant(QByteArray(static_cast<const char *>(data), size)));
                break;
            }
            case SQLITE_NULL:
                row.append(QVariant());
                break;
            default: {
                const auto *text
                    = reinterpret_cast<const char *>(sqlite3_column_text(statement, column));
                const int size = sqlite3_column_bytes(statement, column);
                row.append(QVariant(QString::fromUtf8(text, size)));
                break;
            }
            }
        }
        rows.append(std::move(row));
    }
    // A statement stepping to its end can still fail (a busy lock, an I/O error); the message
    // belongs to the failed step, so it is taken before the reset.
    std::optional<ApiError> failure;
    if (stepped != SQLITE_DONE) {
        failure = error(stepped);
    }
    finish(statement);
    m_bound.clear();
    if (failure) {
        return *failure;
    }
    return rows;
}

ApiError SqliteConnection::error(int code) const
{
    const QString message = QString::fromUtf8(sqlite3_errmsg(m_handle));
    const int primary = code & 0xff;
    if (primary == SQLITE_BUSY || primary == SQLITE_LOCKED) {
        return ApiError::catalog(ErrorCode::ServiceUnavailable,
                                 tr("The catalog database is busy with other writers; try "
                                    "again (%1).")
                                     .arg(message));
    }
    qCWarning(lcEngine) << "catalog database error" << code << message;
    return ApiError::catalog(
        ErrorCode::Internal,
        tr("The catalog database failed: %1 (SQLite error %2)").arg(message).arg(code));
}

} // namespace lance::engine
