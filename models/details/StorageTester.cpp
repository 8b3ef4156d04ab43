// SPDX-License-Identifier: Apache-2.0
#include "details/StorageTester.h"

#include "api/CatalogService.h"
#include "storage/CallControl.h"
#include "storage/Cancellation.h"
#include "storage/ObjectStore.h"

#include <QCoreApplication>
#include <QPointer>
#include <QThreadPool>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace lance::details {

StorageTester::StorageTester(api::CatalogService *service, VendedTableStore::Fallback fallback,
                             QObject *parent)
    : QObject(parent)
    , m_service(service)
    , m_fallback(std::move(fallback))
    , m_finder(service)
{
    m_finder.setPurpose(tr("to try the storage options on"));
    connect(&m_finder, &SampleTableFinder::found, this, &StorageTester::describe);
    connect(&m_finder, &SampleTableFinder::failed, this,
            [this](const QString &message) { finish(false, message); });
}

StorageTester::~StorageTester()
{
    if (m_listing) {
        m_listing->cancel();
    }
}

void StorageTester::start()
{
    m_request.cancel();
    if (m_listing) {
        m_listing->cancel();
        m_listing.reset();
    }
    m_running = true;
    m_finder.start();
}

void StorageTester::describe(const api::Identifier &table)
{
    api::DescribeTableRequest request;
    request.id = table;
    request.vendCredentials = true;
    m_request = m_service->call(
        request, this, [this, table](api::Result<api::DescribeTableResponse> answer) {
            const QString name = table.toString();
            if (!answer) {
                finish(false,
                       tr("%1 could not be described: %2").arg(name, answer.error().userMessage()));
                return;
            }
            if (!answer->location) {
                finish(false, tr("The server does not say where %1 is.").arg(name));
                return;
            }
            const auto store
                = VendedTableStore::open(*answer->location, answer->storageOptions, m_fallback);
            if (!store) {
                finish(false, store.error().userMessage());
            } else if (!*store) {
                finish(false, tr("%1 is not on object storage (its files are at %2); there is "
                                 "no store to try.")
                                  .arg(name, *answer->location));
            } else {
                list(table, **store);
            }
        });
}

void StorageTester::list(const api::Identifier &table, const engine::TableStores::Table &store)
{
    m_listing = std::make_shared<storage::Cancellation>();
    const storage::StorageUri folder = store.uri.child(u"_versions"_s);
    QThreadPool::globalInstance()->start([self = QPointer<StorageTester>(this),
                                          cancellation = m_listing, store, folder,
                                          name = table.toString()] {
        const storage::CallControl control(
            QDeadlineTimer(storage::CallControl::DefaultMilliseconds), cancellation);
        const auto listed = store.store->listAll(folder.keyAsPrefix(), control);
        bool ok = listed.hasValue();
        QString message;
        if (!ok) {
            message
                = tr("%1 could not be listed: %2").arg(folder.toString(), listed.error().message());
        } else {
            const auto manifests = std::count_if(listed->cbegin(), listed->cend(),
                                                 [](const storage::ObjectMeta &object) {
                                                     return object.key.endsWith(u".manifest"_s);
                                                 });
            ok = manifests > 0;
            message = ok ? tr("Listed %n manifest(s) of %1 in %2.", nullptr, int(manifests))
                               .arg(name, folder.toString() + u'/')
                         : tr("%1 holds no manifest of %2.").arg(folder.toString(), name);
        }
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [self, cancellation, ok, message] {
                if (self && self->m_listing == cancellation) {
                    self->m_listing.reset();
                    self->finish(ok, message);
                }
            },
            Qt::QueuedConnection);
    });
}

void StorageTester::finish(bool listed, const QString &message)
{
    m_running = false;
    m_request = {};
    emit finished(listed, message);
}

} // namespace lance::details
