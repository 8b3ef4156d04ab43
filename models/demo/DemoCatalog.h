// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/Result.h"

#include <QCoreApplication>
#include <QString>

namespace lance::demo {

/// The demo catalog a newcomer can open at once: real LanceDB data shipped with the app (see
/// resources/demo/README.md), registered through the real catalog engine.
///
/// What it holds:
///  - namespaces `hr`, `sales` and `sales$eu`, each with properties (owner, description, ...);
///  - `hr$people` and `hr$contractors`: the LanceDB `people` dataset, versions 1 to 3; tag
///    `reviewed` on `hr$people` version 2;
///  - `sales$orders` and `sales$eu$orders`: the LanceDB `orders` dataset, versions 1 and 2;
///  - `sales$eu$returns`: declared only (a name reserved, no data yet).
/// Each table's data is its own copy inside the catalog folder, at the default location the
/// engine would choose (`<root>/hr/people.lance`, ...), and each version's time is the commit
/// time Lance recorded in its manifest.
///
/// Building is synchronous and takes a few milliseconds (30 KB of files and one SQLite
/// database). Call it on any thread; it opens and closes its own engine.
class DemoCatalog
{
    Q_DECLARE_TR_FUNCTIONS(DemoCatalog)

public:
    /// Where the data is compiled in (resources/CMakeLists.txt): `:/demo`.
    static inline const QString ResourceFolder = QStringLiteral(":/demo");
    /// The file that marks a folder as a demo catalog; holds "complete" once it is built.
    static inline const QString MarkerFile = QStringLiteral(".lance-catalog-demo");

    /// `<GenericDataLocation>/lance-catalog-browser/demo`, next to LocalCatalogService's
    /// default catalog.
    static QString defaultLocation();

    /// True when `folder` holds a complete demo catalog.
    static bool isDemoFolder(const QString &folder);

    /// Builds the demo catalog in `targetFolder` (created if missing) and answers its absolute
    /// path. Idempotent and safe:
    ///  - a complete demo catalog already there is answered as it is (changes made in it kept);
    ///  - a demo build that was interrupted (the marker without "complete") is removed and built
    ///    again;
    ///  - any other folder that is not empty is refused, and nothing in it is touched.
    /// `sourceFolder` holds the datasets `people.lance/` and `orders.lance/`; the default is the
    /// copy compiled into the executable, so the binary must link lcb_resources.
    static api::Result<QString> create(const QString &targetFolder,
                                       const QString &sourceFolder = ResourceFolder);
};

} // namespace lance::demo
