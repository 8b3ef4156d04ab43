// SPDX-License-Identifier: Apache-2.0
#include "details/LeavingRowsReader.h"

#include "details/RowChangesText.h"

#include <QLocale>
#include <QPointer>
#include <QThreadPool>

namespace lance::details {

bool LeavingRowsReader::reachesAll(const ManifestAccess &access,
                                   const QList<api::TableVersion> &versions)
{
    return std::all_of(versions.cbegin(), versions.cend(), [&access](const auto &version) {
        return access.reaches(version.manifestPath);
    });
}

void LeavingRowsReader::start(ManifestAccess access, QList<api::TableVersion> leaving,
                              QList<api::TableVersion> staying, QObject *context,
                              std::function<void(api::Result<ManifestAccess::LeavingRows>)> done)
{
    const QPointer<QObject> guard(context);
    QThreadPool::globalInstance()->start([access = std::move(access), leaving = std::move(leaving),
                                          staying = std::move(staying), guard,
                                          done = std::move(done)]() mutable {
        auto read = access.rowsOnlyIn(leaving, staying, SampleSize);
        // Through the application object, which outlives every view: `guard` is looked at only
        // on the GUI thread, where its object cannot be destroyed meanwhile.
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [guard, done = std::move(done), read = std::move(read)]() mutable {
                if (guard) {
                    done(std::move(read));
                }
            },
            Qt::QueuedConnection);
    });
}

QString LeavingRowsReader::sentence(const api::Result<ManifestAccess::LeavingRows> &read)
{
    if (!read) {
        return tr("Which rows only these versions hold could not be read: %1")
            .arg(read.error().userMessage());
    }
    const rows::RowsOnlyIn &rows = read->rows;
    if (rows.rows == 0) {
        return tr("Rows: every row these versions hold is in a version that stays.");
    }
    const QString matched
        = rows.byStableId
              ? tr("by stable row id")
              : tr("by their place in the table's files; rows a compaction or update rewrote "
                   "into a version that stays count here");
    const qsizetype shown = sampleLines(read).size();
    return rows.rows > shown
               ? tr("Rows only these versions hold, which no version that stays holds (%1): "
                    "%2; the first %3:")
                     .arg(matched, QLocale().toString(rows.rows))
                     .arg(shown)
               : tr("Rows only these versions hold, which no version that stays holds (%1): %2:")
                     .arg(matched, QLocale().toString(rows.rows));
}

QStringList LeavingRowsReader::sampleLines(const api::Result<ManifestAccess::LeavingRows> &read)
{
    QStringList lines;
    if (read) {
        for (const rows::VersionRows::Page &page : read->sample) {
            for (const QString &line : RowChangesText::sampleLines(page)) {
                lines << line.trimmed();
            }
        }
    }
    return lines;
}

} // namespace lance::details
