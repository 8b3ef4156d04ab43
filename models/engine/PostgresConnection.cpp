// SPDX-License-Identifier: Apache-2.0
#include "engine/PostgresConnection.h"

#include "engine/EngineLogging.h"

#include <QUrl>
#include <QUrlQuery>

#include <libpq-fe.h>
#include <vector>

using namespace Qt::StringLiterals;
using lance::api::ApiError;
using lance::api::ErrorCode;
using lance::api::Result;

namespace lance::engine {

namespace {

// Type OIDs of the built-in types (PostgreSQL's pg_type.dat; fixed across releases).
constexpr Oid BoolOid = 16;
constexpr Oid ByteaOid = 17;
constexpr Oid Int8Oid = 20;
constexpr Oid Int2Oid = 21;
constexpr Oid Int4Oid = 23;
constexpr Oid Float4Oid = 700;
constexpr Oid Float8Oid = 701;
constexpr Oid NumericOid = 1700;

// SQLSTATE classes (PostgreSQL's errcodes.txt) whose failures mean the database is not there to
// answer: connection exceptions, insufficient resources, an operator's intervention (a shutdown, a
// restart).
bool unavailable(const QByteArray &state)
{
    return state.startsWith("08") || state.startsWith("53") || state.startsWith("57P");
}

struct ResultDeleter
{
    void operator()(PGresult *result) const { PQclear(result); }
};
using ResultPtr = std::unique_ptr<PGresult, ResultDeleter>;

QVariant columnValue(const PGresult *result, int row, int column)
{
    if (PQgetisnull(result, row, column)) {
        return {};
    }
    const char *text = PQgetvalue(result, row, column);
    const int size = PQgetlength(result, row, column);
    switch (PQftype(result, column)) {
    case BoolOid:
        return QVariant(qint64(text[0] == 't' ? 1 : 0));
    case Int2Oid:
    case Int4Oid:
    case Int8Oid:
        return QVariant(QByteArray::fromRawData(text, size).toLongLong());
    case Float4Oid:
    case Float8Oid:
    case NumericOid:
        return QVariant(QByteArray::fromRawData(text, size).toDouble());
    case ByteaOid: {
        size_t length = 0;
        unsigned char *bytes
            = PQunescapeBytea(reinterpret_cast<const unsigned char *>(text), &length);
        QByteArray value(reinterpret_cast<const char *>(bytes), qsizetype(length));
        PQfreemem(bytes);
        return QVariant(value);
    }
    default:
        return QVariant(QString::fromUtf8(text, size));
    }
}

} // namespace

PostgresConnection::PostgresConnection(pg_conn *handle, Address address, QString displayName)
    : m_handle(handle)
    , m_address(std::move(address))
    , m_displayName(std::move(displayName))
{}

PostgresConnection::~PostgresConnection()
{
    PQfinish(m_handle);
}

Result<std::unique_ptr<PostgresConnection>> PostgresConnection::open(const Address &address)
{
    const QUrl url(address.url, QUrl::StrictMode);
    if (!url.isValid() || (url.scheme() != u"postgresql"_s && url.scheme() != u"postgres"_s)) {
        return ApiError::invalidInput(
            tr("%1 is not a PostgreSQL address; write postgresql://HOST[:PORT]/DATABASE.")
                .arg(url.toString(QUrl::RemovePassword)));
    }
    // A password in the address would end up in process listings, shell histories and logs.
    if (!url.password().isEmpty() || QUrlQuery(url).hasQueryItem(u"password"_s)) {
        return ApiError::invalidInput(
            tr("The PostgreSQL address holds a password; put it in a password file instead "
               "(--database-password-file, PGPASSFILE or ~/.pgpass)."));
    }
    const QString displayName = url.toString(QUrl::RemovePassword);
    auto connection = std::unique_ptr<PostgresConnection>(
        new PostgresConnection(nullptr, address, displayName));
    const Result<void> connected = connection->reconnect();
    if (!connected) {
        return connected.error();
    }
    return connection;
}

Result<void> PostgresConnection::reconnect()
{
    if (m_handle) {
        PQfinish(m_handle);
        m_handle = nullptr;
    }
    m_statements.clear();
    const QByteArray url = m_address.url.toUtf8();
    const QByteArray passwordFile = m_address.passwordFile.value_or(QString()).toUtf8();
    std::vector<const char *> keywords{"dbname", "application_name", "client_encoding",
                                       "connect_timeout"};
    std::vector<const char *> values{url.constData(), "lance-catalog", "UTF8", "10"};
    if (m_address.passwordFile) {
        keywords.push_back("passfile");
        values.push_back(passwordFile.constData());
    }
    keywords.push_back(nullptr);
    values.push_back(nullptr);
    // expand_dbname: the URL in "dbname" is read as a whole connection string.
    m_handle = PQconnectdbParams(keywords.data(), values.data(), 1);
    if (!m_handle) {
        return ApiError::catalog(
            ErrorCode::ServiceUnavailable,
            tr("The catalog database %1 cannot be reached: out of memory.").arg(m_displayName));
    }
    if (PQstatus(m_handle) != CONNECTION_OK) {
        const ApiError failure = connectionError();
        PQfinish(m_handle);
        m_handle = nullptr;
        return failure;
    }
    return {};
}

ApiError PostgresConnection::connectionError() const
{
    const QString why
        = m_handle ? QString::fromUtf8(PQerrorMessage(m_handle)).trimmed() : tr("not connected");
    qCWarning(lcEngine) << "catalog database" << m_displayName << "unavailable:" << why;
    return ApiError::catalog(
        ErrorCode::ServiceUnavailable,
        tr("The catalog database %1 cannot be reached; try again (%2).").arg(m_displayName, why));
}

QString PostgresConnection::numberPlaceholders(const QString &sql)
{
    QString out;
    out.reserve(sql.size() + 16);
    int number = 0;
    QChar quote; // the quote that opened the string or identifier we are in, if any
    for (const QChar c : sql) {
        if (!quote.isNull()) {
            if (c == quote) {
                quote = QChar(); // a doubled quote closes and opens again: the same outcome
            }
            out += c;
        } else if (c == u'\'' || c == u'"') {
            quote = c;
            out += c;
        } else if (c == u'?') {
            out += u'$' + QString::number(++number);
        } else {
            out += c;
        }
    }
    return out;
}

Result<PostgresConnection::Prepared> PostgresConnection::prepare(const QString &sql)
{
    if (const auto found = m_statements.constFind(sql); found != m_statements.constEnd()) {
        return *found;
    }
    Prepared prepared;
    prepared.name = "lcb" + QByteArray::number(m_statements.size() + 1);
    const QByteArray text = numberPlaceholders(sql).toUtf8();
    ResultPtr made(PQprepare(m_handle, prepared.name.constData(), text.constData(), 0, nullptr));
    if (!made || PQresultStatus(made.get()) != PGRES_COMMAND_OK) {
        return failureOf(made.get());
    }
    ResultPtr described(PQdescribePrepared(m_handle, prepared.name.constData()));
    if (!described || PQresultStatus(described.get()) != PGRES_COMMAND_OK) {
        return connectionError();
    }
    prepared.parameters = PQnparams(described.get());
    m_statements.insert(sql, prepared);
    return prepared;
}

template <typename Read>
auto PostgresConnection::run(const QString &sql, const QVariantList &values, Read read)
    -> decltype(read(nullptr))
{
    // A connection found lost when a statement is sent outside a transaction (the database was
    // restarted since the last call) is opened again and the statement sent once more, if it
    // can have changed nothing: BEGIN, or a query. Inside a transaction nothing is resent:
    // the transaction is gone, and the caller's rollback starts afresh.
    const QStringView head = QStringView(sql).trimmed().left(6);
    const bool resendable = head.startsWith(u"BEGIN", Qt::CaseInsensitive)
                            || head.startsWith(u"SELECT", Qt::CaseInsensitive);
    for (int attempt = 1;; ++attempt) {
        if (!m_handle || PQstatus(m_handle) != CONNECTION_OK) {
            // Lost since the last call; a transaction that was open then is gone with it.
            if (const Result<void> again = reconnect(); !again) {
                return again.error();
            }
        }
        const bool idle = PQtransactionStatus(m_handle) == PQTRANS_IDLE;
        const auto lostNow = [&] {
            return attempt == 1 && idle && resendable && PQstatus(m_handle) != CONNECTION_OK;
        };
        const Result<Prepared> prepared = prepare(sql);
        if (!prepared) {
            if (lostNow()) {
                continue;
            }
            return prepared.error();
        }
        if (prepared->parameters != values.size()) {
            qCWarning(lcEngine) << "catalog statement given" << values.size() << "values for"
                                << prepared->parameters << "parameters:" << sql;
            return ApiError::catalog(ErrorCode::Internal,
                                     tr("The catalog database failed: a statement was given %1 "
                                        "values for %2 parameters.")
                                         .arg(values.size())
                                         .arg(prepared->parameters));
        }
        std::vector<QByteArray> texts(size_t(values.size()));
        std::vector<const char *> pointers(size_t(values.size()), nullptr);
        std::vector<int> lengths(size_t(values.size()), 0);
        std::vector<int> formats(size_t(values.size()), 0);
        for (size_t i = 0; i < size_t(values.size()); ++i) {
            const QVariant &value = values.at(qsizetype(i));
            switch (value.typeId()) {
            case QMetaType::UnknownType:
                continue; // NULL: a null pointer
            case QMetaType::Bool:
                texts[i] = value.toBool() ? "1" : "0";
                break;
            case QMetaType::Int:
            case QMetaType::UInt:
            case QMetaType::Long:
            case QMetaType::LongLong:
                texts[i] = QByteArray::number(value.toLongLong());
                break;
            case QMetaType::ULongLong:
                texts[i] = QByteArray::number(value.toULongLong());
                break;
            case QMetaType::Double:
                texts[i] = QByteArray::number(value.toDouble(), 'g', 17);
                break;
            case QMetaType::QByteArray:
                texts[i] = value.toByteArray();
                formats[i] = 1; // binary: bytea as it is
                break;
            default:
                texts[i] = value.toString().toUtf8(); // a null QString as '', as in SQLite
                break;
            }
            pointers[i] = texts[i].constData();
            lengths[i] = int(texts[i].size());
        }
        ResultPtr result(PQexecPrepared(m_handle, prepared->name.constData(), int(values.size()),
                                        pointers.data(), lengths.data(), formats.data(), 0));
        const ExecStatusType status = result ? PQresultStatus(result.get()) : PGRES_FATAL_ERROR;
        if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) {
            return read(result.get());
        }
        if (lostNow()) {
            qCInfo(lcEngine) << "catalog database" << m_displayName
                             << "connection lost; connecting again";
            continue;
        }
        return failureOf(result.get());
    }
}

ApiError PostgresConnection::failureOf(const pg_result *result) const
{
    if (!result || PQstatus(m_handle) != CONNECTION_OK) {
        return connectionError();
    }
    const QByteArray state = PQresultErrorField(result, PG_DIAG_SQLSTATE);
    const QString message = QString::fromUtf8(PQresultErrorMessage(result)).trimmed();
    ApiError failure = [&] {
        if (isRetryableState(QString::fromLatin1(state))) {
            return ApiError::catalog(ErrorCode::ConcurrentModification,
                                     tr("Another writer changed the catalog at the same time; "
                                        "try again (%1).")
                                         .arg(message));
        }
        if (unavailable(state)) {
            return ApiError::catalog(ErrorCode::ServiceUnavailable,
                                     tr("The catalog database %1 is not available; try again "
                                        "(%2).")
                                         .arg(m_displayName, message));
        }
        qCWarning(lcEngine) << "catalog database error" << state << message;
        return ApiError::catalog(ErrorCode::Internal,
                                 tr("The catalog database failed: %1 (PostgreSQL error %2)")
                                     .arg(message, QString::fromLatin1(state)));
    }();
    failure.setContext({{sqlStateKey(), QString::fromLatin1(state)}});
    return failure;
}

Result<qint64> PostgresConnection::execute(const QString &sql, const QVariantList &values)
{
    return run(sql, values, [](PGresult *result) -> Result<qint64> {
        const char *changed = PQcmdTuples(result);
        return changed[0] == '\0' ? 0 : QByteArray(changed).toLongLong();
    });
}

Result<QList<PostgresConnection::Row>> PostgresConnection::select(const QString &sql,
                                                                  const QVariantList &values)
{
    return run(sql, values, [](PGresult *result) -> Result<QList<Row>> {
        const int rows = PQntuples(result);
        const int columns = PQnfields(result);
        QList<Row> out;
        out.reserve(rows);
        for (int row = 0; row < rows; ++row) {
            Row read;
            read.reserve(columns);
            for (int column = 0; column < columns; ++column) {
                read.append(columnValue(result, row, column));
            }
            out.append(std::move(read));
        }
        return out;
    });
}

} // namespace lance::engine
