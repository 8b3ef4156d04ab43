// SPDX-License-Identifier: Apache-2.0
#include "CliRun.h"

#include <QProcess>

namespace lance::test {

CliRun CliRun::run(const QStringList &arguments, const QProcessEnvironment &environment,
                   const QByteArray &input)
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString &key : environment.keys()) {
        env.insert(key, environment.value(key));
    }
    process.setProcessEnvironment(env);
    process.start(executablePath(), arguments);
    if (!process.waitForStarted(10000)) {
        qWarning("cannot start %s", LCB_CLI_PATH);
        return {};
    }
    if (!input.isEmpty()) {
        process.write(input);
    }
    process.closeWriteChannel();
    if (!process.waitForFinished(30000)) {
        process.kill();
        process.waitForFinished();
        qWarning("lance-catalog did not finish");
        return {};
    }
    CliRun result;
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}

QString CliRun::executablePath()
{
    return QStringLiteral(LCB_CLI_PATH);
}

CliRun CliRun::runLocal(const QString &folder, const QStringList &arguments)
{
    return run(QStringList{QStringLiteral("--local"), folder} + arguments);
}

} // namespace lance::test
