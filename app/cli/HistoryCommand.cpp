// SPDX-License-Identifier: Apache-2.0
#include "HistoryCommand.h"

#include "TextTable.h"
#include "api/JsonCodec.h"
#include "api/RecordKinds.h"
#include "client/PageCollector.h"
#include "history/TransactionText.h"

#include <QJsonDocument>
#include <QTextStream>

using namespace Qt::StringLiterals;

namespace lance::cli {

namespace {

// "-" where the history has nothing to say, so a column is never blank.
QString orDash(const QString &text)
{
    return text.isEmpty() ? u"-"_s : text;
}

QString tablesText(const api::StringMap &properties, const QString &delimiter)
{
    return orDash(history::TransactionText::tables(properties, delimiter));
}

} // namespace

QString HistoryCommand::countsText(const api::StringMap &properties)
{
    using Kinds = api::RecordKinds;
    QStringList parts;
    // The batch's kinds in the order a batch names them, then a rename's.
    for (const std::string_view kind : Kinds::BatchOperations) {
        if (const QString count = properties.value(Kinds::text(kind)); !count.isEmpty()) {
            parts << u"%1 %2"_s.arg(count, Kinds::text(kind));
        }
    }
    if (const QString count = properties.value(Kinds::text(Kinds::RenameTable)); !count.isEmpty()) {
        parts << u"%1 %2"_s.arg(count, Kinds::text(Kinds::RenameTable));
    }
    return orDash(parts.join(u", "_s));
}

void HistoryCommand::start()
{
    if (invocation().command == u"transaction") {
        describe();
    } else {
        list();
    }
}

void HistoryCommand::list()
{
    api::ListTransactionsRequest request;
    if (!invocation().arguments.isEmpty()) {
        const auto table = identifierArgument(0, false);
        if (!table) {
            fail(table.error());
            return;
        }
        request.table = table->names().join(u'$');
    }
    request.limit = invocation().limit;
    client::PageCollector::collectAll(
        service(), request, this,
        [this](api::Result<api::ListTransactionsResponse> result) {
            if (!result) {
                fail(result.error());
                return;
            }
            if (invocation().json) {
                printJson(api::json::encode(withoutHeaderContext(*result)));
                succeed();
                return;
            }
            if (result->transactions.isEmpty()) {
                note(tr("No transactions were committed here yet."));
                succeed();
                return;
            }
            using api::TransactionProperties;
            TextTable rows({tr("COMMITTED (UTC)"), tr("TRANSACTION"), tr("KIND"), tr("BY"),
                            tr("OPERATIONS"), tr("TABLES")});
            for (const api::TransactionSummary &each : std::as_const(result->transactions)) {
                const auto property = [&each](const char *key) {
                    return each.properties.value(QString::fromLatin1(key), u"-"_s);
                };
                rows.addRow({property(TransactionProperties::CommittedAt), each.id,
                             property(TransactionProperties::Kind),
                             property(TransactionProperties::Actor), countsText(each.properties),
                             tablesText(each.properties, invocation().delimiter)});
            }
            rows.print(out());
            succeed();
        },
        invocation().limit);
}

void HistoryCommand::describe()
{
    const QString id = invocation().arguments.value(0);
    if (id.isEmpty()) {
        fail(api::ApiError::invalidInput(tr("transaction: the transaction id is empty.")));
        return;
    }
    api::DescribeTransactionRequest request;
    request.id = api::Identifier({id});
    service().call(request, this, [this, id](api::Result<api::DescribeTransactionResponse> r) {
        if (!r) {
            fail(r.error());
            return;
        }
        if (invocation().json) {
            printJson(api::json::encode(withoutHeaderContext(*r)));
            succeed();
            return;
        }
        using api::TransactionProperties;
        const auto property = [&r](const char *key) {
            return r->properties.value(QString::fromLatin1(key), u"-"_s);
        };
        QTextStream &stream = out();
        stream << tr("Transaction: %1").arg(id) << u'\n' << tr("Status:      %1").arg(r->status)
               << u'\n' << tr("Committed:   %1").arg(property(TransactionProperties::CommittedAt))
               << u'\n' << tr("By:          %1").arg(property(TransactionProperties::Actor))
               << u'\n' << tr("Kind:        %1").arg(property(TransactionProperties::Kind)) << u'\n'
               << tr("Operations:  %1").arg(countsText(r->properties)) << u'\n'
               << tr("Tables:      %1").arg(tablesText(r->properties, invocation().delimiter))
               << u'\n';
        const QJsonDocument operations = QJsonDocument::fromJson(
            r->properties.value(QString::fromLatin1(TransactionProperties::Operations)).toUtf8());
        if (operations.isArray()) {
            stream << QString::fromUtf8(operations.toJson(QJsonDocument::Indented));
        }
        succeed();
    });
}

} // namespace lance::cli
