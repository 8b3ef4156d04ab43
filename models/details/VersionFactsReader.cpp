// SPDX-License-Identifier: Apache-2.0
#include "details/VersionFactsReader.h"

#include "api/VersionFacts.h"

#include <QCoreApplication>
#include <QMetaObject>
#include <QPointer>
#include <QThreadPool>

namespace lance::details {

bool VersionFactsReader::wants(const ManifestAccess &access, const api::TableVersion &version)
{
    using api::VersionFacts;
    return !version.metadata.contains(QString::fromLatin1(VersionFacts::TotalRows))
           && !version.metadata.contains(QString::fromLatin1(VersionFacts::Unreadable))
           && access.reaches(version.manifestPath);
}

namespace {

// Completes `versions` on Qt's global thread pool; hands `done` those that gained something
// (`all`: every one) on the GUI thread, while `context` lives.
void complete(ManifestAccess access, QList<api::TableVersion> versions, QObject *context,
              std::function<void(QList<api::TableVersion>)> done, bool all)
{
    QThreadPool::globalInstance()->start(
        [access = std::move(access), versions = std::move(versions),
         context = QPointer<QObject>(context), done = std::move(done), all]() mutable {
            QList<api::TableVersion> handed;
            for (api::TableVersion &version : versions) {
                if (access.complete(version) || all) {
                    handed.append(std::move(version));
                }
            }
            if (handed.isEmpty() && !all) {
                return;
            }
            // Through the application object, which outlives every view: `context` is looked at
            // only on its own (the GUI) thread, where it cannot be destroyed meanwhile.
            QMetaObject::invokeMethod(
                QCoreApplication::instance(),
                [context, done = std::move(done), handed = std::move(handed)]() mutable {
                    if (context) {
                        done(std::move(handed));
                    }
                },
                Qt::QueuedConnection);
        });
}

} // namespace

void VersionFactsReader::start(ManifestAccess access, QList<api::TableVersion> versions,
                               QObject *context, std::function<void(QList<api::TableVersion>)> done)
{
    complete(std::move(access), std::move(versions), context, std::move(done), false);
}

void VersionFactsReader::readAll(ManifestAccess access, QList<api::TableVersion> versions,
                                 QObject *context,
                                 std::function<void(QList<api::TableVersion>)> done)
{
    complete(std::move(access), std::move(versions), context, std::move(done), true);
}

} // namespace lance::details
