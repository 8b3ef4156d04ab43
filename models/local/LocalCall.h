// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/ApiError.h"
#include "api/Cancellable.h"
#include "api/OperationInfo.h"

#include <QPointer>
#include <QUrl>

#include <functional>
#include <memory>
#include <optional>

namespace lance::local {

class LocalCallTicket;

/// The caller's side of one LocalCatalogService call: lives on the caller's thread, keeps the
/// callback and delivers exactly one answer there, from the event loop, unless `context` has
/// died. The worker's side only sees the LocalCallTicket.
///
/// Cancelling:
///  - work that has not started never runs, and the answer is Cancelled;
///  - a read that has started (or finished, answer not yet delivered) is answered Cancelled and
///    its result dropped;
///  - a write that has started is answered with its real result: it may already be applied, and
///    saying Cancelled would lie about the catalog.
/// When `context` dies the call ends without an answer; work that has not started never runs.
class LocalCall : public api::Cancellable
{
    Q_OBJECT

public:
    /// Runs the caller's callback with `error`, or with the worker's result when it is empty.
    using Finish = std::function<void(std::optional<api::ApiError> error)>;

    /// `operation` and `where` name the call in a Cancelled error; whether the operation only
    /// reads decides what cancelling it once it runs means.
    LocalCall(const api::OperationInfo &operation, QUrl where, QObject *context, Finish finish,
              QObject *parent);
    ~LocalCall() override;

    /// What the worker needs to start the work and to report that it is done.
    std::shared_ptr<LocalCallTicket> ticket() const { return m_ticket; }
    /// Answers `error` from the event loop; nothing will run (the request was refused).
    void failLater(api::ApiError error);

    void cancel() override;

private:
    void onWorkDone();
    void onContextDestroyed();
    void finishLater(std::optional<api::ApiError> error);
    void deliver(std::optional<api::ApiError> error);

    QString m_operation;
    QUrl m_where;
    api::OperationInfo::Access m_access;
    QPointer<QObject> m_context;
    bool m_hasContext = false;
    Finish m_finish;
    std::shared_ptr<LocalCallTicket> m_ticket;
    bool m_finished = false;  //!< the answer is decided (it may still be on its way)
    bool m_abandoned = false; //!< the context died: no answer at all
};

} // namespace lance::local
