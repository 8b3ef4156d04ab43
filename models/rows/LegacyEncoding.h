// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "format/DataFileLayout.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>

namespace lance::rows {

/// How one page of a Lance file format 2.0 column is encoded: its `lance.encodings.ArrayEncoding`
/// (`protos/encodings_v2_0.proto`), as a tree a decoder walks. 2.0 encodes an Arrow array
/// directly (validity and values, offsets and bytes, each in a buffer of its own) where 2.1
/// encodes levels and chunks, so it has an encoding tree of its own. An encoding this build does
/// not know is kept as Unknown with its field number, so that the decoder can refuse it naming
/// it and the column; only damaged bytes are refused here. Pure functions, any thread.
class LegacyEncoding
{
    Q_DECLARE_TR_FUNCTIONS(LegacyEncoding)

public:
    /// The type a page's encoding has in format 2.0.
    static constexpr char TypeUrl[] = "/lance.encodings.ArrayEncoding";
    /// Encodings nest a few levels deep (a dictionary of binaries of nullable flats); a damaged
    /// file could nest them without end.
    static constexpr int MaxDepth = 16;

    /// The members of the `ArrayEncoding` oneof, numbered as its fields are.
    enum class Kind {
        Flat = 1,
        Nullable,
        FixedSizeList,
        List,
        Struct,
        Binary,
        Dictionary,
        Fsst,
        PackedStruct,
        Bitpacked,
        FixedSizeBinary,
        BitpackedForNonNeg,
        Constant,
        InlineBitpacking,
        OutOfLineBitpacking,
        Variable,
        PackedStructFixedWidthMiniBlock,
        Block,
        Rle,
        GeneralMiniBlock,
        ByteStreamSplit,
        Unknown,
    };

    /// Nullable's three cases.
    enum class Nulls { None = 1, Some, All };

    /// Where a Flat's buffer is: `Buffer.BufferType`.
    enum class Place { Page = 0, Column, File };

    Kind kind = Kind::Unknown;
    quint32 field = 0;         //!< its field number in the oneof (what an Unknown one was)
    quint64 bits = 0;          //!< Flat's bits per value; a fixed-size list's dimension
    quint32 buffer = 0;        //!< Flat's buffer, numbered in `place`
    Place place = Place::Page; //!< where Flat's buffer is
    bool hasBuffer = false;    //!< Flat names a buffer
    QString compression;       //!< Flat's compression scheme, empty for none
    Nulls nulls = Nulls::None; //!< Nullable
    quint64 adjustment = 0;    //!< List's null_offset_adjustment, Binary's null_adjustment
    quint64 items = 0;         //!< List's num_items, Dictionary's num_dictionary_items
    /// What it wraps, by its place in the proto: Nullable's values (no nulls) or validity then
    /// values (some nulls); a fixed-size list's items; List's offsets; Binary's indices then
    /// bytes; Dictionary's indices then items; FSST's binary. A member the page left out is an
    /// Unknown of field 0.
    QList<LegacyEncoding> children;

    /// `nullable(flat(64))`: the tree in a few words, for messages and tests.
    QString text() const;

    /// The encoding of a page whose encoding is `encoding`; `where` names the page in problems.
    static api::Result<LegacyEncoding> decode(const format::DataFileLayout::Encoding &encoding,
                                              const QString &where);
};

} // namespace lance::rows
