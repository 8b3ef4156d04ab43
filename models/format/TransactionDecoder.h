// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"
#include "format/TransactionContents.h"

#include <QByteArrayView>
#include <QCoreApplication>

namespace lance::format {

/// Reads a Lance `Transaction` message: a `_transactions/{read_version}-{uuid}.txn` file is one
/// bare message (no length, no footer), and a manifest keeps a copy of it
/// (ManifestDecoder::inlineTransaction). Trusts nothing; an operation this build does not know
/// is kept as Unknown with its field number, not refused. Pure functions, any thread.
class TransactionDecoder
{
    Q_DECLARE_TR_FUNCTIONS(TransactionDecoder)

public:
    /// `.txn` files are small; a bigger one is refused without being read.
    static constexpr qint64 MaxFileBytes = qint64{64} * 1024 * 1024;

    /// The transaction in `message`; errors name it as `name`.
    static api::Result<TransactionContents> decode(QByteArrayView message, const QString &name);
    static api::Result<TransactionContents> readFile(const QString &path);
};

} // namespace lance::format
