// SPDX-License-Identifier: Apache-2.0
#include "format/ManifestReferences.h"

using namespace Qt::StringLiterals;

namespace lance::format {

namespace {

// The part of `path` after a branch's `tree/<branch>/`; `path` itself outside a branch. A
// branch's name may hold `/` (`tree/dev/fix/data/…`), so the table's own folder names decide
// where the branch's part ends.
QStringView inOwnFolder(QStringView path)
{
    if (!path.startsWith(u"tree/")) {
        return path;
    }
    static const QStringList ownFolders{u"data/"_s, u"_deletions/"_s, u"_indices/"_s,
                                        u"_versions/"_s, u"_transactions/"_s};
    for (qsizetype slash = path.indexOf(u'/', 5); slash >= 0;
         slash = path.indexOf(u'/', slash + 1)) {
        const QStringView rest = path.sliced(slash + 1);
        for (const QString &folder : ownFolders) {
            if (rest.startsWith(folder)) {
                return rest;
            }
        }
    }
    return path;
}

QString trimmedRoot(QString root)
{
    while (root.size() > 1 && root.endsWith(u'/')) {
        root.chop(1);
    }
    return root;
}

} // namespace

ManifestReferences::Kind ManifestReferences::kindOf(const QString &path)
{
    const QStringView own = inOwnFolder(path);
    if (own.startsWith(u"data/") && own.endsWith(u".lance")) {
        return Kind::Data;
    }
    if (own.startsWith(u"_deletions/") && (own.endsWith(u".arrow") || own.endsWith(u".bin"))) {
        return Kind::Deletion;
    }
    if (own.startsWith(u"_indices/") && own.indexOf(u'/', 9) > 9) {
        return Kind::Index;
    }
    if (own.startsWith(u"_versions/")
        && (own.endsWith(u".manifest") || own.startsWith(u"_versions/.tmp"))) {
        return Kind::Manifest;
    }
    if (own.startsWith(u"_transactions/") && own.endsWith(u".txn")) {
        return Kind::Transaction;
    }
    return Kind::Other;
}

QString ManifestReferences::indexFolderOf(const QString &path)
{
    const QStringView own = inOwnFolder(path);
    if (!own.startsWith(u"_indices/")) {
        return {};
    }
    const qsizetype end = own.indexOf(u'/', 9);
    if (end <= 9) {
        return {};
    }
    return path.first(path.size() - own.size() + end + 1);
}

QString ManifestReferences::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Data:
        return u"data"_s;
    case Kind::Deletion:
        return u"deletion"_s;
    case Kind::Index:
        return u"index"_s;
    case Kind::Manifest:
        return u"manifest"_s;
    case Kind::Transaction:
        return u"transaction"_s;
    case Kind::Other:
        break;
    }
    return u"other"_s;
}

QString ManifestReferences::deletionFileName(quint64 fragmentId,
                                             const ManifestContents::DeletionFile &file)
{
    return u"%1-%2-%3.%4"_s.arg(fragmentId)
        .arg(file.readVersion)
        .arg(file.id)
        .arg(file.fileType == 1 ? u"bin"_s : u"arrow"_s);
}

std::optional<QString> ManifestReferences::folderInTable(const QString &basePath,
                                                         const QString &tableRoot)
{
    const QString base = trimmedRoot(basePath);
    const QString root = trimmedRoot(tableRoot);
    if (base == root) {
        return QString();
    }
    if (base.startsWith(root + u'/')) {
        return base.sliced(root.size() + 1) + u'/';
    }
    return std::nullopt;
}

std::optional<QString> ManifestReferences::folderOf(const ManifestContents &manifest,
                                                    const std::optional<quint32> &baseId,
                                                    const QString &folder, const Place &place)
{
    if (!baseId) {
        return place.ownRoot + folder;
    }
    // A dataset root keeps Lance's folders (`data/`, …); any other base holds the files
    // themselves.
    for (const ManifestContents::BasePath &base : manifest.basePaths) {
        if (base.id == *baseId) {
            const auto inTable = folderInTable(base.path, place.tableRoot);
            if (!inTable) {
                return std::nullopt;
            }
            return base.isDatasetRoot ? *inTable + folder : *inTable;
        }
    }
    return std::nullopt;
}

} // namespace lance::format
