// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/VersionMessages.h"
#include "details/ManifestAccess.h"

#include <QList>

#include <functional>
#include <memory>

class QObject;

namespace lance::storage {
class Cancellation;
}

namespace lance::details {

/// Fills in, off the GUI thread, the facts a server left out of version records: for each
/// version without them (no `total_rows`, no reason it could not be read), the client reads
/// the manifest itself where ManifestAccess reaches it. The Versions view shows what a server
/// like Lance's own Rust one never says.
class VersionFactsReader
{
public:
    VersionFactsReader() = delete;

    /// Whether `version` lacks the facts and its manifest may be reachable through `access`.
    static bool wants(const ManifestAccess &access, const api::TableVersion &version);
    /// How many parts are read at once. A manifest on an object store costs two or three
    /// requests whose time is the network's, not the processor's: one after the other, a page
    /// of 100 versions behind 20 ms of latency took 5.1 s, 32 at once 0.4 s (BenchStoreFacts).
    static constexpr int ParallelReads = 32;
    /// How many versions a part holds: each part is handed on as soon as it is read, so the
    /// first rows of a page fill in at once.
    static constexpr qsizetype PartSize = 2;

    /// Completes `versions` (ManifestAccess::complete), ParallelReads parts at once on a pool
    /// of their own, and hands each part's versions that gained something to `done` on the
    /// application's (the GUI) thread, where `context` lives, as each part is read: `done` may
    /// be called several times, in any order. Nothing arrives when `context` was destroyed
    /// first, or for a part that gained nothing.
    ///
    /// `cancellation`, once cancelled, stops the reading: parts not begun are not read, and
    /// nothing more arrives, so that a table left for another does not keep the pool (a
    /// thousand versions on a store are minutes of reads) before the new one's first page.
    static void start(ManifestAccess access, QList<api::TableVersion> versions, QObject *context,
                      std::function<void(QList<api::TableVersion>)> done,
                      std::shared_ptr<const storage::Cancellation> cancellation = {});
    /// Completes `versions` as start() does, and hands all of them back at once, in the same
    /// order, whether they gained something or not (a record on storage not reachable from
    /// here stays as it was). Nothing arrives when `context` was destroyed first.
    static void readAll(ManifestAccess access, QList<api::TableVersion> versions, QObject *context,
                        std::function<void(QList<api::TableVersion>)> done);
};

} // namespace lance::details
