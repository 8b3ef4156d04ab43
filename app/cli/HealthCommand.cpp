// SPDX-License-Identifier: Apache-2.0
#include "HealthCommand.h"

#include "TextTable.h"
#include "details/TableHealthText.h"

#include <QTextStream>

using namespace Qt::StringLiterals;

namespace lance::cli {

void HealthCommand::start()
{
    const auto table = identifierArgument(0, false);
    if (!table) {
        fail(table.error());
        return;
    }
    api::GetTableHealthRequest request;
    request.id = *table;
    request.smallFragmentRows = invocation().smallFragmentRows;
    service().call(
        request, this,
        [this, name = table->toString(invocation().delimiter)](
            api::Result<api::GetTableHealthResponse> result) {
            if (finishedPlainly(result)) {
                return;
            }
            using Text = details::TableHealthText;
            const api::GetTableHealthResponse &health = *result;
            out() << (health.latestVersion
                          ? tr("Health of %1 at version %2, beside every version kept")
                                .arg(name)
                                .arg(*health.latestVersion)
                          : tr("Health of %1, which has no version yet").arg(name))
                  << u"\n\n"_s;
            TextTable comparison({QString(), tr("LATEST"), tr("KEPT")});
            for (const Text::Row &row : Text::comparison(health)) {
                comparison.addRow(
                    {(row.indented ? u"  "_s : QString()) + row.label, row.latest, row.kept});
            }
            comparison.print(out());
            out() << u'\n' << tr("Folder: %1.").arg(Text::tally(health.folder)) << u'\n'
                  << Text::unreferenced(health) << u'\n';
            for (const QString &problem : {Text::missing(health), Text::outside(health)}) {
                if (!problem.isEmpty()) {
                    out() << problem << u'\n';
                }
            }
            if (!health.indices.isEmpty()) {
                out() << u'\n';
                TextTable indices(TextTable::capitals(Text::indexHeaders()));
                for (const QStringList &row : Text::indexRows(health)) {
                    indices.addRow(row);
                }
                indices.print(out());
            }
            succeed();
        });
}

} // namespace lance::cli
