// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/ApiError.h"
#include "api/RequestHandle.h"
#include "connection/ConnectionProfile.h"

#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QString>

#include <optional>

namespace lance::api {
class CatalogService;
}

namespace lance::connection {

class CatalogConnection;

/// "Test connection": a few real, read-only calls against a connection, each reported as what
/// works and what does not, in words a person can act on ("401: the API key was refused.").
///
/// The checks run one after the other: list the root namespace (limit 1), then describe it.
/// When the first cannot reach the server at all (network, TLS, timeout) the others are skipped
/// rather than failing the same way once more. Never blocks; signals come from the event loop.
class ConnectionTester : public QObject
{
    Q_OBJECT

public:
    struct Check
    {
        enum class State { Pending, Running, Passed, Failed, Skipped };

        QString title; //!< translated, "List the root namespace"
        State state = State::Pending;
        QString message; //!< translated, one sentence once finished
        qint64 elapsedMs = 0;
        std::optional<api::ApiError> error; //!< Failed: the error, for "Details"
    };

    /// Tests `connection`, which must outlive the tester or be destroyed with it.
    explicit ConnectionTester(CatalogConnection *connection, QObject *parent = nullptr);
    /// Tests `service` as reached with `profile` (the profile words the messages).
    ConnectionTester(api::CatalogService *service, ConnectionProfile profile,
                     QObject *parent = nullptr);

    /// Starts (or restarts) the checks.
    void start();
    /// Stops: the running check is cancelled, the rest skipped; finished() follows.
    void cancel();

    bool isRunning() const { return m_current >= 0; }
    QList<Check> checks() const { return m_checks; }
    /// True when every check passed (only meaningful once finished).
    bool passed() const;
    /// One sentence: "Connected to <location>: everything works." or the first failure.
    QString summary() const;

    /// The sentence for a failed check: what the error means for this profile.
    static QString explain(const api::ApiError &error, const ConnectionProfile &profile);

signals:
    void checkChanged(int index);
    void finished(bool passed);

private:
    void runNext();
    void listRoot(quint64 generation);
    void describeRoot(quint64 generation);
    void complete(const std::optional<api::ApiError> &error, const QString &message);
    void finish(const QString &skipReason = {});

    api::CatalogService *m_service = nullptr;
    ConnectionProfile m_profile;
    QList<Check> m_checks;
    int m_current = -1;       //!< the running check; -1 when idle
    quint64 m_generation = 0; //!< answers of an earlier run (before cancel or restart) are ignored
    api::RequestHandle m_request;
    QElapsedTimer m_clock;
};

} // namespace lance::connection
