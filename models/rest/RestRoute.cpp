// SPDX-License-Identifier: Apache-2.0
#include "rest/RestRoute.h"

using namespace Qt::StringLiterals;

namespace lance::rest {

namespace {

// Context keys the spec (`header.`) and the Lance SDKs (`headers.`) turn into request headers.
constexpr QStringView HeaderPrefixes[] = {u"header.", u"headers."};

std::optional<QString> headerNameOf(const QString &contextKey)
{
    for (const QStringView prefix : HeaderPrefixes) {
        if (contextKey.startsWith(prefix)) {
            return contextKey.mid(prefix.size());
        }
    }
    return std::nullopt;
}

QByteArray boolText(bool value)
{
    return value ? QByteArrayLiteral("true") : QByteArrayLiteral("false");
}

// Sub-delimiters that are safe inside a query value stay readable (`delimiter=$`, as the Lance
// client sends it); `&`, `=`, `+`, `#` and `%` are encoded so the value cannot split the query.
QByteArray queryValue(const QString &value)
{
    return QUrl::toPercentEncoding(value, "$:@,;/!*'()");
}

using Headers = QList<QPair<QByteArray, QByteArray>>;

qsizetype indexOfHeader(const Headers &headers, QByteArrayView name, qsizetype from = 0)
{
    for (qsizetype i = from; i < headers.size(); ++i) {
        if (headers.at(i).first.compare(name, Qt::CaseInsensitive) == 0) {
            return i;
        }
    }
    return -1;
}

// The headers finish() sets itself come first and cannot be replaced; a later header of the
// same name replaces an earlier extra or context header.
void setHeader(Headers &headers, qsizetype builtInCount, QByteArray name, QByteArray value)
{
    const qsizetype at = indexOfHeader(headers, name);
    if (at >= 0 && at < builtInCount) {
        return;
    }
    if (at >= 0) {
        headers[at].second = std::move(value);
        return;
    }
    headers.append({std::move(name), std::move(value)});
}

} // namespace

RestRoute::RestRoute(const api::OperationInfo &operation, const QByteArray &idSegment)
    : m_operation(operation.name())
    , m_method(operation.method.data(), qsizetype(operation.method.size()))
    , m_path(operation.path(idSegment))
    , m_isRead(operation.isRead())
{}

void RestRoute::addQuery(std::string_view name, const std::optional<QString> &value)
{
    // An empty page token means "from the start": sending `page_token=` could confuse that.
    if (value && !value->isEmpty()) {
        m_query.append({QByteArray(name.data(), qsizetype(name.size())), queryValue(*value)});
    }
}

void RestRoute::addQuery(std::string_view name, std::optional<qint64> value)
{
    if (value) {
        m_query.append(
            {QByteArray(name.data(), qsizetype(name.size())), QByteArray::number(*value)});
    }
}

void RestRoute::addQuery(std::string_view name, std::optional<bool> value)
{
    if (value) {
        m_query.append({QByteArray(name.data(), qsizetype(name.size())), boolText(*value)});
    }
}

void RestRoute::setBody(QByteArray body)
{
    m_body = std::move(body);
}

void RestRoute::refuseIfUnset(const api::Result<void> &check)
{
    if (!m_problem && !check.hasValue()) {
        m_problem = check.error();
    }
}

api::Result<PreparedRequest> RestRoute::finish(const RestClientConfig &config,
                                               const api::StringMap &context) const
{
    if (m_problem) {
        return *m_problem;
    }
    PreparedRequest request;
    request.operation = m_operation;
    request.method = m_method;
    request.isRead = m_isRead;

    QByteArray prefix = config.baseUrl.path(QUrl::FullyEncoded).toUtf8();
    while (prefix.endsWith('/')) {
        prefix.chop(1);
    }
    QByteArray encoded
        = config.baseUrl.toEncoded(QUrl::RemovePath | QUrl::RemoveQuery | QUrl::RemoveFragment)
          + prefix + m_path + "?delimiter=" + queryValue(config.delimiter);
    for (const auto &[name, value] : m_query) {
        encoded += '&' + name + '=' + value;
    }
    // fromEncoded keeps `%24` and `%2F` in the path as they are; QUrl(QString) could decode them.
    request.url = QUrl::fromEncoded(encoded, QUrl::StrictMode);
    if (!request.url.isValid() || request.url.host().isEmpty()) {
        return api::ApiError::invalidInput(
            tr("No request URL can be built from the server URL \"%1\".")
                .arg(config.baseUrl.toDisplayString(QUrl::RemoveUserInfo)));
    }

    Headers headers;
    headers.emplaceBack("Accept", "application/json");
    if (m_body) {
        headers.emplaceBack("Content-Type", "application/json");
        request.body = *m_body;
        request.hasBody = true;
    }
    headers.emplaceBack("User-Agent", "LanceCatalogBrowser/" LCB_VERSION);
    switch (config.auth) {
    case AuthMethod::None:
        break;
    case AuthMethod::ApiKey:
        headers.emplaceBack("x-api-key", config.secret.toUtf8());
        break;
    case AuthMethod::BearerToken:
        headers.emplaceBack("Authorization", "Bearer " + config.secret.toUtf8());
        break;
    }
    const qsizetype builtInCount = headers.size();
    for (const auto &[name, value] : config.extraHeaders) {
        if (!isValidHeaderName(name) || !isValidHeaderValue(value)) {
            return api::ApiError::invalidInput(
                tr("The extra header \"%1\" cannot be sent: its name or "
                   "value is not valid in HTTP.")
                    .arg(QString::fromUtf8(name).simplified()));
        }
        setHeader(headers, builtInCount, name, value);
    }
    for (auto it = context.cbegin(); it != context.cend(); ++it) {
        const std::optional<QString> name = headerNameOf(it.key());
        if (!name) {
            continue;
        }
        const QByteArray nameBytes = name->toUtf8();
        const QByteArray valueBytes = it.value().toUtf8();
        if (!isValidHeaderName(nameBytes) || !isValidHeaderValue(valueBytes)) {
            return api::ApiError::invalidInput(
                tr("The context entry \"%1\" cannot be sent as an HTTP "
                   "header: its name or value is not valid in HTTP.")
                    .arg(it.key().simplified()));
        }
        setHeader(headers, builtInCount, nameBytes, valueBytes);
    }
    request.headers = std::move(headers);
    return request;
}

api::StringMap RestRoute::bodyContext(const api::StringMap &context)
{
    api::StringMap kept;
    for (auto it = context.cbegin(); it != context.cend(); ++it) {
        if (!headerNameOf(it.key())) {
            kept.insert(it.key(), it.value());
        }
    }
    return kept;
}

bool RestRoute::isValidHeaderName(QByteArrayView name)
{
    if (name.isEmpty()) {
        return false;
    }
    static constexpr QByteArrayView Symbols("!#$%&'*+-.^_`|~");
    for (const char c : name) {
        const bool alphanumeric
            = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        if (!alphanumeric && !Symbols.contains(c)) {
            return false;
        }
    }
    return true;
}

bool RestRoute::isValidHeaderValue(QByteArrayView value)
{
    return !value.contains('\r') && !value.contains('\n') && !value.contains('\0');
}

} // namespace lance::rest
