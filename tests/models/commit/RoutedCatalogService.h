// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CatalogService.h"

namespace lance::test {

/// Two real services behind one CatalogService: BatchCommitTables goes to `commits` (a REST
/// client on a test server that fails on demand), every other call to `reads` (the real
/// catalog). So a test can make the batch fail in a way no real server does on demand (a 409
/// without the failing index) while the follow-up reads see a real catalog's state. It answers
/// nothing itself.
class RoutedCatalogService : public api::CatalogService
{
public:
    RoutedCatalogService(api::CatalogService &reads, api::CatalogService &commits)
        : m_reads(reads)
        , m_commits(commits)
    {}

    api::RequestHandle start(api::ServiceCall call) override
    {
        api::CatalogService &to = call.is<api::BatchCommitTablesRequest>() ? m_commits : m_reads;
        return to.start(std::move(call));
    }
    QString location() const override { return m_reads.location(); }

private:
    api::CatalogService &m_reads;
    api::CatalogService &m_commits;
};

} // namespace lance::test
