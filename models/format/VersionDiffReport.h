// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "format/VersionDiff.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QStringList>

namespace lance::format {

/// A VersionDiff in words, for the Compare Versions dialog and `lance-catalog diff`, and as
/// JSON for scripts. The words are short sentences a steward reads top to bottom: first what
/// happened (effects), then the numbers before and after.
class VersionDiffReport
{
    Q_DECLARE_TR_FUNCTIONS(VersionDiffReport)

public:
    explicit VersionDiffReport(VersionDiff diff)
        : m_diff(std::move(diff))
    {}

    const VersionDiff &diff() const { return m_diff; }
    /// What happened, one phrase each: `rows appended: 30`, `column renamed: kind → category`,
    /// `fragments compacted: 2 → 1`, `index created: id_idx`, ... In this order: the table
    /// overwritten, rows, schema, fragments, indices, config and metadata, writer and format.
    /// `no change` when the two versions hold the same.
    QStringList effects() const;
    /// The whole report as plain text: a title, the effects, then a table of the totals.
    QString text() const;
    /// The diff as one JSON object, with stable English keys (not translated).
    QByteArray json() const;

private:
    QStringList schemaEffects() const;
    QStringList keyEffects(const QList<VersionDiff::KeyChange> &changes, const QString &what) const;

    VersionDiff m_diff;
};

} // namespace lance::format
