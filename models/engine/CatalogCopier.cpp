// SPDX-License-Identifier: Apache-2.0
#include "engine/CatalogCopier.h"

#include "engine/CatalogDatabase.h"
#include "engine/CatalogLocations.h"

#include <QDir>
#include <QFileInfo>
#include <QUrl>

using namespace Qt::StringLiterals;
using lance::api::ApiError;
using lance::api::ErrorCode;
using lance::api::Result;

namespace lance::engine {

namespace {

// Rows read from the source at a time: a catalog of millions of versions is never in memory
// at once.
constexpr qint64 PageRows = 10000;
constexpr qint64 ProgressEvery = 2000;

// What a copy carries, parents before children. `order` is the primary key (every page is
// read in it, so none is missed or read twice); `where` leaves out the root namespace, which
// every catalog has from its creation.
struct Kind
{
    const char *name;
    const char *table;
    const char *columns;
    const char *order;
    const char *where;
    /// The columns holding paths, as bits (column 0 is bit 0): stored relative to a catalog
    /// folder, so each is resolved with the source's folder and stored with the target's.
    unsigned pathColumns = 0;
};

constexpr Kind Kinds[] = {
    // A parent's id is a prefix of its children's: shorter ids first put parents first.
    {QT_TRANSLATE_NOOP("CatalogCopier", "namespaces"), "catalog_namespaces",
     "id, parent, name, properties", "length(id), id", "id <> ''"},
    {QT_TRANSLATE_NOOP("CatalogCopier", "tables"), "catalog_tables",
     "id, namespace, name, location, properties", "id", nullptr, 1u << 3},
    {QT_TRANSLATE_NOOP("CatalogCopier", "versions"), "table_versions",
     "table_id, branch, version, manifest_path, manifest_size, e_tag, timestamp_millis, metadata, "
     "facts",
     "table_id, branch, version", nullptr, 1u << 3},
    {QT_TRANSLATE_NOOP("CatalogCopier", "tags"), "table_tags", "table_id, tag, branch, version",
     "table_id, tag", nullptr},
    {QT_TRANSLATE_NOOP("CatalogCopier", "pending manifest moves"), "manifest_moves",
     "final_path, staged_path, table_id", "final_path", nullptr, 0b11u},
    // The history, records before their table links (which refer to them).
    {QT_TRANSLATE_NOOP("CatalogCopier", "transactions"), "catalog_transactions",
     "id, sequence, committed_millis, actor, kind, status, counts, operations, tables", "sequence",
     nullptr},
    {QT_TRANSLATE_NOOP("CatalogCopier", "transaction table links"), "transaction_tables",
     "table_id, sequence", "sequence, table_id", nullptr},
};

QString fromWhere(const Kind &kind)
{
    QString text = u" FROM "_s + QLatin1String(kind.table);
    if (kind.where) {
        text += u" WHERE "_s + QLatin1String(kind.where);
    }
    return text;
}

Result<qint64> countOf(CatalogDatabase &database, const Kind &kind)
{
    return database.selectOne(u"SELECT count(*)"_s + fromWhere(kind))
        .transform([](const std::optional<CatalogDatabase::Row> &row) {
            return row ? row->value(0).toLongLong() : 0;
        });
}

Result<std::unique_ptr<CatalogDatabase>> openEnd(const CatalogCopier::End &end, bool source)
{
    if (end.isDatabase()) {
        return CatalogDatabase::openServer({end.databaseUrl, end.passwordFile}, {});
    }
    const QString folder = QDir::cleanPath(QFileInfo(end.folder).absoluteFilePath());
    const QString file = CatalogLocations(folder).databaseFile();
    if (source && !QFileInfo::exists(file)) {
        return ApiError::catalog(ErrorCode::InvalidInput,
                                 CatalogCopier::tr("%1 holds no catalog (no %2 in it).")
                                     .arg(folder, QFileInfo(file).fileName()));
    }
    if (!source && !QDir().mkpath(folder)) {
        return ApiError::catalog(ErrorCode::InvalidInput,
                                 CatalogCopier::tr("The folder %1 cannot be created.").arg(folder));
    }
    // No registering of the Lance tables in the folder: the catalog is what the source says.
    return CatalogDatabase::open(file, {});
}

// Copies the rows of `kind`, page by page, inside the transactions both have open.
Result<void> copyRows(CatalogDatabase &from, CatalogDatabase &to, const Kind &kind, qint64 total,
                      const CatalogCopier::Progress &progress)
{
    const QString columns = QLatin1String(kind.columns);
    const QString select = u"SELECT "_s + columns + fromWhere(kind) + u" ORDER BY "_s
                           + QLatin1String(kind.order) + u" LIMIT ? OFFSET ?"_s;
    const qsizetype columnCount = columns.count(u',') + 1;
    QStringList marks;
    for (qsizetype i = 0; i < columnCount; ++i) {
        marks << u"?"_s;
    }
    const QString insert = u"INSERT INTO "_s + QLatin1String(kind.table) + u" ("_s + columns
                           + u") VALUES ("_s + marks.join(u", "_s) + u')';
    const QString name = CatalogCopier::tr(kind.name);
    qint64 done = 0;
    for (;;) {
        auto page = from.select(select, {PageRows, done});
        if (!page) {
            return page.error();
        }
        for (CatalogDatabase::Row &row : *page) {
            for (qsizetype column = 0; column < row.size(); ++column) {
                if (kind.pathColumns & (1u << column)) {
                    row[column] = to.paths().store(from.paths().resolve(row[column].toString()));
                }
            }
            if (auto written = to.execute(insert, row); !written) {
                return written.error();
            }
            if (++done % ProgressEvery == 0 && progress) {
                progress(name, done, total);
            }
        }
        if (page->size() < PageRows) {
            break;
        }
    }
    if (progress) {
        progress(name, done, total);
    }
    return {};
}

} // namespace

CatalogCopier::End CatalogCopier::End::parse(const QString &text,
                                             const std::optional<QString> &passwordFile)
{
    End end;
    if (text.startsWith(u"postgresql://"_s) || text.startsWith(u"postgres://"_s)) {
        end.databaseUrl = text;
        end.passwordFile = passwordFile;
    } else {
        end.folder = text;
    }
    return end;
}

QString CatalogCopier::End::displayName() const
{
    return isDatabase() ? QUrl(databaseUrl).toString(QUrl::RemovePassword)
                        : QDir::cleanPath(QFileInfo(folder).absoluteFilePath());
}

Result<QList<CatalogCopier::Count>> CatalogCopier::copy(const End &from, const End &to,
                                                        const Progress &progress)
{
    if (!from.isDatabase() && !to.isDatabase()
        && QFileInfo(from.displayName()).canonicalFilePath()
               == QFileInfo(to.displayName()).canonicalFilePath()) {
        return ApiError::catalog(ErrorCode::InvalidInput,
                                 tr("FROM and TO are the same catalog folder."));
    }
    if (from.isDatabase() && to.isDatabase() && from.displayName() == to.displayName()) {
        return ApiError::catalog(ErrorCode::InvalidInput, tr("FROM and TO are the same database."));
    }
    auto source = openEnd(from, true);
    if (!source) {
        return source.error();
    }
    auto target = openEnd(to, false);
    if (!target) {
        return target.error();
    }
    // One snapshot of the source for every page; the target written as one transaction.
    if (auto begun = (*source)->begin(false); !begun.hasValue()) {
        return begun.error();
    }
    auto locked = (*target)->lockWrites();
    if (!locked) {
        (*source)->rollback();
        return locked.error();
    }
    if (auto begun = (*target)->begin(true); !begun.hasValue()) {
        (*source)->rollback();
        return begun.error();
    }
    const auto fail = [&](const ApiError &error) -> Result<QList<Count>> {
        (*target)->rollback();
        (*source)->rollback();
        return error;
    };

    QList<Count> counts;
    for (const Kind &kind : Kinds) {
        auto already = countOf(**target, kind);
        if (!already) {
            return fail(already.error());
        }
        if (*already > 0) {
            return fail(ApiError::catalog(
                ErrorCode::InvalidInput,
                tr("%1 is not empty (%2: %3): a copy goes into an empty catalog only, never "
                   "merged into one.")
                    .arg(to.displayName(), tr(kind.name))
                    .arg(*already)));
        }
        auto total = countOf(**source, kind);
        if (!total) {
            return fail(total.error());
        }
        counts.append({tr(kind.name), *total, 0});
    }
    if (counts.at(0).source == 0 && counts.at(1).source == 0) {
        return fail(ApiError::catalog(
            ErrorCode::InvalidInput,
            tr("%1 holds an empty catalog: there is nothing to copy.").arg(from.displayName())));
    }
    for (qsizetype i = 0; i < counts.size(); ++i) {
        if (auto copied = copyRows(**source, **target, Kinds[i], counts.at(i).source, progress);
            !copied.hasValue()) {
            return fail(copied.error());
        }
    }
    // Counted again on both sides before the commit: a disagreement commits nothing.
    for (qsizetype i = 0; i < counts.size(); ++i) {
        auto written = countOf(**target, Kinds[i]);
        if (!written) {
            return fail(written.error());
        }
        counts[i].target = *written;
        if (counts.at(i).target != counts.at(i).source) {
            return fail(ApiError::catalog(ErrorCode::Internal,
                                          tr("The copy holds %1 %2 where the source holds %3; "
                                             "nothing was committed.")
                                              .arg(counts.at(i).target)
                                              .arg(counts.at(i).kind)
                                              .arg(counts.at(i).source)));
        }
    }
    (*source)->rollback(); // read only
    if (auto committed = (*target)->commit(); !committed.hasValue()) {
        return committed.error();
    }
    return counts;
}

} // namespace lance::engine
