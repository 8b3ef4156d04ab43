// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "rows/ValueType.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace lance::rows {

/// The decoded values of one column, laid out the way Arrow lays out an array, so that any
/// value is found without walking the ones before it:
///  - fixed-width values (numbers, dates, decimals) `bytes` each in `values`, little-endian;
///    booleans one byte each (0 or 1);
///  - strings and binaries `offsets` (length + 1) into `values`;
///  - lists `offsets` into their one child; fixed-size lists `listSize` child items per value;
///    structs one child per field, each as long as the struct.
/// `validity` holds one byte per value (0 for null) and is empty when every value is valid. A
/// null's slot still exists (its bytes are whatever the file held) so that positions stay put.
struct ColumnArray
{
    QString name;
    qint32 fieldId = -1;
    ValueType type;
    qint64 length = 0;
    QByteArray validity;
    QByteArray values;
    QList<qint64> offsets;
    QList<ColumnArray> children;

    bool isValid(qint64 row) const { return validity.isEmpty() || validity.at(row) != 0; }
    qint64 nullCount() const;
    /// The rows at `rows` (each < length), in that order, with everything below them.
    ColumnArray take(const QList<qint64> &rows) const;
    /// Rows [from, from + count).
    ColumnArray slice(qint64 from, qint64 count) const;
    /// Appends `other`'s rows (the same type) after this one's.
    void append(const ColumnArray &other);
    /// `count` nulls of this array's type, with children of their own as the type needs; the
    /// children's names and types are this array's.
    ColumnArray nullsLike(qint64 count) const;
};

} // namespace lance::rows
