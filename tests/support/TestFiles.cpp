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
                 manifest(version, 64));
}

namespace {

void appendVarint(QByteArray &bytes, quint64 value)
{
    while (value >= 0x80) {
        bytes.append(char((value & 0x7f) | 0x80));
        value >>= 7;
    }
    bytes.append(char(value));
}

void appendLittleEndian(QByteArray &bytes, quint64 value, int width)
{
    for (int i = 0; i < width; ++i) {
        bytes.append(char((value >> (8 * i)) & 0xff));
    }
}

} // namespace

QByteArray TestFiles::manifest(qint64 version, qsizetype size)
{
    constexpr qsizetype Footer = 16; // u64 offset, u16 major, u16 minor, "LANC"
    constexpr qsizetype Length = 4;
    const auto build = [version](qsizetype padding) {
        QByteArray message;
        message.append(char(3 << 3)); // field 3, the version: a varint
        appendVarint(message, quint64(version));
        if (padding >= 0) {
            appendVarint(message, 1000 << 3 | 2); // field 1000, bytes: unknown to readers
            appendVarint(message, quint64(padding));
            message.append(QByteArray(padding, 'm'));
        }
        QByteArray file;
        appendLittleEndian(file, quint64(message.size()), Length);
        file.append(message);
        appendLittleEndian(file, 0, 8); // the message starts the file
        appendLittleEndian(file, 0, 2);
        appendLittleEndian(file, 2, 2);
        file.append("LANC");
        Q_ASSERT(file.size() >= Footer);
        return file;
    };
    QByteArray file = build(-1);
    if (size <= file.size()) {
        return file;
    }
    // The padding's own key and length take bytes too: grow it until the file is `size` long.
    for (qsizetype padding = size - file.size(); padding >= 0; --padding) {
        file = build(padding);
        if (file.size() <= size) {
            break;
        }
    }
    return file;
}

} // namespace lance::test
