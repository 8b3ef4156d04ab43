// SPDX-License-Identifier: Apache-2.0
#include "staging/PendingChanges.h"

#include "staging/CancelOutRule.h"
#include "staging/OperationSummary.h"
#include "staging/StagedRenames.h"
#include "staging/StagingCheck.h"
#include "staging/StagingCommand.h"

#include <QUndoStack>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace lance::staging {

PendingChanges::PendingChanges(QString delimiter, QObject *parent)
    : QAbstractTableModel(parent)
    , m_delimiter(std::move(delimiter))
    , m_undoStack(new QUndoStack(this))
    , m_renames(new StagedRenames(*this))
{
    connect(m_renames, &StagedRenames::changed, this, &PendingChanges::changed);
    connect(m_undoStack, &QUndoStack::canUndoChanged, this, &PendingChanges::undoStateChanged);
    connect(m_undoStack, &QUndoStack::canRedoChanged, this, &PendingChanges::undoStateChanged);
}

PendingChanges::~PendingChanges() = default;

api::Result<void> PendingChanges::refusal() const
{
    if (m_frozen) {
        return api::ApiError::invalidInput(
            tr("A commit is in flight; the staged changes can change again once it has "
               "finished."));
    }
    return {};
}

api::Result<void> PendingChanges::push(StagingCommand *command)
{
    m_undoStack->push(command); // runs redo(): the change is applied now
    return {};
}

StagedOperation PendingChanges::makeStaged(const api::CommitTableOperation &operation)
{
    return StagedOperation{m_nextRowId++, operation};
}

api::Result<void> PendingChanges::stage(const api::CommitTableOperation &operation)
{
    if (auto refused = refusal(); !refused.hasValue()) {
        return refused;
    }
    const QList<int> cancelled = CancelOutRule::cancelledRows(m_rows, operation, m_known);
    if (cancelled.isEmpty()) {
        auto command = std::make_unique<StagingCommand>(
            this, OperationSummary::describe(operation, m_delimiter));
        command->insertRows(count(), {makeStaged(operation)});
        return push(command.release());
    }
    const QString table = OperationSummary::target(operation, m_delimiter);
    const QString text
        = std::holds_alternative<api::DeregisterTableRequest>(operation)
              ? tr("Take back the declaration of %1").arg(table)
              : tr("Take back %1 of %2")
                    .arg(OperationSummary::ranges(
                             std::get<api::BatchDeleteTableVersionsRequest>(operation).ranges),
                         table);
    auto command = std::make_unique<StagingCommand>(this, text);
    recordRemovals(*command, cancelled);
    return push(command.release());
}

api::Result<void> PendingChanges::stageAll(const QList<api::CommitTableOperation> &operations,
                                           const QString &text)
{
    if (auto refused = refusal(); !refused.hasValue()) {
        return refused;
    }
    if (operations.isEmpty()) {
        return api::ApiError::invalidInput(tr("There is nothing to stage."));
    }
    QList<StagedOperation> rows;
    rows.reserve(operations.size());
    for (const api::CommitTableOperation &operation : operations) {
        rows.append(makeStaged(operation));
    }
    auto command = std::make_unique<StagingCommand>(this, text);
    command->insertRows(count(), std::move(rows));
    return push(command.release());
}

api::Result<void> PendingChanges::stageEach(const QList<api::CommitTableOperation> &operations,
                                            const QString &text)
{
    if (auto refused = refusal(); !refused.hasValue()) {
        return refused;
    }
    if (operations.isEmpty()) {
        return api::ApiError::invalidInput(tr("There is nothing to stage."));
    }
    if (operations.size() == 1) {
        return stage(operations.first());
    }
    // A macro, so that one Undo takes back all of them; stage() refuses only while frozen,
    // which was checked above.
    m_undoStack->beginMacro(text);
    for (const api::CommitTableOperation &operation : operations) {
        (void)stage(operation);
    }
    m_undoStack->endMacro();
    return {};
}

api::Result<void> PendingChanges::remove(quint64 rowId)
{
    return remove(QList<quint64>{rowId});
}

api::Result<void> PendingChanges::remove(const QList<quint64> &rowIds)
{
    if (auto refused = refusal(); !refused.hasValue()) {
        return refused;
    }
    bool allFound = false;
    const QList<int> rows = rowsOf(rowIds, &allFound);
    if (!allFound || rows.isEmpty()) {
        return api::ApiError::invalidInput(
            tr("The staged change is no longer there; nothing was removed."));
    }
    const QString text
        = rows.size() == 1
              ? tr("Remove %1")
                    .arg(OperationSummary::describe(m_rows.at(rows.first()).operation, m_delimiter))
              : tr("Remove %1 staged changes").arg(rows.size());
    auto command = std::make_unique<StagingCommand>(this, text);
    recordRemovals(*command, rows);
    return push(command.release());
}

api::Result<void> PendingChanges::edit(quint64 rowId, const api::CommitTableOperation &operation)
{
    if (auto refused = refusal(); !refused.hasValue()) {
        return refused;
    }
    const int row = rowOf(rowId);
    if (row < 0) {
        return api::ApiError::invalidInput(
            tr("The staged change is no longer there; nothing was edited."));
    }
    const StagedOperation &before = m_rows.at(row);
    if (before.operation == operation) {
        return {}; // nothing to change, and no empty step in the history
    }
    auto command = std::make_unique<StagingCommand>(
        this, tr("Edit %1").arg(OperationSummary::describe(operation, m_delimiter)));
    command->replaceRow(row, before, StagedOperation{rowId, operation});
    return push(command.release());
}

api::Result<void> PendingChanges::discardAll()
{
    if (auto refused = refusal(); !refused.hasValue()) {
        return refused;
    }
    if (isEmpty()) {
        return api::ApiError::invalidInput(tr("Nothing is staged."));
    }
    m_undoStack->beginMacro(tr("Discard all staged changes"));
    if (!m_rows.isEmpty()) {
        auto command = std::make_unique<StagingCommand>(this, tr("Discard all staged changes"));
        command->removeRows(0, m_rows);
        (void)push(command.release());
    }
    QList<quint64> renameIds;
    for (int row = 0; row < m_renames->count(); ++row) {
        renameIds.append(m_renames->stagedAt(row).rowId);
    }
    if (!renameIds.isEmpty()) {
        (void)m_renames->remove(renameIds); // refused only while frozen, checked above
    }
    m_undoStack->endMacro();
    return {};
}

bool PendingChanges::isEmpty() const
{
    return m_rows.isEmpty() && m_renames->count() == 0;
}

api::Result<void> PendingChanges::undo()
{
    if (auto refused = refusal(); !refused.hasValue()) {
        return refused;
    }
    if (!m_undoStack->canUndo()) {
        return api::ApiError::invalidInput(tr("There is nothing to undo."));
    }
    m_undoStack->undo();
    return {};
}

api::Result<void> PendingChanges::redo()
{
    if (auto refused = refusal(); !refused.hasValue()) {
        return refused;
    }
    if (!m_undoStack->canRedo()) {
        return api::ApiError::invalidInput(tr("There is nothing to redo."));
    }
    m_undoStack->redo();
    return {};
}

bool PendingChanges::canUndo() const
{
    return !m_frozen && m_undoStack->canUndo();
}

bool PendingChanges::canRedo() const
{
    return !m_frozen && m_undoStack->canRedo();
}

api::Result<void> PendingChanges::load(const QList<api::CommitTableOperation> &operations)
{
    if (auto refused = refusal(); !refused.hasValue()) {
        return refused;
    }
    m_undoStack->clear();
    beginResetModel();
    m_rows.clear();
    m_problems.clear();
    for (const api::CommitTableOperation &operation : operations) {
        m_rows.append(makeStaged(operation));
        m_problems.append(QList<StagingProblem>());
    }
    endResetModel();
    finishEdit();
    return {};
}

void PendingChanges::clearAfterCommit()
{
    // The stack first: its commands must never replay onto rows that are gone.
    m_undoStack->clear();
    clearRows();
}

void PendingChanges::clearAfterCommit(const QList<quint64> &rowIds)
{
    m_undoStack->clear();
    bool allFound = false;
    const QList<int> rows = rowsOf(rowIds, &allFound);
    for (auto it = rows.crbegin(); it != rows.crend(); ++it) {
        beginRemoveRows({}, *it, *it);
        m_rows.removeAt(*it);
        m_problems.removeAt(*it);
        endRemoveRows();
    }
    finishEdit();
}

void PendingChanges::clearRows()
{
    if (!m_rows.isEmpty()) {
        beginRemoveRows({}, 0, count() - 1);
        m_rows.clear();
        m_problems.clear();
        endRemoveRows();
    }
    finishEdit();
}

QList<api::CommitTableOperation> PendingChanges::operations() const
{
    QList<api::CommitTableOperation> operations;
    operations.reserve(m_rows.size());
    for (const StagedOperation &staged : m_rows) {
        operations.append(staged.operation);
    }
    return operations;
}

api::BatchCommitTablesRequest PendingChanges::toRequest() const
{
    api::BatchCommitTablesRequest request;
    request.operations = operations();
    return request;
}

int PendingChanges::rowOf(quint64 rowId) const
{
    const auto it
        = std::find_if(m_rows.cbegin(), m_rows.cend(),
                       [rowId](const StagedOperation &staged) { return staged.rowId == rowId; });
    return it == m_rows.cend() ? -1 : int(it - m_rows.cbegin());
}

QList<int> PendingChanges::rowsOf(const QList<quint64> &rowIds, bool *allFound) const
{
    const QSet<quint64> wanted(rowIds.cbegin(), rowIds.cend());
    QList<int> rows;
    for (int row = 0; row < count(); ++row) {
        if (wanted.contains(m_rows.at(row).rowId)) {
            rows.append(row);
        }
    }
    *allFound = rows.size() == wanted.size();
    return rows;
}

void PendingChanges::recordRemovals(StagingCommand &command, const QList<int> &rows) const
{
    // Contiguous blocks from the last to the first, so each block's row is still right when
    // it is removed, and undo puts every block back where it was.
    qsizetype end = rows.size();
    while (end > 0) {
        qsizetype begin = end - 1;
        while (begin > 0 && rows.at(begin - 1) == rows.at(begin) - 1) {
            --begin;
        }
        command.removeRows(rows.at(begin), m_rows.mid(rows.at(begin), end - begin));
        end = begin;
    }
}

void PendingChanges::setFrozen(bool frozen)
{
    if (m_frozen == frozen) {
        return;
    }
    m_frozen = frozen;
    emit frozenChanged(frozen);
    emit undoStateChanged();
}

void PendingChanges::setKnownState(KnownState known)
{
    m_known = std::move(known);
    recheck();
}

void PendingChanges::updateKnownState(const std::function<void(KnownState &)> &update)
{
    update(m_known);
    recheck();
}

void PendingChanges::insertStaged(int row, const QList<StagedOperation> &rows)
{
    beginInsertRows({}, row, row + int(rows.size()) - 1);
    m_rows.insert(row, rows.size(), StagedOperation());
    m_problems.insert(row, rows.size(), QList<StagingProblem>());
    std::copy(rows.cbegin(), rows.cend(), m_rows.begin() + row);
    endInsertRows();
}

void PendingChanges::removeStaged(int row, const QList<StagedOperation> &rows)
{
    Q_ASSERT(m_rows.mid(row, rows.size()) == rows); // the stack replays in order
    beginRemoveRows({}, row, row + int(rows.size()) - 1);
    m_rows.remove(row, rows.size());
    m_problems.remove(row, rows.size());
    endRemoveRows();
}

void PendingChanges::replaceStaged(int row, const StagedOperation &before,
                                   const StagedOperation &after)
{
    Q_ASSERT(m_rows.at(row) == before);
    Q_UNUSED(before)
    m_rows[row] = after;
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void PendingChanges::finishEdit()
{
    recheck();
    emit changed();
}

void PendingChanges::recheck()
{
    const QList<QList<StagingProblem>> problems
        = StagingCheck::check(operations(), m_known, m_delimiter);
    int blocking = 0;
    bool anyChanged = false;
    for (int row = 0; row < count(); ++row) {
        const QList<StagingProblem> &rowProblems = problems.at(row);
        if (std::any_of(rowProblems.cbegin(), rowProblems.cend(),
                        [](const StagingProblem &problem) { return problem.isBlocking(); })) {
            ++blocking;
        }
        if (rowProblems != m_problems.at(row)) {
            m_problems[row] = rowProblems;
            anyChanged = true;
            const QModelIndex cell = index(row, ProblemsColumn);
            emit dataChanged(index(row, 0), cell,
                             {Qt::DisplayRole, Qt::ToolTipRole, ProblemsRole, BlockingRole});
        }
    }
    m_blockingRows = blocking;
    if (anyChanged) {
        emit problemsChanged();
    }
}

int PendingChanges::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : count();
}

int PendingChanges::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PendingChanges::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
        return {};
    }
    const StagedOperation &staged = m_rows.at(index.row());
    const QList<StagingProblem> &problems = m_problems.at(index.row());
    QStringList sentences;
    for (const StagingProblem &problem : problems) {
        sentences.append(problem.message);
    }
    switch (role) {
    case OperationRole:
        return QVariant::fromValue(staged.operation);
    case RowIdRole:
        return QVariant::fromValue(staged.rowId);
    case KindRole:
        return api::commitOperationKey(staged.operation);
    case TargetRole:
        return api::commitOperationTarget(staged.operation).names();
    case ProblemsRole:
        return sentences;
    case BlockingRole:
        return std::any_of(problems.cbegin(), problems.cend(),
                           [](const StagingProblem &problem) { return problem.isBlocking(); });
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        break;
    default:
        return {};
    }
    const bool tip = role == Qt::ToolTipRole;
    QString text;
    switch (index.column()) {
    case KindColumn:
        text = OperationSummary::kindName(staged.operation);
        break;
    case TargetColumn:
        text = OperationSummary::target(staged.operation, m_delimiter);
        break;
    case SummaryColumn:
        text = OperationSummary::summary(staged.operation, !tip);
        break;
    default:
        return sentences.join(tip ? u"\n"_s : u" "_s);
    }
    // Whatever column the pointer rests on, its tooltip tells the row's problems.
    if (tip && !sentences.isEmpty()) {
        text += u"\n\n"_s + sentences.join(u"\n"_s);
    }
    return text;
}

QVariant PendingChanges::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    switch (section) {
    case KindColumn:
        return tr("Change");
    case TargetColumn:
        return tr("Table");
    case SummaryColumn:
        return tr("Details");
    case ProblemsColumn:
        return tr("Problems");
    default:
        return {};
    }
}

} // namespace lance::staging
