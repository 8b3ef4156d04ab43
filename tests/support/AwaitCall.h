// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ResultCatcher.h"
#include "api/CatalogService.h"

#include <QObject>
#include <QTest>

namespace lance::test {

/// Calls `request`'s operation on a CatalogService (RestClient, LocalCatalogService, ...) and
/// waits for its answer with the event loop running, at most `timeoutMs`; a missing answer
/// becomes an error of kind InvalidInput saying so, so the test fails on the result instead of
/// hanging.
template <typename Request>
api::Result<api::ResponseOf<Request>> awaitCall(api::CatalogService &service,
                                                const Request &request, int timeoutMs = 10000)
{
    using Response = api::ResponseOf<Request>;
    ResultCatcher<Response> catcher;
    QObject context; // a late answer after the timeout is dropped with it
    service.call(request, &context, catcher.callback());
    if (!QTest::qWaitFor([&catcher] { return catcher.done(); }, timeoutMs)) {
        return api::ApiError::invalidInput(QStringLiteral("no answer within %1 ms").arg(timeoutMs));
    }
    return catcher.result();
}

/// For fixtures that set up or check a catalog: true for a success; otherwise fails the running
/// test (QTest::qFail) with `what` and the error's details, and answers false, so the fixture's
/// caller writes `QVERIFY(fixture.step(...))`.
template <typename T> bool succeeded(const api::Result<T> &result, const QString &what)
{
    if (!result) {
        QTest::qFail(qPrintable(what + QStringLiteral(": ") + result.error().details()), __FILE__,
                     __LINE__);
        return false;
    }
    return true;
}

/// The error text of a failed result, for QVERIFY2.
template <typename T> QByteArray whyFailed(const api::Result<T> &result)
{
    return result ? QByteArray() : result.error().details().toUtf8();
}

} // namespace lance::test
