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
           && access.localFile(version.manifestPath).has_value();
}

void VersionFactsReader::start(ManifestAccess access, QList<api::TableVersion> versions,
                               QObject *context, std::function<void(QList<api::TableVersion>)> done)
{
    QThreadPool::globalInstance()->start(
        [access = std::move(access), versions = std::move(versions),
         context = QPointer<QObject>(context), done = std::move(done)]() mutable {
            QList<api::TableVersion> gained;
            for (api::TableVersion &version : versions) {
                if (access.complete(version)) {
                    gained.append(std::move(version));
                }
            }
            if (gained.isEmpty()) {
                return;
            }
            // Through the application object, which outlives every view: `context` is looked at
            // only on its own (the GUI) thread, where it cannot be destroyed meanwhile.
            QMetaObject::invokeMethod(
                QCoreApplication::instance(),
                [context, done = std::move(done), gained = std::move(gained)]() mutable {
                    if (context) {
                        done(std::move(gained));
                    }
                },
                Qt::QueuedConnection);
        });
}

} // namespace lance::details
