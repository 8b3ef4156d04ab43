// SPDX-License-Identifier: Apache-2.0
// Every version of the tables LanceDB 0.31.0 wrote into tests/data/lance, read by VersionRows
// and by LanceDB itself (tests/node/read-rows.mjs: checkout(v), a scan with `_rowid`), compared
// row by row and value by value: mini-block, full-zip and all-null pages, bit-packing, RLE,
// FSST, dictionaries, zstd, nested lists and structs with nulls at every level, vectors, and
// deletion files of both kinds; appends, deletes, updates, added, renamed and dropped columns,
// overwrite and compaction.
#include "StorageEmulator.h"
#include "TestData.h"
#include "TestRegistry.h"
#include "format/ManifestDecoder.h"
#include "format/ManifestFileName.h"
#include "rows/ValueJson.h"
#include "rows/VersionRows.h"
#include "storage/LocalStore.h"

#include <QDir>
#include <QProcess>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using namespace lance;
using Json = nlohmann::ordered_json;

namespace {

// What LanceDB read of each version: version -> {"columns": [...], "rows": [[...]]}.
QMap<quint64, Json> lanceDbReads(const QString &table)
{
    QProcess node;
    node.setWorkingDirectory(test::StorageEmulator::nodeTestsPath());
    node.start(test::StorageEmulator::nodeExecutable(), {u"read-rows.mjs"_s, table});
    if (!node.waitForFinished(120000) || node.exitCode() != 0) {
        qWarning().noquote() << node.readAllStandardError();
        return {};
    }
    QMap<quint64, Json> out;
    for (const QByteArray &line : node.readAllStandardOutput().split('\n')) {
        if (!line.trimmed().isEmpty()) {
            Json read = Json::parse(line.toStdString());
            out.insert(read["version"].get<quint64>(), read);
        }
    }
    return out;
}

QMap<quint64, QString> manifestsOf(const QString &table)
{
    QMap<quint64, QString> out;
    const QDir versions(table + u"/_versions"_s);
    for (const QString &name : versions.entryList({u"*.manifest"_s}, QDir::Files)) {
        const auto parsed = format::ManifestFileName::parse(name);
        if (parsed.kind == format::ManifestFileName::Kind::Final && parsed.version) {
            out.insert(quint64(*parsed.version), versions.filePath(name));
        }
    }
    return out;
}

} // namespace

class TestRowsAgainstLanceDb : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        if (test::StorageEmulator::nodeExecutable().isEmpty()) {
            QFAIL("Node.js was not found when the tests were configured.");
        }
    }

    void everyVersionMatches_data()
    {
        QTest::addColumn<QString>("table");
        for (const char *table :
             {"rows/types.lance", "rows/wide.lance", "rows/bigtext.lance", "rows/deletions.lance",
              "history/lancedb-0.31.0/events.lance", "people.lance", "health/metrics.lance"}) {
            QTest::newRow(table) << test::TestData::path(u"lance/"_s + QLatin1StringView(table));
        }
    }

    void everyVersionMatches()
    {
        QFETCH(QString, table);
        const QMap<quint64, Json> expected = lanceDbReads(table);
        QVERIFY2(!expected.isEmpty(), "LanceDB did not read the table");
        const QMap<quint64, QString> manifests = manifestsOf(table);
        storage::LocalStore store;
        for (auto entry = expected.cbegin(); entry != expected.cend(); ++entry) {
            const quint64 version = entry.key();
            const Json &read = entry.value();
            QVERIFY2(manifests.contains(version), qPrintable(u"no manifest of %1"_s.arg(version)));
            const auto manifest = format::ManifestDecoder::readFile(manifests.value(version));
            if (!manifest) {
                QFAIL(qPrintable(manifest.error().userMessage()));
            }
            const format::ManifestReferences::Place place{
                u"_versions/"_s + QFileInfo(manifests.value(version)).fileName(), QString(), table};
            rows::VersionRows::Request request;
            request.limit = std::numeric_limits<quint64>::max();
            const auto page = rows::VersionRows::read(store, table + u'/', *manifest, place,
                                                      request, storage::CallControl());
            if (!page) {
                QFAIL(qPrintable(u"version %1: %2"_s.arg(version).arg(page.error().userMessage())));
            }

            const Json &columns = read["columns"];
            QCOMPARE(qsizetype(columns.size()), page->columns.size() + 1);
            for (qsizetype c = 0; c < page->columns.size(); ++c) {
                QCOMPARE(page->columns.at(c).name,
                         QString::fromStdString(columns[size_t(c + 1)].get<std::string>()));
            }
            const Json &rows = read["rows"];
            QCOMPARE(page->totalRows, quint64(rows.size()));
            QCOMPARE(quint64(page->rowAddresses.size()), quint64(rows.size()));
            for (size_t r = 0; r < rows.size(); ++r) {
                const Json &row = rows[r];
                QCOMPARE(page->rowAddresses.at(qsizetype(r)), row[0].get<quint64>());
                for (qsizetype c = 0; c < page->columns.size(); ++c) {
                    const Json ours = rows::ValueJson::value(page->columns.at(c), qint64(r));
                    const Json &theirs = row[size_t(c + 1)];
                    if (ours != theirs) {
                        QFAIL(qPrintable(u"version %1, row %2 (_rowid %3), column %4:\n ours    "
                                         "%5\n LanceDB %6"_s.arg(version)
                                             .arg(r)
                                             .arg(page->rowAddresses.at(qsizetype(r)))
                                             .arg(page->columns.at(c).name,
                                                  QString::fromStdString(ours.dump()),
                                                  QString::fromStdString(theirs.dump()))));
                    }
                }
            }
        }
    }
};

LCB_TEST_GUILESS_MAIN(TestRowsAgainstLanceDb)
#include "TestRowsAgainstLanceDb.moc"
