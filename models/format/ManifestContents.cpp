// SPDX-License-Identifier: Apache-2.0
#include "format/ManifestContents.h"

using namespace Qt::StringLiterals;

namespace lance::format {

api::StringMap ManifestContents::Totals::toMetadata() const
{
    return {
        {u"total_fragments"_s, QString::number(fragments)},
        {u"total_data_files"_s, QString::number(dataFiles)},
        {u"total_files_size"_s, QString::number(filesSize)},
        {u"total_deletion_files"_s, QString::number(deletionFiles)},
        {u"total_deletion_file_rows"_s, QString::number(deletionFileRows)},
        {u"total_rows"_s, QString::number(rows)},
        {u"total_data_file_rows"_s, QString::number(dataFileRows())},
    };
}

ManifestContents::Totals ManifestContents::totals() const
{
    // As Lance's Manifest::summary(): a fragment's live rows are physical minus deleted, and
    // unknown when either count is (0 physical rows, or a deletion file without a count).
    Totals totals;
    totals.fragments = fragments.size();
    for (const Fragment &fragment : fragments) {
        totals.dataFiles += fragment.files.size();
        for (const DataFile &file : fragment.files) {
            totals.filesSize += qint64(file.sizeBytes);
        }
        qint64 deleted = 0;
        if (fragment.deletion) {
            ++totals.deletionFiles;
            deleted = qint64(fragment.deletion->deletedRows);
            totals.deletionFileRows += deleted;
        }
        const bool known = fragment.physicalRows != 0
                           && (!fragment.deletion || fragment.deletion->deletedRows != 0);
        if (known) {
            totals.rows += qint64(fragment.physicalRows) - deleted;
        } else {
            totals.rowsExact = false;
        }
    }
    return totals;
}

QHash<qint32, QString> ManifestContents::fieldPaths() const
{
    QHash<qint32, QString> paths;
    paths.reserve(fields.size());
    for (const SchemaField &field : fields) {
        const auto parent = paths.constFind(field.parentId);
        paths.insert(field.id, parent == paths.cend() ? field.name : *parent + u'.' + field.name);
    }
    return paths;
}

QString ManifestContents::writer() const
{
    return writerLibrary.isEmpty() ? QString() : (writerLibrary + u' ' + writerVersion).trimmed();
}

QString ManifestContents::dataFormatText() const
{
    return dataFormat.isEmpty() ? QString() : (dataFormat + u' ' + dataFormatVersion).trimmed();
}

} // namespace lance::format
