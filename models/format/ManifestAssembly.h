// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "format/ManifestContents.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

#include <chrono>
#include <initializer_list>

namespace lance::format {

/// The pieces every tool that writes a Lance manifest from another one needs (ManifestRestorer,
/// ManifestBrancher): a message's fields copied byte for byte except the ones being rewritten,
/// the feature flags a commit recomputes, and the file laid out as Lance lays it out:
/// `[sections][u32 length][Manifest][u64 offset of the Manifest][footer of the source]`.
/// Pure: bytes in, bytes out, any thread.
class ManifestAssembly
{
public:
    /// One field of a message as written: its key and value.
    struct RawField
    {
        quint32 number = 0;
        QByteArray bytes;
    };

    // Feature flags, set on every commit from what the manifest holds (Lance's
    // feature_flags.rs).
    static constexpr quint64 DeletionFilesFlag = 1;
    static constexpr quint64 StableRowIdsFlag = 2;
    static constexpr quint64 TableConfigFlag = 8;
    static constexpr quint64 BasePathsFlag = 16;
    /// The feature-flag bits this build understands (Lance 8.0.0's: 1, 2, 4, 8, 16, 32).
    static constexpr quint64 KnownFlags = 63;

    struct FeatureFlags
    {
        quint64 reader = 0;
        quint64 writer = 0;
    };

    /// The fields of `message` in their order, except those numbered in `rewritten`. The
    /// message must have been read without a problem already (ManifestDecoder).
    static QList<RawField> fieldsExcept(QByteArrayView message,
                                        std::initializer_list<quint32> rewritten);
    /// The fields in field-number order, as Lance's writer emits them; repeated fields keep
    /// their order.
    static QByteArray joined(QList<RawField> fields);

    static RawField varintField(quint32 number, quint64 value);
    static RawField bytesField(quint32 number, QByteArrayView bytes);
    /// A `google.protobuf.Timestamp` of `time` (from the Unix epoch), as a field.
    static RawField timestampField(quint32 number, std::chrono::nanoseconds time);

    /// The flags a commit of `contents` records: deletion files, stable row ids, table config
    /// and base paths, each where the content has them.
    static FeatureFlags featureFlags(const ManifestContents &contents);

    /// `message` with its little-endian u32 length before it.
    static void appendLengthPrefixed(QByteArray &file, QByteArrayView message);
    /// Appends `manifest` (length-prefixed), where it starts, and the last 8 bytes of `source`
    /// (the format version and the magic, as its writer wrote them).
    static void appendManifest(QByteArray &file, QByteArrayView manifest, QByteArrayView source);
    /// The length-prefixed section at `offset` of `file`, prefix included.
    static QByteArrayView section(QByteArrayView file, quint64 offset);
};

} // namespace lance::format
