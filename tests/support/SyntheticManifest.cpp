// SPDX-License-Identifier: Apache-2.0
#include "SyntheticManifest.h"

#include "CraftedManifest.h"

#include <QString>

#include <algorithm>

namespace lance::test {

namespace {

using C = CraftedManifest;

QByteArray text(quint64 number, const QString &value)
{
    return C::bytesField(number, value.toUtf8());
}

// Negative int32s travel as ten-byte varints of their 64-bit two's complement.
QByteArray int32Field(quint64 number, qint32 value)
{
    return C::varintField(number, quint64(qint64(value)));
}

QByteArray packed(const QList<quint64> &values)
{
    QByteArray bytes;
    for (const quint64 value : values) {
        bytes += C::varint(value);
    }
    return bytes;
}

QByteArray schemaField(int id, const QString &name, const QString &type, bool nullable)
{
    return C::varintField(1, 2) // LEAF
           + text(2, name) + int32Field(3, id) + int32Field(4, -1) + text(5, type)
           + C::varintField(6, nullable ? 1 : 0);
}

} // namespace

// A name like Lance's data files: a UUID-shaped hex text, different per fragment.
QString SyntheticManifest::dataFileName(quint64 id)
{
    return QString::asprintf("%08llx-5a1e-4c0d-9b7e-%012llx.lance",
                             static_cast<unsigned long long>(id * 2654435761ULL & 0xffffffffULL),
                             static_cast<unsigned long long>(id));
}

// `{fragment}-{read_version}-{id}.arrow`, as the deletion file written below is numbered.
QString SyntheticManifest::deletionFileName(const Fragment &fragment)
{
    if (fragment.deletedRows == 0) {
        return {};
    }
    return QStringLiteral("%1-%2-%3.arrow")
        .arg(fragment.id)
        .arg(fragment.deletionVersion)
        .arg(fragment.id + 7);
}

QList<SyntheticManifest::Fragment> SyntheticManifest::fragments(quint64 firstId, int count,
                                                                quint64 rows)
{
    QList<Fragment> out;
    out.reserve(count);
    for (int i = 0; i < count; ++i) {
        out.append({firstId + quint64(i), rows, 0, 0});
    }
    return out;
}

QByteArray SyntheticManifest::file(const Shape &shape)
{
    QByteArray message;
    QList<quint64> fieldIds;
    QList<quint64> columns;
    for (int i = 0; i < shape.fields; ++i) {
        const bool text = i % 2 == 1;
        message += C::bytesField(
            1, i == 0
                   ? schemaField(0, QStringLiteral("id"), QStringLiteral("int64"), false)
                   : schemaField(i, QStringLiteral("column_%1").arg(i),
                                 text ? QStringLiteral("string") : QStringLiteral("double"), true));
        fieldIds.append(quint64(i));
        columns.append(quint64(i));
    }
    quint64 maxId = 0;
    for (const Fragment &fragment : shape.fragments) {
        const QByteArray dataFile
            = text(1, dataFileName(fragment.id)) + C::bytesField(2, packed(fieldIds))
              + C::bytesField(3, packed(columns)) + C::varintField(4, 2) + C::varintField(5, 1)
              + C::varintField(6, 4096 + fragment.rows * 24);
        QByteArray bytes = (fragment.id != 0 ? C::varintField(1, fragment.id) : QByteArray())
                           + C::bytesField(2, dataFile);
        if (fragment.deletedRows != 0) {
            bytes += C::bytesField(3, C::varintField(1, 0)
                                          + C::varintField(2, fragment.deletionVersion)
                                          + C::varintField(3, fragment.id + 7)
                                          + C::varintField(4, fragment.deletedRows));
        }
        bytes += C::varintField(4, fragment.rows);
        message += C::bytesField(2, bytes);
        maxId = std::max(maxId, fragment.id);
    }
    message += C::varintField(3, shape.version);
    const auto [seconds, nanos] = shape.commitTime.value_or(
        std::pair<qint64, qint64>(1795935669 + qint64(shape.version) * 60, 125000000));
    message += C::bytesField(7, C::timestamp(seconds, nanos));
    const bool deletions = std::any_of(shape.fragments.begin(), shape.fragments.end(),
                                       [](const Fragment &each) { return each.deletedRows != 0; });
    if (deletions) { // feature flag 1, in the reader's and the writer's words
        message += C::varintField(9, 1) + C::varintField(10, 1);
    }
    message += C::varintField(11, maxId);
    message += text(12, transactionFileName(shape.version));
    message
        += C::bytesField(13, text(1, QStringLiteral("lance")) + text(2, QStringLiteral("8.0.0")));
    message += C::bytesField(15, text(1, QStringLiteral("lance")) + text(2, QStringLiteral("2.1")));
    return C::file(message);
}

QString SyntheticManifest::transactionFileName(quint64 version)
{
    return QStringLiteral("%1-8c1f0e42-3b6a-4a9d-bf51-%2.txn")
        .arg(version - 1)
        .arg(version, 12, 10, QLatin1Char('0'));
}

QByteArray SyntheticManifest::appendTransaction(quint64 version)
{
    return C::varintField(1, version - 1)
           + text(
               2,
               QStringLiteral("8c1f0e42-3b6a-4a9d-bf51-%1").arg(version, 12, 10, QLatin1Char('0')))
           + C::bytesField(100, QByteArray()); // Append: its fragments are in the manifest
}

} // namespace lance::test
