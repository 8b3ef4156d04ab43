// SPDX-License-Identifier: Apache-2.0
#include "RoaringBitmap.h"

#include <memory>
#include <roaring/roaring.h>

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
    QList<quint32> values;
    values.resize(qsizetype(count));
    roaring_bitmap_to_uint32_array(bitmap.get(), values.data());
    return values;
}

} // namespace lance::format
