// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace lance::test {

/// One run of the real `lance-catalog` executable (LCB_CLI_PATH of the test target): its exit
/// code (-1 when it did not start or finish, -2 when it crashed) and what it printed.
struct CliRun
{
    int exitCode = -1;
    QString out;
    QString err;

    /// Runs it with `arguments`, `environment` added to this process's, and `input` on its
    /// standard input (then closed); waits up to 30 seconds.
    static CliRun run(const QStringList &arguments, const QProcessEnvironment &environment = {},
                      const QByteArray &input = {});
    /// Runs it on the local catalog in `folder`: `--local <folder>` before `arguments`.
    static CliRun runLocal(const QString &folder, const QStringList &arguments);
    /// The executable's path (compiled in), for callers that time the process themselves.
    static QString executablePath();
};

} // namespace lance::test
