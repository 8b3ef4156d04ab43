// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QPair>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QUrl>

#include <memory>

namespace lance::test {

/// An object store emulator as a child process on 127.0.0.1, so that the storage code is tested
/// against servers that speak (and check) the real protocols: s3rver for S3, Azurite for Azure
/// Blob Storage, tests/node/gcs-stub.mjs for the GCS XML API.
///
/// Each start…() runs it on Node.js with port 0 and a fresh temporary data folder (its working
/// folder too): the emulator takes a free port itself and prints it, so no port picked in
/// advance can be taken by another test in between. It then waits, at most `startTimeoutMs`,
/// for that line and for the port to accept a connection, and creates the buckets or
/// containers asked for. The destructor kills the emulator, so a test that returns early on a
/// failed QVERIFY leaves none behind; on Linux the emulator is also killed when the test process
/// dies (a crash, ctest's timeout), provided the thread that started it is still alive then.
///
/// Node.js and the packages are those of the build: LCB_NODE (found by tests/CMakeLists.txt) and
/// tests/node/node_modules (`npm ci --prefix tests/node`). When either is missing, start…()
/// answers false and errorText() says what to install.
class StorageEmulator
{
public:
    enum class Kind { None, S3, Azurite, Gcs };

    /// s3rver's only credentials (any region; path-style URLs `http://127.0.0.1:P/BUCKET/KEY`).
    static constexpr char S3AccessKeyId[] = "S3RVER";
    static constexpr char S3SecretAccessKey[] = "S3RVER";
    /// The storage options, in Lance's keys, that reach s3rver at `endpoint` (or a proxy in
    /// front of it) with those credentials.
    static QMap<QString, QString> s3Options(const QUrl &endpoint);
    /// Azurite's well-known development account (path-style URLs
    /// `http://127.0.0.1:P/devstoreaccount1/CONTAINER/BLOB`), with the key Azurite has
    /// (EMULATOR_ACCOUNT_KEY in its dist/src/common/utils/constants.js).
    static constexpr char AzuriteAccount[] = "devstoreaccount1";
    static constexpr char AzuriteAccountKey[] = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq"
                                                "2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";
    /// The x-ms-version signAzurite() sends.
    static constexpr char AzuriteApiVersion[] = "2021-08-06";

    StorageEmulator();
    ~StorageEmulator();
    StorageEmulator(const StorageEmulator &) = delete;
    StorageEmulator &operator=(const StorageEmulator &) = delete;

    /// s3rver 3.7.1 with these buckets. It serves unsigned requests too, and of a SigV4 request
    /// checks only the access key id (403 InvalidAccessKeyId) and the date (403
    /// RequestTimeTooSkewed past 15 minutes), not the signature itself: a signer is not proven
    /// right by s3rver accepting it (SigV2 signatures are checked).
    bool startS3(const QStringList &buckets);
    /// Azurite 3.35.0, Blob service only, with these containers (private), in loose mode and
    /// without its API version check or telemetry. Requests need Shared Key (signAzurite()) or
    /// SAS credentials of AzuriteAccount.
    bool startAzurite(const QStringList &containers);
    /// tests/node/gcs-stub.mjs with these buckets: requests need `Authorization: Bearer <token>`
    /// or a GOOG4-HMAC-SHA256 (or AWS4-HMAC-SHA256) signature with the HMAC key. Its hooks
    /// (`/__stub/fail-next`, `/__stub/requests`) are described in the script.
    bool startGcs(const QStringList &buckets, const QString &token, const QString &hmacAccessId,
                  const QString &hmacSecret);

    /// Kills the emulator (its data is temporary: nothing to shut down cleanly) and removes its
    /// data folder. Nothing when none runs.
    void stop();

    bool isRunning() const;
    Kind kind() const;
    /// `http://127.0.0.1:<port>`; empty when not started.
    QUrl endpoint() const;
    quint16 port() const;
    /// Azurite's account URL, `http://127.0.0.1:<port>/devstoreaccount1`; empty unless Azurite
    /// runs.
    QUrl azuriteAccountUrl() const;
    /// The emulator's temporary data folder, also its working folder; removed by stop(). The
    /// GCS stub keeps everything in memory and leaves it empty.
    QString dataPath() const;
    /// Why the last start…() failed, with what the process printed; empty after a success.
    QString errorText() const;
    /// Everything the process wrote to standard output and error so far.
    QString output() const;

    int startTimeoutMs = 20000;

    /// `headers` plus x-ms-date, x-ms-version and the Shared Key `Authorization` of
    /// AzuriteAccount for a request of `method` to `target` (the path and query exactly as sent,
    /// e.g. `/devstoreaccount1/c?restype=container&comp=list`). `headers` must hold every
    /// standard header the request will carry that Shared Key signs (Content-Length when not 0,
    /// Content-Type, Range, If-Match, …): an HTTP client adding one later breaks the signature.
    static QList<QPair<QByteArray, QByteArray>>
    signAzurite(const QByteArray &method, const QByteArray &target,
                QList<QPair<QByteArray, QByteArray>> headers = {},
                const QByteArray &accountKey = AzuriteAccountKey);

    /// An account SAS token of AzuriteAccount for the Blob service (every resource type),
    /// with `permissions` (Azure's letters, "rwdlac") until `expiry`, signed with `accountKey`
    /// as Azure signs one of version 2019-12-12; without the leading `?`.
    static QString azuriteAccountSas(const QString &permissions, const QDateTime &expiry,
                                     const QByteArray &accountKey = AzuriteAccountKey);

    /// The Node.js executable (compiled in; empty when the build found none) and the folder of
    /// the test packages (tests/node).
    static QString nodeExecutable();
    static QString nodeTestsPath();

private:
    bool launch(Kind kind, const QString &script, const QStringList &arguments,
                bool needsDataFolder);
    bool fail(const QString &reason);
    bool createAzuriteContainer(const QString &name);
    void collectOutput() const;

    std::unique_ptr<QProcess> m_process;
    std::unique_ptr<QTemporaryDir> m_dataFolder;
    Kind m_kind = Kind::None;
    quint16 m_port = 0;
    mutable QByteArray m_output;
    QString m_errorText;
};

} // namespace lance::test
