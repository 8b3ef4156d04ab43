// SPDX-License-Identifier: Apache-2.0
#include "connection/ConnectionTester.h"

#include "api/CatalogService.h"
#include "connection/CatalogConnection.h"
#include "connection/ConnectionLogging.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace lance::connection {

namespace {

enum CheckIndex { ListRoot, DescribeRoot, CheckCount };

bool unreachable(const api::ApiError &error)
{
    using Kind = api::ApiError::Kind;
    return error.kind() == Kind::Network || error.kind() == Kind::Tls
           || error.kind() == Kind::Timeout;
}

} // namespace

ConnectionTester::ConnectionTester(CatalogConnection *connection, QObject *parent)
    : ConnectionTester(connection->service(), connection->profile(), parent)
{}

ConnectionTester::ConnectionTester(api::CatalogService *service, ConnectionProfile profile,
                                   QObject *parent)
    : QObject(parent)
    , m_service(service)
    , m_profile(std::move(profile))
{}

void ConnectionTester::start()
{
    if (isRunning()) {
        ++m_generation;
        m_request.cancel();
    }
    m_checks = QList<Check>(CheckCount);
    m_checks[ListRoot].title = tr("List the root namespace");
    m_checks[DescribeRoot].title = tr("Describe the root namespace");
    m_current = -1;
    runNext();
}

void ConnectionTester::cancel()
{
    if (!isRunning()) {
        return;
    }
    ++m_generation; // the cancelled call's answer is not waited for
    m_request.cancel();
    complete(api::ApiError::cancelled({}, {}), tr("Cancelled."));
}

bool ConnectionTester::passed() const
{
    return !m_checks.isEmpty() && std::all_of(m_checks.begin(), m_checks.end(), [](const Check &c) {
        return c.state == Check::State::Passed;
    });
}

QString ConnectionTester::summary() const
{
    if (passed()) {
        return tr("Connected to %1: everything works.").arg(m_profile.location());
    }
    for (const Check &check : m_checks) {
        if (check.state == Check::State::Failed) {
            return check.message;
        }
    }
    return isRunning() ? tr("Testing the connection to %1…").arg(m_profile.location()) : QString();
}

void ConnectionTester::runNext()
{
    const int index = m_current + 1;
    if (index >= m_checks.size()) {
        finish();
        return;
    }
    m_current = index;
    m_checks[index].state = Check::State::Running;
    emit checkChanged(index);
    m_clock.start();
    if (index == ListRoot) {
        listRoot(m_generation);
    } else {
        describeRoot(m_generation);
    }
}

void ConnectionTester::listRoot(quint64 generation)
{
    api::ListNamespacesRequest request;
    request.limit = 1; // enough to prove the route, the credentials and the format
    m_request = m_service->call(
        request, this, [this, generation](api::Result<api::ListNamespacesResponse> result) {
            if (generation != m_generation) {
                return;
            }
            if (!result) {
                complete(result.error(), explain(result.error(), m_profile));
                return;
            }
            const bool more = !result->pageToken.value_or(QString()).isEmpty();
            if (result->namespaces.isEmpty()) {
                complete(std::nullopt, tr("Connected; the root namespace has no namespaces yet."));
            } else if (more) {
                complete(std::nullopt,
                         tr("Connected; the root namespace has namespaces, the first is \"%1\".")
                             .arg(result->namespaces.first()));
            } else {
                complete(std::nullopt,
                         tr("Connected; the root namespace has one namespace, \"%1\".")
                             .arg(result->namespaces.first()));
            }
        });
}

void ConnectionTester::describeRoot(quint64 generation)
{
    m_request = m_service->call(
        api::DescribeNamespaceRequest(), this,
        [this, generation](api::Result<api::DescribeNamespaceResponse> result) {
            if (generation != m_generation) {
                return;
            }
            if (!result) {
                complete(result.error(), explain(result.error(), m_profile));
                return;
            }
            if (!result->properties) {
                complete(std::nullopt, tr("The root namespace can be described; this server keeps "
                                          "no namespace properties."));
                return;
            }
            complete(std::nullopt, tr("The root namespace can be described (properties: %1).")
                                       .arg(result->properties->size()));
        });
}

void ConnectionTester::complete(const std::optional<api::ApiError> &error, const QString &message)
{
    Check &check = m_checks[m_current];
    check.state = error ? Check::State::Failed : Check::State::Passed;
    check.message = message;
    check.error = error;
    check.elapsedMs = m_clock.elapsed();
    qCDebug(lcConnection).noquote() << "connection test:" << check.title << "->" << message;
    emit checkChanged(m_current);
    if (error && error->kind() == api::ApiError::Kind::Cancelled) {
        finish(tr("Skipped: the test was cancelled."));
    } else if (error && unreachable(*error)) {
        finish(tr("Skipped: the server could not be reached."));
    } else {
        runNext();
    }
}

void ConnectionTester::finish(const QString &skipReason)
{
    for (int i = m_current + 1; i < m_checks.size(); ++i) {
        m_checks[i].state = Check::State::Skipped;
        m_checks[i].message = skipReason;
        emit checkChanged(i);
    }
    m_current = -1;
    m_request = {};
    emit finished(passed());
}

QString ConnectionTester::explain(const api::ApiError &error, const ConnectionProfile &profile)
{
    using Kind = api::ApiError::Kind;
    using api::ErrorCode;
    const int status = error.httpStatus();
    switch (error.kind()) {
    case Kind::Http:
        if (status == 401 || error.serverCode() == int(ErrorCode::Unauthenticated)) {
            switch (profile.auth) {
            case rest::AuthMethod::ApiKey:
                return tr("%1: the API key was refused.").arg(status);
            case rest::AuthMethod::BearerToken:
                return tr("%1: the bearer token was refused.").arg(status);
            case rest::AuthMethod::None:
                return tr("%1: the server wants credentials; choose API key or bearer token "
                          "authentication.")
                    .arg(status);
            }
        }
        if (status == 403 || error.serverCode() == int(ErrorCode::PermissionDenied)) {
            return tr("%1: these credentials may not call %2.").arg(status).arg(error.operation());
        }
        if (error.isUnsupported()) {
            return tr("%1: the server does not offer %2; check the URL and its path prefix.")
                .arg(status)
                .arg(error.operation());
        }
        return error.userMessage();
    case Kind::Network:
        return tr("Unreachable: %1").arg(error.userMessage());
    case Kind::Decode:
        return tr("The server answered, but not as a Lance namespace server would: %1")
            .arg(error.userMessage());
    case Kind::Cancelled:
        return tr("Cancelled.");
    case Kind::Tls:
    case Kind::Timeout:
    case Kind::InvalidInput:
        return error.userMessage();
    }
    return error.userMessage();
}

} // namespace lance::connection
