// SPDX-License-Identifier: Apache-2.0
#include "ui/commit/ReviewFactsReader.h"

#include "details/DeletedVersionsReader.h"
#include "details/VersionFactsReader.h"
#include "details/VersionFactsText.h"
#include "ui/commit/CommitReviewDialog.h"

#include <QHash>

namespace lance::ui {

void ReviewFactsReader::start(CommitReviewDialog &review,
                              const QList<api::CommitTableOperation> &operations,
                              api::CatalogService *service, const details::ManifestAccess &access)
{
    QList<api::TableVersion> staged;
    QHash<QString, int> lineOf;
    for (int row = 0; row < int(operations.size()); ++row) {
        if (const auto *remove
            = std::get_if<api::BatchDeleteTableVersionsRequest>(&operations.at(row))) {
            if (service) {
                readDeletedVersions(review, row, *remove, *service, access);
            }
        } else if (const auto *create
                   = std::get_if<api::CreateTableVersionRequest>(&operations.at(row))) {
            api::TableVersion version;
            version.version = create->version;
            version.manifestPath = create->manifestPath;
            version.metadata = create->metadata;
            staged.append(version);
            lineOf.insert(create->manifestPath, row);
        }
    }
    if (staged.isEmpty()) {
        return;
    }
    details::VersionFactsReader::start(
        access, std::move(staged), &review,
        // Called only while `review` (the context) is alive.
        [review = &review, lineOf = std::move(lineOf)](const QList<api::TableVersion> &read) {
            for (const api::TableVersion &version : read) {
                review->addFacts(lineOf.value(version.manifestPath, -1),
                                 details::VersionFactsText::sentence(version));
            }
        });
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
        [review = &review, line](api::Result<QList<api::TableVersion>> covered) {
            if (!covered) {
                review->addFacts(line, tr("What these versions hold could not be listed: %1")
                                           .arg(covered.error().userMessage()));
                return;
            }
            for (const QString &sentence :
                 details::DeletedVersionsReader::sentences(*covered, MaxLines)) {
                review->addFacts(line, sentence);
            }
        });
}

} // namespace lance::ui
