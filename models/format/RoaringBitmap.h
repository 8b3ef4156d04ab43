// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"

#include <QByteArrayView>
#include <QCoreApplication>
#include <QList>

namespace lance::format {

/// A Roaring bitmap of 32-bit numbers in the portable serialisation that Lance writes with
/// roaring-rs (`serialize_into`): an index's fragments (IndexMetadata field 5) and the deleted
/// row offsets of a `.bin` deletion file. Read with CRoaring, whose `_safe` reader never looks
/// past the bytes it is given.
class RoaringBitmap
{
    Q_DECLARE_TR_FUNCTIONS(RoaringBitmap)

public:
    RoaringBitmap() = delete;

    /// A bitmap of a few bytes can hold four billion numbers (one run); more than this many is
    /// refused rather than listed.
    static constexpr quint64 DefaultMaxValues = quint64{1} << 24;

    /// The numbers in `bytes`, ascending; InvalidInput naming `what` when the bytes are not one
    /// whole bitmap (cut short, or followed by bytes that belong to none) or it holds more than
    /// `maxValues`.
    static api::Result<QList<quint32>> decode(QByteArrayView bytes, const QString &what,
                                              quint64 maxValues = DefaultMaxValues);
};

} // namespace lance::format
