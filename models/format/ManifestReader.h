// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"

#include <QByteArrayView>
#include <QCoreApplication>
#include <QDateTime>

#include <optional>

namespace lance::format {

/// Reads the facts a Lance `.manifest` file records about its table version, trusting nothing
/// in the file.
///
/// A manifest file ends with a 16-byte footer: the u64 little-endian offset of the manifest
/// message, u16 major and u16 minor format version, and the magic `LANC`. At that offset: a u32
/// little-endian length, then a protobuf `lance.table.Manifest` whose field 3 is the version
/// (uint64) and field 7 the commit time (`google.protobuf.Timestamp`: 1 seconds, 2 nanos).
///
/// Every offset, length and varint is checked against the bytes that are there; a file that is
/// cut short, damaged or not a manifest at all is refused with ApiError::invalidInput and one
/// translated sentence that names the file and says what is wrong. Unknown fields are skipped;
/// protobuf groups, which Lance never writes, are refused. Pure functions, any thread.
class ManifestReader
{
    Q_DECLARE_TR_FUNCTIONS(ManifestReader)

public:
    /// readFile() refuses larger files: real manifests are kilobytes, and a drop must not read
    /// a multi-gigabyte file by mistake.
    static constexpr qint64 DefaultMaxBytes = qint64{64} * 1024 * 1024;
    /// The file's layout: a u32 length before each protobuf message, and at its end a footer
    /// of the u64 offset of the manifest's message, u16 major and minor version and "LANC".
    static constexpr qsizetype LengthSize = 4;
    static constexpr qsizetype FooterSize = 16;

    struct Facts
    {
        quint64 version = 0;                //!< field 3; a manifest without one is refused
        std::optional<QDateTime> timestamp; //!< field 7 in UTC, when the manifest has one
        qint64 size = 0;                    //!< bytes of the whole file
    };

    /// The facts in `bytes`, the whole content of a `.manifest` file.
    static api::Result<Facts> parse(QByteArrayView bytes);
    /// The facts in the file at `path`, of which at most `maxBytes` are read: a bigger file
    /// (or one that is not a regular file) is refused without reading it all. Messages name
    /// the file. Reads synchronously: fine for files of this size, on any thread.
    static api::Result<Facts> readFile(const QString &path, qint64 maxBytes = DefaultMaxBytes);

    /// The manifest message inside `file`, the whole content of a `.manifest` file, after
    /// checking its footer, offset and length; errors name the file as `name`.
    static api::Result<QByteArrayView> manifestMessage(QByteArrayView file, const QString &name);
    /// A manifest's commit time (`google.protobuf.Timestamp`) in UTC; nothing when it lies
    /// outside the range the Timestamp type allows (years 1 to 9999) or its nanos do.
    static std::optional<QDateTime> commitTime(qint64 seconds, qint64 nanos);
    /// The whole content of the file at `path` (the size checks of readFile()), or why not.
    static api::Result<QByteArray> readBytes(const QString &path,
                                             qint64 maxBytes = DefaultMaxBytes);

    /// parse(), with messages that name the file `name` (a path or a store URI).
    static api::Result<Facts> parseNamed(QByteArrayView bytes, const QString &name);
};

} // namespace lance::format
