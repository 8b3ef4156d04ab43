// SPDX-License-Identifier: Apache-2.0
#include "details/RowChangesText.h"

#include "rows/ValueText.h"

#include <QLocale>
#include <QStringList>

using namespace Qt::StringLiterals;

namespace lance::details {

namespace {

// A value of a sample row: enough to recognise the row.
constexpr int ValueCharacters = 32;

} // namespace

QStringList RowChangesText::sampleLines(const rows::VersionRows::Page &page)
{
    QStringList lines;
    for (qsizetype r = 0; r < page.rowAddresses.size(); ++r) {
        QStringList values;
        for (const rows::ColumnArray &column : page.columns) {
            values << column.name + u": "_s + rows::ValueText::compact(column, r, ValueCharacters);
        }
        // `_rowid` as LanceDB names it: the stable id where the table has them.
        const quint64 id = page.rowIds.isEmpty() ? page.rowAddresses.at(r) : page.rowIds.at(r);
        lines << u"  _rowid %1: %2"_s.arg(id).arg(values.join(u", "_s));
    }
    return lines;
}

QString RowChangesText::text(const ManifestAccess::RowComparison &comparison,
                             const QString &fromName, const QString &toName)
{
    const rows::RowChanges &changes = comparison.changes;
    if (changes.onlyInFrom.rows == 0 && changes.onlyInTo.rows == 0) {
        return tr("Rows: both hold the same rows.");
    }
    const QLocale locale;
    QStringList parts{changes.byStableId
                          ? tr("Rows (by stable row id; rows an update or a compaction moved "
                               "keep theirs):")
                          : tr("Rows (by row address; rows an update or a compaction rewrote "
                               "count on both sides):")};
    const auto side = [&](const rows::RowChanges::Side &which, const rows::VersionRows::Page &page,
                          const QString &holder, const QString &other) {
        if (which.rows == 0) {
            parts << tr("- no row only in %1").arg(holder);
            return;
        }
        parts << (which.rows > page.rowAddresses.size()
                      ? tr("- %1 rows in %2 and not in %3; the first %4:")
                            .arg(locale.toString(which.rows), holder, other)
                            .arg(page.rowAddresses.size())
                      : tr("- %1 rows in %2 and not in %3:")
                            .arg(locale.toString(which.rows), holder, other));
        parts << sampleLines(page).join(u'\n');
    };
    side(changes.onlyInFrom, comparison.onlyInFrom, fromName, toName);
    side(changes.onlyInTo, comparison.onlyInTo, toName, fromName);
    return parts.join(u'\n');
}

} // namespace lance::details
