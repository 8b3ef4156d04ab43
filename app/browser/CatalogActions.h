// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <functional>

class QSettings;

namespace lance::staging {
class PendingChanges;
}

namespace lance::ui {
class CatalogSession;
class CommitController;
class Prompter;
class WindowHost;
} // namespace lance::ui

namespace lance::browser {

/// The window's actions on what one open catalog shows, beside staging and committing: Compare
/// Versions, Restore Version and Rename Table (staged), tags and namespaces (applied at once),
/// and the History dock, which the commit banner links to. Each lives as long as the session.
class CatalogActions
{
public:
    CatalogActions() = delete;

    static void attach(ui::WindowHost &window, ui::CatalogSession &session,
                       staging::PendingChanges &changes, ui::CommitController &commits,
                       QSettings &settings, const std::function<ui::Prompter &()> &prompter);
};

} // namespace lance::browser
