// SPDX-License-Identifier: Apache-2.0
#include "VersionsCommand.h"

#include "TextTable.h"
#include "api/JsonCodec.h"
#include "client/PageCollector.h"

#include <QDateTime>
#include <QTextStream>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace lance::cli {

namespace {

QString timestampText(std::optional<qint64> millis)
{
    if (!millis) {
        return u"-"_s;
    }
    return QDateTime::fromMSecsSinceEpoch(*millis, Qt::UTC).toString(Qt::ISODateWithMs);
}

} // namespace

void VersionsCommand::start()
{
    const auto id = identifierArgument(0, false);
    if (!id) {
        fail(id.error());
        return;
    }
    api::ListTableVersionsRequest request;
    request.id = *id;
    request.descending = true;
    // Ask for no more per page than will be shown.
    request.limit = invocation().limit;
    client::PageCollector::collectAll(
        service(), request, this,
        [this, table = *id](api::Result<api::ListTableVersionsResponse> result) {
            if (!result) {
                fail(result.error());
                return;
            }
            if (invocation().json) {
                printJson(api::json::encode(withoutHeaderContext(*result)));
            } else if (result->versions.isEmpty()) {
                note(tr("%1 has no versions.").arg(table.toString(invocation().delimiter)));
            } else {
                TextTable rows({tr("VERSION"), tr("TIMESTAMP (UTC)"), tr("SIZE"), tr("E-TAG"),
                                tr("MANIFEST")});
                // Newest first even from a server that ignores `descending`.
                QList<api::TableVersion> versions = result->versions;
                std::stable_sort(
                    versions.begin(), versions.end(),
                    [](const auto &a, const auto &b) { return a.version > b.version; });
                for (const api::TableVersion &version : versions) {
                    rows.addRow(
                        {QString::number(version.version), timestampText(version.timestampMillis),
                         version.manifestSize ? QString::number(*version.manifestSize) : u"-"_s,
                         version.eTag.value_or(u"-"_s), version.manifestPath});
                }
                rows.print(out());
            }
            succeed();
        },
        invocation().limit);
}

} // namespace lance::cli
