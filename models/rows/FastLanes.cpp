// SPDX-License-Identifier: Apache-2.0
#include "rows/FastLanes.h"

#include <algorithm>
#include <array>

namespace lance::rows {

namespace {

// The order FastLanes transposes rows of 8 in, so that 8 lanes of any width unpack together.
constexpr std::array<int, 8> Order = {0, 4, 2, 6, 1, 5, 3, 7};

} // namespace

template <typename T> void FastLanes::unpack(const T *packed, int width, T *out)
{
    constexpr int Bits = int(sizeof(T)) * 8;
    constexpr int Lanes = BlockValues / Bits;
    if (width == 0) {
        std::fill_n(out, BlockValues, T(0));
        return;
    }
    const T mask = width == Bits ? T(~T(0)) : T((T(1) << width) - 1);
    for (int lane = 0; lane < Lanes; ++lane) {
        for (int row = 0; row < Bits; ++row) {
            const int bit = row * width;
            const int word = bit / Bits;
            const int shift = bit % Bits;
            T value = T(packed[word * Lanes + lane] >> shift);
            if (shift + width > Bits) {
                value = T(value | T(packed[(word + 1) * Lanes + lane] << (Bits - shift)));
            }
            out[Order[row / 8] * 16 + (row % 8) * 128 + lane] = T(value & mask);
        }
    }
}

template void FastLanes::unpack<quint8>(const quint8 *, int, quint8 *);
template void FastLanes::unpack<quint16>(const quint16 *, int, quint16 *);
template void FastLanes::unpack<quint32>(const quint32 *, int, quint32 *);
template void FastLanes::unpack<quint64>(const quint64 *, int, quint64 *);

} // namespace lance::rows
