// SPDX-License-Identifier: Apache-2.0
#include "TestData.h"

#include <QDir>
#include <QFile>
#include <QTest>

namespace lance::test {

QString TestData::path(const QString &relative)
{
    return QDir(QStringLiteral(LCB_TEST_DATA_DIR)).absoluteFilePath(relative);
}

QByteArray TestData::read(const QString &relative)
{
    QFile file(path(relative));
    if (!file.open(QIODevice::ReadOnly)) {
        QTest::qFail(qUtf8Printable(QStringLiteral("cannot read test data %1: %2")
                                        .arg(file.fileName(), file.errorString())),
                     __FILE__, __LINE__);
        return {};
    }
    return file.readAll();
}

} // namespace lance::test
