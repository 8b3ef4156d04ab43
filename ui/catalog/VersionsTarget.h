// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Identifier.h"
#include "api/Result.h"

#include <QCoreApplication>
#include <QString>

#include <optional>

namespace lance::ui {

class CatalogSession;

/// What an action on the Versions view acts on: the table and branch it shows and, for an action
/// on one version, the version chosen there. Read when the action is triggered, and read again
/// after each question (ImmediateAction's check), because by then the view may show another
/// table or branch, or no longer list the version (a commit's answer, a refresh, another
/// client's delete).
struct VersionsTarget
{
    Q_DECLARE_TR_FUNCTIONS(VersionsTarget)

public:
    api::Identifier table;
    std::optional<QString> branch; //!< nothing: main
    std::optional<qint64> version; //!< the chosen version; nothing for an action on the table

    /// The table and branch the Versions view shows; InvalidInput when it shows no table.
    static api::Result<VersionsTarget> shown(const CatalogSession &session);
    /// The one listed (not staged) version chosen in the Versions view; InvalidInput saying
    /// `selectOne`, or `staged` (with %1, the version) when the choice is a staged version.
    static api::Result<VersionsTarget> chosen(const CatalogSession &session,
                                              const QString &selectOne, const QString &staged);

    /// Nothing while the view still shows this table and branch and lists the version; else
    /// the sentence that says what changed.
    std::optional<QString> changedIn(const CatalogSession &session) const;

    /// "branch dev", or "main".
    QString branchName() const;
};

} // namespace lance::ui
