// SPDX-License-Identifier: Apache-2.0
// PostgresConnection against a real PostgreSQL (the tests' private instance, a database of this
// test's own): values both ways as SqliteConnection has them, `?` placeholders, statements
// prepared once, rows changed, the errors a client acts on (a serialization failure between two
// connections is retryable; a bad statement is not), a connection that the server ended and
// that comes back by itself, and addresses that are refused before anything is sent.
#include "PostgresTestDatabase.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "engine/CatalogDatabase.h"
#include "engine/PostgresConnection.h"

#include <QTest>

#include <limits>

using namespace Qt::StringLiterals;
using lance::api::ErrorCode;
using lance::engine::PostgresConnection;
using lance::test::PostgresTestDatabase;

namespace {

std::optional<int> code(ErrorCode code)
{
    return int(code);
}

} // namespace

class TestPostgresConnection : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void numbersPlaceholdersOutsideQuotes();
    void valuesGoAndComeBackAsInSqlite();
    void countsChangedRowsAndConflicts();
    void aSerializationFailureIsRetryable();
    void aBadStatementIsNotRetryable();
    void comesBackAfterTheServerEndedTheConnection();
    void refusesAddressesWithPasswordsOrOfOtherKinds();
    void saysWhenTheServerCannotBeReached();

private:
    std::unique_ptr<PostgresConnection> connect();

    std::unique_ptr<PostgresTestDatabase> m_database;
};

void TestPostgresConnection::init()
{
    m_database = std::make_unique<PostgresTestDatabase>();
    QVERIFY2(m_database->isValid(), qPrintable(m_database->error()));
}

void TestPostgresConnection::cleanup()
{
    m_database.reset();
}

std::unique_ptr<PostgresConnection> TestPostgresConnection::connect()
{
    auto connection = PostgresConnection::open(m_database->address());
    if (!connection) {
        qWarning("%s", qPrintable(connection.error().userMessage()));
        return nullptr;
    }
    return std::move(*connection);
}

void TestPostgresConnection::numbersPlaceholdersOutsideQuotes()
{
    QCOMPARE(PostgresConnection::numberPlaceholders(
                 u"SELECT a FROM t WHERE b = ? AND c = '?' AND \"d?\" = ? OR e = 'it''s ?'"_s),
             u"SELECT a FROM t WHERE b = $1 AND c = '?' AND \"d?\" = $2 OR e = 'it''s ?'"_s);
    QCOMPARE(PostgresConnection::numberPlaceholders(u"SELECT 1"_s), u"SELECT 1"_s);
}

void TestPostgresConnection::valuesGoAndComeBackAsInSqlite()
{
    auto db = connect();
    QVERIFY(db);
    QVERIFY(db->execute(u"CREATE TABLE v (t TEXT, i BIGINT, f DOUBLE PRECISION, b BYTEA, "
                        u"flag BOOLEAN, small INTEGER)"_s,
                        {})
                .hasValue());
    const qint64 big = std::numeric_limits<qint64>::max();
    const QByteArray bytes("\x00\x01\xff\\x'", 6);
    const QString text = u"naïve ☃ 'quoted' ?"_s;
    const auto inserted = db->execute(u"INSERT INTO v VALUES (?, ?, ?, ?, ?, ?)"_s,
                                      {text, big, 0.1, bytes, true, 7});
    LCB_VERIFY_OK(inserted);
    QCOMPARE(*inserted, 1);
    // A null QString is '' (the catalog's keys for the root and the main branch), not NULL;
    // an invalid QVariant is NULL.
    QVERIFY(db->execute(u"INSERT INTO v VALUES (?, ?, ?, ?, ?, ?)"_s,
                        {QString(), QVariant(), QVariant(), QVariant(), false, QVariant()})
                .hasValue());
    const auto rows
        = db->select(u"SELECT t, i, f, b, flag, small FROM v ORDER BY i NULLS LAST"_s, {});
    LCB_VERIFY_OK(rows);
    QCOMPARE(rows->size(), 2);
    const QVariantList &first = rows->at(0);
    QCOMPARE(first.at(0), QVariant(text));
    QCOMPARE(first.at(1), QVariant(big));
    QCOMPARE(first.at(2), QVariant(0.1));
    QCOMPARE(first.at(3), QVariant(bytes));
    QCOMPARE(first.at(4), QVariant(qint64(1)));
    QCOMPARE(first.at(5), QVariant(qint64(7)));
    const QVariantList &second = rows->at(1);
    QCOMPARE(second.at(0), QVariant(QString(u""_s)));
    QVERIFY(!second.at(1).isValid());
    QVERIFY(!second.at(3).isValid());
    QCOMPARE(second.at(4), QVariant(qint64(0)));
    // The same statement again runs the prepared one, with other values.
    const auto again
        = db->select(u"SELECT t, i, f, b, flag, small FROM v ORDER BY i NULLS LAST"_s, {});
    LCB_VERIFY_OK(again);
    QCOMPARE(again->size(), 2);
    const auto one = db->select(u"SELECT i FROM v WHERE t = ?"_s, {text});
    LCB_VERIFY_OK(one);
    QCOMPARE(one->size(), 1);
    // Too few values for the placeholders: refused before it is sent.
    const auto few = db->select(u"SELECT i FROM v WHERE t = ?"_s, {});
    QVERIFY(!few.hasValue());
    QCOMPARE(few.error().serverCode(), code(ErrorCode::Internal));
}

void TestPostgresConnection::countsChangedRowsAndConflicts()
{
    auto db = connect();
    QVERIFY(db);
    QVERIFY(db->execute(u"CREATE TABLE k (name TEXT PRIMARY KEY, n BIGINT)"_s, {}).hasValue());
    const QString put = u"INSERT INTO k (name, n) VALUES (?, ?) ON CONFLICT DO NOTHING"_s;
    QCOMPARE(*db->execute(put, {u"a"_s, 1}), 1);
    QCOMPARE(*db->execute(put, {u"a"_s, 2}), 0); // put-if-not-exists: the first one stays
    QCOMPARE(*db->execute(put, {u"b"_s, 3}), 1);
    QCOMPARE(*db->execute(u"UPDATE k SET n = n + 1"_s, {}), 2);
    QCOMPARE(*db->execute(u"DELETE FROM k WHERE name = ?"_s, {u"zz"_s}), 0);
    QCOMPARE(db->select(u"SELECT n FROM k WHERE name = ?"_s, {u"a"_s})->at(0).at(0),
             QVariant(qint64(2)));
}

void TestPostgresConnection::aSerializationFailureIsRetryable()
{
    // Two serializable transactions that each read what the other writes: PostgreSQL lets one
    // commit and fails the other, which may run again.
    auto one = connect();
    auto two = connect();
    QVERIFY(one && two);
    QVERIFY(one->execute(u"CREATE TABLE s (k TEXT PRIMARY KEY, n BIGINT)"_s, {}).hasValue());
    QVERIFY(one->execute(u"INSERT INTO s VALUES ('x', 0), ('y', 0)"_s, {}).hasValue());
    const QString begin = u"BEGIN ISOLATION LEVEL SERIALIZABLE"_s;
    QVERIFY(one->execute(begin, {}).hasValue());
    QVERIFY(two->execute(begin, {}).hasValue());
    QVERIFY(one->select(u"SELECT sum(n) FROM s"_s, {}).hasValue());
    QVERIFY(two->select(u"SELECT sum(n) FROM s"_s, {}).hasValue());
    QVERIFY(one->execute(u"UPDATE s SET n = 1 WHERE k = 'x'"_s, {}).hasValue());
    QVERIFY(two->execute(u"UPDATE s SET n = 1 WHERE k = 'y'"_s, {}).hasValue());
    QVERIFY(one->execute(u"COMMIT"_s, {}).hasValue());
    const auto failed = two->execute(u"COMMIT"_s, {});
    QVERIFY(!failed.hasValue());
    QCOMPARE(failed.error().serverCode(), code(ErrorCode::ConcurrentModification));
    QVERIFY(lance::engine::CatalogDatabase::isRetryable(failed.error()));
    QVERIFY2(failed.error().userMessage().contains(u"try again"_s),
             qPrintable(failed.error().userMessage()));
    // The failed transaction ended; the connection goes on.
    QVERIFY(two->execute(u"ROLLBACK"_s, {}).hasValue());
    QCOMPARE(two->select(u"SELECT sum(n) FROM s"_s, {})->at(0).at(0), QVariant(1.0));
}

void TestPostgresConnection::aBadStatementIsNotRetryable()
{
    auto db = connect();
    QVERIFY(db);
    const auto bad = db->select(u"SELECT * FROM no_such_table"_s, {});
    QVERIFY(!bad.hasValue());
    QCOMPARE(bad.error().serverCode(), code(ErrorCode::Internal));
    QVERIFY(!lance::engine::CatalogDatabase::isRetryable(bad.error()));
    QVERIFY2(bad.error().userMessage().contains(u"42P01"_s), qPrintable(bad.error().userMessage()));
}

void TestPostgresConnection::comesBackAfterTheServerEndedTheConnection()
{
    auto db = connect();
    QVERIFY(db);
    auto admin = PostgresConnection::open({m_database->adminUrl(), std::nullopt});
    QVERIFY(admin);
    // As an administrator restarting the database would: the server ends the session.
    const auto endSession = [&] {
        const auto pid = db->select(u"SELECT pg_backend_pid()"_s, {});
        return pid.hasValue()
               && (*admin)
                      ->select(u"SELECT pg_terminate_backend(?::integer)"_s, {pid->at(0).at(0)})
                      .hasValue();
    };

    // Outside a transaction a query finds the connection gone, connects again and is sent
    // once more: the caller sees its answer.
    QVERIFY(endSession());
    const auto resent = db->select(u"SELECT 1"_s, {});
    LCB_VERIFY_OK(resent);
    QCOMPARE(resent->at(0).at(0), QVariant(qint64(1)));

    // Inside a transaction nothing is resent: the transaction is gone, and the caller hears so.
    QVERIFY(db->execute(u"CREATE TABLE r (n BIGINT)"_s, {}).hasValue());
    QVERIFY(db->execute(u"BEGIN"_s, {}).hasValue());
    QVERIFY(db->execute(u"INSERT INTO r VALUES (1)"_s, {}).hasValue());
    QVERIFY(endSession());
    const auto lost = db->execute(u"INSERT INTO r VALUES (2)"_s, {});
    QVERIFY(!lost.hasValue());
    QCOMPARE(lost.error().serverCode(), code(ErrorCode::ServiceUnavailable));
    QVERIFY2(lost.error().userMessage().contains(u"try again"_s),
             qPrintable(lost.error().userMessage()));
    // The caller's rollback and what follows run on a new connection; nothing was kept.
    QVERIFY(db->execute(u"ROLLBACK"_s, {}).hasValue());
    const auto rows = db->select(u"SELECT count(*) FROM r"_s, {});
    LCB_VERIFY_OK(rows);
    QCOMPARE(rows->at(0).at(0), QVariant(qint64(0)));
}

void TestPostgresConnection::refusesAddressesWithPasswordsOrOfOtherKinds()
{
    const auto withPassword
        = PostgresConnection::open({u"postgresql://steward:s3cret@db.example/catalog"_s, {}});
    QVERIFY(!withPassword.hasValue());
    QVERIFY(withPassword.error().userMessage().contains(u"password file"_s));
    QVERIFY(!withPassword.error().userMessage().contains(u"s3cret"_s));
    const auto inQuery = PostgresConnection::open({u"postgresql:///catalog?password=s3cret"_s, {}});
    QVERIFY(!inQuery.hasValue());
    QVERIFY(!inQuery.error().userMessage().contains(u"s3cret"_s));
    const auto other = PostgresConnection::open({u"mysql://db.example/catalog"_s, {}});
    QVERIFY(!other.hasValue());
    QVERIFY(other.error().userMessage().contains(u"not a PostgreSQL address"_s));
}

void TestPostgresConnection::saysWhenTheServerCannotBeReached()
{
    // A socket folder where no server listens.
    QTemporaryDir empty;
    const auto none = PostgresConnection::open(
        {u"postgresql:///catalog?host=%1&port=5432"_s.arg(empty.path()), {}});
    QVERIFY(!none.hasValue());
    QCOMPARE(none.error().serverCode(), code(ErrorCode::ServiceUnavailable));
    QVERIFY2(none.error().userMessage().contains(u"cannot be reached"_s),
             qPrintable(none.error().userMessage()));
}

LCB_TEST_GUILESS_MAIN(TestPostgresConnection)
#include "TestPostgresConnection.moc"
