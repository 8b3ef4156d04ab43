// SPDX-License-Identifier: Apache-2.0
#include "CommitCommand.h"

#include "TextTable.h"
#include "api/BatchCommitValidator.h"
#include "api/BatchRequestFile.h"
#include "api/JsonCodec.h"
#include "local/LocalCatalogService.h"
#include "rest/RestClient.h"

#include <QFile>
#include <QTextStream>

using namespace Qt::StringLiterals;

namespace lance::cli {

namespace {

QString resultSummary(const api::CommitTableResult &result)
{
    if (const auto *declared = std::get_if<api::DeclareTableResponse>(&result)) {
        return declared->location ? CommitCommand::tr("declared at %1").arg(*declared->location)
                                  : CommitCommand::tr("declared");
    }
    if (const auto *created = std::get_if<api::CreateTableVersionResponse>(&result)) {
        if (!created->version) {
            return CommitCommand::tr("version created");
        }
        return CommitCommand::tr("version %1 at %2")
            .arg(created->version->version)
            .arg(created->version->manifestPath);
    }
    if (const auto *deleted = std::get_if<api::BatchDeleteTableVersionsResponse>(&result)) {
        return deleted->deletedCount ? CommitCommand::tr("%n version(s) deleted", nullptr,
                                                         static_cast<int>(*deleted->deletedCount))
                                     : CommitCommand::tr("versions deleted");
    }
    const auto &deregistered = std::get<api::DeregisterTableResponse>(result);
    return deregistered.location
               ? CommitCommand::tr("deregistered; data kept at %1").arg(*deregistered.location)
               : CommitCommand::tr("deregistered; data kept");
}

} // namespace

api::Result<api::BatchCommitTablesRequest> CommitCommand::readRequest() const
{
    const QString fileName = invocation().arguments.at(0);
    QFile file;
    const bool isStdin = fileName == u"-";
    const bool opened = isStdin ? file.open(stdin, QIODevice::ReadOnly)
                                : (file.setFileName(fileName), file.open(QIODevice::ReadOnly));
    if (!opened) {
        return api::ApiError::invalidInput(
            tr("Cannot read %1: %2.").arg(fileName, file.errorString()));
    }
    auto request = api::BatchRequestFile::read(file, isStdin ? tr("standard input") : fileName);
    if (!request) {
        // A file the user wrote: a usage problem, named with the file and the JSON path.
        return request.error();
    }
    if (const auto problem = api::BatchCommitValidator::check(*request, invocation().delimiter);
        !problem.hasValue()) {
        return problem.error();
    }
    return request;
}

void CommitCommand::start()
{
    auto request = readRequest();
    if (!request) {
        fail(request.error());
        return;
    }
    if (invocation().dryRun) {
        printDryRun(*request);
        return;
    }
    service().call(*request, this,
                   [this, sent = *request](api::Result<api::BatchCommitTablesResponse> result) {
                       if (!result) {
                           reportFailure(result.error());
                           return;
                       }
                       if (invocation().json) {
                           printJson(api::json::encode(withoutHeaderContext(*result)));
                       } else {
                           printResults(sent, *result);
                       }
                       succeed();
                   });
}

void CommitCommand::printDryRun(const api::BatchCommitTablesRequest &request)
{
    if (context().local) {
        printLocalDryRun(request);
        return;
    }
    const auto prepared = context().rest->prepare(request);
    if (!prepared) {
        fail(prepared.error());
        return;
    }
    if (invocation().json) {
        printJson(prepared->body);
        succeed();
        return;
    }
    // Exactly what would go on the wire, credentials masked.
    out() << QString::fromLatin1(prepared->method) << u' '
          << QString::fromUtf8(prepared->url.toEncoded()) << u'\n';
    for (const auto &[name, value] : prepared->maskedHeaders()) {
        out() << QString::fromLatin1(name) << u": "_s << QString::fromUtf8(value) << u'\n';
    }
    out() << u'\n' << QString::fromUtf8(prepared->body) << u'\n';
    note(tr("Dry run: %n operation(s) checked, nothing sent.", nullptr,
            static_cast<int>(request.operations.size())));
    succeed();
}

void CommitCommand::printLocalDryRun(const api::BatchCommitTablesRequest &request)
{
    // No HTTP request exists here: the request itself is what the catalog would apply.
    const auto prepared = context().local->prepare(request);
    if (!prepared) {
        fail(prepared.error());
        return;
    }
    if (invocation().json) {
        printJson(*prepared);
    } else {
        out() << QString::fromUtf8(*prepared) << u'\n';
        note(tr("Dry run: %n operation(s) checked, nothing applied to the local catalog in %1.",
                nullptr, static_cast<int>(request.operations.size()))
                 .arg(context().local->root()));
    }
    succeed();
}

void CommitCommand::printResults(const api::BatchCommitTablesRequest &request,
                                 const api::BatchCommitTablesResponse &response)
{
    TextTable table({tr("#"), tr("OPERATION"), tr("TABLE"), tr("RESULT")});
    for (qsizetype i = 0; i < response.results.size(); ++i) {
        const api::CommitTableResult &result = response.results.at(i);
        const QString target = i < request.operations.size()
                                   ? api::commitOperationTarget(request.operations.at(i))
                                         .toString(invocation().delimiter)
                                   : QString();
        table.addRow(
            {QString::number(i), api::commitResultKey(result), target, resultSummary(result)});
    }
    table.print(out());
    if (response.results.size() != request.operations.size()) {
        note(tr("The server answered %1 results for %2 operations.")
                 .arg(response.results.size())
                 .arg(request.operations.size()));
    }
    note(response.transactionId
             ? tr("Committed atomically (transaction %1).").arg(*response.transactionId)
             : tr("Committed atomically."));
}

void CommitCommand::reportFailure(const api::ApiError &error)
{
    const bool unknownOutcome
        = error.kind() == api::ApiError::Kind::Timeout
          || (error.kind() == api::ApiError::Kind::Network && error.isConnectionReset());
    QString hint;
    if (error.kind() == api::ApiError::Kind::Http) {
        // The spec's promise for this route: a failed batch applies nothing.
        hint = tr("Nothing was applied: the batch is all or nothing.");
    } else if (unknownOutcome) {
        hint = tr("The outcome is unknown: the request may have reached the server. List the "
                  "tables and versions before sending it again.");
    }
    fail(error, hint);
}

} // namespace lance::cli
