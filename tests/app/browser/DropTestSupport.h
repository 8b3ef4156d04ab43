// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "StagingTestbed.h"
#include "api/Identifier.h"

#include <QEvent>
#include <QList>
#include <QPoint>
#include <QStringList>

#include <optional>

class QMimeData;
class QWidget;

namespace lance::test {

/// What the tests of registering Lance files in the real window share (TestManifestDrop,
/// TestDropTargets, TestCommandLineFiles): a StagingTestbed per test, synthetic drag events with
/// file URLs, places in the catalog tree, copies of people.lance and the catalog as the engine
/// sees it. Only static helpers: the testbed is passed in, since each test replaces it in init().
/// The ones that wait run the event loop, at most StagingTestbed::TimeoutMs.
class DropTestSupport
{
public:
    DropTestSupport() = delete;

    /// For a test's init(): a new testbed in `bed`; fails the test when it is not valid.
    static void init(std::optional<StagingTestbed> &bed);
    /// For a test's cleanup(): fails the test if a question went unanswered or a scripted answer
    /// was left over; then drops the testbed.
    static void cleanup(std::optional<StagingTestbed> &bed);

    /// Sends a drag-enter then a drag-move (or a drop, when `drop`) of `paths` at `pos`;
    /// true when every event was accepted as a copy. A path with "://" is sent as that URL,
    /// any other as a local file.
    static bool drag(QWidget *target, QPoint pos, const QStringList &paths, bool drop = false);
    /// Waits until the drops of `app` have come to their end: a drop reads its files on a
    /// worker thread, so what it stages (and asks) comes later than the drop event.
    [[nodiscard]] static bool settle(const browser::BrowserApplication &app);
    /// Sends `target` a drag event of `type` (any other type: a leave) carrying `mime` at `pos`;
    /// whether it was accepted.
    static bool send(QWidget *target, QEvent::Type type, QPoint pos, QMimeData *mime);

    /// The centre of the tree row of `id` in its viewport; (-1, -1) when it is not listed.
    static QPoint rowCenter(const browser::BrowserApplication &app, const QStringList &id);
    /// A point in the tree's viewport below its last row (with few rows listed).
    static QPoint emptyArea(const browser::BrowserApplication &app);

    /// people.lance copied to the folder `folder` of `bed` (outside the catalog), under `name`;
    /// its path, or empty when the copy failed.
    static QString copyDataset(const StagingTestbed &bed, const QString &name,
                               const QString &folder = QStringLiteral("drops"));
    /// The manifests in `dataset`'s _versions folder, sorted by file name.
    static QStringList manifestsOf(const QString &dataset);
    /// The versions of `table` in the engine of `bed`'s catalog, sorted; empty when it has none
    /// or the listing failed.
    static QList<qint64> versionsOf(const StagingTestbed &bed, const api::Identifier &table);

    /// Creates namespace "sales" through a second client and waits for the tree to list it
    /// beside "people".
    [[nodiscard]] static bool addNamespace(const StagingTestbed &bed,
                                           const browser::BrowserApplication &app);
    /// Creates `count` namespaces (area00, area01, ...) through a second client and waits for
    /// the tree to list them and finish refreshing.
    [[nodiscard]] static bool addNamespaces(const StagingTestbed &bed,
                                            const browser::BrowserApplication &app, int count);
};

} // namespace lance::test
