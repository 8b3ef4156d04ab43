// SPDX-License-Identifier: Apache-2.0
#include "commit/RestorePlacement.h"

#include "storage/StorageUri.h"

#include <QDir>
#include <QFileInfo>
#include <QThreadPool>

namespace lance::commit {

std::optional<QString>
RestorePlacement::restoreFile(const api::CommitTableOperation &operation) const
{
    const auto *create = std::get_if<api::CreateTableVersionRequest>(&operation);
    if (!create || !api::restoredVersionOf(create->metadata)
        || !details::RestoreSpool::uuidOf(create->manifestPath)) {
        return std::nullopt;
    }
    return m_access.tableFile(create->manifestPath);
}

namespace {

// A staged restore named by its URI on an object store.
const api::CreateTableVersionRequest *restoreOnStore(const api::CommitTableOperation &operation)
{
    const auto *create = std::get_if<api::CreateTableVersionRequest>(&operation);
    if (!create || !api::restoredVersionOf(create->metadata)
        || !details::RestoreSpool::uuidOf(create->manifestPath)
        || !storage::StorageUri::namesStoreObject(create->manifestPath)) {
        return nullptr;
    }
    return create;
}

} // namespace

const api::CreateTableVersionRequest *
RestorePlacement::onStore(const api::CommitTableOperation &operation) const
{
    // A URI the path mapping names a folder here for is placed in that folder.
    return restoreFile(operation) ? nullptr : restoreOnStore(operation);
}

QList<api::Identifier>
RestorePlacement::storeTables(const QList<api::CommitTableOperation> &operations) const
{
    QList<api::Identifier> tables;
    for (const api::CommitTableOperation &operation : operations) {
        if (const auto *create = onStore(operation); create && !tables.contains(create->id)) {
            tables.append(create->id);
        }
    }
    return tables;
}

void RestorePlacement::reachStore(const api::Identifier &table,
                                  const details::ManifestAccess &access)
{
    m_stores.insert(table.key(), access);
}

std::optional<engine::TableStores::Table>
RestorePlacement::storeFor(const api::Identifier &table) const
{
    const auto it = m_stores.constFind(table.key());
    if (it == m_stores.cend() || !it->store()) {
        return std::nullopt;
    }
    return *it->store();
}

api::Result<bool> RestorePlacement::placeOnStore(const api::CreateTableVersionRequest &create) const
{
    const std::optional<engine::TableStores::Table> store = storeFor(create.id);
    if (!store) {
        const auto it = m_stores.constFind(create.id.key());
        const QString why = it == m_stores.cend() || it->storeProblem().isEmpty()
                                ? tr("the table's store cannot be reached from here")
                                : it->storeProblem();
        return api::ApiError::invalidInput(
            tr("The restored manifest %1 cannot be written: %2").arg(create.manifestPath, why));
    }
    if (!m_spool.keptFile(create.manifestPath)) {
        return api::ApiError::invalidInput(
            tr("The restored manifest %1 is not kept by this browser (it was made on another "
               "machine, or its files were removed): remove the restore and stage it again.")
                .arg(create.manifestPath));
    }
    return m_spool.placeOnStore(create.manifestPath, *store);
}

api::Result<void> RestorePlacement::place(const QList<api::CommitTableOperation> &operations)
{
    const qsizetype before = m_placed.size();
    const auto undo = [this, before] {
        while (m_placed.size() > before) {
            withdrawPlaced(m_placed.takeLast(), false);
        }
    };
    for (qsizetype index = 0; index < operations.size(); ++index) {
        if (const auto *create = onStore(operations.at(index))) {
            const api::Result<bool> placed = placeOnStore(*create);
            if (!placed) {
                undo();
                return placed.error();
            }
            if (*placed) {
                m_placed.append({index, create->manifestPath, create->id});
            }
            continue;
        }
        const std::optional<QString> file = restoreFile(operations.at(index));
        if (!file || QFileInfo::exists(*file)) {
            continue; // not a restore reached from here, or in its table already
        }
        api::Result<bool> placed = false;
        if (!m_spool.keptFile(*file)) {
            placed = api::ApiError::invalidInput(
                tr("The restored manifest %1 is neither in its table nor kept by this browser "
                   "(it was made on another machine, or its files were removed): remove the "
                   "restore and stage it again.")
                    .arg(QDir::toNativeSeparators(*file)));
        } else {
            placed = m_spool.place(*file);
        }
        if (!placed) {
            undo();
            return placed.error();
        }
        if (*placed) {
            m_placed.append({index, *file, std::nullopt});
        }
    }
    return {};
}

void RestorePlacement::taken(const QList<api::CommitTableOperation> &operations)
{
    for (const api::CommitTableOperation &operation : operations) {
        const auto *stored = onStore(operation);
        const std::optional<QString> file
            = stored ? std::optional(stored->manifestPath) : restoreFile(operation);
        if (file) {
            m_spool.forget(*file);
            m_placed.removeIf([&file](const Placed &placed) { return placed.file == *file; });
        }
    }
}

void RestorePlacement::refused(qsizetype from)
{
    m_placed.removeIf([this, from](const Placed &placed) {
        if (placed.index < from) {
            return false;
        }
        withdrawPlaced(placed, true);
        return true;
    });
}

void RestorePlacement::withdrawPlaced(const Placed &placed, bool elsewhere) const
{
    if (!placed.storeTable) {
        m_spool.withdraw(placed.file);
        return;
    }
    const std::optional<engine::TableStores::Table> store = storeFor(*placed.storeTable);
    if (!store) {
        return;
    }
    if (!elsewhere) {
        m_spool.withdrawFromStore(placed.file, *store);
        return;
    }
    // From the GUI thread after a refusal: the store is the network's.
    QThreadPool::globalInstance()->start([spool = m_spool, file = placed.file, store = *store] {
        spool.withdrawFromStore(file, store);
    });
}

QStringList RestorePlacement::placed() const
{
    QStringList files;
    for (const auto &placed : m_placed) {
        files << placed.file;
    }
    return files;
}

bool RestorePlacement::isRefusal(const CommitOutcome &outcome)
{
    switch (outcome.kind()) {
    case CommitOutcome::Kind::Conflict:
    case CommitOutcome::Kind::AuthFailed:
    case CommitOutcome::Kind::NotFound:
    case CommitOutcome::Kind::NetworkBeforeSend:
    case CommitOutcome::Kind::Unsupported:
    case CommitOutcome::Kind::Invalid:
        return true;
    case CommitOutcome::Kind::Committed:
    case CommitOutcome::Kind::ServerError: // a proxy's 502 may hide a commit that went through
    case CommitOutcome::Kind::Unknown:
        return false;
    }
    return false;
}

} // namespace lance::commit
