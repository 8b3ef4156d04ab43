// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "CliCommand.h"

namespace lance::cli {

/// `schema TABLE [--version N]`: the fields of a version (the latest by default) as a tree,
/// with type, nullability, Lance's field id and metadata. The manifest is read here where it
/// is reachable (details::ManifestAccess): only it knows field ids. Otherwise the server's
/// DescribeTable with `load_detailed_metadata` answers, without ids.
class SchemaCommand : public CliCommand
{
    Q_OBJECT

public:
    using CliCommand::CliCommand;
    void start() override;

private:
    void askServer(const QString &whyNotHere);
    void print(qint64 version, const api::JsonArrowSchema &schema, const QString &source);

    api::Identifier m_table;
    std::optional<qint64> m_version;
};

} // namespace lance::cli
