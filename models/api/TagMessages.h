// SPDX-License-Identifier: Apache-2.0
// Requests and responses of the tag operations (spec tag "Tag").
#pragma once

#include "api/CommonTypes.h"
#include "api/Identifier.h"

namespace lance::api {

/// `POST /v1/table/{id}/tags/list` (the reference server routes it as GET; the client falls back).
struct ListTableTagsRequest
{
    Identifier id;
    std::optional<QString> pageToken;
    std::optional<qint64> limit;
    StringMap context;

    bool operator==(const ListTableTagsRequest &) const = default;
};

struct ListTableTagsResponse
{
    QMap<QString, TagContents> tags;
    std::optional<QString> pageToken;
    StringMap context;

    bool operator==(const ListTableTagsResponse &) const = default;
};

/// `POST /v1/table/{id}/tags/version`
struct GetTableTagVersionRequest
{
    Identifier id;
    QString tag;
    StringMap context;

    bool operator==(const GetTableTagVersionRequest &) const = default;
};

struct GetTableTagVersionResponse
{
    qint64 version = 0;
    std::optional<QString> branch;
    StringMap context;

    bool operator==(const GetTableTagVersionResponse &) const = default;
};

/// `POST /v1/table/{id}/tags/create`
struct CreateTableTagRequest
{
    Identifier id;
    QString tag;
    qint64 version = 0;
    std::optional<QString> branch;
    StringMap context;

    bool operator==(const CreateTableTagRequest &) const = default;
};

/// `POST /v1/table/{id}/tags/update`
struct UpdateTableTagRequest
{
    Identifier id;
    QString tag;
    qint64 version = 0;
    std::optional<QString> branch;
    StringMap context;

    bool operator==(const UpdateTableTagRequest &) const = default;
};

/// `POST /v1/table/{id}/tags/delete`
struct DeleteTableTagRequest
{
    Identifier id;
    QString tag;
    StringMap context;

    bool operator==(const DeleteTableTagRequest &) const = default;
};

/// The answer of create, update and delete tag; the spec defines three schemas of this shape.
struct TableTagChangeResponse
{
    std::optional<QString> transactionId;
    StringMap context;

    bool operator==(const TableTagChangeResponse &) const = default;
};

using CreateTableTagResponse = TableTagChangeResponse;
using UpdateTableTagResponse = TableTagChangeResponse;
using DeleteTableTagResponse = TableTagChangeResponse;

} // namespace lance::api
