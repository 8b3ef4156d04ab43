// SPDX-License-Identifier: Apache-2.0
#include "details/CleanupPlanText.h"

#include "details/TableHealthText.h"

#include <QDateTime>
#include <QLocale>

#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;

namespace lance::details {

namespace {

QString versionsText(qint64 count)
{
    return count <= std::numeric_limits<int>::max()
               ? CleanupPlanText::tr("%n version(s)", nullptr, int(count))
               : CleanupPlanText::tr("%1 versions").arg(QLocale().toString(count));
}

} // namespace

QString CleanupPlanText::reason(const api::CleanupVersion &version)
{
    if (version.reason == u"latest") {
        return tr("the latest");
    }
    if (version.reason == u"newer") {
        return tr("newer than the catalog's latest: a commit that may not have landed");
    }
    if (version.reason == u"tag") {
        return tr("tagged: %1").arg(version.detail);
    }
    if (version.reason == u"branch_source") {
        return tr("branches start here: %1").arg(version.detail);
    }
    if (version.reason == u"outside_policy") {
        return tr("outside the policy");
    }
    if (version.reason == u"policy") {
        return tr("inside the policy");
    }
    if (version.reason == u"unrecorded") {
        return tr("its catalog record was deleted");
    }
    return version.reason;
}

QString CleanupPlanText::summary(const api::PlanTableCleanupResponse &plan)
{
    if (plan.removedVersions.isEmpty() && plan.files.isEmpty()) {
        return tr("Nothing to clean up: %1 stay, and no file goes.")
            .arg(versionsText(plan.keptVersions.size()));
    }
    return tr("%1 and %2 go; %3 stay.")
        .arg(versionsText(plan.removedVersions.size()), TableHealthText::tally(plan.freed),
             versionsText(plan.keptVersions.size()));
}

QStringList CleanupPlanText::versionHeaders()
{
    return {tr("Version"), tr("Committed (UTC)"), tr("Cleanup"), tr("Why")};
}

QList<QStringList> CleanupPlanText::versionRows(const api::PlanTableCleanupResponse &plan)
{
    QList<std::pair<const api::CleanupVersion *, bool>> all;
    for (const api::CleanupVersion &version : plan.removedVersions) {
        all.append({&version, true});
    }
    for (const api::CleanupVersion &version : plan.keptVersions) {
        all.append({&version, false});
    }
    std::sort(all.begin(), all.end(),
              [](const auto &a, const auto &b) { return a.first->version < b.first->version; });
    QList<QStringList> rows;
    for (const auto &[version, goes] : all) {
        rows << QStringList{QString::number(version->version),
                            version->timestampMillis
                                ? QDateTime::fromMSecsSinceEpoch(*version->timestampMillis, Qt::UTC)
                                      .toString(Qt::ISODate)
                                : QString(),
                            goes ? tr("goes") : tr("stays"), reason(*version)};
    }
    return rows;
}

QStringList CleanupPlanText::fileHeaders()
{
    return {tr("File"), tr("Kind"), tr("Size"), tr("Last used by")};
}

QStringList CleanupPlanText::fileRow(const api::CleanupFile &file)
{
    return {file.path, file.kind, QLocale().formattedDataSize(file.size),
            file.lastUsedVersion ? tr("version %1").arg(*file.lastUsedVersion) : tr("no version")};
}

QString CleanupPlanText::outcome(const api::CleanupTableResponse &done)
{
    QString text
        = tr("Removed %1 and %2.")
              .arg(versionsText(done.versionsRemoved), TableHealthText::tally(done.removed));
    if (!done.failedFiles.isEmpty()) {
        text += u' '
                + tr("%n file(s) could not be removed; the next cleanup tries again.", nullptr,
                     int(done.failedFiles.size()));
    }
    return text;
}

} // namespace lance::details
