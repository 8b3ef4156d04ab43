// SPDX-License-Identifier: Apache-2.0
#include "RowsCommand.h"

#include "TextTable.h"
#include "rows/ArrowIpcReader.h"
#include "rows/ValueJson.h"
#include "rows/ValueText.h"

#include <QTextStream>

using namespace Qt::StringLiterals;

namespace lance::cli {

void RowsCommand::start()
{
    const auto table = identifierArgument(0, false);
    if (!table) {
        fail(table.error());
        return;
    }
    api::QueryTableRequest request;
    request.id = *table;
    request.k = invocation().limit.value_or(DefaultLimit);
    request.offset = invocation().offset;
    request.branch = invocation().branch;
    request.withRowId = true;
    // The server filters: the same text LanceDB would be sent.
    request.filter = invocation().filter;
    if (!invocation().columns.isEmpty()) {
        request.columns = api::QueryColumns{invocation().columns, {}};
    }
    if (invocation().arguments.size() > 1) {
        const auto version = versionArgument(1);
        if (!version) {
            fail(version.error());
            return;
        }
        request.version = *version;
    }
    if (!invocation().tag) {
        query(std::move(request));
        return;
    }
    // A tag names a version (and the branch it is on): look it up first.
    api::GetTableTagVersionRequest tag;
    tag.id = *table;
    tag.tag = *invocation().tag;
    service().call(tag, this,
                   [this, request](api::Result<api::GetTableTagVersionResponse> found) mutable {
                       if (!found) {
                           fail(found.error());
                           return;
                       }
                       request.version = found->version;
                       if (found->branch) {
                           request.branch = found->branch;
                       }
                       query(std::move(request));
                   });
}

void RowsCommand::query(api::QueryTableRequest request)
{
    const QString name = request.id.toString(invocation().delimiter);
    service().call(
        request, this, [this, name, request](api::Result<api::QueryTableResponse> answer) {
            if (!answer) {
                fail(answer.error());
                return;
            }
            const auto table
                = rows::ArrowIpcReader::read(answer->data, tr("the rows of %1").arg(name));
            if (!table) {
                fail(table.error());
                return;
            }
            if (invocation().json) {
                // JSON lines: one object a row, every value exact.
                for (qint64 r = 0; r < table->rows; ++r) {
                    nlohmann::ordered_json row = nlohmann::ordered_json::object();
                    for (const rows::ColumnArray &column : table->columns) {
                        row[column.name.toStdString()] = rows::ValueJson::value(column, r);
                    }
                    out() << QString::fromStdString(row.dump()) << u'\n';
                }
                succeed();
                return;
            }
            QStringList headers;
            for (const rows::ColumnArray &column : table->columns) {
                headers << column.name;
            }
            TextTable text(headers);
            for (qint64 r = 0; r < table->rows; ++r) {
                QStringList cells;
                for (const rows::ColumnArray &column : table->columns) {
                    cells << rows::ValueText::compact(column, r, 40);
                }
                text.addRow(cells);
            }
            text.print(out());
            const qint64 first = request.offset.value_or(0);
            out() << u'\n'
                  << (table->rows == 0
                          ? tr("No rows from row %1 on.").arg(first + 1)
                          : tr("Rows %1 to %2 of %3%4%5.")
                                .arg(first + 1)
                                .arg(first + table->rows)
                                .arg(name,
                                     request.version ? tr(" at version %1").arg(*request.version)
                                                     : QString(),
                                     request.filter ? tr(" where %1").arg(*request.filter)
                                                    : QString()))
                  << u'\n';
            succeed();
        });
}

} // namespace lance::cli
