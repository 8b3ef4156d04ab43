// SPDX-License-Identifier: Apache-2.0
#include "CatalogServerProcess.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QtGlobal>

#include <atomic>

using namespace Qt::StringLiterals;

namespace lance::test {

namespace {

// Numbers the starts of every server of this test process, restarts included, so each run
// gets its own exchange log.
std::atomic<int> startCount{0};

QString nextExchangeLogPath()
{
    const QString directory = qEnvironmentVariable("LCB_EXCHANGE_LOG_DIR");
    if (directory.isEmpty()) {
        return {};
    }
    // The application is named after the test class (TestRegistry).
    const QString name = u"%1-%2-%3.jsonl"_s.arg(
        QCoreApplication::applicationName(), QString::number(QCoreApplication::applicationPid()),
        QString::number(++startCount));
    return QDir(directory).absoluteFilePath(name);
}

} // namespace

CatalogServerProcess::CatalogServerProcess() = default;

CatalogServerProcess::~CatalogServerProcess()
{
    if (isRunning()) {
        kill();
    }
}

QString CatalogServerProcess::executablePath()
{
    return QStringLiteral(LCB_SERVER_PATH);
}

bool CatalogServerProcess::start(const QString &root, const QStringList &extraArguments)
{
    if (isRunning()) {
        return false;
    }
    if (root.isEmpty()) {
        m_temporaryRoot = std::make_unique<QTemporaryDir>();
        if (!m_temporaryRoot->isValid()) {
            return false;
        }
        m_root = m_temporaryRoot->path();
    } else {
        m_temporaryRoot.reset();
        m_root = root;
    }
    m_extraArguments = extraArguments;
    return restart();
}

bool CatalogServerProcess::startWithApiKey(const QString &key, const QString &root)
{
    if (isRunning()) {
        return false;
    }
    // Kept until the next start: restart() hands the same file to the server again.
    m_keyFolder = std::make_unique<QTemporaryDir>();
    if (!writeKeyFile(key)) {
        return false;
    }
    return start(root, {u"--api-key-file"_s, m_keyFolder->filePath(u"api-key"_s)});
}

bool CatalogServerProcess::rotateApiKey(const QString &key)
{
    if (!m_keyFolder || !isRunning()) {
        return false;
    }
    const int port = m_url.port();
    if (!stop() || !writeKeyFile(key)) {
        return false;
    }
    m_port = port;
    const bool started = restart();
    m_port = 0;
    return started;
}

bool CatalogServerProcess::writeKeyFile(const QString &key)
{
    QFile file(m_keyFolder->filePath(u"api-key"_s));
    const QByteArray line = key.toUtf8() + '\n';
    if (!m_keyFolder->isValid() || !file.open(QIODevice::WriteOnly | QIODevice::Truncate)
        || file.write(line) != line.size() || !file.flush()) {
        // Said through standardError(), which the tests print when a start fails.
        m_standardError += "CatalogServerProcess: cannot write the API key file\n";
        return false;
    }
    return true;
}

bool CatalogServerProcess::restart()
{
    if (isRunning() || m_root.isEmpty()) {
        return false;
    }
    m_url.clear();
    m_exchangeLogPath = nextExchangeLogPath();
    QStringList arguments{u"--root"_s, m_root, u"--port"_s, QString::number(m_port)};
    if (!m_exchangeLogPath.isEmpty()) {
        arguments << u"--exchange-log"_s << m_exchangeLogPath;
    }
    arguments << m_extraArguments;

    m_process = std::make_unique<QProcess>();
    // stderr is drained as it arrives: an unread pipe fills up and blocks the server's logging.
    QObject::connect(m_process.get(), &QProcess::readyReadStandardError, m_process.get(),
                     [this] { collectStandardError(); });
    m_process->start(executable.isEmpty() ? executablePath() : executable, arguments);
    if (!m_process->waitForStarted(startTimeoutMs)) {
        return false;
    }

    // The first line on stdout is the URL; anything else (an exit, silence) is a failed start.
    const QDeadlineTimer deadline(startTimeoutMs);
    QByteArray output;
    while (!output.contains('\n')) {
        if (m_process->state() != QProcess::Running
            || !m_process->waitForReadyRead(int(deadline.remainingTime()))) {
            if (m_process->state() == QProcess::Running && deadline.hasExpired()) {
                kill();
            } else {
                m_process->waitForFinished(int(deadline.remainingTime()));
            }
            output += m_process->readAllStandardOutput();
            collectStandardError();
            return false;
        }
        output += m_process->readAllStandardOutput();
        collectStandardError();
    }
    const QByteArray line = output.left(output.indexOf('\n')).trimmed();
    constexpr QByteArrayView Prefix("Listening on ");
    if (!line.startsWith(Prefix)) {
        kill();
        return false;
    }
    m_url = QUrl(QString::fromUtf8(line.mid(Prefix.size())));
    return m_url.isValid() && m_url.port() > 0;
}

std::optional<int> CatalogServerProcess::stop(int timeoutMs)
{
    if (!m_process) {
        return std::nullopt;
    }
    if (isRunning()) {
        m_process->terminate();
        if (!m_process->waitForFinished(timeoutMs)) {
            kill();
            return std::nullopt;
        }
    }
    collectStandardError();
    return exitCode();
}

void CatalogServerProcess::kill()
{
    if (!m_process) {
        return;
    }
    if (m_process->state() != QProcess::NotRunning) {
        m_process->kill();
        m_process->waitForFinished(10000);
    }
    collectStandardError();
}

bool CatalogServerProcess::isRunning() const
{
    return m_process && m_process->state() != QProcess::NotRunning;
}

QUrl CatalogServerProcess::url() const
{
    return m_url;
}

QString CatalogServerProcess::root() const
{
    return m_root;
}

qint64 CatalogServerProcess::processId() const
{
    return m_process ? m_process->processId() : 0;
}

std::optional<int> CatalogServerProcess::exitCode() const
{
    if (!m_process || isRunning() || m_process->exitStatus() != QProcess::NormalExit
        || m_process->error() == QProcess::FailedToStart) {
        return std::nullopt;
    }
    return m_process->exitCode();
}

QString CatalogServerProcess::standardError() const
{
    collectStandardError();
    return QString::fromUtf8(m_standardError);
}

QString CatalogServerProcess::exchangeLogPath() const
{
    return m_exchangeLogPath;
}

void CatalogServerProcess::collectStandardError() const
{
    if (!m_process) {
        return;
    }
    m_standardError += m_process->readAllStandardError();
    // A benchmark's access log would grow without end; the latest lines are the useful ones.
    constexpr qsizetype Kept = qsizetype{4} * 1024 * 1024;
    if (m_standardError.size() > 2 * Kept) {
        m_standardError.remove(0, m_standardError.size() - Kept);
    }
}

} // namespace lance::test
