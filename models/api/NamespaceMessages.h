// SPDX-License-Identifier: Apache-2.0
// Requests and responses of the namespace operations (spec tag "Namespace").
#pragma once

#include "api/CommonTypes.h"
#include "api/Identifier.h"

namespace lance::api {

enum class CreateNamespaceMode { Create, ExistOk, Overwrite };
enum class DropNamespaceMode { Fail, Skip };
enum class DropNamespaceBehavior { Restrict, Cascade };

/// `GET /v1/namespace/{id}/list`: direct children of `id`, relative names.
struct ListNamespacesRequest
{
    Identifier id;
    std::optional<QString> pageToken;
    std::optional<qint64> limit;
    StringMap context;

    bool operator==(const ListNamespacesRequest &) const = default;
};

struct ListNamespacesResponse
{
    QStringList namespaces;
    std::optional<QString> pageToken; //!< nullopt or empty: no more pages
    StringMap context;

    bool operator==(const ListNamespacesResponse &) const = default;
};

/// `POST /v1/namespace/{id}/describe`
struct DescribeNamespaceRequest
{
    Identifier id;
    StringMap context;

    bool operator==(const DescribeNamespaceRequest &) const = default;
};

struct DescribeNamespaceResponse
{
    /// nullopt: the server answered null ("properties not supported"); absent decodes to {}.
    std::optional<StringMap> properties = StringMap();
    StringMap context;

    bool operator==(const DescribeNamespaceResponse &) const = default;
};

/// `POST /v1/namespace/{id}/create`
struct CreateNamespaceRequest
{
    Identifier id;
    std::optional<CreateNamespaceMode> mode;
    StringMap properties;
    StringMap context;

    bool operator==(const CreateNamespaceRequest &) const = default;
};

struct CreateNamespaceResponse
{
    std::optional<QString> transactionId;
    StringMap properties;
    StringMap context;

    bool operator==(const CreateNamespaceResponse &) const = default;
};

/// `POST /v1/namespace/{id}/drop`
struct DropNamespaceRequest
{
    Identifier id;
    std::optional<DropNamespaceMode> mode;
    std::optional<DropNamespaceBehavior> behavior;
    StringMap context;

    bool operator==(const DropNamespaceRequest &) const = default;
};

struct DropNamespaceResponse
{
    StringMap properties;
    QStringList transactionId; //!< an array here (and only here) in the spec
    StringMap context;

    bool operator==(const DropNamespaceResponse &) const = default;
};

/// `POST /v1/namespace/{id}/properties/update` (extension: the spec can change a namespace's
/// properties only by dropping it and creating it again, CreateNamespace's Overwrite mode, which
/// empties it): sets `updates` and removes `removals` in one step; answers the properties as
/// they are now. A key may not be in both.
struct UpdateNamespacePropertiesRequest
{
    Identifier id;
    StringMap updates;
    QStringList removals;
    StringMap context;

    bool operator==(const UpdateNamespacePropertiesRequest &) const = default;
};

struct UpdateNamespacePropertiesResponse
{
    StringMap properties;
    StringMap context;

    bool operator==(const UpdateNamespacePropertiesResponse &) const = default;
};

/// `POST /v1/namespace/{id}/exists`: 2xx exists, 404 does not. The answer has no body.
struct NamespaceExistsRequest
{
    Identifier id;
    StringMap context;

    bool operator==(const NamespaceExistsRequest &) const = default;
};

} // namespace lance::api
