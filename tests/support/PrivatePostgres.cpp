// SPDX-License-Identifier: Apache-2.0
#include "PrivatePostgres.h"

#include <QProcess>

using namespace Qt::StringLiterals;

namespace lance::test {

PrivatePostgres::~PrivatePostgres()
{
    if (m_started) {
        run(u"stop"_s);
    }
}

bool PrivatePostgres::start(bool durable)
{
    m_started = run(u"start"_s, durable);
    return m_started;
}

bool PrivatePostgres::restart()
{
    return run(u"restart"_s);
}

std::unique_ptr<QProcess> PrivatePostgres::beginRestart()
{
    auto script = std::make_unique<QProcess>();
    script->setProcessChannelMode(QProcess::MergedChannels);
    script->start(QStringLiteral(LCB_PRIVATE_POSTGRES_SCRIPT), {u"restart"_s, m_state.path()});
    if (!script->waitForStarted(10000)) {
        m_error = u"private-postgres.sh restart did not start: %1"_s.arg(script->errorString());
        return nullptr;
    }
    return script;
}

bool PrivatePostgres::run(const QString &action, bool durable)
{
    QProcess script;
    script.setProcessChannelMode(QProcess::MergedChannels);
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(u"LCB_POSTGRES_DURABLE"_s, durable ? u"1"_s : u"0"_s);
    script.setProcessEnvironment(environment);
    script.start(QStringLiteral(LCB_PRIVATE_POSTGRES_SCRIPT), {action, m_state.path()});
    if (!script.waitForFinished(120000) || script.exitStatus() != QProcess::NormalExit
        || script.exitCode() != 0) {
        m_error = u"private-postgres.sh %1 failed: %2"_s.arg(
            action, QString::fromLocal8Bit(script.readAll()));
        return false;
    }
    return true;
}

} // namespace lance::test
