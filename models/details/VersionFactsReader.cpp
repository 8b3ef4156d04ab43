// SPDX-License-Identifier: Apache-2.0
#include "details/VersionFactsReader.h"

#include "api/VersionFacts.h"
#include "storage/Cancellation.h"

#include <QCoreApplication>
#include <QMetaObject>
#include <QPointer>
#include <QThreadPool>

#include <algorithm>
#include <atomic>
#include <memory>
#include <vector>

namespace lance::details {

bool VersionFactsReader::wants(const ManifestAccess &access, const api::TableVersion &version)
{
    using api::VersionFacts;
    return !version.metadata.contains(QString::fromLatin1(VersionFacts::TotalRows))
           && !version.metadata.contains(QString::fromLatin1(VersionFacts::Unreadable))
           && access.reaches(version.manifestPath);
}

namespace {

// The readers' own pool: Qt's global one has a thread per core, which a store's latency would
// keep waiting, and the window's other work (Compare, the schema) runs there.
QThreadPool &readers()
{
    static QThreadPool pool;
    static const bool sized = [] {
        pool.setMaxThreadCount(VersionFactsReader::ParallelReads);
        return true;
    }();
    Q_UNUSED(sized)
    return pool;
}

// Hands `versions` to `done` on the GUI thread, while `context` lives.
void hand(QPointer<QObject> context, const std::function<void(QList<api::TableVersion>)> &done,
          QList<api::TableVersion> versions)
{
    // Through the application object, which outlives every view: `context` is looked at only
    // on its own (the GUI) thread, where it cannot be destroyed meanwhile.
    QMetaObject::invokeMethod(
        QCoreApplication::instance(),
        [context, done, versions = std::move(versions)]() mutable {
            if (context) {
                done(std::move(versions));
            }
        },
        Qt::QueuedConnection);
}

} // namespace

void VersionFactsReader::start(ManifestAccess access, QList<api::TableVersion> versions,
                               QObject *context, std::function<void(QList<api::TableVersion>)> done,
                               std::shared_ptr<const storage::Cancellation> cancellation)
{
    const QPointer<QObject> guard(context);
    const auto cancelled = [cancellation] {
        return cancellation && cancellation->isCancelled();
    };
    // Looked at again on the GUI thread: a part read while the table was left is dropped.
    auto handOn = [done = std::move(done), cancelled](QList<api::TableVersion> gained) {
        if (!cancelled()) {
            done(std::move(gained));
        }
    };
    for (qsizetype from = 0; from < versions.size(); from += PartSize) {
        readers().start(
            [access, part = versions.mid(from, PartSize), guard, handOn, cancelled]() mutable {
                QList<api::TableVersion> gained;
                for (api::TableVersion &version : part) {
                    if (cancelled()) {
                        return;
                    }
                    if (access.complete(version)) {
                        gained.append(std::move(version));
                    }
                }
                if (!gained.isEmpty()) {
                    hand(guard, handOn, std::move(gained));
                }
            });
    }
}

void VersionFactsReader::readAll(ManifestAccess access, QList<api::TableVersion> versions,
                                 QObject *context,
                                 std::function<void(QList<api::TableVersion>)> done)
{
    const QPointer<QObject> guard(context);
    if (versions.isEmpty()) {
        hand(guard, done, {});
        return;
    }
    // Each part completes its own slots; the last part to finish hands them all, in order.
    struct Gathered
    {
        std::vector<api::TableVersion> versions;
        std::atomic<qsizetype> partsLeft{0};
    };
    auto gathered = std::make_shared<Gathered>();
    gathered->versions.assign(versions.cbegin(), versions.cend());
    const qsizetype count = versions.size();
    gathered->partsLeft = (count + PartSize - 1) / PartSize;
    for (qsizetype from = 0; from < count; from += PartSize) {
        readers().start([access, gathered, from, count, guard, done] {
            for (qsizetype i = from; i < std::min(count, from + PartSize); ++i) {
                access.complete(gathered->versions[size_t(i)]);
            }
            if (--gathered->partsLeft == 0) {
                hand(guard, done,
                     QList<api::TableVersion>(gathered->versions.cbegin(),
                                              gathered->versions.cend()));
            }
        });
    }
}

} // namespace lance::details
