// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArrayView>
#include <QDateTime>

#include <optional>

namespace lance::demo {

/// The commit time Lance records inside a table version's manifest file.
///
/// A `.manifest` file ends with a 16-byte footer: the u64 little-endian offset of the manifest
/// message, u16 major and minor version, and the magic `LANC`. At that offset: a u32
/// little-endian length, then a protobuf `lance.table.Manifest` whose field 7 is a
/// `google.protobuf.Timestamp` (seconds, nanos).
class ManifestTimestamp
{
public:
    /// The timestamp in `manifest` (the bytes of a `.manifest` file), in UTC; nothing when the
    /// bytes are not a Lance manifest or hold no timestamp.
    static std::optional<QDateTime> read(QByteArrayView manifest);
};

} // namespace lance::demo
