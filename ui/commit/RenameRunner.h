// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QStringList>

namespace lance::staging {
class PendingChanges;
}

namespace lance::ui {

class CatalogSession;
class WindowHost;

/// Applies the staged renames (staging::StagedRenames) one by one, in the order they were
/// staged, each as its own RenameTable: after a committed batch, or alone when nothing else is
/// staged. Staging is frozen meanwhile. Each applied rename leaves the panel at once; the first
/// refusal stops the run and leaves it, and those after it, staged, with a banner that says
/// which were applied, which failed and why, and that the batch (if there was one) stays
/// committed. The tree is read again at the end, renamed tables with their old names dropped.
class RenameRunner : public QObject
{
    Q_OBJECT

public:
    RenameRunner(WindowHost &window, CatalogSession &session, staging::PendingChanges &changes,
                 QObject *parent = nullptr);

    /// Starts applying; `afterBatch` says whether a batch was committed just before (the
    /// failure banner then says that it stays). Does nothing while a run is going or with no
    /// rename staged.
    void start(bool afterBatch);
    bool isRunning() const { return m_running; }

signals:
    /// The run ended: every rename applied, or stopped at a refusal.
    void finished(bool allApplied);

private:
    void next();
    void end(bool allApplied);

    WindowHost &m_window;
    CatalogSession &m_session;
    staging::PendingChanges &m_changes;
    QStringList m_applied; //!< "a → b" of each applied this run
    QList<QStringList> m_oldNames;
    bool m_afterBatch = false;
    bool m_running = false;
};

} // namespace lance::ui
