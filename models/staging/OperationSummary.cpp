// SPDX-License-Identifier: Apache-2.0
#include "staging/OperationSummary.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace lance::staging {

namespace {

QString branchSuffix(const std::optional<QString> &branch)
{
    return branch ? OperationSummary::tr(", branch %1").arg(*branch) : QString();
}

QString manifestText(const QString &path, bool elide)
{
    const qsizetype slash = path.lastIndexOf(u'/');
    if (!elide || slash < 0) {
        return path;
    }
    return QChar(0x2026) + path.mid(slash); // "…/7.manifest"
}

QString declareSummary(const api::DeclareTableRequest &request)
{
    QStringList parts;
    parts << (request.location ? OperationSummary::tr("at %1").arg(*request.location)
                               : OperationSummary::tr("location chosen by the catalog"));
    if (!request.properties.isEmpty()) {
        const qsizetype count = request.properties.size();
        parts << (count == 1 ? OperationSummary::tr("1 property")
                             : OperationSummary::tr("%1 properties").arg(count));
    }
    return parts.join(u", "_s);
}

QString createSummary(const api::CreateTableVersionRequest &request, bool elide)
{
    QStringList parts;
    if (const std::optional<qint64> restored = api::restoredVersionOf(request.metadata)) {
        parts << OperationSummary::tr("restore %1 as %2").arg(*restored).arg(request.version);
    } else {
        parts << OperationSummary::tr("version %1").arg(request.version);
    }
    parts << OperationSummary::tr("manifest %1").arg(manifestText(request.manifestPath, elide));
    if (request.manifestSize) {
        // SI units, as file managers show them: "1.2 kB".
        parts << QLocale().formattedDataSize(*request.manifestSize, 1, QLocale::DataSizeSIFormat);
    }
    return parts.join(u", "_s) + branchSuffix(request.branch);
}

} // namespace

QString OperationSummary::kindName(const api::CommitTableOperation &operation)
{
    switch (operation.index()) {
    case 0:
        return tr("Declare table");
    case 1:
        return api::restoredVersionOf(std::get<1>(operation).metadata) ? tr("Restore version")
                                                                       : tr("Create version");
    case 2:
        return tr("Delete versions");
    default:
        return tr("Deregister table");
    }
}

QString OperationSummary::target(const api::CommitTableOperation &operation,
                                 const QString &delimiter)
{
    return api::commitOperationTarget(operation).toString(delimiter);
}

QString OperationSummary::ranges(const QList<api::VersionRange> &ranges)
{
    QStringList parts;
    for (const api::VersionRange &range : ranges) {
        if (range.endVersion == api::VersionRange::ThroughLatest) {
            parts << tr("versions %1 through the latest").arg(range.startVersion);
        } else if (range.endVersion <= range.startVersion) {
            parts
                << tr("an empty range from %1 to %2").arg(range.startVersion).arg(range.endVersion);
        } else if (range.endVersion == range.startVersion + 1) {
            parts << tr("version %1").arg(range.startVersion);
        } else {
            // The end is exclusive on the wire; people read ranges inclusively.
            parts << tr("versions %1\u2013%2").arg(range.startVersion).arg(range.endVersion - 1);
        }
    }
    return parts.isEmpty() ? tr("no versions") : parts.join(u", "_s);
}

QString OperationSummary::summary(const api::CommitTableOperation &operation, bool elide)
{
    if (const auto *declare = std::get_if<api::DeclareTableRequest>(&operation)) {
        return declareSummary(*declare);
    }
    if (const auto *create = std::get_if<api::CreateTableVersionRequest>(&operation)) {
        return createSummary(*create, elide);
    }
    if (const auto *remove = std::get_if<api::BatchDeleteTableVersionsRequest>(&operation)) {
        return ranges(remove->ranges) + branchSuffix(remove->branch);
    }
    return tr("leaves the catalog; its data is kept");
}

QString OperationSummary::describe(const api::CommitTableOperation &operation,
                                   const QString &delimiter)
{
    return tr("%1 %2").arg(kindName(operation), target(operation, delimiter));
}

} // namespace lance::staging
