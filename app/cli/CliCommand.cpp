// SPDX-License-Identifier: Apache-2.0
#include "CliCommand.h"

#include "api/JsonCodec.h"
#include "details/VendedAccess.h"

#include <QProcessEnvironment>
#include <QTextStream>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace lance::cli {

CliCommand::CliCommand(CliContext context, QObject *parent)
    : QObject(parent)
    , m_context(std::move(context))
{}

void CliCommand::fail(const api::ApiError &error, const QString &hint)
{
    note(error.userMessage());
    if (!error.serverDetail().isEmpty()) {
        *m_context.err << u"  "_s << tr("Server detail: %1").arg(error.serverDetail()) << u'\n';
    }
    if (!hint.isEmpty()) {
        *m_context.err << u"  "_s << hint << u'\n';
    }
    finish(exitCodeFor(error));
}

void CliCommand::succeed()
{
    finish(ExitCode::Ok);
}

void CliCommand::note(const QString &message)
{
    *m_context.err << u"lance-catalog: "_s << message << u'\n';
}

api::Result<api::Identifier> CliCommand::identifierArgument(qsizetype index, bool allowRoot) const
{
    if (index >= m_context.invocation.arguments.size()) {
        return api::Identifier();
    }
    auto id = api::Identifier::parse(m_context.invocation.arguments.at(index),
                                     m_context.invocation.delimiter);
    if (id && id->isRoot() && !allowRoot) {
        return api::ApiError::invalidInput(
            tr("A table identifier is needed, not the root namespace \"%1\".")
                .arg(m_context.invocation.delimiter));
    }
    return id;
}

api::Result<qint64> CliCommand::versionArgument(qsizetype index) const
{
    const QString text = m_context.invocation.arguments.value(index);
    bool ok = false;
    const qint64 version = text.toLongLong(&ok);
    if (!ok || version < 1) {
        return api::ApiError::invalidInput(
            tr("\"%1\" is not a version number (a whole number of at least 1).").arg(text));
    }
    return version;
}

void CliCommand::printJson(const QByteArray &json)
{
    const auto indented = api::json::reformat(json, api::json::Format::Indented);
    out() << QString::fromUtf8(indented.value_or(json)) << u'\n';
}

void CliCommand::finish(ExitCode code)
{
    if (m_finished) {
        return;
    }
    m_finished = true;
    m_context.out->flush();
    m_context.err->flush();
    // Always after start() has returned, even when the command fails before any request.
    QTimer::singleShot(0, this, [this, code] { emit finished(code); });
}

void CliCommand::withManifestAccess(const api::Identifier &table,
                                    std::function<void(const details::ManifestAccess &)> then)
{
    // One command, one table: the access is asked for once, and goes with its answer.
    auto *vended = new details::VendedAccess(
        &service(),
        [mapping = invocation().pathMapping] { return details::ManifestAccess(mapping); },
        details::VendedTableStore::Fallback{[](storage::StorageUri::Scheme) {
                                                return storage::StorageOptions::standard(
                                                    QProcessEnvironment::systemEnvironment());
                                            },
                                            tr("this machine's environment")},
        this);
    vended->reach(table, this,
                  [this, vended, then = std::move(then)](const details::ManifestAccess &access) {
                      if (access.storeProblem().isEmpty()) {
                          then(access);
                      } else {
                          // Said once, here: what then fails to read says where it looked.
                          note(access.storeProblem());
                          then(access.withStoreProblem({}));
                      }
                      vended->deleteLater();
                  });
}

} // namespace lance::cli
