// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CatalogService.h"
#include "api/CleanupMessages.h"

#include <QDialog>

#include <optional>

class QCheckBox;
class QDialogButtonBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTimer;

namespace lance::ui {

/// Changes > Clean Up Old Versions…: a policy (older than a number of days, keep the newest N,
/// before a version, and whether unverified files go too), the preview of what it removes
/// (PlanTableCleanup: every version with why it stays or goes, every file that goes with the
/// version that last used it, the bytes freed, the warnings), read again whenever the policy
/// changes, and Clean Up, which applies exactly the plan shown (CleanupTable refuses any other)
/// and is offered only while the preview matches the policy and removes something. While it
/// runs the dialog says so; Cancel stops waiting (the catalog finishes what it started, and the
/// next cleanup takes up whatever a stopped run left). Every string goes through
/// details::CleanupPlanText, as the command line's do.
class CleanupDialog : public QDialog
{
    Q_OBJECT

public:
    /// `location`: where the table's files are, as the details say (the files listed are
    /// relative to it); nothing when unknown.
    CleanupDialog(api::CatalogService &service, api::Identifier table, QString tableName,
                  const std::optional<QString> &location, QWidget *parent = nullptr);

    /// The policy the controls say.
    api::CleanupPolicy policy() const;
    /// The plan shown; nothing while one is read or after a failure.
    const std::optional<api::PlanTableCleanupResponse> &plan() const { return m_plan; }
    bool isBusy() const { return m_planning || m_applying; }

signals:
    /// A preview was read (or failed): the dialog shows it.
    void previewed();
    /// The cleanup was applied: `outcome` in words (CleanupPlanText::outcome()).
    void cleanedUp(const QString &outcome);

public slots:
    /// Reads the preview of the policy shown.
    void preview();
    /// Applies the plan shown.
    void cleanUp();

private:
    void policyChanged();
    /// Drops the plan shown and any answer still coming: a new one is being read.
    void forgetPlan();
    void showPlan(const api::PlanTableCleanupResponse &plan);
    void showProblem(const QString &text);
    void updateButtons();

    api::CatalogService &m_service;
    api::Identifier m_table;
    QString m_tableName;
    QCheckBox *m_olderThan = nullptr;
    QSpinBox *m_days = nullptr;
    QCheckBox *m_keep = nullptr;
    QSpinBox *m_keepCount = nullptr;
    QCheckBox *m_before = nullptr;
    QSpinBox *m_beforeVersion = nullptr;
    QCheckBox *m_unverified = nullptr;
    QLabel *m_summary = nullptr;
    QTableWidget *m_versions = nullptr;
    QTableWidget *m_files = nullptr;
    QLabel *m_notes = nullptr;
    QLabel *m_outcome = nullptr; //!< what the last Clean Up did, or why it did nothing
    QProgressBar *m_progress = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    QPushButton *m_cleanUp = nullptr;
    QPushButton *m_close = nullptr;
    QTimer *m_again = nullptr; //!< a new preview shortly after the policy changes
    std::optional<api::PlanTableCleanupResponse> m_plan;
    api::RequestHandle m_request;
    quint64 m_generation = 0; //!< answers for an older policy or a cancelled run are dropped
    bool m_planning = false;
    bool m_applying = false;
};

} // namespace lance::ui
