// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CommonTypes.h"
#include "api/Result.h"

#include <QCoreApplication>
#include <QMap>

#include <optional>

namespace lance::format {

/// The branches of a Lance dataset, as Lance keeps them: one JSON file a branch in
/// `<dataset>/_refs/branches/`, named after the branch with `/` and other characters
/// percent-encoded (`dev%2Ffix.json` is the branch `dev/fix`), holding `parentBranch` (null for
/// main), `parentVersion`, `createAt` (Unix seconds), `manifestSize` and `metadata` (Lance 8
/// also writes `identifier`, which the catalog does not answer). A branch's versions are the
/// manifests in `<dataset>/tree/<branch>/_versions/`.
class BranchRefs
{
    Q_DECLARE_TR_FUNCTIONS(BranchRefs)

public:
    BranchRefs() = delete;

    /// Every branch of the dataset in `datasetFolder`, by name; none without `_refs/branches`.
    /// A file that is not a branch's JSON is refused with its name and what is wrong.
    static api::Result<QMap<QString, api::BranchContents>> read(const QString &datasetFolder);
    /// The branch a file of `_refs/branches/` (or a tag's of `_refs/tags/`) is for, from its
    /// name: `dev%2Ffix.json` is `dev/fix`. Nothing for a name that is not `*.json`.
    static std::optional<QString> nameOfRefFile(const QString &fileName);
    /// A branch's ref file, `json`, read from `where` (named in the refusal).
    static api::Result<api::BranchContents> parse(const QByteArray &json, const QString &where);
    /// The branch a tag's file of `_refs/tags/` names, if it names one.
    static std::optional<QString> branchOfTag(const QByteArray &json);
    /// A ref file is a few hundred bytes; one this large is not one.
    static constexpr qint64 MaxRefBytes = 1024 * 1024;
    /// The tags Lance itself keeps in `<dataset>/_refs/tags/` (LanceDB's `tags.create`) that
    /// name a version of `branch`, sorted: they would point at nothing once it is deleted. A
    /// tag file that cannot be read names no branch here.
    static QStringList lanceTagsOn(const QString &datasetFolder, const QString &branch);
    /// `<dataset>/tree/<branch>`: where the branch's own `_versions/` and data are.
    static QString branchFolder(const QString &datasetFolder, const QString &branch);
    /// The versions in each branch's `_versions/`, by branch, for recording a table that is
    /// found or registered. Branch files that cannot be read give none here (their listing says
    /// why), so that a damaged branch never keeps the table's main versions out.
    static QMap<QString, QList<api::TableVersion>> versionsOfBranches(const QString &datasetFolder);
};

} // namespace lance::format
