// SPDX-License-Identifier: Apache-2.0
#include "commit/RestorePlacement.h"

#include <QDir>
#include <QFileInfo>

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

api::Result<void> RestorePlacement::place(const QList<api::CommitTableOperation> &operations)
{
    const qsizetype before = m_placed.size();
    for (qsizetype index = 0; index < operations.size(); ++index) {
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
            while (m_placed.size() > before) {
                m_spool.withdraw(m_placed.takeLast().second);
            }
            return placed.error();
        }
        if (*placed) {
            m_placed.append({index, *file});
        }
    }
    return {};
}

void RestorePlacement::taken(const QList<api::CommitTableOperation> &operations)
{
    for (const api::CommitTableOperation &operation : operations) {
        if (const std::optional<QString> file = restoreFile(operation)) {
            m_spool.forget(*file);
            m_placed.removeIf([&file](const auto &placed) { return placed.second == *file; });
        }
    }
}

void RestorePlacement::refused(qsizetype from)
{
    m_placed.removeIf([this, from](const std::pair<qsizetype, QString> &placed) {
        if (placed.first < from) {
            return false;
        }
        m_spool.withdraw(placed.second);
        return true;
    });
}

QStringList RestorePlacement::placed() const
{
    QStringList files;
    for (const auto &placed : m_placed) {
        files << placed.second;
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
