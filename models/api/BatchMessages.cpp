// SPDX-License-Identifier: Apache-2.0
#include "api/BatchMessages.h"

using namespace Qt::StringLiterals;

namespace lance::api {

namespace {

// CommitTableOperation and CommitTableResult list their kinds in the same order, so the variant
// index names the kind for both.
QString keyForIndex(std::size_t index)
{
    static const QString Keys[] = {u"declare_table"_s, u"create_table_version"_s,
                                   u"delete_table_versions"_s, u"deregister_table"_s};
    static_assert(std::variant_size_v<CommitTableOperation> == std::size(Keys));
    static_assert(std::variant_size_v<CommitTableResult> == std::size(Keys));
    return Keys[index];
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
