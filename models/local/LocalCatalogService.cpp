// SPDX-License-Identifier: Apache-2.0
#include "local/LocalCatalogService.h"

#include "api/JsonCodec.h"
#include "api/ThreadHandoff.h"
#include "local/LocalCall.h"
#include "local/LocalCallTicket.h"
#include "local/LocalEngineWorker.h"
#include "local/LocalRequestCheck.h"

#include <QDir>
#include <QElapsedTimer>
#include <QPointer>
#include <QStandardPaths>

#include <type_traits>

using namespace Qt::StringLiterals;

namespace lance::local {

using api::Callback;
using api::RequestHandle;
using engine::CatalogEngine;

namespace {

// The engine answers "absent" with the 404 a server sends; the service contract, like RestClient,
// answers exists=false then. Any other failure stays an error.
api::Result<api::ExistsResponse> existsAnswer(api::Result<api::ExistsResponse> result)
{
    if (!result && result.error().httpStatus() == 404 && result.error().hasErrorBody()) {
        return api::ExistsResponse();
    }
    return result;
}

// The status lance-catalog-server answers for the same outcome (see the server's ErrorAnswer):
// engine refusals keep theirs, refused input is 400, anything else 500; no answer is 0.
int serverStatus(const api::ApiError &error)
{
    if (error.kind() == api::ApiError::Kind::Cancelled) {
        return 0;
    }
    if (error.httpStatus() >= 400 && error.httpStatus() <= 599) {
        return error.httpStatus();
    }
    const bool clientFault = error.kind() == api::ApiError::Kind::InvalidInput
                             || error.kind() == api::ApiError::Kind::Decode;
    return clientFault ? 400 : 500;
}

template <typename Response> int serverStatus(const api::Result<Response> &result)
{
    if (!result) {
        return serverStatus(result.error());
    }
    if constexpr (std::is_same_v<Response, api::ExistsResponse>) {
        return result->exists ? 200 : 404;
    }
    return 200;
}

// What the request log needs from one call besides its result.
struct Exchange
{
    QDateTime startedAt = QDateTime::currentDateTime();
    QElapsedTimer clock;
    bool refused = false; //!< refused before running, like RestClient's unsent requests
};

} // namespace

LocalCatalogService::LocalCatalogService(CatalogEngine::Options options, QObject *parent)
    : CatalogService(parent)
    , m_options(std::move(options))
    , m_rootUrl(QUrl::fromLocalFile(QDir(m_options.root).absolutePath()))
    , m_worker(new LocalEngineWorker(m_options))
{
    m_thread.setObjectName(u"LocalCatalogService"_s);
    m_worker->moveToThread(&m_thread);
    // Deleted on the worker thread once its event loop has ended: the engine closes there.
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread.start();
}

LocalCatalogService::LocalCatalogService(const QString &root, QObject *parent)
    : LocalCatalogService(CatalogEngine::Options{root, true}, parent)
{}

LocalCatalogService::~LocalCatalogService()
{
    m_worker->stop();
    // The worker is destroyed on its thread, after everything this thread did; wait() then
    // orders its end before what follows here (LocalEngineWorker's destructor says so to TSan).
    api::ThreadHandoff::release();
    m_thread.quit();
    m_thread.wait();
    api::ThreadHandoff::acquire();
    // The calls (children) go after this; their answers, even those already posted, die with
    // them, so no callback runs after the service is gone.
}

QString LocalCatalogService::defaultRoot()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)
           + u"/lance-catalog-browser/catalog"_s;
}

api::Result<QByteArray>
LocalCatalogService::prepare(const api::BatchCommitTablesRequest &request) const
{
    if (const auto problem = LocalRequestCheck::check(request); !problem.hasValue()) {
        return problem.error();
    }
    return api::json::encode(request);
}

template <typename Request>
RequestHandle LocalCatalogService::run(const Request &request, QObject *context,
                                       Callback<api::ResponseOf<Request>> done)
{
    using Response = api::ResponseOf<Request>;
    Q_ASSERT_X(QThread::currentThread() == thread(), "LocalCatalogService",
               "call it from the thread it lives in");
    const api::OperationInfo &info = api::Operation<Request>::info;
    const QString operation = info.name();
    // The worker writes the answer, then posts to the call; the call reads it after that post.
    auto answer = std::make_shared<std::optional<api::Result<Response>>>();
    auto exchange = std::make_shared<Exchange>();
    exchange->clock.start();
    QPointer<LocalCatalogService> self(this);
    auto finish = [answer, exchange, self, operation,
                   done = std::move(done)](std::optional<api::ApiError> error) {
        api::Result<Response> result
            = error ? api::Result<Response>(std::move(*error)) : std::move(**answer);
        if (self && !exchange->refused) {
            api::ExchangeRecord record;
            record.startedAt = exchange->startedAt;
            record.operation = operation;
            record.method = "LOCAL";
            record.url = u"local:%1/%2"_s.arg(self->m_rootUrl.toLocalFile(), operation);
            record.status = serverStatus(result);
            record.elapsedMs = exchange->clock.elapsed();
            record.error = result ? QString() : result.error().userMessage();
            emit self->exchangeFinished(record);
        }
        done(std::move(result));
    };
    auto *call = new LocalCall(info, m_rootUrl, context, std::move(finish), this);
    if (const auto checked = LocalRequestCheck::check(request); !checked.hasValue()) {
        api::ApiError refused = checked.error();
        refused.setOperation(operation);
        exchange->refused = true;
        call->failLater(std::move(refused));
        return RequestHandle(call);
    }
    m_worker->post(call->ticket(),
                   [answer, request, operation](const LocalEngineWorker::EngineOrError &engine) {
                       if (!engine) {
                           api::ApiError error = engine.error();
                           error.setOperation(operation);
                           *answer = std::move(error);
                           return;
                       }
                       api::Result<Response> result = (*engine)->run(request);
                       if constexpr (std::is_same_v<Response, api::ExistsResponse>) {
                           result = existsAnswer(std::move(result));
                       }
                       if (!result && result.error().operation().isEmpty()) {
                           api::ApiError error = result.error();
                           error.setOperation(operation);
                           result = std::move(error);
                       }
                       *answer = std::move(result);
                   });
    return RequestHandle(call);
}

RequestHandle LocalCatalogService::start(api::ServiceCall call)
{
    QObject *context = call.context();
    return call.visit([this, context]<typename Request>(Request &request, auto &done) {
        return run(request, context, std::move(done));
    });
}

QString LocalCatalogService::location() const
{
    return u"local:"_s + root();
}

} // namespace lance::local
