// SPDX-License-Identifier: Apache-2.0
#include "commit/RestorePlacement.h"

namespace lance::commit {

std::optional<QString>
RestorePlacement::keptRestore(const api::CommitTableOperation &operation) const
{
    const auto *create = std::get_if<api::CreateTableVersionRequest>(&operation);
    if (!create || !details::RestoreSpool::uuidOf(create->manifestPath)) {
        return std::nullopt;
    }
    const std::optional<QString> file = m_access.tableFile(create->manifestPath);
    if (!file || !m_spool.keptFile(*file)) {
        return std::nullopt;
    }
    return file;
}

api::Result<void> RestorePlacement::place(const QList<api::CommitTableOperation> &operations)
{
    QStringList placedNow;
    for (const api::CommitTableOperation &operation : operations) {
        const std::optional<QString> file = keptRestore(operation);
        if (!file) {
            continue;
        }
        const api::Result<bool> placed = m_spool.place(*file);
        if (!placed) {
            for (const QString &each : std::as_const(placedNow)) {
                m_spool.withdraw(each);
                m_placed.removeOne(each);
            }
            return placed.error();
        }
        if (*placed) {
            placedNow << *file;
            m_placed << *file;
        }
    }
    return {};
}

void RestorePlacement::taken(const QList<api::CommitTableOperation> &operations)
{
    for (const api::CommitTableOperation &operation : operations) {
        if (const std::optional<QString> file = keptRestore(operation)) {
            m_spool.forget(*file);
            m_placed.removeOne(*file);
        }
    }
}

void RestorePlacement::refused()
{
    for (const QString &file : std::as_const(m_placed)) {
        m_spool.withdraw(file);
    }
    m_placed.clear();
}

} // namespace lance::commit
