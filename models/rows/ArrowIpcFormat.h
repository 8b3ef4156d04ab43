// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

namespace lance::rows {

/// The numbers Arrow IPC gives its unions and enums (`Schema.fbs`, `Message.fbs`), shared by
/// ArrowIpcWriter and ArrowIpcReader so that both speak the same.
struct ArrowIpcFormat
{
    static constexpr char Magic[] = "ARROW1";
    static constexpr qint16 MetadataVersion = 4; // V5
    static constexpr quint8 HeaderSchema = 1;
    static constexpr quint8 HeaderDictionaryBatch = 2;
    static constexpr quint8 HeaderRecordBatch = 3;
    static constexpr quint8 CodecLz4Frame = 0;
    static constexpr quint8 CodecZstd = 1;

    // The members of the `Type` union.
    static constexpr quint8 TypeNull = 1;
    static constexpr quint8 TypeInt = 2;
    static constexpr quint8 TypeFloatingPoint = 3;
    static constexpr quint8 TypeBinary = 4;
    static constexpr quint8 TypeUtf8 = 5;
    static constexpr quint8 TypeBool = 6;
    static constexpr quint8 TypeDecimal = 7;
    static constexpr quint8 TypeDate = 8;
    static constexpr quint8 TypeTime = 9;
    static constexpr quint8 TypeTimestamp = 10;
    static constexpr quint8 TypeList = 12;
    static constexpr quint8 TypeStruct = 13;
    static constexpr quint8 TypeFixedSizeBinary = 15;
    static constexpr quint8 TypeFixedSizeList = 16;
    static constexpr quint8 TypeDuration = 18;
    static constexpr quint8 TypeLargeBinary = 19;
    static constexpr quint8 TypeLargeUtf8 = 20;
    static constexpr quint8 TypeLargeList = 21;

    /// `TimeUnit`: SECOND 0, MILLISECOND 1, MICROSECOND 2, NANOSECOND 3, as Lance spells
    /// them (s, ms, us, ns).
    static qint16 unitNumber(const QString &unit)
    {
        return unit == QLatin1StringView("s")    ? 0
               : unit == QLatin1StringView("ms") ? 1
               : unit == QLatin1StringView("us") ? 2
                                                 : 3;
    }
    static QString unitName(qint16 number)
    {
        switch (number) {
        case 0:
            return QStringLiteral("s");
        case 1:
            return QStringLiteral("ms");
        case 2:
            return QStringLiteral("us");
        default:
            return QStringLiteral("ns");
        }
    }
};

} // namespace lance::rows
