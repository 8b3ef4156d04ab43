// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/HealthMessages.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

namespace lance::details {

/// A table's health (GetTableHealth) in words and rows, the same in the window's details and
/// in `lance-catalog health`.
class TableHealthText
{
    Q_DECLARE_TR_FUNCTIONS(TableHealthText)

public:
    /// One line of the comparison of the latest version with every version kept.
    struct Row
    {
        QString label;
        QString latest;
        QString kept;
        bool indented = false; //!< a part of the row above
    };

    /// Versions, fragments and the small ones, rows and the deleted ones with their share, and
    /// the bytes referenced with those of each kind.
    static QList<Row> comparison(const api::GetTableHealthResponse &health);
    /// "Not referenced by any kept version: 24 files, 15.1 KiB (data 4 files, 3.7 KiB; …)";
    /// or that every file is referenced.
    static QString unreferenced(const api::GetTableHealthResponse &health);
    /// The files kept versions need that are gone, in one sentence; empty when none is.
    static QString missing(const api::GetTableHealthResponse &health);
    /// That versions kept read files from outside the table's folder (a branch or clone whose
    /// source moved); empty when none do.
    static QString outside(const api::GetTableHealthResponse &health);
    /// The headers of index rows (a window's; the command line's are these in capitals): name,
    /// columns, built from, not covered, size.
    static QStringList indexHeaders();
    static QList<QStringList> indexRows(const api::GetTableHealthResponse &health);
    /// "3 (6.3%)": a part and its share of a whole; the part alone when the whole is 0.
    static QString withShare(qint64 part, qint64 whole);
    /// "4 files, 3.7 KiB".
    static QString tally(const api::FileTally &files);
};

} // namespace lance::details
