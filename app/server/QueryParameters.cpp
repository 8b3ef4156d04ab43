// SPDX-License-Identifier: Apache-2.0
#include "QueryParameters.h"

using namespace Qt::StringLiterals;

namespace lance::server {

namespace {

std::optional<QString> firstValue(const QList<QPair<QString, QString>> &query, QStringView name)
{
    for (const auto &[key, value] : query) {
        if (key == name) {
            return value;
        }
    }
    return std::nullopt;
}

api::ApiError invalid(QStringView name, const QString &value, const QString &expected)
{
    // The value is quoted as sent: query parameters carry no credentials.
    return api::ApiError::invalidInput(
        QueryParameters::tr("The query parameter %1=\"%2\" is not valid: expected %3.")
            .arg(name, value, expected));
}

// The value of one parameter, read as the type of the field it fills; nothing for a value that
// means "absent" (an empty page token).
api::Result<std::optional<QString>> readValue(const QString &name, const QString &value, QString *)
{
    if (name == u"page_token"_s && value.isEmpty()) {
        return std::optional<QString>();
    }
    return std::optional<QString>(value);
}

api::Result<std::optional<qint64>> readValue(const QString &name, const QString &value, qint64 *)
{
    bool ok = false;
    const qint64 number = value.toLongLong(&ok);
    if (!ok || number < 0) {
        return invalid(name, value, QueryParameters::tr("an integer of 0 or more"));
    }
    return std::optional<qint64>(number);
}

api::Result<std::optional<bool>> readValue(const QString &name, const QString &value, bool *)
{
    // Exactly the spelling JSON and the spec's examples use: a typo must not read as false.
    if (value == u"true"_s || value == u"false"_s) {
        return std::optional<bool>(value == u"true"_s);
    }
    return invalid(name, value, QueryParameters::tr("true or false"));
}

} // namespace

template <typename Parameter>
void QueryParameters::read(const QList<QPair<QString, QString>> &query, const Parameter &parameter,
                           std::optional<api::ApiError> &error)
{
    const QString name
        = QString::fromLatin1(parameter.name.data(), qsizetype(parameter.name.size()));
    const std::optional<QString> value = firstValue(query, name);
    if (error || !value || m_values.contains(name)) {
        return;
    }
    auto typed = readValue(name, *value, static_cast<typename Parameter::Value *>(nullptr));
    if (!typed) {
        error = typed.error();
    } else if (*typed) {
        m_values.insert(name, **typed);
    }
}

api::Result<QueryParameters> QueryParameters::parse(const QList<QPair<QString, QString>> &query)
{
    QueryParameters parsed;
    if (std::optional<QString> delimiter = firstValue(query, u"delimiter")) {
        if (const auto problem = api::Identifier::checkDelimiter(*delimiter); !problem.hasValue()) {
            return api::ApiError::invalidInput(tr("The query parameter delimiter is not valid: %1")
                                                   .arg(problem.error().userMessage()));
        }
        parsed.delimiter = *delimiter;
    }
    // Every parameter of the operation table is checked, whichever route was called: one
    // spelling of a parameter is valid or not everywhere.
    std::optional<api::ApiError> error;
    api::forEachOperation(api::AllRequests{}, [&]<typename Request>() {
        std::apply([&](const auto &...parameter) { (parsed.read(query, parameter, error), ...); },
                   api::queryParametersOf<Request>());
    });
    if (error) {
        return *error;
    }
    return parsed;
}

} // namespace lance::server
