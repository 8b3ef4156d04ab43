// SPDX-License-Identifier: Apache-2.0
#include "staging/StagingCheck.h"

#include "api/BatchCommitValidator.h"
#include "staging/OperationSummary.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace lance::staging {

namespace {

using Severity = StagingProblem::Severity;
using api::VersionRange;

QString keyOf(const api::Identifier &id)
{
    return id.names().join(QChar(0));
}

QString versionKey(const QString &table, const std::optional<QString> &branch, qint64 version)
{
    return u"%1\n%2\n%3"_s.arg(table, KnownState::branchKey(branch)).arg(version);
}

bool inRanges(qint64 version, const QList<VersionRange> &ranges)
{
    return std::any_of(ranges.cbegin(), ranges.cend(), [version](const VersionRange &range) {
        return version >= range.startVersion
               && (range.endVersion == VersionRange::ThroughLatest || version < range.endVersion);
    });
}

// The table's name, with the branch when it is not main: "people (branch exp)".
QString onBranch(const QString &table, const std::optional<QString> &branch)
{
    const QString name = KnownState::branchKey(branch);
    return name.isEmpty() ? table : StagingCheck::tr("%1 (branch %2)").arg(table, name);
}

// The last of the ascending `rows` before `row`, or -1.
qsizetype lastBefore(const QList<qsizetype> &rows, qsizetype row)
{
    const auto it = std::lower_bound(rows.cbegin(), rows.cend(), row);
    return it == rows.cbegin() ? -1 : *(it - 1);
}

// The first of the ascending `rows` after `row`, or -1.
qsizetype firstAfter(const QList<qsizetype> &rows, qsizetype row)
{
    const auto it = std::upper_bound(rows.cbegin(), rows.cend(), row);
    return it == rows.cend() ? -1 : *it;
}

// The rows of the batch that act on one table, ascending.
struct TableRows
{
    QList<qsizetype> declares;
    QList<qsizetype> deregisters;
    QHash<QString, QList<qsizetype>> creates; //!< CreateTableVersion, by KnownState::branchKey()
    QHash<QString, QList<qsizetype>> deletes; //!< BatchDeleteTableVersions, by branch the same way
};

// Where an operation stands among the other operations on its table.
struct Position
{
    qsizetype previousDeregister = -1;
    qsizetype nextDeregister = -1;
    qsizetype previousDeclare = -1;

    bool deregisteredBefore() const
    {
        return previousDeregister >= 0 && previousDeclare < previousDeregister;
    }
    bool declaredBefore() const { return previousDeclare > previousDeregister; }
};

// One pass to index the batch, one to check each row against the index.
class BatchScan
{
public:
    BatchScan(const QList<api::CommitTableOperation> &operations, const KnownState &known,
              const QString &delimiter)
        : m_operations(operations)
        , m_known(known)
        , m_delimiter(delimiter)
        , m_problems(operations.size())
    {}

    QList<QList<StagingProblem>> run()
    {
        index();
        for (qsizetype row = 0; row < m_operations.size(); ++row) {
            checkRow(row);
        }
        checkWholeBatch();
        for (QList<StagingProblem> &problems : m_problems) {
            std::stable_sort(problems.begin(), problems.end(),
                             [](const StagingProblem &a, const StagingProblem &b) {
                                 return a.isBlocking() && !b.isBlocking();
                             });
        }
        return std::move(m_problems);
    }

private:
    void index()
    {
        for (qsizetype row = 0; row < m_operations.size(); ++row) {
            const api::CommitTableOperation &operation = m_operations.at(row);
            TableRows &rows = m_tables[keyOf(api::commitOperationTarget(operation))];
            if (std::holds_alternative<api::DeclareTableRequest>(operation)) {
                rows.declares.append(row);
            } else if (std::holds_alternative<api::DeregisterTableRequest>(operation)) {
                rows.deregisters.append(row);
            } else if (const auto *create
                       = std::get_if<api::CreateTableVersionRequest>(&operation)) {
                const QString table = keyOf(create->id);
                m_creates[versionKey(table, create->branch, create->version)].append(row);
                rows.creates[KnownState::branchKey(create->branch)].append(row);
            } else {
                const auto &remove = std::get<api::BatchDeleteTableVersionsRequest>(operation);
                rows.deletes[KnownState::branchKey(remove.branch)].append(row);
            }
        }
    }

    void add(qsizetype row, Severity severity, const QString &message)
    {
        m_problems[row].append(StagingProblem{severity, message});
    }

    void checkRow(qsizetype row)
    {
        const api::CommitTableOperation &operation = m_operations.at(row);
        if (checkAlone(row, operation)) {
            return; // without a valid table and values the rules below have nothing to go on
        }
        const api::Identifier &table = api::commitOperationTarget(operation);
        const TableRows &rows = m_tables.value(keyOf(table));
        Position at;
        at.previousDeregister = lastBefore(rows.deregisters, row);
        at.nextDeregister = firstAfter(rows.deregisters, row);
        at.previousDeclare = lastBefore(rows.declares, row);
        const QString name = table.toString(m_delimiter);

        if (const auto *create = std::get_if<api::CreateTableVersionRequest>(&operation)) {
            checkCreate(row, *create, rows, at, name);
        } else if (const auto *remove
                   = std::get_if<api::BatchDeleteTableVersionsRequest>(&operation)) {
            checkDelete(row, *remove, rows, at, name);
        } else if (std::holds_alternative<api::DeclareTableRequest>(operation)) {
            checkDeclare(row, table, rows, at, name);
        } else if (at.deregisteredBefore()) {
            add(row, Severity::Blocking,
                StagingCheck::tr("Row %1 already deregisters %2; remove one of the two.")
                    .arg(at.previousDeregister + 1)
                    .arg(name));
        } else {
            checkExists(row, table, at, name);
        }
        // After a deregistration the operation already blocks; a later one adds nothing.
        if (at.nextDeregister >= 0 && !at.deregisteredBefore()
            && !std::holds_alternative<api::DeregisterTableRequest>(operation)) {
            add(row, Severity::Warning,
                StagingCheck::tr("Row %1 deregisters %2 later in this batch, which undoes this "
                                 "change; remove one of them unless that is intended.")
                    .arg(at.nextDeregister + 1)
                    .arg(name));
        }
    }

    // The operation on its own: identifier, ranges, then api::BatchCommitValidator for the rest.
    // True when it found a problem.
    bool checkAlone(qsizetype row, const api::CommitTableOperation &operation)
    {
        const api::Identifier &table = api::commitOperationTarget(operation);
        if (table.isRoot()) {
            add(row, Severity::Blocking, StagingCheck::tr("No table is named; choose one."));
            return true;
        }
        if (const auto problem = table.check(m_delimiter); !problem.hasValue()) {
            add(row, Severity::Blocking,
                StagingCheck::tr("The table identifier is not valid: %1")
                    .arg(problem.error().userMessage()));
            return true;
        }
        bool found = false;
        if (const auto *remove = std::get_if<api::BatchDeleteTableVersionsRequest>(&operation)) {
            for (const VersionRange &range : remove->ranges) {
                if (range.endVersion != VersionRange::ThroughLatest
                    && range.endVersion <= range.startVersion) {
                    add(row, Severity::Blocking,
                        StagingCheck::tr("The range from %1 to %2 ends before it starts; the "
                                         "end is exclusive, so it must be above %1, or -1 for "
                                         "\"through the latest\".")
                            .arg(range.startVersion)
                            .arg(range.endVersion));
                    found = true;
                }
            }
        }
        if (found) {
            return true;
        }
        api::BatchCommitTablesRequest alone;
        alone.operations.append(operation);
        const api::Result<void> checked = api::BatchCommitValidator::check(alone, m_delimiter);
        if (checked.hasValue()) {
            return false;
        }
        add(row, Severity::Blocking,
            validatorSentence(0, operation, checked.error().userMessage()));
        return true;
    }

    // The validator's message without its "operation 1 (kind of table): " prefix, which the
    // row already shows, as a sentence.
    QString validatorSentence(qsizetype index, const api::CommitTableOperation &operation,
                              QString message) const
    {
        const QString prefix
            = api::BatchCommitValidator::describeOperation(index, operation, m_delimiter) + u": "_s;
        if (message.startsWith(prefix)) {
            message.remove(0, prefix.size());
        }
        if (!message.isEmpty()) {
            message[0] = message.at(0).toUpper();
        }
        return message;
    }

    void checkDeclare(qsizetype row, const api::Identifier &table, const TableRows &rows,
                      const Position &at, const QString &name)
    {
        for (const qsizetype other : rows.declares) {
            if (other != row) {
                // The validator refuses a second declaration even after a deregistration.
                add(row, Severity::Blocking,
                    StagingCheck::tr("Row %1 also declares %2; a batch can declare a table "
                                     "only once.")
                        .arg(other + 1)
                        .arg(name));
                break;
            }
        }
        if (at.deregisteredBefore()) {
            add(row, Severity::Warning,
                StagingCheck::tr("Row %1 deregisters %2 earlier in this batch; this declares "
                                 "it again as a new table.")
                    .arg(at.previousDeregister + 1)
                    .arg(name));
        } else if (at.previousDeregister < 0 && m_known.tableExists(table) == true) {
            add(row, Severity::Blocking,
                StagingCheck::tr("%1 already exists in the catalog; choose another name.")
                    .arg(name));
        }
    }

    void checkCreate(qsizetype row, const api::CreateTableVersionRequest &create,
                     const TableRows &rows, const Position &at, const QString &name)
    {
        for (const qsizetype other :
             m_creates.value(versionKey(keyOf(create.id), create.branch, create.version))) {
            if (other != row) {
                add(row, Severity::Blocking,
                    StagingCheck::tr("Row %1 also creates version %2 of %3; each version can "
                                     "be created once.")
                        .arg(other + 1)
                        .arg(create.version)
                        .arg(name));
                break;
            }
        }
        if (const std::optional<QString> problem
            = m_known.manifestProblem(create.manifestPath, create.version);
            problem && !problem->isEmpty()) {
            add(row, Severity::Blocking, *problem);
        }
        if (!checkExists(row, create.id, at, name) || at.declaredBefore()) {
            return;
        }
        // The versions of the operation's own branch, whichever the window shows.
        const QString branch = KnownState::branchKey(create.branch);
        const QSet<qint64> *known = m_known.versionsOf(create.id, create.branch);
        if (!known || !known->contains(create.version)
            || deletedEarlier(rows, branch, row, create.version)) {
            return;
        }
        qint64 latest = *std::max_element(known->cbegin(), known->cend());
        for (const qsizetype other : rows.creates.value(branch)) {
            const auto &staged = std::get<api::CreateTableVersionRequest>(m_operations.at(other));
            latest = std::max(latest, staged.version);
        }
        add(row, Severity::Blocking,
            StagingCheck::tr("Version %1 of %2 already exists in the catalog; the next free "
                             "version is %3.")
                .arg(create.version)
                .arg(onBranch(name, create.branch))
                .arg(latest + 1));
    }

    void checkDelete(qsizetype row, const api::BatchDeleteTableVersionsRequest &remove,
                     const TableRows &rows, const Position &at, const QString &name)
    {
        if (!checkExists(row, remove.id, at, name)) {
            return;
        }
        // A table declared in this batch has only the versions the batch creates for it; else
        // the versions of the operation's own branch, whichever the window shows.
        static const QSet<qint64> None;
        const QString branch = KnownState::branchKey(remove.branch);
        const QSet<qint64> *known
            = at.declaredBefore() ? &None : m_known.versionsOf(remove.id, remove.branch);
        if (!known) {
            return;
        }
        // The versions the table has when this row runs: those known, less those deleted by
        // earlier rows, plus those created by earlier rows.
        QList<qint64> before;
        for (const qint64 version : *known) {
            if (!deletedEarlier(rows, branch, row, version)) {
                before.append(version);
            }
        }
        for (const qsizetype other : rows.creates.value(branch)) {
            const auto &staged = std::get<api::CreateTableVersionRequest>(m_operations.at(other));
            if (other < row && !before.contains(staged.version)) {
                before.append(staged.version);
            }
        }
        qsizetype deleted = 0;
        for (const qint64 version : std::as_const(before)) {
            deleted += inRanges(version, remove.ranges) ? 1 : 0;
        }
        if (deleted == 0) {
            add(row, Severity::Warning,
                StagingCheck::tr("No known version of %1 is in %2; nothing would be deleted.")
                    .arg(onBranch(name, remove.branch), OperationSummary::ranges(remove.ranges)));
            return;
        }
        warnIfLast(row, remove, before, deleted, onBranch(name, remove.branch));
    }

    // Deleting a table's newest version changes what every reader sees; deleting all of them
    // leaves a table nobody can open. Both can be meant, so they warn rather than block.
    void warnIfLast(qsizetype row, const api::BatchDeleteTableVersionsRequest &remove,
                    const QList<qint64> &before, qsizetype deleted, const QString &name)
    {
        if (deleted == before.size()) {
            add(row, Severity::Warning,
                StagingCheck::tr("This deletes every version of %1 (%n version(s)); the table "
                                 "stays registered with nothing left to read.",
                                 nullptr, int(deleted))
                    .arg(name));
            return;
        }
        const qint64 latest = *std::max_element(before.cbegin(), before.cend());
        if (!inRanges(latest, remove.ranges)) {
            return;
        }
        qint64 remaining = -1;
        for (const qint64 version : before) {
            if (!inRanges(version, remove.ranges)) {
                remaining = std::max(remaining, version);
            }
        }
        add(row, Severity::Warning,
            StagingCheck::tr("This deletes version %1, the latest of %2; readers will see "
                             "version %3 instead.")
                .arg(latest)
                .arg(name)
                .arg(remaining));
    }

    // False, with a problem, when the table is gone or known not to exist at this row.
    bool checkExists(qsizetype row, const api::Identifier &table, const Position &at,
                     const QString &name)
    {
        if (at.deregisteredBefore()) {
            add(row, Severity::Blocking,
                StagingCheck::tr("Row %1 deregisters %2 before this operation, which would "
                                 "then fail; move it after row %1 or remove it.")
                    .arg(at.previousDeregister + 1)
                    .arg(name));
            return false;
        }
        if (!at.declaredBefore() && m_known.tableExists(table) == false) {
            add(row, Severity::Blocking,
                StagingCheck::tr("%1 does not exist in the catalog and is not declared earlier "
                                 "in this batch.")
                    .arg(name));
            return false;
        }
        return true;
    }

    bool deletedEarlier(const TableRows &rows, const QString &branch, qsizetype row,
                        qint64 version) const
    {
        for (const qsizetype other : rows.deletes.value(branch)) {
            const auto &remove
                = std::get<api::BatchDeleteTableVersionsRequest>(m_operations.at(other));
            if (other < row && inRanges(version, remove.ranges)) {
                return true;
            }
        }
        return false;
    }

    // A safety net: whatever the validator refuses in the whole batch that the rules above did
    // not already block, on the row it names.
    void checkWholeBatch()
    {
        if (m_operations.isEmpty()) {
            return;
        }
        for (const QList<StagingProblem> &problems : std::as_const(m_problems)) {
            for (const StagingProblem &problem : problems) {
                if (problem.isBlocking()) {
                    return;
                }
            }
        }
        api::BatchCommitTablesRequest request;
        request.operations = m_operations;
        const api::Result<void> checked = api::BatchCommitValidator::check(request, m_delimiter);
        if (checked.hasValue()) {
            return;
        }
        const QString message = checked.error().userMessage();
        for (qsizetype row = 0; row < m_operations.size(); ++row) {
            const QString prefix = api::BatchCommitValidator::describeOperation(
                                       row, m_operations.at(row), m_delimiter)
                                   + u": "_s;
            if (message.startsWith(prefix)) {
                add(row, Severity::Blocking, validatorSentence(row, m_operations.at(row), message));
                return;
            }
        }
        add(0, Severity::Blocking, message);
    }

    const QList<api::CommitTableOperation> &m_operations;
    const KnownState &m_known;
    const QString &m_delimiter;
    QList<QList<StagingProblem>> m_problems;
    QHash<QString, TableRows> m_tables;         //!< table key -> its rows
    QHash<QString, QList<qsizetype>> m_creates; //!< table, branch and version -> rows
};

} // namespace

QList<QList<StagingProblem>> StagingCheck::check(const QList<api::CommitTableOperation> &operations,
                                                 const KnownState &known, const QString &delimiter)
{
    return BatchScan(operations, known, delimiter).run();
}

} // namespace lance::staging
