// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CatalogService.h"

#include <QCoreApplication>
#include <QModelIndexList>

#include <functional>

namespace lance::activity {
class ActivityTracker;
}

namespace lance::catalog {

/// What Copy (Ctrl+C and the context menu) puts on the clipboard for catalog rows.
///
/// Works on indexes of CatalogTreeModel or of any proxy above it (filter, staging overlay),
/// through its roles, so views pass their selection as it is. The location needs a
/// DescribeTable call, so it is asked for asynchronously; the details panel, which describes
/// the selected table anyway, may offer its own copy instead.
class CatalogCopy
{
    Q_DECLARE_TR_FUNCTIONS(CatalogCopy)

public:
    enum class Field { Name, FullIdentifier };

    /// One line per namespace or table row in `indexes`, in the order given; "Loading…" and
    /// error rows are skipped.
    static QString text(const QModelIndexList &indexes, Field field);

    /// Asks DescribeTable for the location of `table` (the table URI when the server gives no
    /// location). `done` runs later, once, only while `context` lives; the request is handed to
    /// `tracker` when there is one.
    static api::RequestHandle
    requestLocation(api::CatalogService &service, const api::Identifier &table, QObject *context,
                    std::function<void(api::Result<QString>)> done,
                    activity::ActivityTracker *tracker = nullptr,
                    const QString &delimiter = api::Identifier::DefaultDelimiter);
};

} // namespace lance::catalog
