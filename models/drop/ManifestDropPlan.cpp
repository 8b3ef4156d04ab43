// SPDX-License-Identifier: Apache-2.0
#include "drop/ManifestDropPlan.h"

#include <algorithm>

namespace lance::drop {

bool ManifestDropPlan::needsMapping() const
{
    return std::any_of(problems.begin(), problems.end(),
                       [](const Problem &p) { return p.kind == Problem::Kind::NeedsMapping; });
}

QStringList ManifestDropPlan::unmappedPaths() const
{
    QStringList paths;
    for (const Problem &problem : problems) {
        if (problem.kind == Problem::Kind::NeedsMapping) {
            paths.append(problem.path);
        }
    }
    return paths;
}

QStringList ManifestDropPlan::problemMessages() const
{
    QStringList messages;
    for (const Problem &problem : problems) {
        messages.append(problem.message);
    }
    return messages;
}

api::BatchCommitTablesRequest ManifestDropPlan::toBatchCommitRequest() const
{
    api::BatchCommitTablesRequest request;
    request.operations = operations;
    return request;
}

} // namespace lance::drop
