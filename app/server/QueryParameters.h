// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Identifier.h"
#include "api/Result.h"

#include <QList>
#include <QPair>
#include <QString>

#include <optional>

namespace lance::server {

/// The query parameters of the REST binding, checked: `delimiter` (default `$`), `page_token`,
/// `limit` (an integer >= 0), `branch`, and the booleans `include_declared`, `descending`,
/// `with_table_uri`, `load_detailed_metadata` and `check_declared` (`true` or `false`).
/// Unknown parameters are ignored; when a parameter repeats, the first one counts. An empty
/// `page_token` means "from the start", as an absent one does.
struct QueryParameters
{
    Q_DECLARE_TR_FUNCTIONS(QueryParameters)

public:
    QString delimiter = api::Identifier::DefaultDelimiter;
    std::optional<QString> pageToken;
    std::optional<qint64> limit;
    std::optional<QString> branch;
    std::optional<bool> includeDeclared;
    std::optional<bool> descending;
    std::optional<bool> withTableUri;
    std::optional<bool> loadDetailedMetadata;
    std::optional<bool> checkDeclared;

    /// The parameters of a query; a value that is not valid is an ApiError of kind InvalidInput
    /// naming the parameter.
    static api::Result<QueryParameters> parse(const QList<QPair<QString, QString>> &query);
};

} // namespace lance::server
