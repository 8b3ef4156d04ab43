// SPDX-License-Identifier: Apache-2.0
#include "DescribeCommand.h"

#include "TextTable.h"
#include "api/JsonCodec.h"
#include "rest/PreparedRequest.h"

#include <QTextStream>

using namespace Qt::StringLiterals;

namespace lance::cli {

namespace {

QString yesNo(std::optional<bool> value, const QString &unknown)
{
    if (!value) {
        return unknown;
    }
    return *value ? DescribeCommand::tr("yes") : DescribeCommand::tr("no");
}

// Storage options may carry vended credentials; show that they are there, not what they are.
QString displayValue(const QString &key, const QString &value)
{
    return rest::PreparedRequest::isSecretHeader(key.toUtf8()) ? u"***"_s : value;
}

} // namespace

void DescribeCommand::start()
{
    const auto id = identifierArgument(0, false);
    if (!id) {
        fail(id.error());
        return;
    }
    api::DescribeTableRequest request;
    request.id = *id;
    request.withTableUri = true;
    request.checkDeclared = true;
    service().call(request, this,
                   [this, table = *id](api::Result<api::DescribeTableResponse> result) {
                       if (!result) {
                           fail(result.error());
                           return;
                       }
                       if (invocation().json) {
                           printJson(api::json::encode(withoutHeaderContext(*result)));
                       } else {
                           printDescription(table, *result);
                       }
                       succeed();
                   });
}

void DescribeCommand::printDescription(const api::Identifier &id,
                                       const api::DescribeTableResponse &response)
{
    const QString none = tr("(none)");
    TextTable table({tr("FIELD"), tr("VALUE")});
    table.addRow({tr("Table"), id.toString(invocation().delimiter)});
    table.addRow({tr("Location"), response.location.value_or(none)});
    table.addRow({tr("Table URI"), response.tableUri.value_or(none)});
    if (response.version) {
        table.addRow({tr("Version"), QString::number(*response.version)});
    }
    table.addRow({tr("Managed versioning"), yesNo(response.managedVersioning, tr("not said"))});
    table.addRow({tr("Declared only"), yesNo(response.isOnlyDeclared, tr("not checked"))});
    if (!response.properties) {
        table.addRow({tr("Properties"), tr("(not supported by the server)")});
    } else if (response.properties->isEmpty()) {
        table.addRow({tr("Properties"), none});
    } else {
        for (auto it = response.properties->cbegin(); it != response.properties->cend(); ++it) {
            table.addRow({tr("Property"), u"%1=%2"_s.arg(it.key(), it.value())});
        }
    }
    for (auto it = response.storageOptions.cbegin(); it != response.storageOptions.cend(); ++it) {
        table.addRow(
            {tr("Storage option"), u"%1=%2"_s.arg(it.key(), displayValue(it.key(), it.value()))});
    }
    table.print(out());
}

} // namespace lance::cli
