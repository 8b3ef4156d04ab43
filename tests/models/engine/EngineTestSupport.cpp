// SPDX-License-Identifier: Apache-2.0
#include "EngineTestSupport.h"

#include "TestData.h"
#include "TestFiles.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

using namespace Qt::StringLiterals;
using namespace lance::api;

namespace lance::test {

EngineTestSupport::EngineResult EngineTestSupport::open(const QString &root,
                                                        bool registerExistingTables)
{
    engine::CatalogEngine::Options options;
    options.root = root;
    options.registerExistingTables = registerExistingTables;
    return engine::CatalogEngine::open(options);
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
