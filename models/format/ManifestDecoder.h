// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "format/ManifestContents.h"

#include <QByteArrayView>
#include <QCoreApplication>

#include <functional>

namespace lance::format {

class WireMessage;

/// Reads everything a steward needs from a Lance `.manifest`: the schema, the fragments with
/// their files and deletions, the writer, the format, config and metadata, flags, branch and
/// tag, the index list, and the transaction it names. ManifestReader reads only the version
/// and time, for a dropped file; this reads the rest, for the table and version views.
///
/// Trusts nothing in the file, as ManifestReader: every length and offset is checked, and a
/// damaged file is refused with one sentence that says where. Fields this build does not know
/// are skipped and listed (ManifestContents::unknownFields), not refused: newer Lance writers
/// add fields. Pure functions, any thread.
class ManifestDecoder
{
    Q_DECLARE_TR_FUNCTIONS(ManifestDecoder)

public:
    /// The contents of `bytes`, the whole `.manifest` file; errors name it as `name`.
    static api::Result<ManifestContents> decode(QByteArrayView bytes, const QString &name);
    /// Hands over a fragment's message as it is written, instead of decoding it.
    using FragmentSink = std::function<void(QByteArrayView fragment)>;
    /// decode(), with every fragment handed to `fragments` (in order, views into `bytes`) and
    /// none in the answer: for a reader of many manifests that holds the same fragments, as
    /// every version of a table does, and decodes each once (decodeFragment()).
    static api::Result<ManifestContents> decode(QByteArrayView bytes, const QString &name,
                                                const FragmentSink &fragments);
    /// One `lance.file.Field` message (a manifest's schema and a data file's are made of them),
    /// on `message`'s decode: its problems are `message`'s.
    static ManifestContents::SchemaField readSchemaField(WireMessage message);
    /// One fragment's message, the `index`th (from 0) of the manifest `name`.
    static api::Result<ManifestContents::Fragment>
    decodeFragment(QByteArrayView fragment, qsizetype index, const QString &name);
    /// The contents of the file at `path` (at most ManifestReader::DefaultMaxBytes).
    static api::Result<ManifestContents> readFile(const QString &path);

    /// The inline copy of the version's transaction (a u32 length, then a `Transaction`
    /// message) at `contents.transactionSection` of `bytes`; an empty view when the manifest
    /// has none.
    static api::Result<QByteArrayView>
    inlineTransaction(QByteArrayView bytes, const ManifestContents &contents, const QString &name);
};

} // namespace lance::format
