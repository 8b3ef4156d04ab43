// SPDX-License-Identifier: Apache-2.0
#include "details/StagedManifestCheck.h"

#include "format/LocalPaths.h"
#include "format/ManifestCheck.h"
#include "format/ManifestFiles.h"
#include "storage/CallControl.h"
#include "storage/ObjectStore.h"

#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace lance::details {

namespace {

// Whether `file` sits where Lance reads a version of `branch` (none or "main": the table's own
// `_versions/`, else `tree/<branch>/_versions/`), judged on the path alone.
bool inVersionsFolder(const QString &file, const std::optional<QString> &branch)
{
    const QString clean = QDir::cleanPath(QDir::fromNativeSeparators(file));
    const QFileInfo info(clean);
    const QString folder = info.absolutePath();
    if (QFileInfo(folder).fileName() != format::ManifestFiles::VersionsFolder) {
        return false;
    }
    const QString home = QFileInfo(folder).absolutePath();
    if (!branch || *branch == u"main"_s) {
        return true;
    }
    return home.endsWith(u"/tree/"_s + *branch);
}

} // namespace

std::optional<QString>
StagedManifestCheck::verdict(const api::Result<format::ManifestCheck::Checked> &checked,
                             const QString &shown, qint64 version)
{
    if (!checked) {
        return checked.error().userMessage();
    }
    if (checked->version != version) {
        return tr("The manifest %1 is of version %2, not %3.")
            .arg(shown)
            .arg(checked->version)
            .arg(version);
    }
    return std::nullopt;
}

std::optional<QString> StagedManifestCheck::problem(const ManifestAccess &access,
                                                    const api::CreateTableVersionRequest &request,
                                                    bool sameMachine)
{
    const std::optional<QString> local = access.localFile(request.manifestPath);
    if (!local) {
        return std::nullopt; // on a store, or a server's path this machine does not map
    }
    const QString shown = format::LocalPaths::readable(request.manifestPath);
    if (!inVersionsFolder(*local, request.branch)) {
        const bool onMain = !request.branch || *request.branch == u"main"_s;
        return onMain ? tr("The manifest %1 is not in a _versions folder: Lance reads a version "
                           "only from its table's _versions/, and the catalog refuses any other.")
                            .arg(shown)
                      : tr("The manifest %1 is not in tree/%2/_versions/: Lance reads a version "
                           "of branch %2 only from there, and the catalog refuses any other.")
                            .arg(shown, *request.branch);
    }
    if (!QFileInfo::exists(*local)) {
        // A server elsewhere may hold the file at the same path: only the catalog can tell.
        return sameMachine ? std::optional(tr("The manifest %1 does not exist.").arg(shown))
                           : std::nullopt;
    }
    return verdict(format::ManifestCheck::check(*local), shown, request.version);
}

std::optional<QString>
StagedManifestCheck::problemOnStore(const ManifestAccess &access,
                                    const api::CreateTableVersionRequest &request)
{
    const engine::TableStores::Table *store = access.store();
    if (!store || (request.branch && *request.branch != u"main"_s)) {
        return std::nullopt;
    }
    const api::Result<QString> key = access.versionsKeyOnStore(request.manifestPath);
    if (!key) {
        return key.error().userMessage();
    }
    const QString uri = store->store->uriOf(*key).toString();
    const auto read = store->store->read(*key, storage::CallControl());
    if (!read) {
        return read.error().kind() == storage::StorageError::Kind::NotFound
                   ? std::optional(tr("The manifest %1 does not exist.").arg(uri))
                   : std::nullopt;
    }
    return verdict(format::ManifestCheck::checkBytes(read->bytes, uri), uri, request.version);
}

} // namespace lance::details
