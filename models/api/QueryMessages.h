// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"
#include "api/Identifier.h"

#include <QByteArray>
#include <QList>
#include <QStringList>

#include <optional>

namespace lance::api {

/// QueryTableRequest's `vector` and `full_text_query`: what a search would look for. This
/// catalog offers no search, so it only needs to know whether one was asked for: an object
/// with any member that is not null. It is written as `{}`, which asks for none.
struct SearchTerms
{
    bool given = false;

    bool operator==(const SearchTerms &) const = default;
};

/// QueryTableRequest's `columns`: the fields to answer.
struct QueryColumns
{
    std::optional<QStringList> columnNames;
    /// Empty: none, and left out of the request (the spec's object is not nullable).
    StringMap columnAliases;

    bool operator==(const QueryColumns &) const = default;
};

/// `POST /v1/table/{id}/query`: rows of a table at a version of a branch, `k` of them after
/// `offset`, as an Arrow IPC file. This catalog reads rows (a scan with an optional `filter`,
/// one condition on one column as LanceDB writes it: rows::RowFilter; `offset` and `k` count
/// the rows it keeps); it refuses vector and full-text search, which need an index engine it
/// does not have.
struct QueryTableRequest
{
    Identifier id;
    std::optional<QString> branch;
    std::optional<QueryColumns> columns;
    std::optional<QString> filter;
    qint64 k = 0; //!< at most this many rows
    std::optional<qint64> offset;
    std::optional<qint64> version; //!< none: the branch's latest
    std::optional<bool> withRowId;
    /// Sent as `{}` (no search): the spec requires the key even when it is null.
    SearchTerms vector;
    std::optional<QString> vectorColumn;
    std::optional<SearchTerms> fullTextQuery;
    StringMap context;

    bool operator==(const QueryTableRequest &) const = default;
};

/// QueryTable's answer: the Arrow IPC file (`application/vnd.apache.arrow.file`) itself, not
/// JSON; `context` comes from the answer's headers.
struct QueryTableResponse
{
    QByteArray data;
    StringMap context;
};

} // namespace lance::api
