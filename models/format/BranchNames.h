// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace lance::format {

/// What a branch this catalog creates may be called, and the name of its file in
/// `_refs/branches/`. A name becomes a folder path (`tree/<name>`), so it is checked here
/// before any file is touched.
///
/// The rules are Lance's (docs/src/format/table/branch_tag.md: segments split on `/`, none
/// empty, no `..` or `\`, not ending in `.lock`, not `main`), narrowed to ASCII letters, digits,
/// `.`, `-` and `_` in a segment, no segment that is only `.`, and no part after the first
/// named like a folder a branch keeps (`data`, `_versions`, `_transactions`, `_deletions`,
/// `_indices`: `dev/data` would live inside `dev`'s data). Lance also takes other
/// Unicode letters, but how it spells them in the file name is not written down, and a branch
/// Lance could not find by its name would be worse than one refused here. Branches LanceDB made
/// with such names are still listed (BranchRefs decodes any percent-encoding).
class BranchNames
{
    Q_DECLARE_TR_FUNCTIONS(BranchNames)

public:
    BranchNames() = delete;

    /// Nothing when `name` may be created; otherwise InvalidInput saying what is wrong.
    static api::Result<void> check(const QString &name);
    /// `<name>.json` with each `/` written `%2F`, as Lance names the branch's file.
    static QString refFileName(const QString &name);

    /// The folders a branch keeps under `tree/<name>/`, as Lance lays a branch out.
    static const QStringList &ownFolders();

    static constexpr qsizetype MaxLength = 200;
};

} // namespace lance::format
