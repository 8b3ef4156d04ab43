// SPDX-License-Identifier: Apache-2.0
#include "CliApplication.h"

#include "CliCommand.h"
#include "CommandLine.h"
#include "CommandTable.h"
#include "local/LocalCatalogService.h"
#include "rest/RestClient.h"

#include <QNetworkAccessManager>
#include <QTextStream>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace lance::cli {

CliApplication::CliApplication(QTextStream &out, QTextStream &err, QObject *parent)
    : QObject(parent)
    , m_out(out)
    , m_err(err)
    , m_network(new QNetworkAccessManager(this))
{}

CliApplication::~CliApplication() = default;

void CliApplication::start(const QStringList &arguments)
{
    const CommandLine::Parsed parsed = CommandLine::parse(arguments);
    switch (parsed.action) {
    case CommandLine::Action::ShowHelp:
    case CommandLine::Action::ShowVersion:
        m_out << parsed.text;
        finishLater(ExitCode::Ok);
        return;
    case CommandLine::Action::Fail:
        m_err << u"lance-catalog: "_s << parsed.text << u'\n';
        finishLater(ExitCode::Usage);
        return;
    case CommandLine::Action::Run:
        break;
    }

    auto context = serviceContext(parsed.invocation);
    if (!context) {
        m_err << u"lance-catalog: "_s << context.error().userMessage() << u'\n';
        finishLater(ExitCode::Usage);
        return;
    }
    // CommandLine::parse accepts only the table's names, and answers help itself.
    const CommandSpec *spec = CommandTable::find(parsed.invocation.command);
    if (!spec || !spec->create) {
        m_err << u"lance-catalog: "_s
              << tr("%1 is not a command that runs; see --help.").arg(parsed.invocation.command)
              << u'\n';
        finishLater(ExitCode::Usage);
        return;
    }
    CliCommand *command = spec->create(std::move(*context), this);
    connect(command, &CliCommand::finished, this, [this](ExitCode code) { finishLater(code); });
    command->start();
}

api::Result<CliContext> CliApplication::serviceContext(const CliInvocation &invocation)
{
    CliContext context;
    context.invocation = invocation;
    context.out = &m_out;
    context.err = &m_err;
    if (!invocation.localRoot.isEmpty()) {
        auto *local = new local::LocalCatalogService(invocation.localRoot, this);
        context.service = local;
        context.local = local;
        return context;
    }
    if (invocation.url.isEmpty()) {
        return context; // no catalog: CommandLine allows that for stage-manifests and copy-catalog
    }
    auto config = clientConfig(invocation);
    if (!config) {
        return config.error();
    }
    auto *client = new rest::RestClient(m_network, std::move(*config), this);
    context.service = client;
    context.rest = client;
    return context;
}

api::Result<rest::RestClientConfig>
CliApplication::clientConfig(const CliInvocation &invocation) const
{
    rest::RestClientConfig config;
    config.baseUrl = invocation.url;
    config.delimiter = invocation.delimiter;
    config.extraHeaders = invocation.headers;
    config.caFile = invocation.caFile;
    config.timeoutMs = invocation.timeoutMs;
    const QString variable
        = invocation.apiKeyEnv.isEmpty() ? invocation.bearerEnv : invocation.apiKeyEnv;
    if (!variable.isEmpty()) {
        config.auth = invocation.apiKeyEnv.isEmpty() ? rest::AuthMethod::BearerToken
                                                     : rest::AuthMethod::ApiKey;
        config.secret = qEnvironmentVariable(variable.toLocal8Bit().constData());
        if (config.secret.isEmpty()) {
            return api::ApiError::invalidInput(
                tr("The environment variable %1 is not set or empty; it should hold the %2.")
                    .arg(variable, config.auth == rest::AuthMethod::ApiKey ? tr("API key")
                                                                           : tr("bearer token")));
        }
    }
    if (const auto problem = config.check(); !problem.hasValue()) {
        return api::ApiError::invalidInput(problem.error().userMessage());
    }
    return config;
}

void CliApplication::finishLater(ExitCode code)
{
    m_out.flush();
    m_err.flush();
    QTimer::singleShot(0, this, [this, code] { emit finished(static_cast<int>(code)); });
}

} // namespace lance::cli
