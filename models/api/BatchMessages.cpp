// SPDX-License-Identifier: Apache-2.0
#include "api/BatchMessages.h"

#include "api/RecordKinds.h"

namespace lance::api {

namespace {

// CommitTableOperation and CommitTableResult list their kinds in the same order, so the variant
// index names the kind for both.
QString keyForIndex(std::size_t index)
{
    static_assert(std::variant_size_v<CommitTableOperation> == RecordKinds::BatchOperations.size());
    static_assert(std::variant_size_v<CommitTableResult> == RecordKinds::BatchOperations.size());
    return RecordKinds::text(RecordKinds::BatchOperations.at(index));
}

} // namespace

QString commitOperationKey(const CommitTableOperation &operation)
{
    return keyForIndex(operation.index());
}

QString commitResultKey(const CommitTableResult &result)
{
    return keyForIndex(result.index());
}

const Identifier &commitOperationTarget(const CommitTableOperation &operation)
{
    return std::visit([](const auto &request) -> const Identifier & { return request.id; },
                      operation);
}

} // namespace lance::api
