// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

namespace lance::rows {

/// A value's type as a Lance schema spells it (`int64`, `timestamp:us:UTC`,
/// `fixed_size_list:float:4`, `list.struct`; `rust/lance-core/src/datatypes.rs`), taken apart
/// into what decoding and showing a value need: its kind, its width in bytes, its unit. A type
/// this build does not know is refused by name, so that no value is ever read as another type.
/// Pure, any thread.
class ValueType
{
    Q_DECLARE_TR_FUNCTIONS(ValueType)

public:
    enum class Kind {
        Bool,
        Int,
        UInt,
        Float,
        Utf8,
        Binary,
        FixedSizeBinary,
        Decimal,
        Date,
        Time,
        Timestamp,
        Duration,
        List,
        FixedSizeList,
        Struct,
    };

    Kind kind = Kind::Int;
    QString spelling;    //!< as Lance wrote it
    int bytes = 0;       //!< a fixed-width value's bytes (1 for Bool, as decoded here)
    bool large = false;  //!< large_string, large_binary, large_list: 64-bit offsets in Arrow
    QString unit;        //!< s, ms, us, ns, day
    QString timezone;    //!< a timestamp's, empty for none
    int precision = 0;   //!< Decimal
    int scale = 0;       //!< Decimal
    qint64 listSize = 0; //!< FixedSizeList's items per value
    std::vector<ValueType> items; //!< FixedSizeList's item type (Lance names no child field)

    /// The type Lance spells `spelling`; Unsupported naming it when this build does not read it.
    static api::Result<ValueType> parse(const QString &spelling);

    /// Every value takes the same bytes (numbers, dates, times, decimals, fixed-size binary).
    bool isFixedWidth() const;
    /// Strings and binaries: offsets and bytes.
    bool isVariableWidth() const { return kind == Kind::Utf8 || kind == Kind::Binary; }
    /// Has child arrays of its own (lists, fixed-size lists, structs).
    bool isNested() const;
};

} // namespace lance::rows
