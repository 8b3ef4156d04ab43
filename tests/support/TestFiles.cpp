// SPDX-License-Identifier: Apache-2.0
#include "TestFiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QUuid>

using namespace Qt::StringLiterals;

namespace lance::test {

QString TestFiles::write(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size()) {
        qWarning("cannot write %s", qPrintable(path));
    }
    return path;
}

QByteArray TestFiles::read(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QString TestFiles::stageManifest(const QString &catalogRoot, const QString &table, qint64 version)
{
    return write(QDir(catalogRoot)
                     .filePath(u"%1.lance/_versions/%2.manifest-%3"_s.arg(table).arg(version).arg(
                         QUuid::createUuid().toString(QUuid::WithoutBraces))),
                 QByteArray(64, 'm'));
}

} // namespace lance::test
