// SPDX-License-Identifier: Apache-2.0
#include "LanceFixture.h"

#include "TestData.h"
#include "format/ManifestFileName.h"
#include "storage/ObjectStore.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTest>

using namespace Qt::StringLiterals;

namespace lance::test {

namespace {

bool failed(const QString &message)
{
    QTest::qFail(qUtf8Printable(message), __FILE__, __LINE__);
    return false;
}

} // namespace

bool LanceFixture::copyInto(const QString &name, const QString &folder, const QString &as)
{
    const QDir source(TestData::path(u"lance/"_s + name));
    if (!source.exists()) {
        return failed(u"test data %1 is missing"_s.arg(source.path()));
    }
    const QDir target(QDir(folder).filePath(as.isEmpty() ? name : as));
    QDirIterator files(source.path(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (files.hasNext()) {
        const QString from = files.next();
        const QString to = target.filePath(source.relativeFilePath(from));
        if (!QDir().mkpath(QFileInfo(to).path()) || !QFile::copy(from, to)) {
            return failed(u"cannot copy %1 to %2"_s.arg(from, to));
        }
        // Copies of read-only checkouts stay writable, so the catalog can add manifests.
        QFile::setPermissions(to, QFile::permissions(to) | QFile::WriteOwner);
    }
    return true;
}

bool LanceFixture::upload(const QString &folder, storage::ObjectStore &store)
{
    QDirIterator files(folder, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (files.hasNext()) {
        const QString path = files.next();
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            return failed(u"cannot read %1"_s.arg(path));
        }
        const auto put = store.createIfAbsent(QDir(folder).relativeFilePath(path), file.readAll(),
                                              storage::CallControl());
        if (!put) {
            return failed(u"cannot put %1: %2"_s.arg(path, put.error().message()));
        }
    }
    return true;
}

QMap<quint64, QString> LanceFixture::manifests(const QString &table)
{
    QMap<quint64, QString> out;
    const QDir versions(table + u"/_versions"_s);
    for (const QString &name : versions.entryList({u"*.manifest"_s}, QDir::Files)) {
        const auto parsed = format::ManifestFileName::parse(name);
        if (parsed.kind == format::ManifestFileName::Kind::Final && parsed.version) {
            out.insert(quint64(*parsed.version), versions.filePath(name));
        }
    }
    return out;
}

} // namespace lance::test
