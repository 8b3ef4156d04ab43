// SPDX-License-Identifier: Apache-2.0
#include "engine/BranchFiles.h"

#include "api/FileSync.h"
#include "engine/EngineLogging.h"
#include "engine/TableStores.h"
#include "format/BranchNames.h"
#include "format/BranchRefs.h"
#include "format/ManifestBrancher.h"
#include "format/ManifestFiles.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QUuid>

#include <algorithm>

using namespace Qt::StringLiterals;
using namespace lance::api;
using lance::storage::CallControl;
using lance::storage::StorageError;

namespace lance::engine {

namespace {

const QString BranchRefsFolder = u"_refs/branches/"_s;
const QString TagRefsFolder = u"_refs/tags/"_s;
const QString TransactionsFolder = u"_transactions/"_s;
const QString HintFile = u"latest_version_hint.json"_s;

QString refKey(const TableFolder &table, const QString &name)
{
    return table.key(BranchRefsFolder + format::BranchNames::refFileName(name));
}

QString versionsKey(const TableFolder &folder)
{
    return folder.key(format::ManifestFiles::VersionsFolder + u'/');
}

// The ref objects directly in `folder` (Lance lists them flat: one in a subfolder is no
// branch's or tag's), by the name they are for.
storage::StorageResult<QMap<QString, QString>> refsIn(const TableFolder &table,
                                                      const QString &folder)
{
    auto objects = table.listAll(folder, CallControl());
    if (!objects) {
        return objects.error();
    }
    QMap<QString, QString> refs;
    const QString prefix = table.key(folder);
    for (const storage::ObjectMeta &object : std::as_const(*objects)) {
        const QString file = object.key.mid(prefix.size());
        // Lance's ref names never start with a dot; macOS's `._x.json` and our own temporary
        // files do.
        if (file.contains(u'/') || file.startsWith(u'.')) {
            continue;
        }
        if (const std::optional<QString> name = format::BranchRefs::nameOfRefFile(file)) {
            refs.insert(*name, object.key);
        }
    }
    return refs;
}

} // namespace

ApiError BranchFiles::alreadyExists(const QString &name)
{
    return ApiError::catalog(ErrorCode::TableBranchAlreadyExists,
                             tr("The table has a branch \"%1\" already.").arg(name));
}

Result<QMap<QString, BranchContents>> BranchFiles::read(const TableFolder &table)
{
    const auto refs = refsIn(table, BranchRefsFolder);
    if (!refs) {
        return TableStores::refusal(refs.error());
    }
    QMap<QString, BranchContents> branches;
    for (auto it = refs->cbegin(); it != refs->cend(); ++it) {
        const auto read = table.store().read(it.value(), CallControl());
        if (!read) {
            if (read.error().kind() == StorageError::Kind::NotFound) {
                continue; // deleted since the listing
            }
            return TableStores::refusal(read.error());
        }
        auto contents = format::BranchRefs::parse(read->bytes, table.readable(it.value()));
        if (!contents) {
            // A ref Lance could not read either: the table's state, not the request, is wrong.
            return ApiError::catalog(ErrorCode::InvalidTableState, contents.error().userMessage());
        }
        branches.insert(it.key(), *contents);
    }
    return branches;
}

bool BranchFiles::exists(const TableFolder &table, const QString &name)
{
    return table.store().stat(refKey(table, name), CallControl()).hasValue();
}

Result<QStringList> BranchFiles::lanceTagsOn(const TableFolder &table, const QString &branch)
{
    const auto refs = refsIn(table, TagRefsFolder);
    if (!refs) {
        return TableStores::refusal(refs.error());
    }
    QStringList tags;
    for (auto it = refs->cbegin(); it != refs->cend(); ++it) {
        const auto read = table.store().read(it.value(), CallControl());
        // A tag that cannot be read names no branch here.
        if (read && read->bytes.size() <= format::BranchRefs::MaxRefBytes
            && format::BranchRefs::branchOfTag(read->bytes) == branch) {
            tags << it.key();
        }
    }
    return tags;
}

QByteArray BranchFiles::refJson(const TableFolder &table, const std::optional<QString> &parent,
                                const BranchContents &contents)
{
    // Lance 8 keeps, per branch, the versions it grew from with an id each: the parent's list
    // and then this branch's start.
    QJsonArray mapping;
    if (parent) {
        if (const auto read = table.store().read(refKey(table, *parent), CallControl())) {
            mapping = QJsonDocument::fromJson(read->bytes)
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

Result<BranchFiles::Created> BranchFiles::create(const TableFolder &table, const QString &name,
                                                 const std::optional<QString> &sourceBranch,
                                                 const QString &sourceManifest)
{
    storage::ObjectStore &store = table.store();
    const CallControl control;
    const QString ref = refKey(table, name);
    if (const auto there = store.stat(ref, control); there) {
        return alreadyExists(name);
    } else if (there.error().kind() != StorageError::Kind::NotFound) {
        return TableStores::refusal(there.error());
    }
    const TableFolder branch = table.branch(name);
    const auto leftovers = store.list(versionsKey(branch), {}, {}, 1, control);
    if (!leftovers) {
        return TableStores::refusal(leftovers.error());
    }
    if (!leftovers->objects.isEmpty()) {
        // What a create that did not finish left, or files of a branch Lance lost track of:
        // never written over.
        return ApiError::catalog(
            ErrorCode::InvalidTableState,
            tr("No branch \"%1\" exists, but %2 holds versions already: another create of "
               "this branch is under way, or one did not finish. If it stays so, move that folder "
               "away or choose another name.")
                .arg(name, table.readable(versionsKey(branch))));
    }
    const auto source = store.read(sourceManifest, control);
    if (!source) {
        if (source.error().kind() == StorageError::Kind::NotFound) {
            // Recorded, but gone: the table's state, not the request, is wrong.
            return ApiError::catalog(ErrorCode::InvalidTableState,
                                     tr("The manifest %1, where the branch is to start, is "
                                        "missing.")
                                         .arg(table.readable(sourceManifest)));
        }
        return TableStores::refusal(source.error());
    }
    const QString sourceRoot = (sourceBranch ? table.branch(*sourceBranch) : table).root();
    const QString uuid = QUuid::createUuid().toString(QUuid::WithoutBraces);
    const auto now = std::chrono::system_clock::now().time_since_epoch();
    const auto branched = format::ManifestBrancher::branch(
        {source->bytes, table.readable(sourceManifest), sourceBranch, sourceRoot}, name, uuid, now);
    if (!branched) {
        return branched.error();
    }

    const QString transactionKey = branch.key(TransactionsFolder + branched->transactionFileName);
    const QString manifestKey
        = versionsKey(branch)
          + format::ManifestFiles::finalName(branched->version, ManifestNamingScheme::V2);
    const QString hintKey = versionsKey(branch) + HintFile;
    const auto undo = [&](const QStringList &keys) {
        for (const QString &key : keys) {
            if (auto removed = store.remove(key, control); !removed) {
                qCWarning(lcEngine).noquote() << removed.error().message();
            }
        }
    };
    // The transaction's name is this creator's own; the manifest is claimed only if absent, so
    // of two creators from one version the second stops here and removes only its own files.
    if (auto written = store.createOrConfirm(transactionKey, branched->transaction, control);
        !written) {
        return TableStores::refusal(written.error());
    }
    const auto claimed = store.createOrConfirm(manifestKey, branched->manifest, control);
    if (!claimed) {
        undo({transactionKey});
        if (claimed.error().kind() == StorageError::Kind::AlreadyExists) {
            return alreadyExists(name);
        }
        return TableStores::refusal(claimed.error());
    }

    Created created;
    created.transactionId = uuid;
    created.contents.parentBranch = sourceBranch;
    created.contents.parentVersion = branched->version;
    created.contents.createAt = std::chrono::duration_cast<std::chrono::seconds>(now).count();
    created.contents.manifestSize = source->bytes.size();
    created.version.version = branched->version;
    created.version.manifestPath = table.recordedPath(manifestKey);
    created.version.manifestSize = branched->manifest.size();
    created.version.eTag = claimed->eTag;
    // The time the manifest records, as for every other version.
    created.version.timestampMillis
        = std::chrono::duration_cast<std::chrono::milliseconds>(now).count();

    // The ref decides: of two creators (from other versions too) the one whose ref is there
    // has the branch; the other takes back its own files.
    const auto placed
        = store.createOrConfirm(ref, refJson(table, sourceBranch, created.contents), control);
    if (!placed) {
        if (placed.error().kind() == StorageError::Kind::AlreadyExists) {
            undo({manifestKey, transactionKey});
            return alreadyExists(name);
        }
        if (const auto there = store.stat(ref, control);
            !there && there.error().kind() == StorageError::Kind::NotFound) {
            undo({manifestKey, transactionKey});
        } else {
            // The ref may be this creator's own, written with its answer lost: its files stay,
            // so that it never names a manifest that is gone.
            qCWarning(lcEngine).noquote()
                << tr("Branch \"%1\": whether %2 was written is not known; its files stay.")
                       .arg(name, table.readable(ref));
        }
        return TableStores::refusal(placed.error());
    }
    if (table.isLocal()) {
        if (auto synced = FileSync::folder(table.key(BranchRefsFolder)); !synced.hasValue()) {
            qCWarning(lcEngine).noquote() << synced.error().userMessage();
        }
    }
    // A hint only (Lance lists `_versions/` when it is wrong), written by the creator that has
    // the branch; one a removal left behind is replaced.
    undo({hintKey});
    if (auto written = store.createIfAbsent(
            hintKey, u"{\"version\":%1}"_s.arg(branched->version).toUtf8(), control);
        !written && written.error().kind() != StorageError::Kind::AlreadyExists) {
        qCWarning(lcEngine).noquote() << written.error().message();
    }
    return created;
}

Result<void> BranchFiles::remove(const TableFolder &table, const QString &name,
                                 const QStringList &branches)
{
    storage::ObjectStore &store = table.store();
    const CallControl control;
    const QString ref = refKey(table, name);
    if (const auto there = store.stat(ref, control); !there) {
        if (there.error().kind() == StorageError::Kind::NotFound) {
            return ApiError::catalog(ErrorCode::TableBranchNotFound,
                                     tr("The table has no branch \"%1\".").arg(name));
        }
        return TableStores::refusal(there.error());
    }
    // The reference first: from then on no reader finds the branch, whatever happens to the
    // rest.
    if (auto removed = store.remove(ref, control); !removed) {
        return TableStores::refusal(removed.error());
    }
    // What a branch of its own holds under tree/<name>/; anything else there belongs to a
    // branch named below it. A folder that holds such a branch (Lance names like `dev/data`,
    // which this catalog does not create) is left as it is.
    QSet<QString> own;
    for (const QString &folder : format::BranchNames::ownFolders()) {
        const bool holdsBranch
            = std::any_of(branches.cbegin(), branches.cend(), [&](const auto &b) {
                  return b == name + u'/' + folder || b.startsWith(name + u'/' + folder + u'/');
              });
        if (!holdsBranch) {
            own.insert(folder);
        }
    }
    const TableFolder branch = table.branch(name);
    if (table.isLocal()) {
        // The ref's removal holds before anything else goes; the branch's own folders go whole.
        if (auto synced = FileSync::folder(table.key(BranchRefsFolder)); !synced.hasValue()) {
            return synced;
        }
        removeOwnFolders(table, name, own);
        return {};
    }
    const auto objects = branch.listAll({}, control);
    QStringList left;
    if (!objects) {
        left << objects.error().message();
    } else {
        for (const storage::ObjectMeta &object : std::as_const(*objects)) {
            const QString folder = object.key.mid(branch.prefix().size()).section(u'/', 0, 0);
            if (!own.contains(folder)) {
                continue;
            }
            if (auto removed = store.remove(object.key, control); !removed) {
                left << removed.error().message();
            }
        }
    }
    if (!left.isEmpty()) {
        // The branch is gone already (its ref is): what is left is unused, not a failure.
        qCWarning(lcEngine).noquote()
            << tr("Branch \"%1\" was deleted, but some of its files under %2 could not be "
                  "removed; what is left there is no longer used. %3")
                   .arg(name, table.readable(branch.prefix()), left.join(u' '));
    }
    return {};
}

void BranchFiles::removeOwnFolders(const TableFolder &table, const QString &name,
                                   const QSet<QString> &own)
{
    const QString branch = table.branch(name).prefix().chopped(1);
    for (const QString &folder : own) {
        QDir files(branch + u'/' + folder);
        if (files.exists() && !files.removeRecursively()) {
            // The branch is gone already (its ref is): what is left is unused, not a failure.
            qCWarning(lcEngine).noquote()
                << tr("Branch \"%1\" was deleted, but its folder %2 could not be removed "
                      "completely; what is left there is no longer used.")
                       .arg(name, QDir::toNativeSeparators(files.path()));
        }
    }
    // Folders left empty, up to tree/ itself.
    const QString tree = table.key(u"tree"_s);
    for (QString path = branch; path.startsWith(tree) && QDir().rmdir(path);) {
        path = path.section(u'/', 0, -2);
    }
}

} // namespace lance::engine
