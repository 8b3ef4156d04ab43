// SPDX-License-Identifier: Apache-2.0
#include "engine/RenameOperations.h"

#include "api/JsonCodec.h"
#include "api/RecordKinds.h"
#include "engine/CatalogNames.h"
#include "engine/CatalogTransaction.h"
#include "engine/CommitOperations.h"
#include "engine/TableOperations.h"
#include "engine/TableStore.h"
#include "engine/TransactionStore.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUuid>

using namespace Qt::StringLiterals;
using namespace lance::api;

namespace lance::engine {

namespace {

// The history keeps the request as the batch operations are kept: a list of objects with their
// kind under "type".
QString operationsJson(const RenameTableRequest &request)
{
    QJsonObject operation = QJsonDocument::fromJson(json::encode(request)).object();
    operation.insert(u"type"_s, u"RenameTable"_s);
    return QString::fromUtf8(QJsonDocument(QJsonArray{operation}).toJson(QJsonDocument::Compact));
}

} // namespace

Result<RenameTableResponse> RenameOperations::rename(const RenameTableRequest &request)
{
    if (const auto problem = CatalogNames::checkTable(request.id); !problem.hasValue()) {
        return problem.error();
    }
    const Identifier to = renamedIdentifier(request);
    if (const auto problem = CatalogNames::checkTable(to); !problem.hasValue()) {
        return problem.error();
    }
    const QString id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    return CatalogTransaction::run<RenameTableResponse>(
        m_database, CatalogTransaction::Mode::Write,
        [&](CatalogTransaction &) -> Result<RenameTableResponse> {
            TableStore tables(m_database);
            if (auto table = tables.require(request.id); !table) {
                return table.error();
            }
            if (to == request.id) {
                return ApiError::catalog(
                    ErrorCode::InvalidInput,
                    tr("Table %1 already has that name.").arg(CatalogNames::display(to)));
            }
            if (auto creatable = m_tables.checkCreatable(to); !creatable.hasValue()) {
                return creatable.error();
            }
            if (auto existing = tables.find(to); !existing) {
                return existing.error();
            } else if (*existing) {
                return ApiError::catalog(
                    ErrorCode::TableAlreadyExists,
                    tr("Table %1 cannot be renamed to %2: a table of that name exists.")
                        .arg(CatalogNames::display(request.id), CatalogNames::display(to)));
            }
            if (auto moved = tables.move(request.id, to); !moved.hasValue()) {
                return moved.error();
            }
            TransactionStore::Record record;
            record.id = id;
            record.committedMillis = QDateTime::currentMSecsSinceEpoch();
            record.actor = m_commits.actor();
            record.kind = api::RecordKinds::text(api::RecordKinds::RenameTable);
            record.status = u"Succeeded"_s;
            record.counts.insert(record.kind, u"1"_s);
            record.operations = operationsJson(request);
            record.tables = {request.id.names(), to.names()};
            if (auto recorded = TransactionStore(m_database).insert(std::move(record));
                !recorded.hasValue()) {
                return recorded.error();
            }
            RenameTableResponse response;
            response.transactionId = id;
            return response;
        });
}

} // namespace lance::engine
