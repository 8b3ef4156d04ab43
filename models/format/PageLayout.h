// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "format/DataFileLayout.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

namespace lance::format {

/// How one page of a data file (formats 2.1 and 2.2) is laid out and compressed: its
/// `lance.encodings21.PageLayout` (`protos/encodings_v2_1.proto`), as a tree a value decoder
/// walks. A layout or an encoding this build does not know is kept as Unknown with its field
/// number, so that the decoder can refuse it naming the encoding and the column; only damaged
/// bytes are refused here. Pure functions, any thread.
class PageLayout
{
    Q_DECLARE_TR_FUNCTIONS(PageLayout)

public:
    /// The type a page's encoding has in formats 2.1 and 2.2.
    static constexpr char TypeUrl[] = "/lance.encodings21.PageLayout";
    /// Encodings nest a few levels deep (FSST of variable of flat); a damaged file could nest
    /// them without end.
    static constexpr int MaxDepth = 16;

    /// One layer of repetition and definition levels, the leaf's first (`RepDefLayer`).
    enum class Layer {
        Unspecified,
        AllValidItem,
        AllValidList,
        NullableItem,
        NullableList,
        EmptyableList,
        NullAndEmptyList,
        Unknown,
    };

    /// `BufferCompression`: a general compression of a buffer.
    struct Compression
    {
        int scheme = 0; //!< 0 unspecified, 1 LZ4, 2 zstd
        std::optional<qint32> level;

        bool operator==(const Compression &) const = default;
    };

    /// One `CompressiveEncoding`.
    struct Encoding
    {
        enum class Kind {
            Flat = 1,
            Variable,
            Constant,
            OutOfLineBitpacking,
            InlineBitpacking,
            Fsst,
            Dictionary,
            Rle,
            ByteStreamSplit,
            General,
            FixedSizeList,
            PackedStruct,
            VariablePackedStruct,
            Unknown,
        };

        Kind kind = Kind::Unknown;
        quint32 field = 0; //!< its field number in the oneof (what an Unknown one was)
        /// Flat's bits per value; the bitpackings' uncompressed bits per value; a fixed-size
        /// list's items per value.
        quint64 bits = 0;
        bool hasValidity = false;               //!< a fixed-size list's items have validity
        std::optional<Compression> compression; //!< Flat, Variable, InlineBitpacking, General
        QByteArray bytes;                       //!< FSST's symbol table, a constant's value
        quint32 dictionaryItems = 0;            //!< Dictionary
        QList<quint64> packedBits;              //!< PackedStruct's bits per field
        /// What it wraps, in the proto's order: Variable's offsets; the bitpacking's,
        /// FSST's, General's, fixed-size list's and byte stream split's values; Dictionary's
        /// indices then items; RLE's values then run lengths; PackedStruct's values; each
        /// field of a VariablePackedStruct.
        QList<Encoding> children;

        /// `fsst(variable(flat(32)))`: the tree in a few words, for messages and tests.
        QString text() const;

        bool operator==(const Encoding &) const = default;
    };

    enum class Kind { MiniBlock = 1, AllNull, FullZip, Blob, Unknown };

    Kind kind = Kind::Unknown;
    quint32 field = 0;   //!< its field number in the oneof
    QList<Layer> layers; //!< the leaf's first
    quint64 items = 0;   //!< values in the page (null slots included, not list markers)
    // MiniBlockLayout.
    std::optional<Encoding> repetition;
    std::optional<Encoding> definition;
    std::optional<Encoding> values; //!< also FullZipLayout's
    std::optional<Encoding> dictionary;
    quint64 dictionaryItems = 0;
    quint64 buffersPerChunk = 0; //!< value buffers in each chunk, levels not counted
    quint32 repetitionIndexDepth = 0;
    bool largeChunks = false; //!< 2.2's chunks over 32 KiB, with wider words
    // FullZipLayout.
    quint32 bitsRepetition = 0;
    quint32 bitsDefinition = 0;
    std::optional<quint32> bitsPerValue;  //!< fixed-width values
    std::optional<quint32> bitsPerOffset; //!< variable-width values
    quint64 visibleItems = 0;
    /// BlobLayout's inner layout (one level: a blob of a blob is refused).
    QList<PageLayout> inner;

    /// The layout of a page whose encoding is `encoding`; `where` names the page in problems.
    static api::Result<PageLayout> decode(const DataFileLayout::Encoding &encoding,
                                          const QString &where);
    /// "mini-block", "all-null", "full-zip", "blob", or "layout <n>".
    QString kindText() const;
};

} // namespace lance::format
