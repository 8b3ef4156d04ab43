// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/CatalogService.h"
#include "api/VersionMessages.h"
#include "details/ManifestAccess.h"

#include <QCoreApplication>
#include <QStringList>

#include <functional>

namespace lance::details {

/// What a staged DeleteTableVersions takes away, for the commit review: the table's versions
/// are listed (every page), those its ranges cover are kept, and what each holds is filled in
/// from its manifest where the server said nothing and this machine reaches the file
/// (ManifestAccess, off the GUI thread). So the review says, version by version, the rows and
/// bytes that readers lose sight of, as the Delete Versions dialog did when it was staged.
class DeletedVersionsReader
{
    Q_DECLARE_TR_FUNCTIONS(DeletedVersionsReader)

public:
    DeletedVersionsReader() = delete;

    struct Listing
    {
        QList<api::TableVersion> covered; //!< oldest first, with their facts where they can be had
        QList<api::TableVersion> staying; //!< the table's other versions, as listed
    };
    /// The versions `remove` covers and those it leaves; or why the table's versions could not
    /// be listed. `done` runs once, on the GUI thread, while `context` lives.
    static api::RequestHandle start(api::CatalogService &service, ManifestAccess access,
                                    const api::BatchDeleteTableVersionsRequest &remove,
                                    QObject *context,
                                    std::function<void(api::Result<Listing>)> done);

    /// One line per version ("Version 3: 5 rows in 3 fragments, 1.3 KiB of data; Append"), at
    /// most `maxLines` of them with a last line counting the rest, then what stays on disk.
    static QStringList sentences(const QList<api::TableVersion> &covered, int maxLines);
};

} // namespace lance::details
