// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "CliInvocation.h"
#include "ExitCode.h"
#include "api/CatalogService.h"
#include "api/JsonCodec.h"
#include "details/ManifestAccess.h"

#include <QObject>

#include <functional>

class QTextStream;

namespace lance::rest {
class RestClient;
}
namespace lance::local {
class LocalCatalogService;
}

namespace lance::cli {

/// What every command works with: the service, the parsed arguments and the two streams.
struct CliContext
{
    api::CatalogService *service = nullptr;
    /// The same object as `service`, for dry runs: one of these two is set.
    const rest::RestClient *rest = nullptr;
    const local::LocalCatalogService *local = nullptr;
    CliInvocation invocation;
    QTextStream *out = nullptr; //!< results
    QTextStream *err = nullptr; //!< messages about the run
};

/// One command of `lance-catalog`. `start()` begins the work; `finished` reports the exit code
/// once, always after `start()` has returned.
class CliCommand : public QObject
{
    Q_OBJECT

public:
    CliCommand(CliContext context, QObject *parent);
    virtual void start() = 0;

signals:
    void finished(lance::cli::ExitCode code);

protected:
    /// The page size a command asks for when it lists everything: each round trip through Qt's
    /// network stack costs about 2 ms of CPU on a 2-core VM, a hundred of them more than the
    /// decoding. Servers may answer smaller pages; the engine's largest is this.
    static constexpr qint64 ListAllPageSize = 10000;

    /// Prints `error` as one line (then the server's detail and `hint`, if any) and finishes
    /// with the error's exit code.
    void fail(const api::ApiError &error, const QString &hint = {});
    void succeed();
    /// Argument `index` as an identifier; the root when absent and `allowRoot` is set.
    api::Result<api::Identifier> identifierArgument(qsizetype index, bool allowRoot) const;
    /// Argument `index` as a version number (a whole number of at least 1).
    api::Result<qint64> versionArgument(qsizetype index) const;
    /// Prints `json` indented, as --json asks for.
    void printJson(const QByteArray &json);
    /// Writes `message` to the error stream, prefixed with the program name.
    void note(const QString &message);
    /// Finishes the command for an answer that needs no words: a failure (fail()), or any
    /// answer under --json (printed, then succeed()). False: the caller words the answer.
    template <typename Response> bool finishedPlainly(const api::Result<Response> &answer);
    /// finishedPlainly(), or else `message` on a line of its own and succeed(): the end of an
    /// action that applies at once.
    template <typename Response>
    void finishWith(const api::Result<Response> &answer, const QString &message);

    /// Calls `then` with what this machine reaches of `table`'s manifests: its local files and
    /// the path mapping, and for a table on an object store the store itself, opened with the
    /// options the server vends (DescribeTable with `vend_credentials`) over the standard
    /// environment and `~/.aws`. A store that cannot be opened is said in a note; `then` is
    /// called all the same.
    void withManifestAccess(const api::Identifier &table,
                            std::function<void(const details::ManifestAccess &)> then);
    QTextStream &out() { return *m_context.out; }
    const CliInvocation &invocation() const { return m_context.invocation; }
    api::CatalogService &service() { return *m_context.service; }
    const CliContext &context() const { return m_context; }

private:
    void finish(ExitCode code);

    CliContext m_context;
    bool m_finished = false;
};

/// Drops the `header.*` entries the client adds from response headers, so --json prints what
/// the server put in the body.
template <typename T> T withoutHeaderContext(T response)
{
    response.context.removeIf([](auto entry) { return entry.key().startsWith(u"header."); });
    return response;
}

template <typename Response> bool CliCommand::finishedPlainly(const api::Result<Response> &answer)
{
    if (!answer) {
        fail(answer.error());
        return true;
    }
    if (invocation().json) {
        printJson(api::json::encode(withoutHeaderContext(*answer)));
        succeed();
        return true;
    }
    return false;
}

template <typename Response>
void CliCommand::finishWith(const api::Result<Response> &answer, const QString &message)
{
    if (!finishedPlainly(answer)) {
        out() << message << u'\n';
        succeed();
    }
}

} // namespace lance::cli
