// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CatalogService.h"
#include "engine/CatalogEngine.h"

#include <QObject>
#include <QThread>
#include <QUrl>

namespace lance::local {

class LocalEngineWorker;

/// CatalogService over a CatalogEngine running in this process: the catalog in a folder, with no
/// server. The engine runs on a worker thread of its own; it is opened there on the first call
/// (so constructing the service never touches the disk), used only there, and destroyed there.
///
/// The CatalogService contract holds as for RestClient: each call is queued to the worker and
/// never blocks; its callback runs later, exactly once, on the calling thread, and only if
/// `context` is still alive (a null context means: always). Call it from the thread this object
/// lives in. Requests the REST client would refuse before sending are refused here before
/// anything runs (kind InvalidInput, see LocalRequestCheck); refusals of the engine keep the
/// spec code and the HTTP status a server would answer with (409 and code 14 for a version that
/// exists), so callers cannot tell the two services apart by their errors. As with RestClient,
/// the exists operations answer exists=false where the engine answers not found (a 404).
///
/// When the catalog cannot be opened (the root is a file or cannot be created, the database is
/// corrupt) every call is answered with that error, and each later call tries again.
///
/// Cancelling (RequestHandle::cancel):
///  - work that has not started never runs; the callback reports Cancelled;
///  - a read that has started is answered Cancelled, and its result dropped;
///  - a write that has started is applied, and its real result delivered: it may already be in
///    the catalog, and reporting Cancelled would lie about it.
/// Calls run one at a time, in the order made.
///
/// Each call that was handed to the engine is reported through exchangeFinished() for the
/// request log, when its answer is delivered (not when its context died first).
///
/// Destroying the service skips work not yet started, waits for the one running (a write is
/// completed), closes the engine and delivers no further callbacks.
class LocalCatalogService : public api::CatalogService
{
    Q_OBJECT

public:
    explicit LocalCatalogService(engine::CatalogEngine::Options options, QObject *parent = nullptr);
    /// The catalog in `root`, registering the Lance tables already there when it is created.
    explicit LocalCatalogService(const QString &root, QObject *parent = nullptr);
    ~LocalCatalogService() override;

    /// The catalog every program of ours uses by default:
    /// `<GenericDataLocation>/lance-catalog-browser/catalog` (created on first use).
    static QString defaultRoot();

    /// The catalog's root folder, as given.
    QString root() const { return m_options.root; }
    /// The thread the engine runs on. For tests and diagnostics only: anything else run there
    /// delays every call.
    QThread *workerThread() { return &m_thread; }

    /// The exact request the engine would apply for `request`, as JSON (the spec's format), or
    /// why it would be refused; nothing runs. For dry runs.
    api::Result<QByteArray> prepare(const api::BatchCommitTablesRequest &request) const;

    api::RequestHandle start(api::ServiceCall call) override;
    /// `local:<root>`.
    QString location() const override;

private:
    /// Queues the engine's handler of `request`.
    template <typename Request>
    api::RequestHandle run(const Request &request, QObject *context,
                           api::Callback<api::ResponseOf<Request>> done);

    engine::CatalogEngine::Options m_options;
    QUrl m_rootUrl; //!< names the catalog in errors
    QThread m_thread;
    LocalEngineWorker *m_worker = nullptr; //!< lives on m_thread; deleted there
};

} // namespace lance::local
