// SPDX-License-Identifier: Apache-2.0
#include "details/TableHealthText.h"

#include <QLocale>

#include <limits>

using namespace Qt::StringLiterals;

namespace lance::details {

namespace {

QString number(qint64 value)
{
    return QLocale().toString(value);
}

QString bytes(qint64 value)
{
    return QLocale().formattedDataSize(value);
}

// The kinds in the order a steward reads them, with their words.
QList<std::pair<QString, const api::FileTally *>> kinds(const api::FilesByKind &files)
{
    return {{TableHealthText::tr("data"), &files.data},
            {TableHealthText::tr("deletion"), &files.deletion},
            {TableHealthText::tr("index"), &files.index},
            {TableHealthText::tr("manifest"), &files.manifest},
            {TableHealthText::tr("transaction"), &files.transaction}};
}

} // namespace

QString TableHealthText::withShare(qint64 part, qint64 whole)
{
    if (whole <= 0) {
        return number(part);
    }
    return tr("%1 (%2%)")
        .arg(number(part), QLocale().toString(100.0 * double(part) / double(whole), 'f', 1));
}

QString TableHealthText::tally(const api::FileTally &files)
{
    constexpr qint64 MaxCount = std::numeric_limits<int>::max();
    const QString count = files.files <= MaxCount ? tr("%n file(s)", nullptr, int(files.files))
                                                  : tr("%1 files").arg(number(files.files));
    return tr("%1, %2").arg(count, bytes(files.bytes));
}

QList<TableHealthText::Row> TableHealthText::comparison(const api::GetTableHealthResponse &health)
{
    const api::TableHealthScope &latest = health.latest;
    const api::TableHealthScope &kept = health.kept;
    QList<Row> rows{
        {tr("Versions"), number(latest.versions), number(kept.versions), false},
        {tr("Fragments"), number(latest.fragments), number(kept.fragments), false},
        {tr("small (under %1 rows)").arg(number(health.smallFragmentRows)),
         withShare(latest.smallFragments, latest.fragments),
         withShare(kept.smallFragments, kept.fragments), true},
        {tr("Rows stored"), number(latest.physicalRows), number(kept.physicalRows), false},
        {tr("deleted, still stored"), withShare(latest.deletedRows, latest.physicalRows),
         withShare(kept.deletedRows, kept.physicalRows), true},
        {tr("Bytes referenced"), bytes(latest.total.bytes), bytes(kept.total.bytes), false},
    };
    const auto latestKinds = kinds(latest.referenced);
    const auto keptKinds = kinds(kept.referenced);
    for (qsizetype i = 0; i < latestKinds.size(); ++i) {
        rows.append({latestKinds.at(i).first, tally(*latestKinds.at(i).second),
                     tally(*keptKinds.at(i).second), true});
    }
    return rows;
}

QString TableHealthText::unreferenced(const api::GetTableHealthResponse &health)
{
    api::FileTally total;
    QStringList parts;
    for (const auto &[name, files] : kinds(health.unreferenced)) {
        if (files->files > 0) {
            total.files += files->files;
            total.bytes += files->bytes;
            parts << tr("%1 %2").arg(name, tally(*files));
        }
    }
    if (total.files == 0) {
        return tr("Every file of the table's folder is needed by a version kept.");
    }
    return tr("Not needed by any version kept: %1 (%2).").arg(tally(total), parts.join(u"; "_s));
}

QString TableHealthText::missing(const api::GetTableHealthResponse &health)
{
    if (health.missingFiles.isEmpty()) {
        return {};
    }
    const qsizetype count = health.missingFiles.size();
    const QString first = health.missingFiles.first();
    return count == 1 ? tr("A file that a version kept needs is missing: %1.").arg(first)
                      : tr("%1 files that versions kept need are missing, among them %2.")
                            .arg(number(count), first);
}

QString TableHealthText::outside(const api::GetTableHealthResponse &health)
{
    if (health.outsideFiles == 0) {
        return {};
    }
    return tr("Versions kept also read %1 from outside the table's folder (a branch or a clone "
              "whose source is elsewhere, or has moved); they are not counted here.")
        .arg(health.outsideFiles <= std::numeric_limits<int>::max()
                 ? tr("%n file(s)", nullptr, int(health.outsideFiles))
                 : tr("%1 files").arg(number(health.outsideFiles)));
}

QStringList TableHealthText::indexHeaders()
{
    return {tr("Index"), tr("Columns"), tr("Built on version"), tr("Rows not covered"), tr("Size")};
}

QList<QStringList> TableHealthText::indexRows(const api::GetTableHealthResponse &health)
{
    QList<QStringList> rows;
    for (const api::TableHealthIndex &index : health.indices) {
        QString uncovered = tr("unknown");
        if (index.uncoveredRows && index.uncoveredFragments) {
            constexpr qint64 MaxCount = std::numeric_limits<int>::max();
            const QString fragments
                = *index.uncoveredFragments <= MaxCount
                      ? tr("%n fragment(s)", nullptr, int(*index.uncoveredFragments))
                      : tr("%1 fragments").arg(number(*index.uncoveredFragments));
            uncovered = *index.uncoveredFragments == 0
                            ? tr("none")
                            : tr("%1 in %2").arg(number(*index.uncoveredRows), fragments);
        }
        rows << QStringList{index.name, index.columns.join(u", "_s),
                            index.version ? number(*index.version) : QString(), uncovered,
                            bytes(index.files.bytes)};
    }
    return rows;
}

} // namespace lance::details
