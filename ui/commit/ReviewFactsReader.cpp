// SPDX-License-Identifier: Apache-2.0
#include "ui/commit/ReviewFactsReader.h"

#include "details/DeletedVersionsReader.h"
#include "details/LeavingRowsReader.h"
#include "details/VendedAccess.h"
#include "details/VersionFactsReader.h"
#include "details/VersionFactsText.h"
#include "ui/commit/CommitReviewDialog.h"

namespace lance::ui {

void ReviewFactsReader::start(CommitReviewDialog &review,
                              const QList<api::CommitTableOperation> &operations,
                              api::CatalogService *service, details::VendedAccess &reach)
{
    for (int row = 0; row < int(operations.size()); ++row) {
        if (const auto *remove
            = std::get_if<api::BatchDeleteTableVersionsRequest>(&operations.at(row))) {
            if (service) {
                // Called only while `review` (the context) is alive, as the service is.
                reach.reach(remove->id, &review,
                            [review = &review, row, remove = *remove,
                             service](const details::ManifestAccess &access) {
                                readDeletedVersions(*review, row, remove, *service, access);
                            });
            }
        } else if (const auto *create
                   = std::get_if<api::CreateTableVersionRequest>(&operations.at(row))) {
            api::TableVersion version;
            version.version = create->version;
            version.manifestPath = create->manifestPath;
            version.metadata = create->metadata;
            reach.reach(create->id, &review,
                        [review = &review, row, version](const details::ManifestAccess &access) {
                            details::VersionFactsReader::start(
                                access, {version}, review,
                                [review, row](const QList<api::TableVersion> &read) {
                                    for (const api::TableVersion &facts : read) {
                                        review->addFacts(
                                            row, details::VersionFactsText::sentence(facts));
                                    }
                                });
                        });
        }
    }
}

void ReviewFactsReader::readDeletedVersions(CommitReviewDialog &review, int line,
                                            const api::BatchDeleteTableVersionsRequest &remove,
                                            api::CatalogService &service,
                                            const details::ManifestAccess &access)
{
    // A table of thousands of versions: the first of them, and how many more.
    constexpr int MaxLines = 12;
    details::DeletedVersionsReader::start(
        service, access, remove, &review,
        // Called only while `review` (the context) is alive.
        [review = &review, line,
         access](api::Result<details::DeletedVersionsReader::Listing> listed) {
            if (!listed) {
                review->addFacts(line, tr("What these versions hold could not be listed: %1")
                                           .arg(listed.error().userMessage()));
                return;
            }
            for (const QString &sentence :
                 details::DeletedVersionsReader::sentences(listed->covered, MaxLines)) {
                review->addFacts(line, sentence);
            }
            // Which rows no one can check out after the commit: only where every version's
            // manifest is read here, or rows kept by one not read would look gone.
            if (listed->covered.isEmpty()
                || !details::LeavingRowsReader::reachesAll(access, listed->covered)
                || !details::LeavingRowsReader::reachesAll(access, listed->staying)) {
                return;
            }
            details::LeavingRowsReader::start(
                access, listed->covered, listed->staying, review,
                [review, line](const api::Result<details::ManifestAccess::LeavingRows> &rows) {
                    review->addFacts(line, details::LeavingRowsReader::sentence(rows),
                                     details::LeavingRowsReader::sampleLines(rows));
                });
        });
}

} // namespace lance::ui
