// SPDX-License-Identifier: Apache-2.0
#include "SeededCatalog.h"

#include "AwaitCall.h"
#include "WorkerThread.h"

#include <QDir>
#include <QFile>
#include <QTest>
#include <QThread>

#include <functional>

using namespace Qt::StringLiterals;

namespace lance::test {

namespace {} // namespace

SeededCatalog::SeededCatalog()
    : m_dir(std::make_unique<QTemporaryDir>())
    , m_service(std::make_unique<local::LocalCatalogService>(m_dir->filePath(u"catalog"_s)))
{}

SeededCatalog::SeededCatalog(const QString &root)
    : m_service(std::make_unique<local::LocalCatalogService>(root))
{}

SeededCatalog::~SeededCatalog()
{
    resumeWorker();    // the service waits for the call in progress when destroyed
    m_service.reset(); // closes the engine before the folder goes
    repairRoot();
}

void SeededCatalog::breakRoot()
{
    // The engine opens its database on the first call; with a file where the folder was, every
    // call is answered with the opening error, and the next one tries again.
    m_movedRoot = root() + u".moved"_s;
    QDir().rename(root(), m_movedRoot);
    QFile file(root());
    file.open(QIODevice::WriteOnly);
}

void SeededCatalog::repairRoot()
{
    if (m_movedRoot.isEmpty()) {
        return;
    }
    QFile::remove(root());
    QDir().rename(m_movedRoot, root());
    m_movedRoot.clear();
}

void SeededCatalog::pauseWorker()
{
    m_pause = std::make_shared<QSemaphore>();
    WorkerThread::post(m_service->workerThread(), [pause = m_pause] { pause->acquire(); });
}

void SeededCatalog::resumeWorker()
{
    if (m_pause) {
        m_pause->release();
        m_pause.reset();
    }
}

void SeededCatalog::waitForWorker()
{
    WorkerThread::reach(m_service->workerThread());
}

void SeededCatalog::settle()
{
    WorkerThread::settle(m_service->workerThread());
}

bool SeededCatalog::createNamespace(const QString &text)
{
    api::CreateNamespaceRequest request;
    request.id = id(text);
    return succeeded(awaitCall(*m_service, request), u"CreateNamespace "_s + text);
}

bool SeededCatalog::dropNamespace(const QString &text)
{
    api::DropNamespaceRequest request;
    request.id = id(text);
    request.behavior = api::DropNamespaceBehavior::Cascade;
    return succeeded(awaitCall(*m_service, request), u"DropNamespace "_s + text);
}

bool SeededCatalog::declareTables(const QString &ns, const QStringList &names)
{
    const api::Identifier parent = ns.isEmpty() ? api::Identifier() : id(ns);
    api::BatchCommitTablesRequest request;
    for (const QString &name : names) {
        api::DeclareTableRequest declare;
        declare.id = parent.child(name);
        // On a store the catalog does not read, where addVersions() says the manifests are: a
        // table in a folder it reads would have its manifests read and checked.
        declare.location = u"s3://seeded/%1"_s.arg(declare.id.toString());
        request.operations.append(declare);
    }
    return succeeded(awaitCall(*m_service, request), u"DeclareTable in "_s + ns);
}

bool SeededCatalog::addVersions(const QString &table, int count)
{
    api::BatchCommitTablesRequest request;
    for (int version = 1; version <= count; ++version) {
        api::CreateTableVersionRequest create;
        create.id = id(table);
        create.version = version;
        create.manifestPath = u"s3://seeded/%1/_versions/%2.manifest"_s.arg(table).arg(version);
        create.manifestSize = (count - version) * 10 + 9;
        create.eTag = u"etag-%1"_s.arg(version);
        create.metadata.insert(u"n"_s, QString::number(version));
        request.operations.append(create);
    }
    return succeeded(awaitCall(*m_service, request), u"CreateTableVersion of "_s + table);
}

QStringList SeededCatalog::numbered(const QString &prefix, int count)
{
    QStringList names;
    names.reserve(count);
    for (int i = 0; i < count; ++i) {
        names.append(prefix + u"%1"_s.arg(i, 4, 10, QChar(u'0')));
    }
    return names;
}

api::Identifier SeededCatalog::id(const QString &text)
{
    return *api::Identifier::parse(text);
}

} // namespace lance::test
