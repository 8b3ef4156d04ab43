// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/VersionMessages.h"
#include "details/ManifestAccess.h"

#include <QList>

#include <functional>

class QObject;

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
    /// Completes `versions` (ManifestAccess::complete) on Qt's global thread pool and hands
    /// the ones that gained something to `done` on the application's (the GUI) thread, where
    /// `context` lives; nothing arrives when `context` was destroyed first, or when nothing was
    /// gained.
    static void start(ManifestAccess access, QList<api::TableVersion> versions, QObject *context,
                      std::function<void(QList<api::TableVersion>)> done);
    /// Completes `versions` as start() does, and hands all of them back, in the same order,
    /// whether they gained something or not (a record on storage not reachable from here stays
    /// as it was). Nothing arrives when `context` was destroyed first.
    static void readAll(ManifestAccess access, QList<api::TableVersion> versions, QObject *context,
                        std::function<void(QList<api::TableVersion>)> done);
};

} // namespace lance::details
