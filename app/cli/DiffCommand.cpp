// SPDX-License-Identifier: Apache-2.0
#include "DiffCommand.h"

#include "details/ManifestAccess.h"
#include "format/VersionDiffReport.h"
#include "format/VersionDiffer.h"

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
        const auto facts = details::ManifestAccess(invocation().pathMapping).read(result->version);
        if (!facts) {
            fail(facts.error());
            return;
        }
        m_facts << *facts;
        if (m_facts.size() < m_versions.size()) {
            describe(m_versions.at(m_facts.size()));
        } else {
            compare();
        }
    });
}

void DiffCommand::compare()
{
    const engine::VersionDetails::Facts &from = m_facts.first();
    const engine::VersionDetails::Facts &to = m_facts.last();
    const format::VersionDiffReport report(
        format::VersionDiffer::compare(from.manifest, to.manifest, to.transaction));
    if (invocation().json) {
        printJson(report.json());
    } else {
        out() << report.text();
    }
    succeed();
}

} // namespace lance::cli
