// SPDX-License-Identifier: Apache-2.0
#include "engine/BranchFiles.h"

#include "api/FileSync.h"
#include "engine/EngineLogging.h"
#include "engine/NoReplaceMove.h"
#include "format/BranchNames.h"
#include "format/BranchRefs.h"
#include "format/LocalPaths.h"
#include "format/ManifestBrancher.h"
#include "format/ManifestFiles.h"
#include "format/ManifestReader.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUuid>

#include <algorithm>

using namespace Qt::StringLiterals;
using namespace lance::api;

namespace lance::engine {

namespace {

const QString RefsFolder = u"_refs/branches"_s;
const QString TransactionsFolder = u"_transactions"_s;

ApiError fileProblem(const QString &what, const QString &path)
{
    return ApiError::catalog(ErrorCode::Internal, what.arg(QDir::toNativeSeparators(path)));
}

} // namespace

QString BranchFiles::refFile(const QString &datasetFolder, const QString &name)
{
    return QDir(datasetFolder).filePath(RefsFolder + u'/' + format::BranchNames::refFileName(name));
}

ApiError BranchFiles::alreadyExists(const QString &name)
{
    return ApiError::catalog(ErrorCode::TableBranchAlreadyExists,
                             tr("The table has a branch \"%1\" already.").arg(name));
}

Result<bool> BranchFiles::claim(const QString &staged, const QString &target,
                                const QByteArray &content)
{
    if (auto written = FileSync::write(staged, content); !written) {
        QFile::remove(staged);
        return written.error();
    }
    const auto moved = NoReplaceMove::move(staged, target);
    if (!moved || *moved == NoReplaceMove::Outcome::TargetExists) {
        QFile::remove(staged);
        if (!moved) {
            return moved.error();
        }
        return false;
    }
    if (auto synced = FileSync::renamed(staged, target); !synced) {
        return synced.error();
    }
    return true;
}

QByteArray BranchFiles::refJson(const QString &datasetFolder, const std::optional<QString> &parent,
                                const BranchContents &contents)
{
    // Lance 8 keeps, per branch, the versions it grew from with an id each: the parent's list
    // and then this branch's start.
    QJsonArray mapping;
    if (parent) {
        QFile in(refFile(datasetFolder, *parent));
        if (in.open(QIODevice::ReadOnly)) {
            mapping = QJsonDocument::fromJson(in.readAll())
                          .object()
                          .value(u"identifier"_s)
                          .toObject()
                          .value(u"version_mapping"_s)
                          .toArray();
        }
    }
    mapping.append(QJsonArray{contents.parentVersion,
                              QString::fromLatin1(QUuid::createUuid().toByteArray(QUuid::Id128))});
    QJsonObject ref;
    ref.insert(u"parentBranch"_s, parent ? QJsonValue(*parent) : QJsonValue(QJsonValue::Null));
    ref.insert(u"identifier"_s, QJsonObject{{u"version_mapping"_s, mapping}});
    ref.insert(u"parentVersion"_s, contents.parentVersion);
    ref.insert(u"createAt"_s, contents.createAt);
    ref.insert(u"manifestSize"_s, contents.manifestSize);
    ref.insert(u"metadata"_s, QJsonObject{});
    return QJsonDocument(ref).toJson(QJsonDocument::Indented);
}

Result<BranchFiles::Created> BranchFiles::create(const QString &datasetFolder, const QString &name,
                                                 const std::optional<QString> &sourceBranch,
                                                 const QString &sourceManifest)
{
    const QString ref = refFile(datasetFolder, name);
    if (QFileInfo::exists(ref)) {
        return alreadyExists(name);
    }
    const QDir branch(format::BranchRefs::branchFolder(datasetFolder, name));
    const QDir versions(branch.filePath(format::ManifestFiles::VersionsFolder));
    if (!versions.isEmpty(QDir::Files | QDir::NoDotAndDotDot)) {
        // What a create that did not finish left, or files of a branch Lance lost track of:
        // never written over.
        return ApiError::catalog(
            ErrorCode::InvalidTableState,
            tr("No branch \"%1\" exists, but %2 holds versions already: another create of "
               "this branch is under way, or one did not finish. If it stays so, move that folder "
               "away or choose another name.")
                .arg(name, QDir::toNativeSeparators(versions.path())));
    }
    const auto bytes = format::ManifestReader::readBytes(sourceManifest);
    if (!bytes) {
        return bytes.error();
    }
    const QString sourceRoot = QDir::cleanPath(
        QFileInfo(sourceBranch ? format::BranchRefs::branchFolder(datasetFolder, *sourceBranch)
                               : datasetFolder)
            .absoluteFilePath());
    const QString uuid = QUuid::createUuid().toString(QUuid::WithoutBraces);
    const auto now = std::chrono::system_clock::now().time_since_epoch();
    const auto branched = format::ManifestBrancher::branch(
        {*bytes, QDir::toNativeSeparators(sourceManifest), sourceBranch, sourceRoot}, name, uuid,
        now);
    if (!branched) {
        return branched.error();
    }

    if (!branch.mkpath(format::ManifestFiles::VersionsFolder)
        || !branch.mkpath(TransactionsFolder)) {
        return fileProblem(tr("The folder %1 cannot be created."), branch.path());
    }
    const QString transactionFile
        = branch.filePath(TransactionsFolder + u'/' + branched->transactionFileName);
    const QString manifestFile = versions.filePath(
        format::ManifestFiles::finalName(branched->version, ManifestNamingScheme::V2));
    const QString hintFile = versions.filePath(u"latest_version_hint.json"_s);
    // The transaction's name is this creator's own; the manifest is claimed without replacing,
    // so of two creators of one name the second stops here and removes only its own files.
    if (auto written = FileSync::write(transactionFile, branched->transaction); !written) {
        QFile::remove(transactionFile);
        return written.error();
    }
    const auto claimed = claim(manifestFile + u'-' + uuid, manifestFile, branched->manifest);
    if (!claimed || !*claimed) {
        QFile::remove(transactionFile);
        if (!claimed) {
            return claimed.error();
        }
        return alreadyExists(name);
    }
    const auto undo = [&] {
        for (const QString &file : {hintFile, manifestFile, transactionFile}) {
            QFile::remove(file);
        }
    };
    if (auto written
        = FileSync::write(hintFile, u"{\"version\":%1}"_s.arg(branched->version).toUtf8());
        !written) {
        undo();
        return written.error();
    }

    Created created;
    created.transactionId = uuid;
    created.contents.parentBranch = sourceBranch;
    created.contents.parentVersion = branched->version;
    created.contents.createAt = std::chrono::duration_cast<std::chrono::seconds>(now).count();
    created.contents.manifestSize = bytes->size();
    const auto facts = format::ManifestFiles::stat(manifestFile);
    Q_ASSERT(facts); // just written
    created.version = format::ManifestFiles::record(branched->version, manifestFile, *facts);

    QDir refs(QDir(datasetFolder).filePath(RefsFolder));
    if (!refs.mkpath(u"."_s)) {
        undo();
        return fileProblem(tr("The folder %1 cannot be created."), refs.path());
    }
    // Not *.json, so never taken for a branch, even when a crash leaves it behind.
    const auto moved = claim(refs.filePath(u".%1-%2.tmp"_s.arg(QFileInfo(ref).fileName(), uuid)),
                             ref, refJson(datasetFolder, sourceBranch, created.contents));
    if (!moved || !*moved) {
        undo();
        if (!moved) {
            return moved.error();
        }
        return alreadyExists(name);
    }
    return created;
}

Result<void> BranchFiles::remove(const QString &datasetFolder, const QString &name,
                                 const QStringList &branches)
{
    const QString ref = refFile(datasetFolder, name);
    if (!QFileInfo::exists(ref)) {
        return ApiError::catalog(ErrorCode::TableBranchNotFound,
                                 tr("The table has no branch \"%1\".").arg(name));
    }
    // The reference first: from then on no reader finds the branch, whatever happens to the
    // rest.
    if (!QFile::remove(ref)) {
        return fileProblem(tr("The branch file %1 cannot be removed."), ref);
    }
    if (auto synced = FileSync::folder(QFileInfo(ref).absolutePath()); !synced) {
        return synced;
    }
    // What a branch of its own holds under tree/<name>/; anything else there belongs to a
    // branch named below it. A folder that holds such a branch (Lance names like `dev/data`,
    // which this catalog does not create) is left as it is.
    QStringList below;
    for (const QString &other : branches) {
        if (other.startsWith(name + u'/')) {
            below << other.mid(name.size() + 1);
        }
    }
    QDir branch(format::BranchRefs::branchFolder(datasetFolder, name));
    for (const QString &folder : format::BranchNames::ownFolders()) {
        if (std::any_of(below.cbegin(), below.cend(), [&](const QString &other) {
                return other == folder || other.startsWith(folder + u'/');
            })) {
            continue;
        }
        QDir own(branch.filePath(folder));
        if (own.exists() && !own.removeRecursively()) {
            // The branch is gone already (its ref is): what is left is unused, not a failure.
            qCWarning(lcEngine).noquote()
                << tr("Branch \"%1\" was deleted, but its folder %2 could not be removed "
                      "completely; what is left there is no longer used.")
                       .arg(name, QDir::toNativeSeparators(own.path()));
        }
    }
    // Folders left empty, up to tree/ itself.
    const QString tree = QDir::cleanPath(QDir(datasetFolder).filePath(u"tree"_s));
    for (QDir folder = branch; QDir::cleanPath(folder.path()).startsWith(tree);) {
        const QString path = folder.path();
        if (!folder.cdUp() || !folder.rmdir(QFileInfo(path).fileName())) {
            break;
        }
    }
    return {};
}

} // namespace lance::engine
