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

// Reads the boolean `name` into `out`; false (with `error` set) when its value is not a boolean.
bool readBoolean(const QList<QPair<QString, QString>> &query, QStringView name,
                 std::optional<bool> &out, std::optional<api::ApiError> &error)
{
    const std::optional<QString> value = firstValue(query, name);
    if (!value) {
        return true;
    }
    // Exactly the spelling JSON and the spec's examples use: a typo must not read as false.
    if (*value == u"true"_s || *value == u"false"_s) {
        out = *value == u"true"_s;
        return true;
    }
    error = invalid(name, *value, QueryParameters::tr("true or false"));
    return false;
}

} // namespace

api::Result<QueryParameters> QueryParameters::parse(const QList<QPair<QString, QString>> &query)
{
    QueryParameters parsed;
    if (std::optional<QString> delimiter = firstValue(query, u"delimiter")) {
        if (auto problem = api::Identifier::checkDelimiter(*delimiter)) {
            return api::ApiError::invalidInput(
                tr("The query parameter delimiter is not valid: %1").arg(*problem));
        }
        parsed.delimiter = *delimiter;
    }
    if (std::optional<QString> token = firstValue(query, u"page_token");
        token && !token->isEmpty()) {
        parsed.pageToken = token;
    }
    if (std::optional<QString> limit = firstValue(query, u"limit")) {
        bool ok = false;
        const qint64 value = limit->toLongLong(&ok);
        if (!ok || value < 0) {
            return invalid(u"limit", *limit, tr("an integer of 0 or more"));
        }
        parsed.limit = value;
    }
    parsed.branch = firstValue(query, u"branch");
    std::optional<api::ApiError> error;
    if (!readBoolean(query, u"include_declared", parsed.includeDeclared, error)
        || !readBoolean(query, u"descending", parsed.descending, error)
        || !readBoolean(query, u"with_table_uri", parsed.withTableUri, error)
        || !readBoolean(query, u"load_detailed_metadata", parsed.loadDetailedMetadata, error)
        || !readBoolean(query, u"check_declared", parsed.checkDeclared, error)) {
        return *error;
    }
    return parsed;
}

} // namespace lance::server
