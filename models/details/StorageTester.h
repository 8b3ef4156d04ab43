// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/RequestHandle.h"
#include "details/SampleTableFinder.h"
#include "details/VendedTableStore.h"

#include <QObject>

#include <memory>

namespace lance::storage {
class Cancellation;
}

namespace lance::details {

/// "Test Storage" of a connection profile: finds one table on the server (SampleTableFinder),
/// describes it as the window will (`vend_credentials`), opens its store with what the server
/// vends over `fallback` (the options in the dialog, then the environment), and lists the
/// table's `_versions/` there, off the GUI thread. Says in one sentence how many manifests it
/// found, or what stopped it and which option to fix. Read-only; never blocks; a new start()
/// or the tester's end cancels the listing in flight.
class StorageTester : public QObject
{
    Q_OBJECT

public:
    /// `service` must outlive the tester.
    StorageTester(api::CatalogService *service, VendedTableStore::Fallback fallback,
                  QObject *parent = nullptr);
    ~StorageTester() override;

    void start();
    bool isRunning() const { return m_running; }

signals:
    /// `listed`: the table's `_versions/` was listed; `message` says what was found or why not.
    void finished(bool listed, const QString &message);

private:
    void describe(const api::Identifier &table);
    void list(const api::Identifier &table, const engine::TableStores::Table &store);
    void finish(bool listed, const QString &message);

    api::CatalogService *m_service;
    VendedTableStore::Fallback m_fallback;
    SampleTableFinder m_finder;
    api::RequestHandle m_request;
    std::shared_ptr<storage::Cancellation> m_listing; //!< of the listing in flight
    bool m_running = false;
};

} // namespace lance::details
