// SPDX-License-Identifier: Apache-2.0
#include "engine/TagOperations.h"

#include "api/JsonCodec.h"
#include "api/RecordKinds.h"
#include "api/TagNames.h"
#include "engine/CatalogNames.h"
#include "engine/CatalogTransaction.h"
#include "engine/PageToken.h"
#include "engine/TableStore.h"
#include "engine/TagStore.h"
#include "engine/TransactionStore.h"
#include "engine/VersionStore.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUuid>

using namespace Qt::StringLiterals;
using namespace lance::api;

namespace lance::engine {

namespace {

using Mode = CatalogTransaction::Mode;

} // namespace

api::Result<void> TagOperations::check(const Identifier &id, const QString &tag, qint64 version)
{
    if (auto problem = CatalogNames::checkTable(id); !problem.hasValue()) {
        return problem;
    }
    if (tag.isEmpty()) {
        return ApiError::catalog(ErrorCode::InvalidInput, tr("The tag name is empty."));
    }
    if (version < 0) {
        return ApiError::catalog(ErrorCode::InvalidInput,
                                 tr("The version %1 is negative.").arg(version));
    }
    return {};
}

Result<ListTableTagsResponse> TagOperations::list(const ListTableTagsRequest &request)
{
    if (const auto problem = CatalogNames::checkTable(request.id); !problem.hasValue()) {
        return problem.error();
    }
    const auto page = PageToken::page(PageToken::Kind::Tags, request.limit, request.pageToken);
    if (!page) {
        return page.error();
    }
    return CatalogTransaction::run<ListTableTagsResponse>(
        m_database, Mode::Read, [&](CatalogTransaction &) -> Result<ListTableTagsResponse> {
            if (auto table = TableStore(m_database).require(request.id); !table) {
                return table.error();
            }
            auto tags = TagStore(m_database).list(request.id, page->afterOrFirst(), page->fetch());
            if (!tags) {
                return tags.error();
            }
            ListTableTagsResponse response;
            response.pageToken
                = PageToken::takePage(*tags, page->size, PageToken::Kind::Tags,
                                      [](const TagStore::NamedTag &tag) { return tag.first; });
            for (const TagStore::NamedTag &tag : std::as_const(*tags)) {
                response.tags.insert(tag.first, tag.second);
            }
            return response;
        });
}

Result<GetTableTagVersionResponse> TagOperations::version(const GetTableTagVersionRequest &request)
{
    if (const auto problem = check(request.id, request.tag); !problem.hasValue()) {
        return problem.error();
    }
    return CatalogTransaction::run<GetTableTagVersionResponse>(
        m_database, Mode::Read, [&](CatalogTransaction &) -> Result<GetTableTagVersionResponse> {
            if (auto table = TableStore(m_database).require(request.id); !table) {
                return table.error();
            }
            auto tag = TagStore(m_database).require(request.id, request.tag);
            if (!tag) {
                return tag.error();
            }
            GetTableTagVersionResponse response;
            response.version = tag->version;
            response.branch = tag->branch;
            return response;
        });
}

template <typename Request>
Result<TableTagChangeResponse> TagOperations::write(const Request &request, bool creating)
{
    const Identifier &id = request.id;
    const QString &tag = request.tag;
    const qint64 version = request.version;
    const std::optional<QString> &branch = request.branch;
    if (const auto problem = check(id, tag, version); !problem.hasValue()) {
        return problem.error();
    }
    // Only a tag Lance could make too; one made before this rule can still be read and deleted.
    if (const auto badName = TagNames::check(tag); !badName.hasValue()) {
        return ApiError::catalog(ErrorCode::InvalidInput, badName.error().userMessage());
    }
    return CatalogTransaction::run<TableTagChangeResponse>(
        m_database, Mode::Write, [&](CatalogTransaction &) -> Result<TableTagChangeResponse> {
            if (auto table = TableStore(m_database).require(id); !table) {
                return table.error();
            }
            TagStore tags(m_database);
            if (!creating) {
                if (auto existing = tags.require(id, tag); !existing) {
                    return existing.error();
                }
            }
            const QString stored = CatalogNames::branch(branch);
            if (auto target = VersionStore(m_database).require(id, stored, version); !target) {
                return target.error();
            }
            auto written = creating ? tags.insert(id, tag, stored, version)
                                    : tags.update(id, tag, stored, version);
            if (!written) {
                return written.error();
            }
            if (!*written) {
                return ApiError::catalog(
                    ErrorCode::TableTagAlreadyExists,
                    tr("Table %1 already has a tag \"%2\".").arg(CatalogNames::display(id), tag));
            }
            auto recorded = creating
                                ? record(request, RecordKinds::CreateTableTag, "CreateTableTag")
                                : record(request, RecordKinds::UpdateTableTag, "UpdateTableTag");
            if (!recorded) {
                return recorded.error();
            }
            TableTagChangeResponse response;
            response.transactionId = *recorded;
            return response;
        });
}

template <typename Request>
Result<QString> TagOperations::record(const Request &request, std::string_view kind,
                                      const char *type) const
{
    QJsonObject operation = QJsonDocument::fromJson(json::encode(request)).object();
    operation.insert(u"type"_s, QString::fromLatin1(type));
    TransactionStore::Record record;
    record.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    record.committedMillis = QDateTime::currentMSecsSinceEpoch();
    record.actor = m_actor;
    record.kind = RecordKinds::text(kind);
    record.status = u"Succeeded"_s;
    record.counts.insert(record.kind, u"1"_s);
    record.operations
        = QString::fromUtf8(QJsonDocument(QJsonArray{operation}).toJson(QJsonDocument::Compact));
    record.tables = {request.id.names()};
    const QString id = record.id;
    if (auto inserted = TransactionStore(m_database).insert(std::move(record));
        !inserted.hasValue()) {
        return inserted.error();
    }
    return id;
}

Result<CreateTableTagResponse> TagOperations::create(const CreateTableTagRequest &request)
{
    return write(request, true);
}

Result<UpdateTableTagResponse> TagOperations::update(const UpdateTableTagRequest &request)
{
    return write(request, false);
}

Result<DeleteTableTagResponse> TagOperations::remove(const DeleteTableTagRequest &request)
{
    if (const auto problem = check(request.id, request.tag); !problem.hasValue()) {
        return problem.error();
    }
    return CatalogTransaction::run<DeleteTableTagResponse>(
        m_database, Mode::Write, [&](CatalogTransaction &) -> Result<DeleteTableTagResponse> {
            if (auto table = TableStore(m_database).require(request.id); !table) {
                return table.error();
            }
            auto removed = TagStore(m_database).remove(request.id, request.tag);
            if (!removed) {
                return removed.error();
            }
            if (!*removed) {
                return TagStore::notFound(request.id, request.tag);
            }
            auto recorded = record(request, RecordKinds::DeleteTableTag, "DeleteTableTag");
            if (!recorded) {
                return recorded.error();
            }
            DeleteTableTagResponse response;
            response.transactionId = *recorded;
            return response;
        });
}

} // namespace lance::engine
