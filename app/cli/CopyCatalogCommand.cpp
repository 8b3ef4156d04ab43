// SPDX-License-Identifier: Apache-2.0
#include "CopyCatalogCommand.h"

#include "TextTable.h"
#include "api/ErrorCode.h"
#include "engine/CatalogCopier.h"

#include <QLocale>
#include <QTextStream>

#include <cstdio>
#ifdef Q_OS_WIN
#include <io.h>
#else
#include <unistd.h>
#endif

using namespace Qt::StringLiterals;

namespace lance::cli {

void CopyCatalogCommand::start()
{
    using engine::CatalogCopier;
    const std::optional<QString> passwordFile
        = invocation().databasePasswordFile.isEmpty()
              ? std::nullopt
              : std::optional<QString>(invocation().databasePasswordFile);
    const CatalogCopier::End from
        = CatalogCopier::End::parse(invocation().arguments.at(0), passwordFile);
    const CatalogCopier::End to
        = CatalogCopier::End::parse(invocation().arguments.at(1), passwordFile);
    QTextStream &err = *context().err;
    // On a terminal one line counts up in place; in a log, one line per kind when it is done.
#ifdef Q_OS_WIN
    const bool terminal = _isatty(_fileno(stderr)) != 0;
#else
    const bool terminal = isatty(fileno(stderr)) != 0;
#endif
    const QLocale locale;
    const auto progress = [&](const QString &kind, qint64 done, qint64 total) {
        if (terminal) {
            err << u"\r\x1b[2K"_s
                << tr("Copying %1: %2 of %3")
                       .arg(kind, locale.toString(done), locale.toString(total));
            if (done == total) {
                err << u'\n';
            }
            err.flush();
        } else if (done == total) {
            err << tr("Copied %1: %2").arg(kind, locale.toString(done)) << u'\n';
            err.flush();
        }
    };
    note(tr("copying %1 to %2").arg(from.displayName(), to.displayName()));
    const auto counts = CatalogCopier::copy(from, to, progress);
    if (!counts) {
        // What the steward asked for cannot be done (not empty, no catalog, a password in an
        // address): a usage error, said plainly, not as a server's HTTP answer.
        const api::ApiError &error = counts.error();
        fail(error.serverCode() == int(api::ErrorCode::InvalidInput)
                 ? api::ApiError::invalidInput(error.serverError())
                 : error);
        return;
    }
    TextTable table(
        {tr("Rows"), tr("In %1").arg(from.displayName()), tr("In %1").arg(to.displayName())});
    for (const CatalogCopier::Count &count : *counts) {
        table.addRow({count.kind, locale.toString(count.source), locale.toString(count.target)});
    }
    table.print(out());
    out() << tr("Both catalogs hold the same rows of every kind.") << u'\n';
    succeed();
}

} // namespace lance::cli
