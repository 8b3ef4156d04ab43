// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "api/BatchMessages.h"
#include "api/CatalogService.h"
#include "details/ManifestAccess.h"

namespace lance::details {
class VendedAccess;
}

#include <QCoreApplication>

namespace lance::ui {

class CommitReviewDialog;

/// Fills a commit review in, after it opened, with what the staged batch brings and takes:
/// under each staged version, what its manifest holds (details::VersionFactsReader), and under
/// each staged delete, the versions it covers with what each holds
/// (details::DeletedVersionsReader). Read off the window's thread where this machine reaches
/// each table's manifests (`reach`: here, or on the table's store); each line arrives while the
/// review is open, not after.
class ReviewFactsReader
{
    Q_DECLARE_TR_FUNCTIONS(ReviewFactsReader)

public:
    ReviewFactsReader() = delete;

    /// Starts the reading for `operations`, the batch `review` shows (line i is operation i).
    /// `service` lists the versions a delete covers; none: deletes get no lines.
    static void start(CommitReviewDialog &review,
                      const QList<api::CommitTableOperation> &operations,
                      api::CatalogService *service, details::VendedAccess &reach);

private:
    static void readDeletedVersions(CommitReviewDialog &review, int line,
                                    const api::BatchDeleteTableVersionsRequest &remove,
                                    api::CatalogService &service,
                                    const details::ManifestAccess &access);
};

} // namespace lance::ui
