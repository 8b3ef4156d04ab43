// SPDX-License-Identifier: Apache-2.0
#include "CleanupCommand.h"

#include "TextTable.h"
#include "api/JsonCodec.h"
#include "details/CleanupPlanText.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace lance::cli {

void CleanupCommand::start()
{
    const auto table = identifierArgument(0, false);
    if (!table) {
        fail(table.error());
        return;
    }
    m_table = *table;
    m_name = table->toString(invocation().delimiter);
    m_policy.olderThanSeconds = invocation().olderThanSeconds;
    m_policy.keepLatest = invocation().keepLatest;
    m_policy.beforeVersion = invocation().beforeVersion;
    m_policy.deleteUnverified = invocation().deleteUnverified;
    if (!m_policy.olderThanSeconds && !m_policy.keepLatest && !m_policy.beforeVersion) {
        fail(api::ApiError::invalidInput(
            tr("Say which versions go: --older-than DURATION, --keep N or --before VERSION.")));
        return;
    }
    api::PlanTableCleanupRequest request;
    request.id = m_table;
    request.policy = m_policy;
    service().call(request, this, [this](api::Result<api::PlanTableCleanupResponse> result) {
        if (!result) {
            fail(result.error());
            return;
        }
        preview(*result);
        const bool nothing = result->removedVersions.isEmpty() && result->files.isEmpty();
        if (nothing || invocation().dryRun || (invocation().json && !invocation().yes)) {
            if (!nothing && !invocation().json) {
                out() << tr("Nothing was removed (a preview).") << u'\n';
            }
            succeed();
            return;
        }
        if (!invocation().yes && !confirmed(*result)) {
            fail(api::ApiError::invalidInput(
                tr("Nothing was removed: the table's name was not typed (--yes applies the "
                   "cleanup without asking).")));
            return;
        }
        apply(*result);
    });
}

void CleanupCommand::preview(const api::PlanTableCleanupResponse &plan)
{
    using Text = details::CleanupPlanText;
    if (invocation().json) {
        // With --yes the plan is printed with what applying it did, as one object.
        m_planJson = api::json::encode(withoutHeaderContext(plan));
        if (!invocation().yes) {
            printJson(m_planJson);
        }
        return;
    }
    out() << tr("Cleanup of %1: %2").arg(m_name, Text::summary(plan)) << u"\n\n"_s;
    TextTable versions(TextTable::capitals(Text::versionHeaders()));
    for (const QStringList &row : Text::versionRows(plan)) {
        versions.addRow(row);
    }
    versions.print(out());
    if (!plan.files.isEmpty()) {
        out() << u'\n';
        TextTable files(TextTable::capitals(Text::fileHeaders()));
        for (const api::CleanupFile &file : plan.files) {
            files.addRow(Text::fileRow(file));
        }
        files.print(out());
    }
    for (const QString &warning : plan.warnings) {
        out() << u'\n' << tr("Note: %1").arg(warning);
    }
    out() << u"\n\n"_s << tr("Plan %1.").arg(plan.planId) << u'\n';
    out().flush();
}

bool CleanupCommand::confirmed(const api::PlanTableCleanupResponse &plan)
{
    QTextStream prompt(stderr);
    prompt << tr("To remove these %1 files for good, type the table's name (%2): ")
                  .arg(plan.files.size())
                  .arg(m_name);
    prompt.flush();
    QFile input;
    if (!input.open(stdin, QIODevice::ReadOnly)) {
        return false;
    }
    return QString::fromUtf8(input.readLine()).trimmed() == m_name;
}

void CleanupCommand::apply(const api::PlanTableCleanupResponse &plan)
{
    api::CleanupTableRequest request;
    request.id = m_table;
    request.policy = m_policy;
    request.planId = plan.planId;
    service().call(request, this, [this](api::Result<api::CleanupTableResponse> result) {
        if (!result) {
            fail(result.error());
            return;
        }
        if (invocation().json) {
            QJsonObject both;
            both.insert(u"plan"_s, QJsonDocument::fromJson(m_planJson).object());
            both.insert(
                u"cleanup"_s,
                QJsonDocument::fromJson(api::json::encode(withoutHeaderContext(*result))).object());
            printJson(QJsonDocument(both).toJson(QJsonDocument::Compact));
        } else {
            out() << details::CleanupPlanText::outcome(*result) << u'\n';
            for (const QString &failure : result->failedFiles) {
                out() << u"  " << failure << u'\n';
            }
        }
        if (!result->failedFiles.isEmpty()) {
            fail(api::ApiError::catalog(api::ErrorCode::Internal,
                                        tr("Some files of %1 could not be removed.").arg(m_name)));
            return;
        }
        succeed();
    });
}

} // namespace lance::cli
