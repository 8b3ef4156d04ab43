// SPDX-License-Identifier: Apache-2.0
#include "staging/StagedRenames.h"

#include "api/RecordKinds.h"
#include "staging/PendingChanges.h"
#include "staging/RenameStagingCommand.h"

#include <QUndoStack>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace lance::staging {

StagedRenames::StagedRenames(PendingChanges &changes)
    : QAbstractTableModel(&changes)
    , m_changes(changes)
{}

api::Result<void> StagedRenames::refusal() const
{
    if (m_changes.isFrozen()) {
        return api::ApiError::invalidInput(
            tr("A commit is in flight; the staged changes can change again once it has "
               "finished."));
    }
    return {};
}

QString StagedRenames::describe(const api::RenameTableRequest &request) const
{
    return tr("%1 → %2").arg(request.id.toString(m_changes.delimiter()),
                             api::renamedIdentifier(request).toString(m_changes.delimiter()));
}

api::Result<void> StagedRenames::stage(const api::RenameTableRequest &request)
{
    if (auto refused = refusal(); !refused.hasValue()) {
        return refused;
    }
    const QString delimiter = m_changes.delimiter();
    if (api::renamedIdentifier(request) == request.id) {
        return api::ApiError::invalidInput(
            tr("%1 already has that name.").arg(request.id.toString(delimiter)));
    }
    if (const auto staged = renameOf(request.id)) {
        return api::ApiError::invalidInput(
            tr("A rename of %1 is staged already (%2); remove it from Pending Changes first.")
                .arg(request.id.toString(delimiter), describe(*staged)));
    }
    auto command
        = std::make_unique<RenameStagingCommand>(this, tr("Rename %1").arg(describe(request)));
    command->insertRows(count(), {StagedRename{m_nextRowId++, request}});
    m_changes.undoStack()->push(command.release());
    return {};
}

api::Result<void> StagedRenames::remove(const QList<quint64> &rowIds)
{
    if (auto refused = refusal(); !refused.hasValue()) {
        return refused;
    }
    QList<int> rows;
    for (const quint64 rowId : rowIds) {
        const int row = rowOf(rowId);
        if (row < 0) {
            return api::ApiError::invalidInput(
                tr("The staged rename is no longer there; nothing was removed."));
        }
        rows.append(row);
    }
    if (rows.isEmpty()) {
        return api::ApiError::invalidInput(tr("There is no staged rename to remove."));
    }
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    const QString text
        = rows.size() == 1
              ? tr("Remove the rename %1").arg(describe(m_rows.at(rows.first()).request))
              : tr("Remove %n staged rename(s)", nullptr, int(rows.size()));
    auto command = std::make_unique<RenameStagingCommand>(this, text);
    // Last first, so each recorded position is still right when it is replayed.
    for (auto it = rows.crbegin(); it != rows.crend(); ++it) {
        command->removeRows(*it, {m_rows.at(*it)});
    }
    m_changes.undoStack()->push(command.release());
    return {};
}

void StagedRenames::load(const QList<api::RenameTableRequest> &renames)
{
    beginResetModel();
    m_rows.clear();
    for (const api::RenameTableRequest &request : renames) {
        m_rows.append(StagedRename{m_nextRowId++, request});
    }
    endResetModel();
    emit changed();
}

void StagedRenames::clearApplied(quint64 rowId)
{
    m_changes.undoStack()->clear(); // its commands must never replay onto a row that is gone
    if (const int row = rowOf(rowId); row >= 0) {
        removeAt(row, 1);
    }
}

QList<api::RenameTableRequest> StagedRenames::renames() const
{
    QList<api::RenameTableRequest> out;
    out.reserve(m_rows.size());
    for (const StagedRename &row : m_rows) {
        out.append(row.request);
    }
    return out;
}

int StagedRenames::rowOf(quint64 rowId) const
{
    const auto it = std::find_if(m_rows.cbegin(), m_rows.cend(),
                                 [rowId](const StagedRename &row) { return row.rowId == rowId; });
    return it == m_rows.cend() ? -1 : int(it - m_rows.cbegin());
}

std::optional<api::RenameTableRequest> StagedRenames::renameOf(const api::Identifier &table) const
{
    for (const StagedRename &row : m_rows) {
        if (row.request.id == table) {
            return row.request;
        }
    }
    return std::nullopt;
}

void StagedRenames::insertAt(int row, const QList<StagedRename> &rows)
{
    beginInsertRows({}, row, row + int(rows.size()) - 1);
    for (qsizetype i = 0; i < rows.size(); ++i) {
        m_rows.insert(row + i, rows.at(i));
    }
    endInsertRows();
    emit changed();
}

void StagedRenames::removeAt(int row, int count)
{
    beginRemoveRows({}, row, row + count - 1);
    m_rows.remove(row, count);
    endRemoveRows();
    emit changed();
}

int StagedRenames::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int StagedRenames::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : PendingChanges::ColumnCount;
}

QVariant StagedRenames::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
        return {};
    }
    const StagedRename &staged = m_rows.at(index.row());
    const QString delimiter = m_changes.delimiter();
    switch (role) {
    case PendingChanges::RowIdRole:
        return QVariant::fromValue(staged.rowId);
    case PendingChanges::KindRole:
        return api::RecordKinds::text(api::RecordKinds::RenameTable);
    case PendingChanges::TargetRole:
        return staged.request.id.names();
    case PendingChanges::ProblemsRole:
        return QStringList();
    case PendingChanges::BlockingRole:
        return false;
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        break;
    default:
        return {};
    }
    switch (index.column()) {
    case PendingChanges::KindColumn:
        return tr("Rename table");
    case PendingChanges::TargetColumn:
        return staged.request.id.toString(delimiter);
    case PendingChanges::SummaryColumn:
        return role == Qt::ToolTipRole
                   ? tr("Renamed to %1 on its own, after the batch: not part of its "
                        "all-or-nothing. If the batch fails, the rename is not tried; if the "
                        "rename fails, the batch stays committed and the rename stays staged.")
                         .arg(api::renamedIdentifier(staged.request).toString(delimiter))
                   : tr("to %1 (on its own, after the batch)")
                         .arg(api::renamedIdentifier(staged.request).toString(delimiter));
    default:
        return {};
    }
}

QVariant StagedRenames::headerData(int section, Qt::Orientation orientation, int role) const
{
    return m_changes.headerData(section, orientation, role);
}

} // namespace lance::staging
