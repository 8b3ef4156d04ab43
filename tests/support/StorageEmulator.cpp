// SPDX-License-Identifier: Apache-2.0
#include "StorageEmulator.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDeadlineTimer>
#include <QDir>
#include <QFileInfo>
#include <QHostAddress>
#include <QLocale>
#include <QMap>
#include <QMessageAuthenticationCode>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QUrl>

#include <algorithm>

#if defined(Q_OS_LINUX)
#include <csignal>
#include <sys/prctl.h>
#endif

using namespace Qt::StringLiterals;

namespace lance::test {

namespace {

// The emulators' scripts below tests/node; npm puts each package's CLI there.
constexpr auto S3rverScript = "node_modules/s3rver/bin/s3rver.js";
constexpr auto AzuriteBlobScript = "node_modules/azurite/dist/src/blob/main.js";
constexpr auto GcsStubScript = "gcs-stub.mjs";

// What each prints once it listens (after listen() succeeded, so the port is bound).
const QRegularExpression S3rverListening(u"S3rver listening on 127\\.0\\.0\\.1:(\\d+)"_s);
const QRegularExpression AzuriteListening(
    u"Azurite Blob service successfully listens on http://127\\.0\\.0\\.1:(\\d+)"_s);
const QRegularExpression GcsStubListening(u"^Listening on http://127\\.0\\.0\\.1:(\\d+)$"_s,
                                          QRegularExpression::MultilineOption);

int msUntil(const QDeadlineTimer &deadline)
{
    return int(std::max<qint64>(0, deadline.remainingTime()));
}

QByteArray signedHeaderValue(const QList<QPair<QByteArray, QByteArray>> &headers,
                             QByteArrayView name)
{
    for (const auto &[key, value] : headers) {
        if (key.compare(name, Qt::CaseInsensitive) == 0) {
            return value;
        }
    }
    return {};
}

struct EmulatorReply
{
    int status = 0;  //!< 0: no HTTP answer
    QByteArray text; //!< status line, headers and body as received
    QString error;
};

// One HTTP/1.1 request on a fresh connection, written byte for byte as given, so nothing is
// added that a Shared Key signature would have had to cover (QNetworkAccessManager adds headers
// of its own). Reads until the server closes (`Connection: close`).
EmulatorReply requestOnce(quint16 port, const QByteArray &method, const QByteArray &target,
                          const QList<QPair<QByteArray, QByteArray>> &headers, int timeoutMs)
{
    const QDeadlineTimer deadline(timeoutMs);
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    if (!socket.waitForConnected(msUntil(deadline))) {
        return {0, {}, socket.errorString()};
    }
    QByteArray request = method + ' ' + target + " HTTP/1.1\r\nHost: 127.0.0.1:"
                         + QByteArray::number(port) + "\r\nConnection: close\r\n";
    for (const auto &[name, value] : headers) {
        request += name + ": " + value + "\r\n";
    }
    request += "\r\n";
    socket.write(request);
    // False once the server closed the connection (or the time is up); the data stays buffered.
    while (socket.waitForReadyRead(msUntil(deadline))) {
    }
    EmulatorReply reply;
    reply.text = socket.readAll();
    if (!reply.text.startsWith("HTTP/1.")) {
        reply.error = deadline.hasExpired() ? u"no answer within %1 ms"_s.arg(timeoutMs)
                                            : socket.errorString();
        return reply;
    }
    reply.status = reply.text.split(' ').value(1).toInt();
    return reply;
}

} // namespace

StorageEmulator::StorageEmulator() = default;

StorageEmulator::~StorageEmulator()
{
    stop();
}

QMap<QString, QString> StorageEmulator::s3Options(const QUrl &endpoint)
{
    return {{u"aws_endpoint"_s, endpoint.toString()},
            {u"allow_http"_s, u"true"_s},
            {u"aws_access_key_id"_s, QString::fromLatin1(S3AccessKeyId)},
            {u"aws_secret_access_key"_s, QString::fromLatin1(S3SecretAccessKey)},
            {u"aws_region"_s, u"us-east-1"_s}};
}

QString StorageEmulator::nodeExecutable()
{
    return QStringLiteral(LCB_NODE_EXECUTABLE);
}

QString StorageEmulator::nodeTestsPath()
{
    return QStringLiteral(LCB_NODE_TESTS_DIR);
}

bool StorageEmulator::startS3(const QStringList &buckets)
{
    QStringList arguments{u"--address"_s, u"127.0.0.1"_s, u"--port"_s, u"0"_s, u"--silent"_s};
    // s3rver creates each bucket before it listens (its CLI reads `--configure-bucket NAME
    // [config files...]` itself, so a name must not start with '-').
    for (const QString &bucket : buckets) {
        arguments << u"--configure-bucket"_s << bucket;
    }
    // --directory comes from launch(): the data folder is made there.
    return launch(Kind::S3, QString::fromLatin1(S3rverScript), arguments, true);
}

bool StorageEmulator::startAzurite(const QStringList &containers)
{
    // --disableTelemetry: without it Azurite sends usage data to Microsoft over the internet.
    // --skipApiVersionCheck: clients newer than this Azurite are served rather than refused.
    // --loose: headers and parameters it does not implement are ignored, not refused.
    // --silent: no access log (it would only fill the output).
    const QStringList arguments{u"--blobHost"_s,
                                u"127.0.0.1"_s,
                                u"--blobPort"_s,
                                u"0"_s,
                                u"--silent"_s,
                                u"--loose"_s,
                                u"--skipApiVersionCheck"_s,
                                u"--disableTelemetry"_s};
    if (!launch(Kind::Azurite, QString::fromLatin1(AzuriteBlobScript), arguments, true)) {
        return false;
    }
    for (const QString &container : containers) {
        if (!createAzuriteContainer(container)) {
            return false;
        }
    }
    return true;
}

bool StorageEmulator::startGcs(const QStringList &buckets, const QString &token,
                               const QString &hmacAccessId, const QString &hmacSecret)
{
    QStringList arguments{u"--port"_s, u"0"_s};
    // The stub wants either credential; an empty one is left out rather than matching "".
    if (!token.isEmpty()) {
        arguments << u"--token"_s << token;
    }
    if (!hmacAccessId.isEmpty() || !hmacSecret.isEmpty()) {
        arguments << u"--hmac-access-id"_s << hmacAccessId << u"--hmac-secret"_s << hmacSecret;
    }
    for (const QString &bucket : buckets) {
        arguments << u"--bucket"_s << bucket;
    }
    return launch(Kind::Gcs, QString::fromLatin1(GcsStubScript), arguments, false);
}

bool StorageEmulator::launch(Kind kind, const QString &script, const QStringList &arguments,
                             bool needsDataFolder)
{
    stop();
    m_output.clear();
    m_errorText.clear();
    const QString node = nodeExecutable();
    if (node.isEmpty() || !QFileInfo(node).isExecutable()) {
        return fail(u"Node.js (node) was not found when configuring; install it "
                    "(scripts/install-deps.sh does) and run cmake again"_s);
    }
    const QString scriptPath = QDir(nodeTestsPath()).absoluteFilePath(script);
    if (!QFileInfo::exists(scriptPath)) {
        return fail(
            u"%1 is missing: install the test packages with "
            "`npm ci --prefix tests/node --no-audit --no-fund --ignore-scripts`"_s.arg(scriptPath));
    }
    // Also the working folder of every emulator, so nothing they write lands elsewhere.
    m_dataFolder = std::make_unique<QTemporaryDir>();
    if (!m_dataFolder->isValid()) {
        return fail(u"cannot make a temporary folder: %1"_s.arg(m_dataFolder->errorString()));
    }
    QStringList nodeArguments;
    if (kind == Kind::S3) {
        // s3rver's continuation tokens use a cipher that OpenSSL 3 keeps in its legacy
        // provider: without it a truncated listing answers 500 InternalError.
        nodeArguments << u"--openssl-legacy-provider"_s;
    }
    nodeArguments << scriptPath << arguments;
    if (needsDataFolder) {
        nodeArguments << (kind == Kind::S3 ? u"--directory"_s : u"--location"_s)
                      << m_dataFolder->path();
    }

    m_process = std::make_unique<QProcess>();
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    m_process->setWorkingDirectory(m_dataFolder->path());
    // Azurite would take its accounts from there instead of the well-known one.
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(u"AZURITE_ACCOUNTS"_s);
    m_process->setProcessEnvironment(environment);
#if defined(Q_OS_LINUX)
    // Killed with the test process even when no destructor runs (a crash, ctest's SIGKILL on a
    // timeout). The kernel sends it when the thread that forked exits.
    m_process->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
#endif
    // Drained as it arrives: a full pipe would block the emulator's next write.
    QObject::connect(m_process.get(), &QProcess::readyReadStandardOutput, m_process.get(),
                     [this] { collectOutput(); });
    const QDeadlineTimer deadline(startTimeoutMs);
    m_process->start(node, nodeArguments);
    if (!m_process->waitForStarted(msUntil(deadline))) {
        return fail(u"%1 did not start: %2"_s.arg(node, m_process->errorString()));
    }

    const QRegularExpression &listening = kind == Kind::S3        ? S3rverListening
                                          : kind == Kind::Azurite ? AzuriteListening
                                                                  : GcsStubListening;
    QRegularExpressionMatch match;
    for (;;) {
        collectOutput();
        match = listening.match(QString::fromUtf8(m_output));
        if (match.hasMatch()) {
            break;
        }
        if (m_process->state() != QProcess::Running) {
            return fail(u"%1 exited (code %2) before it listened"_s.arg(
                script, QString::number(m_process->exitCode())));
        }
        if (deadline.hasExpired()) {
            return fail(u"%1 did not say where it listens within %2 ms"_s.arg(
                script, QString::number(startTimeoutMs)));
        }
        m_process->waitForReadyRead(std::max(1, msUntil(deadline)));
    }
    m_port = quint16(match.captured(1).toUInt());

    // It said it listens after binding; a connection proves it accepts, before any test asks.
    QTcpSocket probe;
    probe.connectToHost(QHostAddress::LocalHost, m_port);
    if (m_port == 0 || !probe.waitForConnected(std::max(1, msUntil(deadline)))) {
        return fail(u"%1 said it listens on port %2, which does not accept connections: %3"_s.arg(
            script, QString::number(m_port), probe.errorString()));
    }
    m_kind = kind;
    return true;
}

bool StorageEmulator::createAzuriteContainer(const QString &name)
{
    // Created over the REST API with Shared Key, as a client would: Azurite has no option for
    // it, and a request shows its answer when the name is refused.
    const QByteArray target = '/' + QByteArray(AzuriteAccount) + '/' + QUrl::toPercentEncoding(name)
                              + "?restype=container";
    const auto headers = signAzurite("PUT", target, {{"Content-Length", "0"}});
    const EmulatorReply reply = requestOnce(m_port, "PUT", target, headers, startTimeoutMs);
    if (reply.status != 201) {
        return fail(u"Azurite did not create the container \"%1\" (HTTP %2): %3%4"_s.arg(
            name, QString::number(reply.status), reply.error,
            QString::fromUtf8(reply.text).remove(u'\r')));
    }
    return true;
}

QList<QPair<QByteArray, QByteArray>>
StorageEmulator::signAzurite(const QByteArray &method, const QByteArray &target,
                             QList<QPair<QByteArray, QByteArray>> headers,
                             const QByteArray &accountKey)
{
    if (signedHeaderValue(headers, "x-ms-date").isEmpty()) {
        // RFC 1123, in English whatever the test's locale.
        const QString now = QLocale::c().toString(QDateTime::currentDateTimeUtc(),
                                                  u"ddd, dd MMM yyyy hh:mm:ss 'GMT'"_s);
        headers.append(qMakePair(QByteArray("x-ms-date"), now.toLatin1()));
    }
    if (signedHeaderValue(headers, "x-ms-version").isEmpty()) {
        headers.append(qMakePair(QByteArray("x-ms-version"), QByteArray(AzuriteApiVersion)));
    }

    // https://learn.microsoft.com/rest/api/storageservices/authorize-with-shared-key, the form
    // for version 2015-02-21 and later (Content-Length empty when 0).
    QByteArray stringToSign = method.toUpper() + '\n';
    for (const char *name : {"Content-Encoding", "Content-Language", "Content-Length",
                             "Content-MD5", "Content-Type", "Date", "If-Modified-Since", "If-Match",
                             "If-None-Match", "If-Unmodified-Since", "Range"}) {
        const QByteArray value = signedHeaderValue(headers, name);
        stringToSign
            += (qstrcmp(name, "Content-Length") == 0 && value == "0" ? QByteArray() : value) + '\n';
    }
    QMap<QByteArray, QByteArray> msHeaders; // sorted by lower-case name
    for (const auto &[name, value] : headers) {
        const QByteArray lower = name.toLower().trimmed();
        if (lower.startsWith("x-ms-")) {
            msHeaders.insert(lower, value.trimmed());
        }
    }
    for (auto it = msHeaders.cbegin(); it != msHeaders.cend(); ++it) {
        stringToSign += it.key() + ':' + it.value() + '\n';
    }
    // The resource: /account then the path as sent (path-style: the account once more), then
    // each query parameter, lower-case name and decoded values, sorted.
    const qsizetype question = target.indexOf('?');
    stringToSign += '/' + QByteArray(AzuriteAccount) + target.left(question);
    QMap<QByteArray, QByteArrayList> parameters;
    if (question >= 0) {
        for (const QByteArray &pair : target.mid(question + 1).split('&')) {
            if (pair.isEmpty()) {
                continue;
            }
            const qsizetype equals = pair.indexOf('=');
            const QByteArray name = QByteArray::fromPercentEncoding(pair.left(equals)).toLower();
            QByteArray value = equals < 0 ? QByteArray() : pair.mid(equals + 1);
            parameters[name].append(QByteArray::fromPercentEncoding(value.replace('+', ' ')));
        }
    }
    for (auto it = parameters.begin(); it != parameters.end(); ++it) {
        std::sort(it.value().begin(), it.value().end());
        stringToSign += '\n' + it.key() + ':' + it.value().join(',');
    }

    const QByteArray signature
        = QMessageAuthenticationCode::hash(stringToSign, QByteArray::fromBase64(accountKey),
                                           QCryptographicHash::Sha256)
              .toBase64();
    headers.append(qMakePair(QByteArray("Authorization"),
                             "SharedKey " + QByteArray(AzuriteAccount) + ':' + signature));
    return headers;
}

bool StorageEmulator::fail(const QString &reason)
{
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->kill();
        m_process->waitForFinished(10000);
    }
    collectOutput();
    m_errorText = u"StorageEmulator: %1"_s.arg(reason);
    if (!m_output.isEmpty()) {
        m_errorText += u"\n--- its output:\n"_s + QString::fromUtf8(m_output);
    }
    m_process.reset();
    m_dataFolder.reset();
    m_kind = Kind::None;
    m_port = 0;
    return false;
}

void StorageEmulator::stop()
{
    if (m_process) {
        if (m_process->state() != QProcess::NotRunning) {
            m_process->kill();
            m_process->waitForFinished(10000);
        }
        collectOutput();
        m_process.reset();
    }
    // After the process is gone: nothing writes into the folder while it is removed.
    m_dataFolder.reset();
    m_kind = Kind::None;
    m_port = 0;
}

bool StorageEmulator::isRunning() const
{
    return m_kind != Kind::None && m_process && m_process->state() != QProcess::NotRunning;
}

StorageEmulator::Kind StorageEmulator::kind() const
{
    return m_kind;
}

QUrl StorageEmulator::endpoint() const
{
    if (m_kind == Kind::None) {
        return {};
    }
    QUrl url;
    url.setScheme(u"http"_s);
    url.setHost(u"127.0.0.1"_s);
    url.setPort(m_port);
    return url;
}

quint16 StorageEmulator::port() const
{
    return m_port;
}

QString StorageEmulator::azuriteAccountSas(const QString &permissions, const QDateTime &expiry,
                                           const QByteArray &accountKey)
{
    // The string an account SAS of this version signs: account, permissions, services,
    // resource types, start, expiry, IP range, protocols and version, one a line.
    const QString version = u"2019-12-12"_s;
    const QString services = u"b"_s;
    const QString resourceTypes = u"sco"_s;
    const QString protocols = u"https,http"_s;
    const QString until = expiry.toUTC().toString(u"yyyy-MM-ddTHH:mm:ssZ"_s);
    const QString toSign = QStringList{QString::fromLatin1(AzuriteAccount),
                                       permissions,
                                       services,
                                       resourceTypes,
                                       QString(),
                                       until,
                                       QString(),
                                       protocols,
                                       version,
                                       QString()}
                               .join(u'\n');
    const QByteArray signature
        = QMessageAuthenticationCode::hash(toSign.toUtf8(), QByteArray::fromBase64(accountKey),
                                           QCryptographicHash::Sha256)
              .toBase64();
    const auto encoded = [](const QString &text) {
        return QString::fromLatin1(QUrl::toPercentEncoding(text));
    };
    return u"sv=%1&ss=%2&srt=%3&sp=%4&se=%5&spr=%6&sig=%7"_s.arg(
        version, services, resourceTypes, permissions, encoded(until), encoded(protocols),
        encoded(QString::fromLatin1(signature)));
}

QUrl StorageEmulator::azuriteAccountUrl() const
{
    if (m_kind != Kind::Azurite) {
        return {};
    }
    QUrl url = endpoint();
    url.setPath(u"/"_s + QString::fromLatin1(AzuriteAccount));
    return url;
}

QString StorageEmulator::dataPath() const
{
    return m_dataFolder ? m_dataFolder->path() : QString();
}

QString StorageEmulator::errorText() const
{
    return m_errorText;
}

QString StorageEmulator::output() const
{
    collectOutput();
    return QString::fromUtf8(m_output);
}

void StorageEmulator::collectOutput() const
{
    if (!m_process) {
        return;
    }
    m_output += m_process->readAll();
    // The start-up lines are what errorText() needs; a chatty emulator's output is capped.
    constexpr qsizetype Kept = qsizetype{1024} * 1024;
    if (m_output.size() > 2 * Kept) {
        m_output.remove(0, m_output.size() - Kept);
    }
}

} // namespace lance::test
