// SPDX-License-Identifier: Apache-2.0
#include "catalog/VersionCellText.h"

#include "api/VersionFacts.h"
#include "catalog/TableVersionModel.h"
#include "format/LocalPaths.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace lance::catalog {

namespace {

// The metadata a writer gave, without the facts that have columns of their own.
QString metadataSummary(const api::StringMap &metadata, const QString &separator)
{
    QStringList pairs;
    for (auto it = metadata.cbegin(); it != metadata.cend(); ++it) {
        if (!api::VersionFacts::keys().contains(it.key())) {
            pairs.append(it.key() + u'=' + it.value());
        }
    }
    return pairs.join(separator);
}

QString rowsToolTip(const api::TableVersion &version)
{
    using api::VersionFacts;
    const QString unreadable = VersionFacts::text(version, VersionFacts::Unreadable);
    if (!unreadable.isEmpty()) {
        return VersionCellText::tr("Not known: %1").arg(unreadable);
    }
    const auto rows = VersionFacts::number(version, VersionFacts::TotalRows);
    if (!rows) {
        return VersionCellText::tr("The catalog did not say what this version holds.");
    }
    const QLocale locale;
    const auto count = [&](const char *key) {
        return locale.toString(VersionFacts::number(version, key).value_or(0));
    };
    // Labelled counts: no plural forms to get wrong for 1.
    return VersionCellText::tr("Rows: %1\nFragments: %2\nData files: %3 (%4)\n"
                               "Deleted rows: %5, in deletion files: %6")
        .arg(count(VersionFacts::TotalRows), count(VersionFacts::TotalFragments),
             count(VersionFacts::TotalDataFiles),
             locale.formattedDataSize(
                 VersionFacts::number(version, VersionFacts::TotalFilesSize).value_or(0)),
             count(VersionFacts::TotalDeletionFileRows), count(VersionFacts::TotalDeletionFiles));
}

} // namespace

std::optional<QDateTime> VersionCellText::time(const api::TableVersion &version)
{
    if (!version.timestampMillis) {
        return std::nullopt;
    }
    return QDateTime::fromMSecsSinceEpoch(*version.timestampMillis, Qt::UTC);
}

QString VersionCellText::timeText(const api::TableVersion &version, bool withMillis)
{
    const auto when = time(version);
    if (!when) {
        return QString();
    }
    return when->toLocalTime().toString(withMillis ? u"yyyy-MM-dd HH:mm:ss.zzz"_s
                                                   : u"yyyy-MM-dd HH:mm:ss"_s);
}

QString VersionCellText::signedCount(qint64 change)
{
    // A real minus sign: a hyphen reads as a dash in a column of numbers.
    const QString magnitude = QLocale().toString(change < 0 ? -change : change);
    return change > 0 ? u'+' + magnitude : change < 0 ? QChar(0x2212) + magnitude : magnitude;
}

QString VersionCellText::text(const api::TableVersion &version, int column)
{
    switch (column) {
    case TableVersionModel::VersionColumn:
        return QString::number(version.version); // a number, not a quantity: no separators
    case TableVersionModel::TimeColumn:
        return timeText(version, false);
    case TableVersionModel::RowsColumn:
        if (const auto rows = api::VersionFacts::number(version, api::VersionFacts::TotalRows)) {
            return QLocale().toString(*rows);
        }
        // Said, not left blank: a version nobody can open is not one whose rows are unknown.
        if (!api::VersionFacts::text(version, api::VersionFacts::Unreadable).isEmpty()) {
            return tr("unreadable");
        }
        return QString();
    case TableVersionModel::OperationColumn:
        return api::VersionFacts::text(version, api::VersionFacts::Operation);
    case TableVersionModel::MessageColumn:
        return api::VersionFacts::text(version, api::VersionFacts::CommitMessage);
    case TableVersionModel::WriterColumn:
        return api::VersionFacts::text(version, api::VersionFacts::Writer);
    case TableVersionModel::ManifestPathColumn:
        return format::LocalPaths::readable(version.manifestPath); // "/tmp/…", not "tmp/…"
    case TableVersionModel::SizeColumn:
        return version.manifestSize ? QLocale().formattedDataSize(*version.manifestSize)
                                    : QString();
    case TableVersionModel::ETagColumn:
        return version.eTag.value_or(QString());
    case TableVersionModel::MetadataColumn:
        return metadataSummary(version.metadata, u", "_s);
    default:
        return QString();
    }
}

QVariant VersionCellText::toolTip(const api::TableVersion &version, int column)
{
    switch (column) {
    case TableVersionModel::VersionColumn:
        if (const QString why = api::VersionFacts::text(version, api::VersionFacts::Unreadable);
            !why.isEmpty()) {
            return tr("The manifest of this version cannot be read, so no reader can open it: "
                      "%1")
                .arg(why);
        }
        return {};
    case TableVersionModel::TimeColumn:
        if (const auto when = time(version)) {
            return tr("%1 (UTC)").arg(when->toString(Qt::ISODateWithMs));
        }
        return {};
    case TableVersionModel::SizeColumn:
        if (version.manifestSize) {
            return tr("%1 bytes").arg(QLocale().toString(*version.manifestSize));
        }
        return {};
    case TableVersionModel::RowsColumn:
    case TableVersionModel::RowsChangeColumn:
        return rowsToolTip(version);
    case TableVersionModel::MessageColumn: {
        const QString message = api::VersionFacts::text(version, api::VersionFacts::CommitMessage);
        return message.isEmpty() ? QVariant() : QVariant(message);
    }
    case TableVersionModel::ManifestPathColumn:
        return format::LocalPaths::readable(version.manifestPath);
    case TableVersionModel::MetadataColumn: {
        const QString summary = metadataSummary(version.metadata, u"\n"_s);
        return summary.isEmpty() ? QVariant() : QVariant(summary);
    }
    default:
        return {};
    }
}

} // namespace lance::catalog
