// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/TransactionMessages.h"

#include <QCoreApplication>

namespace lance::history {

/// What a transaction record says, in words for the History: its kind ("Batch commit",
/// "Restore"), its counts ("2 tables declared, 1 version created"), its tables, and the whole
/// record as a short report with its operations as sent.
class TransactionText
{
    Q_DECLARE_TR_FUNCTIONS(TransactionText)

public:
    TransactionText() = delete;

    static QString kind(const api::StringMap &properties);
    static QString counts(const api::StringMap &properties);
    /// The tables' identifiers joined with `delimiter`, comma-separated.
    static QString tables(const api::StringMap &properties, const QString &delimiter);
    /// The commit time in this machine's time zone, as the Versions view shows times.
    static QString committedAt(const api::StringMap &properties);
    /// Every fact of `transaction` and its operations, indented JSON, for reading and copying.
    static QString report(const api::TransactionSummary &transaction, const QString &delimiter);
};

} // namespace lance::history
