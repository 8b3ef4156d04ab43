// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Identifier.h"
#include "api/Operations.h"
#include "api/Result.h"

#include <QHash>
#include <QList>
#include <QPair>
#include <QString>

#include <optional>
#include <variant>

namespace lance::server {

/// The query parameters of the REST binding, checked: `delimiter` (default `$`) and every
/// parameter the operation table gives any operation, by the type of the field it fills: a
/// string, an integer >= 0 (`limit`), or a boolean written `true` or `false`. Unknown
/// parameters are ignored; when a parameter repeats, the first one counts. An empty
/// `page_token` means "from the start", as an absent one does.
class QueryParameters
{
    Q_DECLARE_TR_FUNCTIONS(QueryParameters)

public:
    QString delimiter = api::Identifier::DefaultDelimiter;

    /// The parameters of a query; a value that is not valid is an ApiError of kind InvalidInput
    /// naming the parameter.
    static api::Result<QueryParameters> parse(const QList<QPair<QString, QString>> &query);

    /// Sets the fields of `request` that its operation's query parameters carry, where the
    /// query has them (they override what the body said, as the spec says for DescribeTable).
    template <api::OperationRequest Request> void applyTo(Request &request) const
    {
        std::apply(
            [&](const auto &...parameter) { (set(request.*parameter.field, parameter.name), ...); },
            api::queryParametersOf<Request>());
    }

private:
    using Value = std::variant<QString, qint64, bool>;

    /// Checks and keeps `parameter`'s value, unless an earlier one was kept or failed.
    template <typename Parameter>
    void read(const QList<QPair<QString, QString>> &query, const Parameter &parameter,
              std::optional<api::ApiError> &error);

    template <typename T> void set(std::optional<T> &field, std::string_view name) const
    {
        const auto found
            = m_values.constFind(QString::fromLatin1(name.data(), qsizetype(name.size())));
        if (found != m_values.constEnd()) {
            field = std::get<T>(*found);
        }
    }

    QHash<QString, Value> m_values; //!< checked, by parameter name
};

} // namespace lance::server
