// SPDX-License-Identifier: Apache-2.0
#include "staging/BatchFile.h"

#include "api/BatchCommitValidator.h"
#include "api/BatchRequestFile.h"
#include "api/JsonCodec.h"
#include "staging/JournalWriter.h"
#include "staging/PendingChanges.h"

#include <QFile>
#include <QFileInfo>

namespace lance::staging {

api::Result<void> BatchFile::exportTo(const PendingChanges &changes, const QString &fileName)
{
    if (changes.count() == 0) {
        return api::ApiError::invalidInput(
            tr("Nothing is staged, so there is no batch to export."));
    }
    QByteArray json = api::json::encode(changes.toRequest(), api::json::Format::Indented);
    json.append('\n');
    return JournalWriter::writeNow(fileName, json);
}

api::Result<api::BatchCommitTablesRequest> BatchFile::read(const QString &fileName)
{
    QFile file(fileName);
    if (!file.open(QIODevice::ReadOnly)) {
        return api::ApiError::invalidInput(
            tr("Cannot read %1: %2.").arg(fileName, file.errorString()));
    }
    return api::BatchRequestFile::read(file, QFileInfo(fileName).fileName());
}

api::Result<void> BatchFile::importInto(PendingChanges &changes, const QString &fileName)
{
    if (changes.isFrozen()) {
        return changes.stageAll({}, {}); // the frozen refusal, in its words
    }
    const auto request = read(fileName);
    if (!request) {
        return request.error();
    }
    const QString name = QFileInfo(fileName).fileName();
    if (request->operations.isEmpty()) {
        return api::ApiError::invalidInput(
            tr("%1 has no operations; nothing was imported.").arg(name));
    }
    // What `lance-catalog commit` would refuse is refused here too, before anything is staged:
    // an imported row must never be one the batch cannot be sent with.
    if (const api::Result<void> checked
        = api::BatchCommitValidator::check(*request, changes.delimiter());
        !checked.hasValue()) {
        return api::ApiError::invalidInput(
            tr("%1 was not imported: %2").arg(name, checked.error().userMessage()));
    }
    return changes.stageAll(request->operations, tr("Import %n operation(s) from %1", nullptr,
                                                    static_cast<int>(request->operations.size()))
                                                     .arg(name));
}

} // namespace lance::staging
