// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "CliCommand.h"

namespace lance::cli {

/// `namespace create NS [--property K=V]...` and `namespace drop NS [--cascade]`:
/// CreateNamespace (its parent must exist) and DropNamespace (Restrict unless --cascade, which
/// removes the catalog entries of everything in it; no table's data); `namespace set NS
/// [--property K=V]... [--unset K]...`: UpdateNamespaceProperties, this project's extension.
/// Applied at once.
class NamespaceCommand : public CliCommand
{
    Q_OBJECT

public:
    using CliCommand::CliCommand;
    void start() override;

private:
    void setProperties(const api::Identifier &ns);
};

} // namespace lance::cli
