// SPDX-License-Identifier: Apache-2.0
// The JSON fields of GetTableHealth (an extension; api/HealthMessages.h), described as
// MessageFields.h describes the spec's messages.
#pragma once

#include "api/HealthMessages.h"
#include "api/json/MessageFields.h"

#include <tuple>

namespace lance::api::json::detail {

template <> struct Fields<FileTally>
{
    static constexpr auto list = std::tuple{
        field("files", &FileTally::files, Minimum::Zero),
        field("bytes", &FileTally::bytes, Minimum::Zero),
    };
};

template <> struct Fields<FilesByKind>
{
    static constexpr auto list = std::tuple{
        field("data", &FilesByKind::data),
        field("deletion", &FilesByKind::deletion),
        field("index", &FilesByKind::index),
        field("manifest", &FilesByKind::manifest),
        field("transaction", &FilesByKind::transaction),
        field("other", &FilesByKind::other),
    };
};

template <> struct Fields<TableHealthScope>
{
    static constexpr auto list = std::tuple{
        field("versions", &TableHealthScope::versions, Minimum::Zero),
        field("fragments", &TableHealthScope::fragments, Minimum::Zero),
        field("small_fragments", &TableHealthScope::smallFragments, Minimum::Zero),
        field("physical_rows", &TableHealthScope::physicalRows, Minimum::Zero),
        field("deleted_rows", &TableHealthScope::deletedRows, Minimum::Zero),
        field("referenced", &TableHealthScope::referenced),
        field("total", &TableHealthScope::total),
    };
};

template <> struct Fields<TableHealthIndex>
{
    static constexpr auto list = std::tuple{
        field("name", &TableHealthIndex::name),
        field("uuid", &TableHealthIndex::uuid),
        field("columns", &TableHealthIndex::columns),
        field("version", &TableHealthIndex::version, Minimum::Zero),
        field("uncovered_fragments", &TableHealthIndex::uncoveredFragments, Minimum::Zero),
        field("uncovered_rows", &TableHealthIndex::uncoveredRows, Minimum::Zero),
        field("files", &TableHealthIndex::files),
    };
};

template <> struct Fields<TableHealthFile>
{
    static constexpr auto list = std::tuple{
        field("path", &TableHealthFile::path),
        field("kind", &TableHealthFile::kind),
        field("size", &TableHealthFile::size, Minimum::Zero),
        field("modified_millis", &TableHealthFile::modifiedMillis),
    };
};

template <> struct Fields<GetTableHealthRequest>
{
    static constexpr auto list = std::tuple{
        field("id", &GetTableHealthRequest::id),
        field("small_fragment_rows", &GetTableHealthRequest::smallFragmentRows, Minimum::Zero),
        field("context", &GetTableHealthRequest::context),
    };
};

template <> struct Fields<GetTableHealthResponse>
{
    static constexpr auto list = std::tuple{
        field("latest_version", &GetTableHealthResponse::latestVersion, Minimum::Zero),
        field("small_fragment_rows", &GetTableHealthResponse::smallFragmentRows, Minimum::Zero),
        field("latest", &GetTableHealthResponse::latest),
        field("kept", &GetTableHealthResponse::kept),
        field("unreferenced", &GetTableHealthResponse::unreferenced),
        field("unreferenced_files", &GetTableHealthResponse::unreferencedFiles),
        field("missing_files", &GetTableHealthResponse::missingFiles),
        field("folder", &GetTableHealthResponse::folder),
        field("outside_files", &GetTableHealthResponse::outsideFiles, Minimum::Zero),
        field("indices", &GetTableHealthResponse::indices),
        field("context", &GetTableHealthResponse::context),
    };
};

} // namespace lance::api::json::detail
