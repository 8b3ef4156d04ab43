// SPDX-License-Identifier: Apache-2.0
#include "VersionsCommand.h"

#include "TextTable.h"
#include "api/JsonCodec.h"
#include "api/VersionFacts.h"
#include "client/PageCollector.h"
#include "details/ManifestAccess.h"

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

QString numberText(std::optional<qint64> value)
{
    return value ? QString::number(*value) : u"-"_s;
}

QString changeText(std::optional<qint64> rows, std::optional<qint64> before)
{
    if (!rows || !before) {
        return u"-"_s;
    }
    const qint64 change = *rows - *before;
    return change > 0 ? u"+"_s + QString::number(change) : QString::number(change);
}

QString factText(const api::TableVersion &version, const char *key)
{
    const QString text = api::VersionFacts::text(version, key);
    return text.isEmpty() ? u"-"_s : text;
}

} // namespace

void VersionsCommand::printDetails(const QList<api::TableVersion> &versions)
{
    using api::VersionFacts;
    TextTable rows({tr("VERSION"), tr("TIMESTAMP (UTC)"), tr("ROWS"), tr("±ROWS"), tr("OPERATION"),
                    tr("WRITER"), tr("MESSAGE")});
    for (qsizetype i = 0; i < versions.size(); ++i) {
        const api::TableVersion &version = versions.at(i);
        const std::optional<qint64> count = VersionFacts::number(version, VersionFacts::TotalRows);
        // Against the version before it, which is next in this newest-first list; the first
        // version grew from nothing.
        std::optional<qint64> before;
        if (i + 1 < versions.size()) {
            before = VersionFacts::number(versions.at(i + 1), VersionFacts::TotalRows);
        } else if (version.version == 1) {
            before = 0;
        }
        QString message = factText(version, VersionFacts::CommitMessage);
        if (const QString why = VersionFacts::text(version, VersionFacts::Unreadable);
            !why.isEmpty()) {
            message = tr("(manifest unreadable: %1)").arg(why);
        }
        rows.addRow({QString::number(version.version), timestampText(version.timestampMillis),
                     numberText(count), changeText(count, before),
                     factText(version, VersionFacts::Operation),
                     factText(version, VersionFacts::Writer), message});
    }
    rows.print(out());
}

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
            const bool allSaid = std::all_of(
                result->versions.cbegin(), result->versions.cend(), [](const auto &version) {
                    return version.metadata.contains(
                        QString::fromLatin1(api::VersionFacts::TotalRows));
                });
            if (!invocation().details || allSaid) {
                show(table, *result);
                return;
            }
            // What the server did not say, read from the manifests where they are here.
            withManifestAccess(table, [this, table, listed = *result](
                                          const details::ManifestAccess &access) mutable {
                for (api::TableVersion &version : listed.versions) {
                    access.complete(version);
                }
                show(table, listed);
            });
        },
        invocation().limit);
}

void VersionsCommand::show(const api::Identifier &table,
                           const api::ListTableVersionsResponse &result)
{
    if (invocation().json) {
        printJson(api::json::encode(withoutHeaderContext(result)));
    } else if (result.versions.isEmpty()) {
        note(tr("%1 has no versions.").arg(table.toString(invocation().delimiter)));
    } else {
        // Newest first even from a server that ignores `descending`.
        QList<api::TableVersion> versions = result.versions;
        std::stable_sort(versions.begin(), versions.end(),
                         [](const auto &a, const auto &b) { return a.version > b.version; });
        if (invocation().details) {
            printDetails(versions);
            succeed();
            return;
        }
        TextTable rows(
            {tr("VERSION"), tr("TIMESTAMP (UTC)"), tr("SIZE"), tr("E-TAG"), tr("MANIFEST")});
        for (const api::TableVersion &version : versions) {
            rows.addRow({QString::number(version.version), timestampText(version.timestampMillis),
                         version.manifestSize ? QString::number(*version.manifestSize) : u"-"_s,
                         version.eTag.value_or(u"-"_s), version.manifestPath});
        }
        rows.print(out());
    }
    succeed();
}

} // namespace lance::cli
