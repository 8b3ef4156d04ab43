// SPDX-License-Identifier: Apache-2.0
#include "engine/QueryOperations.h"

#include "engine/CatalogNames.h"
#include "engine/CatalogTransaction.h"
#include "engine/TableFolder.h"
#include "engine/TableStore.h"
#include "engine/TableStores.h"
#include "engine/VersionStore.h"
#include "format/ManifestDecoder.h"
#include "rows/ArrowIpcWriter.h"
#include "rows/FieldTree.h"
#include "rows/RowFilter.h"
#include "rows/VersionRows.h"

using namespace Qt::StringLiterals;
using lance::api::ApiError;
using lance::api::ErrorCode;
using lance::api::Result;

namespace lance::engine {

namespace {

struct Found
{
    QString location;
    api::TableVersion version;
};

} // namespace

Result<api::QueryTableResponse> QueryOperations::query(const api::QueryTableRequest &request)
{
    if (const auto problem = CatalogNames::checkTable(request.id); !problem.hasValue()) {
        return problem.error();
    }
    if (request.vector.given || request.fullTextQuery) {
        return ApiError::catalog(ErrorCode::Unsupported,
                                 tr("This catalog reads a table's rows; it offers no vector or "
                                    "full-text search."));
    }
    if (request.columns && !request.columns->columnAliases.isEmpty()) {
        return ApiError::catalog(ErrorCode::Unsupported,
                                 tr("This catalog answers columns by their names, not by "
                                    "aliases."));
    }
    if (request.k > MaxRows) {
        return ApiError::catalog(ErrorCode::InvalidInput,
                                 tr("A query answers at most %1 rows at a time, not %2; ask for "
                                    "the rest with an offset.")
                                     .arg(MaxRows)
                                     .arg(request.k));
    }
    const QString branch = CatalogNames::branch(request.branch);
    auto found = CatalogTransaction::run<Found>(
        m_database, CatalogTransaction::Mode::Read, [&](CatalogTransaction &) -> Result<Found> {
            auto table = TableStore(m_database).require(request.id);
            if (!table) {
                return table.error();
            }
            auto version
                = VersionStore(m_database).requireOrLatest(request.id, branch, request.version);
            if (!version) {
                return version.error();
            }
            return Found{table->location, std::move(*version)};
        });
    if (!found) {
        return found.error();
    }
    // Outside the transaction: the files are read without holding the database.
    auto folder = TableFolder::of(m_locations, found->location);
    if (!folder) {
        return folder.error();
    }
    const auto key = folder->keyOf(found->version.manifestPath);
    if (!key || !key->startsWith(folder->prefix())) {
        return ApiError::catalog(
            ErrorCode::InvalidTableState,
            tr("Version %1 of %2 is recorded at %3, outside the table's "
               "folder, where its rows are not read.")
                .arg(found->version.version)
                .arg(CatalogNames::display(request.id), found->version.manifestPath));
    }
    const storage::CallControl control;
    const auto bytes = folder->store().read(*key, control);
    if (!bytes) {
        return TableStores::refusal(bytes.error());
    }
    const auto manifest = format::ManifestDecoder::decode(bytes->bytes, folder->readable(*key));
    if (!manifest) {
        return ApiError::catalog(ErrorCode::InvalidTableState, manifest.error().userMessage());
    }
    // Where the manifest is says which branch's folder it is in (`tree/<branch>/`).
    const QString relative = key->sliced(folder->prefix().size());
    const qsizetype versions = relative.lastIndexOf(u"_versions/"_s);
    const format::ManifestReferences::Place place{
        relative, versions > 0 ? relative.first(versions) : QString(), folder->root()};

    rows::VersionRows::Request read;
    if (request.columns && request.columns->columnNames) {
        read.columns = *request.columns->columnNames;
    }
    read.offset = quint64(std::max<qint64>(0, request.offset.value_or(0)));
    read.limit = quint64(std::max<qint64>(0, request.k));
    // A filter is parsed against this version's schema: a column it names may be one that an
    // earlier or later version has not.
    if (request.filter && !request.filter->trimmed().isEmpty()) {
        auto tree = rows::FieldTree::build(manifest->fields);
        if (!tree) {
            return tree.error();
        }
        auto filter = rows::RowFilter::parse(*request.filter, *tree);
        if (!filter) {
            return filter.error();
        }
        read.filter = std::move(*filter);
    }
    auto page = rows::VersionRows::read(folder->store(), folder->prefix(), *manifest, place, read,
                                        control);
    if (!page) {
        return page.error();
    }
    QList<rows::ColumnArray> columns = page->columns;
    if (request.withRowId.value_or(false)) {
        columns.prepend(page->rowIdColumn());
    }
    qint64 size = 0;
    for (const rows::ColumnArray &column : std::as_const(columns)) {
        size += column.values.size();
    }
    if (size > MaxAnswerBytes) {
        return ApiError::catalog(ErrorCode::InvalidInput,
                                 tr("%1 rows of these columns hold %2 MB, more than one answer "
                                    "carries; ask for fewer rows or columns.")
                                     .arg(page->rowAddresses.size())
                                     .arg(size / (1024 * 1024)));
    }
    api::QueryTableResponse response;
    response.data = rows::ArrowIpcWriter::file(columns, page->rowAddresses.size());
    return response;
}

} // namespace lance::engine
