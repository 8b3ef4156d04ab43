// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QtGlobal>

namespace lance::rows {

/// Unpacks blocks of 1024 integers that Lance bit-packed in the FastLanes layout
/// (`rust/compression/bitpacking`, after the FastLanes paper): with T-bit words there are
/// 1024 / T lanes, lane l owning words l, l + lanes, l + 2 lanes...; its bit stream holds T
/// values of `width` bits each, the r-th of which is value
/// `Order[r / 8] * 16 + (r % 8) * 128 + l` of the block. The values come out as raw bit
/// patterns of T bits (a float stays a float's bits). Pure functions, any thread.
class FastLanes
{
public:
    static constexpr int BlockValues = 1024;

    /// The words one block of `width`-bit values packs into, for words of `T` bits.
    template <typename T> static constexpr qsizetype wordsPerBlock(int width)
    {
        return qsizetype(BlockValues) * width / (int(sizeof(T)) * 8);
    }
    /// Unpacks one block: `packed` holds wordsPerBlock<T>(width) words, `out` takes 1024 values.
    /// `width` is at most T's bits.
    template <typename T> static void unpack(const T *packed, int width, T *out);
};

extern template void FastLanes::unpack<quint8>(const quint8 *, int, quint8 *);
extern template void FastLanes::unpack<quint16>(const quint16 *, int, quint16 *);
extern template void FastLanes::unpack<quint32>(const quint32 *, int, quint32 *);
extern template void FastLanes::unpack<quint64>(const quint64 *, int, quint64 *);

} // namespace lance::rows
