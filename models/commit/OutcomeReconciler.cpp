// SPDX-License-Identifier: Apache-2.0
#include "commit/OutcomeReconciler.h"

#include "commit/OperationText.h"
#include "format/LocalPaths.h"
#include "format/ManifestFileName.h"
#include "format/ManifestFiles.h"

#include <QDir>
#include <QStringList>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace lance::commit {

namespace {

using Finding = OutcomeReconciler::Finding;
using Seen = OutcomeReconciler::Seen;
using OperationState = BatchStateReader::OperationState;

// Servers record object-store paths (no leading slash); a client may have sent a file URI or an
// absolute path for the same file.
QString normalized(const QString &path)
{
    QString plain = path.startsWith(u"file://"_s) ? QUrl(path).toLocalFile() : path;
    if (!plain.contains(u"://"_s)) {
        plain = QDir::cleanPath(plain);
        while (plain.startsWith(u'/')) {
            plain.remove(0, 1);
        }
    }
    return plain;
}

QString folderOf(const QString &path)
{
    const qsizetype slash = path.lastIndexOf(u'/');
    return slash < 0 ? QString() : path.left(slash);
}

QString fileNameOf(const QString &path)
{
    return path.mid(path.lastIndexOf(u'/') + 1);
}

// Is `recorded` the manifest `request` sent, as the server keeps it?
bool sameManifest(const api::CreateTableVersionRequest &request, const api::TableVersion &recorded)
{
    if (request.manifestSize && recorded.manifestSize
        && *request.manifestSize != *recorded.manifestSize) {
        return false;
    }
    const QString sent = normalized(request.manifestPath);
    const QString kept = normalized(recorded.manifestPath);
    if (sent == kept) {
        return true;
    }
    // A staged manifest the server moved to its final name: Lance stages
    // `_versions/<final name>.manifest-<uuid>`, or beside the final name under any other name.
    const QString stagedName = fileNameOf(sent);
    const QString finalName = fileNameOf(kept);
    const auto parsed = format::ManifestFiles::parseName(finalName);
    if (!parsed || parsed->version != request.version
        || format::ManifestFiles::parseName(stagedName)) {
        return false;
    }
    // A staging name says its final name: only that one is this manifest moved (another
    // writer's manifest of the version may sit in the same folder under the other scheme).
    if (format::ManifestFileName::parse(stagedName).kind
        == format::ManifestFileName::Kind::Staging) {
        return stagedName.startsWith(finalName + u'-');
    }
    return folderOf(sent) == folderOf(kept);
}

bool covers(const api::BatchDeleteTableVersionsRequest &remove, const api::Identifier &table,
            const std::optional<QString> &branch, qint64 version)
{
    if (remove.id != table || remove.branch != branch) {
        return false;
    }
    for (const api::VersionRange &range : remove.ranges) {
        if (version >= range.startVersion && (range.endVersion < 0 || version < range.endVersion)) {
            return true;
        }
    }
    return false;
}

// The later operation of the batch that undoes operation `index`, if any.
std::optional<qsizetype> supersededBy(const api::BatchCommitTablesRequest &request, qsizetype index)
{
    const api::CommitTableOperation &operation = request.operations.at(index);
    const api::Identifier &table = api::commitOperationTarget(operation);
    const auto *create = std::get_if<api::CreateTableVersionRequest>(&operation);
    for (qsizetype later = index + 1; later < request.operations.size(); ++later) {
        const api::CommitTableOperation &next = request.operations.at(later);
        if (api::commitOperationTarget(next) != table) {
            continue;
        }
        if (std::holds_alternative<api::DeregisterTableRequest>(next)
            && !std::holds_alternative<api::DeregisterTableRequest>(operation)) {
            return later;
        }
        const auto *remove = std::get_if<api::BatchDeleteTableVersionsRequest>(&next);
        if (create && remove && covers(*remove, table, create->branch, create->version)) {
            return later;
        }
    }
    return std::nullopt;
}

// Versions later operations of the batch create: a delete cannot be expected to leave them out.
QList<qint64> createdLater(const api::BatchCommitTablesRequest &request, qsizetype index,
                           const api::BatchDeleteTableVersionsRequest &remove)
{
    QList<qint64> versions;
    for (qsizetype later = index + 1; later < request.operations.size(); ++later) {
        const auto *create
            = std::get_if<api::CreateTableVersionRequest>(&request.operations[later]);
        if (create && create->id == remove.id && create->branch == remove.branch) {
            versions.append(create->version);
        }
    }
    return versions;
}

QString versionList(const QList<qint64> &versions)
{
    QStringList numbers;
    for (const qint64 version : versions) {
        numbers.append(QString::number(version));
    }
    return numbers.join(u", "_s);
}

std::pair<Seen, QString> judgeOne(const api::BatchCommitTablesRequest &request, qsizetype index,
                                  const OperationState &state)
{
    using R = OutcomeReconciler;
    const api::CommitTableOperation &operation = request.operations.at(index);
    const QString table = OperationText::table(api::commitOperationTarget(operation));
    if (const auto later = supersededBy(request, index)) {
        return {Seen::Superseded,
                R::tr("undone by operation %1 of the same batch").arg(*later + 1)};
    }
    if (std::holds_alternative<api::DeclareTableRequest>(operation)) {
        return state.tableExists
                   ? std::pair(Seen::Applied, R::tr("table %1 exists").arg(table))
                   : std::pair(Seen::NotApplied, R::tr("table %1 does not exist").arg(table));
    }
    if (std::holds_alternative<api::DeregisterTableRequest>(operation)) {
        return state.tableExists
                   ? std::pair(Seen::NotApplied, R::tr("table %1 is still there").arg(table))
                   : std::pair(Seen::Applied, R::tr("table %1 is gone").arg(table));
    }
    if (const auto *create = std::get_if<api::CreateTableVersionRequest>(&operation)) {
        if (!state.version) {
            return {Seen::NotApplied,
                    R::tr("version %1 of %2 does not exist").arg(create->version).arg(table)};
        }
        if (sameManifest(*create, *state.version)) {
            return {Seen::Applied,
                    R::tr("version %1 of %2 exists with the manifest %3")
                        .arg(create->version)
                        .arg(table, format::LocalPaths::readable(state.version->manifestPath))};
        }
        return {Seen::Unclear,
                R::tr("version %1 of %2 exists, but with the manifest %3 instead of %4")
                    .arg(create->version)
                    .arg(table, format::LocalPaths::readable(state.version->manifestPath),
                         format::LocalPaths::readable(create->manifestPath))};
    }
    const auto &remove = std::get<api::BatchDeleteTableVersionsRequest>(operation);
    if (!state.tableExists) {
        return {Seen::Unclear, R::tr("table %1 no longer exists").arg(table)};
    }
    QList<qint64> remaining = state.versionsInRanges;
    for (const qint64 version : createdLater(request, index, remove)) {
        remaining.removeAll(version);
    }
    if (remaining.isEmpty()) {
        return {Seen::Applied, R::tr("no version of %1 in the ranges remains").arg(table)};
    }
    return {Seen::NotApplied,
            R::tr("versions of %1 in the ranges remain: %2").arg(table, versionList(remaining))};
}

} // namespace

OutcomeReconciler::OutcomeReconciler(api::CatalogService &service, QObject *parent)
    : QObject(parent)
    , m_reader(service)
{}

void OutcomeReconciler::cancel()
{
    m_reader.cancel();
}

void OutcomeReconciler::reconcile(const api::BatchCommitTablesRequest &request)
{
    m_reader.read(request, {}, BatchStateReader::Read::Tables | BatchStateReader::Read::Versions,
                  [this, request](const BatchStateReader::Snapshot &snapshot) {
                      emit finished(judge(request, snapshot));
                  });
}

OutcomeReconciler::Report OutcomeReconciler::judge(const api::BatchCommitTablesRequest &request,
                                                   const BatchStateReader::Snapshot &snapshot)
{
    Report report;
    report.readError = snapshot.error;
    int applied = 0;
    int notApplied = 0;
    int unclear = 0;
    for (qsizetype i = 0; i < request.operations.size(); ++i) {
        Finding finding;
        finding.index = i;
        const QString name = OperationText::numbered(i, request.operations.at(i));
        if (i >= snapshot.operations.size() || !snapshot.operations.at(i).read || snapshot.error) {
            // A failed reading leaves the facts incomplete (an absent fact reads as "absent").
            finding.seen = Seen::NotRead;
            finding.text = tr("%1: not read").arg(name);
        } else {
            const auto [seen, text] = judgeOne(request, i, snapshot.operations.at(i));
            finding.seen = seen;
            finding.text = tr("%1: %2").arg(name, text);
        }
        applied += finding.seen == Seen::Applied;
        notApplied += finding.seen == Seen::NotApplied;
        unclear += finding.seen == Seen::Unclear;
        report.findings.append(finding);
    }
    if (snapshot.error) {
        report.verdict = Verdict::ReadFailed;
        report.message = tr("The server's state could not be read (%1); whether the batch was "
                            "applied is still unknown.")
                             .arg(snapshot.error->userMessage().chopped(
                                 snapshot.error->userMessage().endsWith(u'.') ? 1 : 0));
    } else if (unclear == 0 && notApplied == 0 && applied > 0) {
        report.verdict = Verdict::AllApplied;
        report.message = tr("The batch was committed: the effect of every operation is visible "
                            "on the server.");
    } else if (unclear == 0 && applied == 0 && notApplied > 0) {
        report.verdict = Verdict::NoneApplied;
        report.message = tr("The batch was not applied: no operation's effect is visible on the "
                            "server, so it is still staged and can be sent again.");
    } else {
        report.verdict = Verdict::Mixed;
        report.message = tr("The server shows a state that is neither the batch applied nor "
                            "not applied: %1.")
                             .arg(report.findingTexts().join(u"; "_s));
    }
    return report;
}

} // namespace lance::commit
