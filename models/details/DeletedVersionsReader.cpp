// SPDX-License-Identifier: Apache-2.0
#include "details/DeletedVersionsReader.h"

#include "catalog/VersionRanges.h"
#include "client/PageCollector.h"
#include "details/VersionFactsReader.h"
#include "details/VersionFactsText.h"

#include <QPointer>

#include <algorithm>
#include <memory>

namespace lance::details {

api::RequestHandle DeletedVersionsReader::start(api::CatalogService &service, ManifestAccess access,
                                                const api::BatchDeleteTableVersionsRequest &remove,
                                                QObject *context,
                                                std::function<void(api::Result<Listing>)> done)
{
    api::ListTableVersionsRequest request;
    request.id = remove.id;
    request.branch = remove.branch;
    return client::PageCollector::collectAll(
        service, request, context,
        [access = std::move(access), ranges = remove.ranges, context = QPointer<QObject>(context),
         done = std::move(done)](api::Result<api::ListTableVersionsResponse> listed) mutable {
            if (!listed) {
                done(listed.error());
                return;
            }
            QList<qint64> known;
            for (const api::TableVersion &version : std::as_const(listed->versions)) {
                known << version.version;
            }
            const QList<qint64> doomed = catalog::VersionRanges::covered(ranges, known);
            QList<api::TableVersion> covered;
            QList<api::TableVersion> staying;
            for (const api::TableVersion &version : std::as_const(listed->versions)) {
                (doomed.contains(version.version) ? covered : staying) << version;
            }
            std::sort(covered.begin(), covered.end(),
                      [](const api::TableVersion &a, const api::TableVersion &b) {
                          return a.version < b.version;
                      });
            const bool wanted
                = std::any_of(covered.cbegin(), covered.cend(), [&access](const auto &version) {
                      return VersionFactsReader::wants(access, version);
                  });
            if (!wanted || !context) {
                done(Listing{std::move(covered), std::move(staying)});
                return;
            }
            VersionFactsReader::readAll(access, std::move(covered), context,
                                        [done = std::move(done), staying = std::move(staying)](
                                            QList<api::TableVersion> read) mutable {
                                            done(Listing{std::move(read), std::move(staying)});
                                        });
        });
}

QStringList DeletedVersionsReader::sentences(const QList<api::TableVersion> &covered, int maxLines)
{
    QStringList lines;
    if (covered.isEmpty()) {
        lines << tr("No version the catalog lists lies in these ranges now.");
        return lines;
    }
    const qsizetype shown = std::min<qsizetype>(covered.size(), std::max(1, maxLines));
    for (qsizetype i = 0; i < shown; ++i) {
        const api::TableVersion &version = covered.at(i);
        const QString facts = VersionFactsText::sentence(version);
        lines << (facts.isEmpty()
                      ? tr("Version %1: what it holds is not known here.").arg(version.version)
                      : tr("Version %1: %2").arg(QString::number(version.version), facts));
    }
    if (covered.size() > shown) {
        lines << tr("… and %1 more, through version %2.")
                     .arg(covered.size() - shown)
                     .arg(covered.last().version);
    }
    lines << tr("Only the version records go: no manifest or data file is deleted, and the "
                "versions that stay still read theirs.");
    return lines;
}

} // namespace lance::details
