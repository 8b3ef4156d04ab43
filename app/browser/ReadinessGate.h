// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QStringList>

namespace lance::browser {

/// Decides when the window is ready to be looked at (and grabbed by `--screenshot`): when
/// every required condition is satisfied. Conditions are names ("window", "catalog",
/// "treeFirstPage", "tableDetails"); each part of the app requires its own and satisfies it
/// when done, so adding one does not touch the others.
class ReadinessGate : public QObject
{
    Q_OBJECT

public:
    explicit ReadinessGate(QObject *parent = nullptr);

    /// Adds `condition`; ignored once ready (readiness is announced once).
    void require(const QString &condition);
    /// Marks `condition` done; emits ready() when it was the last one.
    void satisfy(const QString &condition);

    bool isReady() const { return m_ready; }
    /// The conditions not satisfied yet.
    QStringList pending() const { return m_pending; }

signals:
    void ready();

private:
    QStringList m_pending;
    QStringList m_satisfied;
    bool m_ready = false;
};

} // namespace lance::browser
