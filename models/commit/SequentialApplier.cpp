// SPDX-License-Identifier: Apache-2.0
#include "commit/SequentialApplier.h"

#include "commit/OperationText.h"

#include <QTimer>

#include <type_traits>

namespace lance::commit {

namespace {

template <typename Response>
api::Callback<Response> asResult(std::function<void(api::Result<api::CommitTableResult>)> done)
{
    return [done = std::move(done)](api::Result<Response> answer) {
        if (answer) {
            done(api::CommitTableResult(std::move(*answer)));
        } else {
            done(answer.error());
        }
    };
}

// Texts from elsewhere are embedded in one sentence of ours: no final full stop of their own.
QString withoutFullStops(QString text)
{
    while (text.endsWith(u'.')) {
        text.chop(1);
    }
    return text;
}

} // namespace

SequentialApplier::SequentialApplier(api::CatalogService &service, QObject *parent)
    : QObject(parent)
    , m_service(service)
{}

bool SequentialApplier::apply(const api::BatchCommitTablesRequest &request)
{
    if (m_running) {
        return false;
    }
    m_request = request;
    m_report = {};
    m_next = 0;
    m_running = true;
    if (m_request.operations.isEmpty()) {
        QTimer::singleShot(0, this, &SequentialApplier::finish); // finished() always comes later
        return true;
    }
    sendNext();
    return true;
}

void SequentialApplier::sendNext()
{
    if (m_next >= m_request.operations.size()) {
        finish();
        return;
    }
    auto done = [this](api::Result<api::CommitTableResult> answer) {
        onAnswer(std::move(answer));
    };
    std::visit(
        [&](const auto &request) {
            using Request = std::decay_t<decltype(request)>;
            if constexpr (std::is_same_v<Request, api::DeclareTableRequest>) {
                m_service.call(request, this, asResult<api::DeclareTableResponse>(done));
            } else if constexpr (std::is_same_v<Request, api::CreateTableVersionRequest>) {
                m_service.call(request, this, asResult<api::CreateTableVersionResponse>(done));
            } else if constexpr (std::is_same_v<Request, api::BatchDeleteTableVersionsRequest>) {
                m_service.call(request, this,
                               asResult<api::BatchDeleteTableVersionsResponse>(done));
            } else {
                static_assert(std::is_same_v<Request, api::DeregisterTableRequest>);
                m_service.call(request, this, asResult<api::DeregisterTableResponse>(done));
            }
        },
        m_request.operations.at(m_next));
}

void SequentialApplier::onAnswer(api::Result<api::CommitTableResult> answer)
{
    const qsizetype index = m_next;
    if (!answer) {
        m_report.failedIndex = index;
        m_report.failure = CommitOutcome::fromError(answer.error(), m_request, index);
        finish();
        return;
    }
    m_report.applied.append(index);
    m_report.results.append(*answer);
    ++m_next;
    emit operationApplied(index, *answer);
    sendNext();
}

void SequentialApplier::finish()
{
    const qsizetype total = m_request.operations.size();
    if (!m_report.failedIndex) {
        // Spelled out rather than "%n operation(s)": the app ships no English plural forms.
        m_report.message = total == 1 ? tr("The operation was applied.")
                                      : tr("All %1 operations were applied one by one.").arg(total);
    } else {
        const qsizetype index = *m_report.failedIndex;
        const QString failed = OperationText::numbered(index, m_request.operations.at(index));
        const QString why = withoutFullStops(m_report.failure->error().userMessage());
        const QString applied
            = tr("%1 of %2 operations were applied").arg(m_report.applied.size()).arg(total);
        m_report.message
            = m_report.failure->kind() == CommitOutcome::Kind::Unknown
                  ? tr("%1; whether %2 was applied is unknown (%3); the rest were not sent.")
                        .arg(applied, failed, why)
                  : tr("%1; %2 failed (%3); the rest were not sent.").arg(applied, failed, why);
    }
    m_running = false;
    emit finished(m_report);
}

} // namespace lance::commit
