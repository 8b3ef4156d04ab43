// SPDX-License-Identifier: Apache-2.0
#include "DiffCommand.h"

#include "details/VersionComparer.h"

#include <QTextStream>

namespace lance::cli {

void DiffCommand::start()
{
    const auto id = identifierArgument(0, false);
    if (!id) {
        fail(id.error());
        return;
    }
    m_table = *id;
    for (const qsizetype index : {1, 2}) {
        const auto version = versionArgument(index);
        if (!version) {
            fail(version.error());
            return;
        }
        m_versions << *version;
    }
    describe(m_versions.first());
}

void DiffCommand::describe(qint64 version)
{
    api::DescribeTableVersionRequest request;
    request.id = m_table;
    request.version = version;
    service().call(request, this, [this](api::Result<api::DescribeTableVersionResponse> result) {
        if (!result) {
            fail(result.error());
            return;
        }
        m_records << result->version;
        if (m_records.size() < m_versions.size()) {
            describe(m_versions.at(m_records.size()));
        } else {
            compare();
        }
    });
}

void DiffCommand::compare()
{
    withManifestAccess(m_table,
                       [this](const details::ManifestAccess &access) { compareWith(access); });
}

void DiffCommand::compareWith(const details::ManifestAccess &access)
{
    const auto report
        = details::VersionComparer::compare(access, m_records.first(), m_records.last());
    if (!report) {
        fail(report.error());
        return;
    }
    if (invocation().json) {
        printJson(report->json());
    } else {
        out() << report->text();
    }
    succeed();
}

} // namespace lance::cli
