// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "engine/CatalogEngine.h"
#include "engine/DatabaseWriteLock.h"

#include <QByteArray>
#include <QSqlDatabase>
#include <QStringList>

#include <memory>

namespace lance::test {

/// What the catalog engine tests share: opening engines (on SQLite or PostgreSQL: each test
/// runs on both), identifiers, exact error checks, files and the real Lance data copied into
/// tests/data/lance.
class EngineTestSupport
{
public:
    using EngineResult = api::Result<std::unique_ptr<engine::CatalogEngine>>;

    /// Opens the catalog with its root folder at `root`: its SQLite database there, or, when
    /// onPostgres(), a PostgreSQL database of its own on the tests' private server (the same
    /// one for every open of that root in this process).
    static EngineResult open(const QString &root, bool registerExistingTables = true);
    /// Whether this run keeps catalogs on PostgreSQL (LCB_TEST_ENGINE_BACKEND=postgres, set by
    /// ctest for the tests' `…OnPostgres` variants) rather than SQLite.
    static bool onPostgres();
    /// A connection named `name` (not open yet) to the database of the catalog at `root`,
    /// through Qt SQL, a reader independent of the engine's own code: QSQLITE on its file, or
    /// QPSQL on its PostgreSQL database. QSqlDatabase::removeDatabase(name) when done.
    static QSqlDatabase inspect(const QString &root, const QString &name);
    /// This process's write lock of the catalog at `root`, as its engines take it.
    static std::shared_ptr<engine::DatabaseWriteLock> writeLock(const QString &root);
    /// "$" is the root; anything else is split on `$` without checks, so tests can build
    /// identifiers the engine must refuse.
    static api::Identifier id(const QString &text);

    /// For QVERIFY2: "ok" or everything the error knows.
    template <typename T> static QByteArray why(const api::Result<T> &result)
    {
        return result ? QByteArray("ok") : result.error().details().toUtf8();
    }
    /// The spec error code of a failure; -1 for success.
    template <typename T> static int codeOf(const api::Result<T> &result)
    {
        return result ? -1 : result.error().serverCode().value_or(-2);
    }
    /// The HTTP status the REST binding answers with; 200 for success.
    template <typename T> static int statusOf(const api::Result<T> &result)
    {
        return result ? 200 : result.error().httpStatus();
    }
    template <typename T> static QString messageOf(const api::Result<T> &result)
    {
        return result ? QString() : result.error().serverError();
    }

    /// tests/data/lance/<name>: copies of the real LanceDB data (see the README there).
    static QString fixture(const QString &name);
    /// Copies a folder with everything in it; false on any failure.
    static bool copyTree(const QString &from, const QString &to);
    static bool writeFile(const QString &path, const QByteArray &bytes);
    static QByteArray readFile(const QString &path);
    /// The names in `folder`, hidden ones included, sorted.
    static QStringList fileNames(const QString &folder);
    /// `path` without its leading `/`: how the engine answers manifest paths.
    static QString objectStorePath(const QString &path);

    static api::CreateNamespaceRequest createNamespace(const QString &text);
    /// A table at the catalog's own place for it (`<root>/<names>.lance`): its manifests are
    /// read and checked.
    static api::DeclareTableRequest declare(const QString &text);
    /// A table at `s3://bucket/<names>`, a store the engine cannot read: its manifests (any
    /// `s3://` path) are recorded as given.
    static api::DeclareTableRequest declareOnStore(const QString &text);
    static api::CreateTableVersionRequest createVersion(const QString &text, qint64 version,
                                                        const QString &manifestPath);
    /// The context of a batch error that names operation `index` of `kind`.
    static api::StringMap failedAt(qsizetype index, const QString &kind);
    /// The version numbers of a listing page.
    static QList<qint64> numbers(const QList<api::TableVersion> &versions);
};

} // namespace lance::test
