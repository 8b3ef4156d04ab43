// SPDX-License-Identifier: Apache-2.0
#include "RoaringBitmap.h"

#include <memory>
#include <roaring/roaring.h>
#include <utility>

namespace lance::format {

api::Result<QList<quint32>> RoaringBitmap::decode(QByteArrayView bytes, const QString &what,
                                                  quint64 maxValues)
{
    const auto refuse = [&what] {
        return api::ApiError::invalidInput(
            tr("%1 is not a Roaring bitmap: its bytes are cut short or damaged.").arg(what));
    };
    if (bytes.isEmpty()) {
        return refuse();
    }
    const auto size = size_t(bytes.size());
    // The size check first: deserialize_safe would accept a bitmap followed by other bytes.
    if (roaring_bitmap_portable_deserialize_size(bytes.data(), size) != size) {
        return refuse();
    }
    const std::unique_ptr<roaring_bitmap_t, decltype(&roaring_bitmap_free)> bitmap(
        roaring_bitmap_portable_deserialize_safe(bytes.data(), size), &roaring_bitmap_free);
    if (!bitmap) {
        return refuse();
    }
    const quint64 count = roaring_bitmap_get_cardinality(bitmap.get());
    if (count > maxValues) {
        return api::ApiError::invalidInput(tr("%1 holds %2 numbers, more than the %3 read here.")
                                               .arg(what)
                                               .arg(count)
                                               .arg(maxValues));
    }
    // Not roaring_bitmap_to_uint32_array: it writes every value the containers hold, and
    // deserialize_safe takes a container's cardinality from its header without counting its
    // bits, so a damaged header that understates them would have it write past `values`. The
    // values are taken one at a time instead, no more than the header promises, and must come
    // in ascending order and add up to its count (a damaged run can overlap the next key).
    struct Collected
    {
        QList<quint32> values;
        quint64 limit = 0;
        bool whole = true;
    } collected;
    collected.limit = count;
    collected.values.reserve(qsizetype(count));
    roaring_iterate(
        bitmap.get(),
        [](uint32_t value, void *into) {
            auto &state = *static_cast<Collected *>(into);
            if (quint64(state.values.size()) == state.limit
                || (!state.values.isEmpty() && value <= state.values.back())) {
                state.whole = false;
                return false;
            }
            state.values.append(value);
            return true;
        },
        &collected);
    if (!collected.whole || quint64(collected.values.size()) != count) {
        return refuse();
    }
    return std::move(collected.values);
}

} // namespace lance::format
