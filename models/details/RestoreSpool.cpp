// SPDX-License-Identifier: Apache-2.0
#include "details/RestoreSpool.h"

#include "api/FileSync.h"
#include "connection/ConnectionProfile.h"
#include "format/ManifestFiles.h"
#include "storage/CallControl.h"
#include "storage/ObjectStore.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QUuid>

using namespace Qt::StringLiterals;

namespace lance::details {

namespace {

const QString TransactionsFolder = u"_transactions"_s;
constexpr qsizetype UuidLength = 36;

// The transaction's place in the table whose manifest is `manifestFile`.
QString transactionTarget(const QString &manifestFile, const QString &transactionName)
{
    QDir dataset = QFileInfo(manifestFile).absoluteDir();
    dataset.cdUp();
    return dataset.filePath(TransactionsFolder) + u'/' + transactionName;
}

// transactionTarget() of a manifest's key on a store: `<table>/_versions/<name>` →
// `<table>/_transactions/<txn>`, with `/` whatever the platform.
QString transactionKey(const QString &manifestKey, const QString &keptTransaction)
{
    return manifestKey.section(u'/', 0, -3) + u'/' + TransactionsFolder + u'/'
           + QFileInfo(keptTransaction).fileName();
}

} // namespace

RestoreSpool RestoreSpool::forProfile(const connection::ConnectionProfile &profile)
{
    const QByteArray hash
        = QCryptographicHash::hash(profile.stagingKey().toUtf8(), QCryptographicHash::Sha256)
              .toHex()
              .left(16);
    return RestoreSpool(QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
                            .filePath(u"restores/"_s + QString::fromLatin1(hash)));
}

std::optional<QString> RestoreSpool::uuidOf(const QString &manifestPath)
{
    // Asked of every listed version's path (ManifestAccess::localFile()): most are final names,
    // turned away here without a copy.
    const QStringView name = QStringView(manifestPath).mid(manifestPath.lastIndexOf(u'/') + 1);
    if (name.size() <= UuidLength + 1 || name.at(name.size() - UuidLength - 1) != u'-') {
        return std::nullopt;
    }
    const QStringView uuid = name.right(UuidLength);
    if (QUuid::fromString(uuid).isNull()
        || !format::ManifestFiles::parseName(name.chopped(UuidLength + 1).toString())) {
        return std::nullopt;
    }
    return uuid.toString();
}

QString RestoreSpool::entry(const QString &uuid) const
{
    return QDir(m_folder).filePath(uuid);
}

std::optional<QString> RestoreSpool::keptTransaction(const QString &uuid) const
{
    const QStringList names
        = QDir(QDir(entry(uuid)).filePath(TransactionsFolder)).entryList(QDir::Files);
    if (names.size() != 1) {
        return std::nullopt;
    }
    return QDir(entry(uuid)).filePath(TransactionsFolder + u'/' + names.first());
}

api::Result<void> RestoreSpool::keep(const format::RestoredVersionWriter::Built &built) const
{
    const std::optional<QString> uuid = uuidOf(built.staged.manifestFile);
    if (!uuid) {
        return api::ApiError::invalidInput(
            tr("%1 is not the name of a staged restore.").arg(built.staged.manifestFile));
    }
    const QDir kept(entry(*uuid));
    format::RestoredVersionWriter::Built aside = built;
    aside.staged.manifestFile = kept.filePath(format::ManifestFiles::VersionsFolder + u'/'
                                              + QFileInfo(built.staged.manifestFile).fileName());
    aside.staged.transactionFile = kept.filePath(
        TransactionsFolder + u'/' + QFileInfo(built.staged.transactionFile).fileName());
    if (!QDir().mkpath(kept.filePath(format::ManifestFiles::VersionsFolder))) {
        return api::ApiError::invalidInput(tr("The folder %1 cannot be created.")
                                               .arg(QDir::toNativeSeparators(kept.filePath(
                                                   format::ManifestFiles::VersionsFolder))));
    }
    if (api::Result<void> written = format::RestoredVersionWriter::write(aside); !written) {
        QDir(kept.path()).removeRecursively();
        return written;
    }
    return {};
}

std::optional<QString> RestoreSpool::keptFile(const QString &manifestFile) const
{
    const std::optional<QString> uuid = uuidOf(manifestFile);
    if (!uuid) {
        return std::nullopt;
    }
    const QString kept = QDir(entry(*uuid))
                             .filePath(format::ManifestFiles::VersionsFolder + u'/'
                                       + QFileInfo(manifestFile).fileName());
    return QFileInfo::exists(kept) ? std::optional<QString>(kept) : std::nullopt;
}

api::Result<bool> RestoreSpool::place(const QString &manifestFile) const
{
    const std::optional<QString> kept = keptFile(manifestFile);
    if (!kept || QFileInfo::exists(manifestFile)) {
        return false; // not ours, or in its table already
    }
    const std::optional<QString> transaction = keptTransaction(*uuidOf(manifestFile));
    if (transaction
        && QFileInfo::exists(transactionTarget(manifestFile, QFileInfo(*transaction).fileName()))) {
        return false; // placed before, and perhaps committed: the table's now
    }
    QFile manifestCopy(*kept);
    QFile transactionCopy(transaction.value_or(QString()));
    if (!transaction || !manifestCopy.open(QIODevice::ReadOnly)
        || !transactionCopy.open(QIODevice::ReadOnly)) {
        return api::ApiError::invalidInput(
            tr("The restored manifest kept for %1 cannot be read from %2.")
                .arg(QDir::toNativeSeparators(manifestFile),
                     QDir::toNativeSeparators(entry(*uuidOf(manifestFile)))));
    }
    format::RestoredVersionWriter::Built built;
    built.staged.manifestFile = manifestFile;
    built.staged.transactionFile
        = transactionTarget(manifestFile, QFileInfo(*transaction).fileName());
    built.manifest = manifestCopy.readAll();
    built.transaction = transactionCopy.readAll();
    if (api::Result<void> written = format::RestoredVersionWriter::write(built); !written) {
        return written.error();
    }
    return true;
}

api::Result<bool> RestoreSpool::placeOnStore(const QString &manifestUri,
                                             const engine::TableStores::Table &store) const
{
    const std::optional<QString> uuid = uuidOf(manifestUri);
    const std::optional<QString> kept = keptFile(manifestUri);
    const std::optional<QString> transaction = uuid ? keptTransaction(*uuid) : std::nullopt;
    const std::optional<QString> manifestKey = engine::TableStores::keyOf(store, manifestUri);
    if (!kept || !transaction || !manifestKey) {
        return false; // not ours
    }
    QFile manifestCopy(*kept);
    QFile transactionCopy(*transaction);
    if (!manifestCopy.open(QIODevice::ReadOnly) || !transactionCopy.open(QIODevice::ReadOnly)) {
        return api::ApiError::invalidInput(
            tr("The restored manifest kept for %1 cannot be read from %2.")
                .arg(manifestUri, QDir::toNativeSeparators(entry(*uuid))));
    }
    const QString transactionAt = transactionKey(*manifestKey, *transaction);
    const storage::CallControl control;
    const auto refused = [&](const storage::StorageError &error) {
        return api::ApiError::invalidInput(
            tr("The restored version could not be written to the table's store: %1")
                .arg(error.message()));
    };
    // A transaction there already was placed by an earlier commit whose answer was lost, and
    // may be a committed version's now: the table's, never removed from here (as place()).
    auto transactionWritten
        = store.store->createIfAbsent(transactionAt, transactionCopy.readAll(), control);
    if (!transactionWritten) {
        return transactionWritten.error().kind() == storage::StorageError::Kind::AlreadyExists
                   ? api::Result<bool>(false)
                   : api::Result<bool>(refused(transactionWritten.error()));
    }
    auto written = store.store->createOrConfirm(*manifestKey, manifestCopy.readAll(), control);
    if (!written) {
        (void)store.store->remove(transactionAt, control);
        return refused(written.error());
    }
    return true;
}

void RestoreSpool::withdrawFromStore(const QString &manifestUri,
                                     const engine::TableStores::Table &store) const
{
    const std::optional<QString> uuid = uuidOf(manifestUri);
    const std::optional<QString> manifestKey = engine::TableStores::keyOf(store, manifestUri);
    if (!uuid || !keptFile(manifestUri) || !manifestKey) {
        return; // never placed from here: not ours to remove
    }
    const storage::CallControl control;
    // The staged name is this restore's alone (its uuid); the catalog copies it to the final
    // name, so removing it never takes a committed version.
    if (!store.store->remove(*manifestKey, control)) {
        return; // its transaction stays with it
    }
    if (const std::optional<QString> transaction = keptTransaction(*uuid)) {
        (void)store.store->remove(transactionKey(*manifestKey, *transaction), control);
    }
}

void RestoreSpool::withdraw(const QString &manifestFile) const
{
    const std::optional<QString> uuid = uuidOf(manifestFile);
    if (!uuid || !keptFile(manifestFile)) {
        return; // never placed from here: not ours to remove
    }
    if (!QFile::remove(manifestFile)) {
        return; // moved into place by the catalog, or never placed: its transaction stays
    }
    if (const std::optional<QString> transaction = keptTransaction(*uuid)) {
        QFile::remove(transactionTarget(manifestFile, QFileInfo(*transaction).fileName()));
    }
}

void RestoreSpool::forget(const QString &manifestFile) const
{
    if (const std::optional<QString> uuid = uuidOf(manifestFile)) {
        QDir(entry(*uuid)).removeRecursively();
    }
}

void RestoreSpool::keepOnly(const QSet<QString> &uuids) const
{
    for (const QString &uuid : kept()) {
        if (!uuids.contains(uuid)) {
            QDir(entry(uuid)).removeRecursively();
        }
    }
}

void RestoreSpool::keepOnly(const QList<api::CommitTableOperation> &staged) const
{
    QSet<QString> uuids;
    for (const api::CommitTableOperation &operation : staged) {
        if (const auto *create = std::get_if<api::CreateTableVersionRequest>(&operation)) {
            if (const std::optional<QString> uuid = uuidOf(create->manifestPath)) {
                uuids.insert(*uuid);
            }
        }
    }
    keepOnly(uuids);
}

QList<api::CreateTableVersionRequest>
RestoreSpool::keptRestores(const QList<api::CommitTableOperation> &operations) const
{
    const QStringList uuids = kept();
    QList<api::CreateTableVersionRequest> restores;
    for (const api::CommitTableOperation &operation : operations) {
        if (const auto *create = std::get_if<api::CreateTableVersionRequest>(&operation)) {
            if (const std::optional<QString> uuid = uuidOf(create->manifestPath);
                uuid && uuids.contains(*uuid)) {
                restores << *create;
            }
        }
    }
    return restores;
}

QStringList RestoreSpool::kept() const
{
    QStringList uuids;
    for (const QString &name : QDir(m_folder).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        if (!QUuid::fromString(name).isNull() && name.size() == UuidLength) {
            uuids << name;
        }
    }
    return uuids;
}

} // namespace lance::details
