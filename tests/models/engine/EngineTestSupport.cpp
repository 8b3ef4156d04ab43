// SPDX-License-Identifier: Apache-2.0
#include "EngineTestSupport.h"

#include "TestData.h"
#include "TestFiles.h"
#include "engine/CatalogDatabase.h"
#ifdef LCB_WITH_POSTGRESQL
#include "PostgresTestDatabase.h"
#endif

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QMutex>
#include <QSqlDatabase>
#include <QUrl>
#include <QUrlQuery>

#include <map>

using namespace Qt::StringLiterals;
using namespace lance::api;

namespace lance::test {

bool EngineTestSupport::onPostgres()
{
    return qEnvironmentVariable("LCB_TEST_ENGINE_BACKEND") == u"postgres"_s;
}

namespace {

#ifdef LCB_WITH_POSTGRESQL
// One database per catalog root, however the root is spelled, for the whole run: the engines a
// test opens on one root (on several threads at once, too) share a catalog as they would share
// its file.
PostgresTestDatabase &databaseFor(const QString &root)
{
    static QMutex mutex;
    static std::map<QString, std::unique_ptr<PostgresTestDatabase>> databases;
    QDir().mkpath(root);
    const QString key = QFileInfo(root).canonicalFilePath();
    const QMutexLocker locked(&mutex);
    std::unique_ptr<PostgresTestDatabase> &database = databases[key];
    if (!database) {
        database = std::make_unique<PostgresTestDatabase>();
    }
    return *database;
}
#endif

} // namespace

EngineTestSupport::EngineResult EngineTestSupport::open(const QString &root,
                                                        bool registerExistingTables)
{
    engine::CatalogEngine::Options options;
    options.root = root;
    options.registerExistingTables = registerExistingTables;
    if (onPostgres()) {
#ifdef LCB_WITH_POSTGRESQL
        const PostgresTestDatabase &database = databaseFor(root);
        if (!database.isValid()) {
            return api::ApiError::catalog(api::ErrorCode::Internal, database.error());
        }
        options.databaseUrl = database.url();
#else
        return api::ApiError::catalog(api::ErrorCode::Internal,
                                      u"this build has no PostgreSQL support"_s);
#endif
    }
    return engine::CatalogEngine::open(options);
}

QSqlDatabase EngineTestSupport::inspect(const QString &root, const QString &name)
{
    if (!onPostgres()) {
        QSqlDatabase database = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
        database.setDatabaseName(root + u"/lance-catalog.sqlite"_s);
        return database;
    }
    QSqlDatabase database = QSqlDatabase::addDatabase(u"QPSQL"_s, name);
#ifdef LCB_WITH_POSTGRESQL
    const QUrl url(databaseFor(root).url());
    const QUrlQuery query(url);
    database.setDatabaseName(url.path().mid(1));
    database.setHostName(query.queryItemValue(u"host"_s));
    database.setPort(query.queryItemValue(u"port"_s).toInt());
    database.setUserName(query.queryItemValue(u"user"_s));
#endif
    return database;
}

std::shared_ptr<engine::DatabaseWriteLock> EngineTestSupport::writeLock(const QString &root)
{
#ifdef LCB_WITH_POSTGRESQL
    if (onPostgres()) {
        return engine::CatalogDatabase::writeLockOf({databaseFor(root).url(), std::nullopt});
    }
#endif
    return engine::DatabaseWriteLock::forFile(QFileInfo(root).canonicalFilePath()
                                              + u"/lance-catalog.sqlite"_s);
}

Identifier EngineTestSupport::id(const QString &text)
{
    return text == u"$"_s ? Identifier() : Identifier(text.split(u'$'));
}

QString EngineTestSupport::fixture(const QString &name)
{
    return TestData::path(u"lance/"_s + name);
}

bool EngineTestSupport::copyTree(const QString &from, const QString &to)
{
    if (!QDir().mkpath(to)) {
        return false;
    }
    QDirIterator it(from, QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    const QDir source(from);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString target = to + u'/' + source.relativeFilePath(path);
        const bool copied
            = it.fileInfo().isDir() ? QDir().mkpath(target) : QFile::copy(path, target);
        if (!copied) {
            return false;
        }
    }
    return true;
}

bool EngineTestSupport::writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

QByteArray EngineTestSupport::readFile(const QString &path)
{
    return TestFiles::read(path);
}

QStringList EngineTestSupport::fileNames(const QString &folder)
{
    return QDir(folder).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot,
                                  QDir::Name);
}

QString EngineTestSupport::objectStorePath(const QString &path)
{
    return path.startsWith(u'/') ? path.mid(1) : path;
}

CreateNamespaceRequest EngineTestSupport::createNamespace(const QString &text)
{
    CreateNamespaceRequest request;
    request.id = id(text);
    return request;
}

DeclareTableRequest EngineTestSupport::declare(const QString &text)
{
    DeclareTableRequest request;
    request.id = id(text);
    return request;
}

DeclareTableRequest EngineTestSupport::declareOnStore(const QString &text)
{
    DeclareTableRequest request = declare(text);
    request.location = u"s3://bucket/%1"_s.arg(request.id.names().join(u'/'));
    return request;
}

CreateTableVersionRequest EngineTestSupport::createVersion(const QString &text, qint64 version,
                                                           const QString &manifestPath)
{
    CreateTableVersionRequest request;
    request.id = id(text);
    request.version = version;
    request.manifestPath = manifestPath;
    return request;
}

StringMap EngineTestSupport::failedAt(qsizetype index, const QString &kind)
{
    return {{u"failed_operation_index"_s, QString::number(index)},
            {u"failed_operation_kind"_s, kind}};
}

QList<qint64> EngineTestSupport::numbers(const QList<TableVersion> &versions)
{
    QList<qint64> result;
    for (const TableVersion &version : versions) {
        result.append(version.version);
    }
    return result;
}

} // namespace lance::test
