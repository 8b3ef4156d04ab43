// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "CliCommand.h"
#include "CliInvocation.h"
#include "ExitCode.h"
#include "api/Result.h"
#include "rest/RestClientConfig.h"

#include <QObject>

class QNetworkAccessManager;
class QTextStream;

namespace lance::cli {

class CliCommand;

/// The composition root of `lance-catalog`: parses the arguments, builds the service (the REST
/// client, secrets from the environment, or the local catalog of --local), runs one command and
/// reports its exit code.
class CliApplication : public QObject
{
    Q_OBJECT

public:
    CliApplication(QTextStream &out, QTextStream &err, QObject *parent = nullptr);
    ~CliApplication() override;

    /// Starts the run; `finished` follows once, after this returns.
    void start(const QStringList &arguments);

signals:
    void finished(int exitCode);

private:
    /// The service `invocation` asks for, in a context for its command; InvalidInput if the
    /// client configuration is unusable.
    api::Result<CliContext> serviceContext(const CliInvocation &invocation);
    /// The client configuration for `invocation`, with the secret read from the environment.
    api::Result<rest::RestClientConfig> clientConfig(const CliInvocation &invocation) const;
    void finishLater(ExitCode code);

    QTextStream &m_out;
    QTextStream &m_err;
    QNetworkAccessManager *m_network = nullptr;
};

} // namespace lance::cli
