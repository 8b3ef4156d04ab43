// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "HeadlessWindow.h"
#include "api/Identifier.h"

#include <QObject>
#include <QTemporaryDir>

#include <memory>

namespace lance::activity {
class ActivityTracker;
}
namespace lance::ui {
class CatalogSession;
}

namespace lance::test {

/// One open catalog for a feature controller's own test, without the main window: a local
/// catalog in a temporary folder holding a copy of the real LanceDB table `people` (three
/// versions), opened through a real CatalogConnection into a CatalogSession on a HeadlessWindow,
/// as CatalogSwitcher opens one in the browser.
class HeadlessCatalog
{
public:
    /// How long its waits, and those of the tests on it, wait for a condition.
    static constexpr int TimeoutMs = 10000;

    HeadlessCatalog();
    ~HeadlessCatalog();

    /// Opens the catalog and waits until its tree shows; false (the test failed) if it does not.
    /// `alsoAs`: further copies of `people` in the catalog, as tables of these names;
    /// `datasets`: other tables of tests/data/lance (`health/metrics.lance`), each a table of
    /// its folder's name.
    bool open(const QStringList &alsoAs = {}, const QStringList &datasets = {});
    /// Selects `id` in the tree and waits until its details (and, for a table, its versions)
    /// have loaded; false (the test failed) if they do not.
    bool select(const api::Identifier &id);
    /// Deletes `version` of `table` as another client would (through the catalog, not the
    /// window), then has the window read the catalog again and waits until its Versions view
    /// no longer lists it; false (the test failed) if it does not.
    bool deleteBehind(const api::Identifier &table, qint64 version);

    HeadlessWindow &window() { return m_window; }
    ui::CatalogSession &session() { return *m_session; }
    activity::ActivityTracker &tracker() { return *m_tracker; }
    /// The catalog's root folder; `people` lives in `<folder>/people.lance`.
    QString folder() const { return m_folder.path(); }
    /// Where journals and audit logs go.
    QString stateFolder() const { return m_state.path(); }

private:
    QTemporaryDir m_folder;
    QTemporaryDir m_state;
    HeadlessWindow m_window;
    std::unique_ptr<activity::ActivityTracker> m_tracker;
    std::unique_ptr<ui::CatalogSession> m_session;
};

} // namespace lance::test
