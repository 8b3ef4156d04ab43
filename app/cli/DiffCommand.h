// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "CliCommand.h"

namespace lance::cli {

/// `diff TABLE A B`: what changed from version A to version B (format::VersionDiffReport).
/// Asks the catalog where the two manifests are, then reads and compares them here; B may be
/// older than A (what going back would mean).
class DiffCommand : public CliCommand
{
    Q_OBJECT

public:
    using CliCommand::CliCommand;
    void start() override;

private:
    void describe(qint64 version);
    /// Reads both manifests where this machine reaches them (withManifestAccess()), then
    /// compares.
    void compare();
    void compareWith(const details::ManifestAccess &access);

    api::Identifier m_table;
    QList<qint64> m_versions;
    QList<api::TableVersion> m_records;
};

} // namespace lance::cli
