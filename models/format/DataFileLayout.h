// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "format/ManifestContents.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QCoreApplication>
#include <QList>
#include <QString>

namespace lance::format {

/// What a Lance data file (`data/*.lance`, file format 2.0 to 2.2) says of itself, read from
/// its end: the footer, the offset tables of its column metadata and global buffers, its schema
/// and row count (global buffer 0, a `lance.file.FileDescriptor`) and each column's pages, with
/// where their buffers are and how each page is encoded (`protos/file2.proto`). The values
/// themselves are in the pages' buffers, decoded elsewhere.
///
/// Trusts nothing in the file: every offset and length is checked against the file's size and
/// against the regions the format gives it (data, then global buffers, then column metadata,
/// then the two offset tables, then the footer), and a damaged file is refused with one sentence
/// that says where. Pure functions, any thread.
///
/// Reading a file on a store takes two reads: its tail (a block, e.g. 64 KiB), then, when
/// metadataStart() says the metadata starts before it, the rest of the metadata.
class DataFileLayout
{
    Q_DECLARE_TR_FUNCTIONS(DataFileLayout)

public:
    static constexpr qsizetype FooterSize = 40;
    /// Page buffers start on this boundary in 2.1 (`PAGE_BUFFER_ALIGNMENT`).
    static constexpr quint64 PageAlignment = 64;

    /// A range of the file.
    struct Buffer
    {
        quint64 position = 0;
        quint64 size = 0;

        bool operator==(const Buffer &) const = default;
    };

    /// An encoding as the file writes it: a `google.protobuf.Any`, its type (e.g.
    /// `/lance.encodings21.PageLayout`) and its message, still encoded. Both empty for
    /// `none`.
    struct Encoding
    {
        QString typeUrl;
        QByteArray value;

        bool operator==(const Encoding &) const = default;
    };

    struct Page
    {
        QList<Buffer> buffers;
        quint64 rows = 0;     //!< top-level rows in the page
        quint64 priority = 0; //!< the row its first row is in the column
        Encoding encoding;

        bool operator==(const Page &) const = default;
    };

    struct Column
    {
        Encoding encoding;
        QList<Buffer> buffers; //!< the column's own buffers (2.1 writes none)
        QList<Page> pages;

        bool operator==(const Column &) const = default;
    };

    /// The last 40 bytes of the file.
    struct Footer
    {
        quint64 columnMetadataStart = 0;
        quint64 columnOffsetsStart = 0; //!< the table of each column's metadata
        quint64 globalOffsetsStart = 0; //!< the table of each global buffer
        quint32 globalBuffers = 0;
        quint32 columns = 0;
        quint16 major = 0;
        quint16 minor = 0;

        bool operator==(const Footer &) const = default;
    };

    /// The footer of a file of `fileSize` bytes, from its last 40 bytes `last`: InvalidInput
    /// for a file that is no Lance data file, is of a format this does not read (the legacy
    /// v1, 2.3 and later), or whose footer points outside it.
    static api::Result<Footer> readFooter(QByteArrayView last, quint64 fileSize,
                                          const QString &name);
    /// Where the metadata decode() needs starts (global buffer 0, the schema, or the column
    /// metadata, whichever comes first), from a tail of the file that holds the footer and the
    /// global buffer table: `tail` is the file's bytes from `tailOffset` to its end.
    static api::Result<quint64> metadataStart(QByteArrayView tail, quint64 tailOffset,
                                              quint64 fileSize, const QString &name);
    /// The layout, from a tail of the file that starts at or before metadataStart().
    static api::Result<DataFileLayout> decode(QByteArrayView tail, quint64 tailOffset,
                                              quint64 fileSize, const QString &name);
    /// decode() of a whole file's bytes.
    static api::Result<DataFileLayout> decode(QByteArrayView file, const QString &name);
    /// decode() of the file at `path`, reading only its tail.
    static api::Result<DataFileLayout> readFile(const QString &path);

    Footer footer;
    QString formatVersion;                       //!< "2.0", "2.1" or "2.2"
    quint64 rows = 0;                            //!< the file's rows (every column has as many)
    QList<ManifestContents::SchemaField> fields; //!< the file's own schema, parents first
    api::StringMap schemaMetadata;
    QList<Buffer> globalBuffers;
    QList<Column> columns;
};

} // namespace lance::format
