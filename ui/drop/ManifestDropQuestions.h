// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Identifier.h"

#include <QCoreApplication>

#include <optional>

class QSettings;

namespace lance::drop {
struct ManifestDropPlan;
class ManifestDropPlanner;
} // namespace lance::drop
namespace lance::ui {
class MessageBanner;
class Prompter;
} // namespace lance::ui

namespace lance::ui {

/// The questions a drop of Lance files may ask, through the window's Prompter: which table
/// (the Pending Changes panel takes files for any table), how a remote server names local
/// folders, what the dropped datasets' tables are called, and whether to stage the valid part
/// of a drop with problems. Each answers nothing (or false) when the steward cancels, or when
/// the answer was unusable, which the banner then says.
class ManifestDropQuestions
{
    Q_DECLARE_TR_FUNCTIONS(ManifestDropQuestions)

public:
    ManifestDropQuestions(Prompter &prompter, MessageBanner &banner);

    /// The table to register versions of, typed as an identifier; `shown` is offered.
    std::optional<api::Identifier> table(const QString &delimiter,
                                         const std::optional<api::Identifier> &shown);
    /// Asks for a LOCAL=URI rule for the first unmapped path of `plan` and adds it to the
    /// mapping `settings` keep for `profile`. True when one was saved.
    bool mapping(const lance::drop::ManifestDropPlan &plan, QSettings &settings,
                 const QString &profile);
    /// Asks each dataset's table name, offering the folder's, and gives them to `planner`.
    bool tableNames(lance::drop::ManifestDropPlanner &planner,
                    const lance::drop::ManifestDropPlan &plan);
    /// With problems in `plan`, shows them; true when the steward stages the valid part. True
    /// without asking when there are no problems.
    bool stageDespiteProblems(const lance::drop::ManifestDropPlan &plan);

private:
    Prompter &m_prompter;
    MessageBanner &m_banner;
};

} // namespace lance::ui
