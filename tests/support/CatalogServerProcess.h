// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QUrl>

#include <memory>
#include <optional>

namespace lance::test {

/// The real `lance-catalog-server` executable as a child process on 127.0.0.1, for end-to-end,
/// fault and race tests.
///
/// start() runs it with `--root <root> --port 0` plus the extra arguments and waits (at most
/// `startTimeoutMs`) for its `Listening on http://HOST:PORT` line. The root is the one given or
/// a fresh temporary folder owned by this object and kept across restarts. When the environment
/// variable LCB_EXCHANGE_LOG_DIR is set (ctest sets it), every start also passes
/// `--exchange-log $LCB_EXCHANGE_LOG_DIR/<test executable>-<pid>-<n>.jsonl`, so the suite's
/// exchanges can be checked against the spec afterwards.
///
/// Its standard error (the access log, start-up failures) is collected while the event loop
/// runs and by every wait of this class. The destructor kills a server that is still running.
class CatalogServerProcess
{
public:
    CatalogServerProcess();
    ~CatalogServerProcess();
    CatalogServerProcess(const CatalogServerProcess &) = delete;
    CatalogServerProcess &operator=(const CatalogServerProcess &) = delete;

    /// Starts the server on `root` (empty: a temporary folder). False when it could not start
    /// or exited (or printed nothing) before listening; see exitCode() and standardError().
    bool start(const QString &root = {}, const QStringList &extraArguments = {});
    /// start() with `--api-key-file`: the server then wants `key` on every request. The key
    /// file is written to a temporary folder of this object, never to the catalog root.
    bool startWithApiKey(const QString &key, const QString &root = {});
    /// Starts again on the same root with the same extra arguments (after stop() or kill()).
    bool restart();
    /// Stops the server started by startWithApiKey() and starts it again on the same root and
    /// the same port, wanting `key` from now on: a key rotated under a client that is still
    /// connected (it sees 401 until it sends the new one).
    bool rotateApiKey(const QString &key);
    /// SIGTERM, then waits for the exit; the exit code, or nullopt when it crashed or did not
    /// exit within `timeoutMs` (it is then killed).
    std::optional<int> stop(int timeoutMs = 10000);
    /// SIGKILL, and waits until it is gone: no clean shutdown, as after a crash or power loss.
    void kill();

    bool isRunning() const;
    QUrl url() const; //!< `http://127.0.0.1:<port>`; empty when not started
    QString root() const;
    qint64 processId() const;
    /// The exit code of the last run that ended normally; nullopt while running or after a
    /// crash or a kill.
    std::optional<int> exitCode() const;
    /// Everything the server wrote to standard error so far (all runs).
    QString standardError() const;
    /// The exchange log of the current (or last) run; empty when LCB_EXCHANGE_LOG_DIR is unset.
    QString exchangeLogPath() const;

    int startTimeoutMs = 15000;
    /// The program start() runs; empty: executablePath(). A benchmark sets another build's.
    QString executable;

    /// The executable's path (compiled in).
    static QString executablePath();

private:
    void collectStandardError() const;
    bool writeKeyFile(const QString &key);

    std::unique_ptr<QProcess> m_process;
    std::unique_ptr<QTemporaryDir> m_temporaryRoot;
    std::unique_ptr<QTemporaryDir> m_keyFolder;
    QString m_root;
    QStringList m_extraArguments;
    QUrl m_url;
    int m_port = 0; //!< the port to listen on; 0: any free one
    QString m_exchangeLogPath;
    mutable QByteArray m_standardError;
};

} // namespace lance::test
