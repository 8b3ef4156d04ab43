// SPDX-License-Identifier: Apache-2.0
// Arrow IPC out and in: the rows of real LanceDB tables (every type they hold), written by
// ArrowIpcWriter, read back by ArrowIpcReader and by apache-arrow in Node
// (tests/node/read-arrow-ipc.mjs), both giving back the same values and types; then cut and
// damaged files refused with a message, and what this version does not read named.
#include "LanceFixture.h"
#include "StorageEmulator.h"
#include "TestData.h"
#include "TestRegistry.h"
#include "format/ManifestDecoder.h"
#include "rows/ArrowIpcReader.h"
#include "rows/ArrowIpcWriter.h"
#include "rows/ValueJson.h"
#include "rows/VersionRows.h"
#include "storage/LocalStore.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using namespace lance;
using Json = nlohmann::ordered_json;

namespace {

// The latest version's rows of a table in tests/data/lance, `_rowid` first.
QList<rows::ColumnArray> latestRows(const QString &relative)
{
    const QString table = test::TestData::path(u"lance/"_s + relative);
    const QMap<quint64, QString> manifests = test::LanceFixture::manifests(table);
    if (manifests.isEmpty()) {
        return {};
    }
    const QString newest = QFileInfo(manifests.last()).fileName();
    const auto manifest = format::ManifestDecoder::readFile(manifests.last());
    if (!manifest) {
        qWarning() << manifest.error().userMessage();
        return {};
    }
    storage::LocalStore store;
    rows::VersionRows::Request request;
    request.limit = 100000;
    const auto page = rows::VersionRows::read(store, table + u'/', *manifest,
                                              {u"_versions/"_s + newest, QString(), table}, request,
                                              storage::CallControl());
    if (!page) {
        qWarning() << page.error().userMessage();
        return {};
    }
    return QList<rows::ColumnArray>{page->rowIdColumn()} + page->columns;
}

Json rowsJson(const QList<rows::ColumnArray> &columns)
{
    Json out = Json::array();
    const qint64 count = columns.isEmpty() ? 0 : columns.front().length;
    for (qint64 r = 0; r < count; ++r) {
        Json row = Json::array();
        for (const rows::ColumnArray &column : columns) {
            row.push_back(rows::ValueJson::value(column, r));
        }
        out.push_back(row);
    }
    return out;
}

} // namespace

class TestArrowIpc : public QObject
{
    Q_OBJECT

private slots:
    void roundTrips_data()
    {
        QTest::addColumn<QString>("table");
        for (const char *table : {"rows/types.lance", "rows/wide.lance", "rows/bigtext.lance",
                                  "rows/deletions.lance", "people.lance"}) {
            QTest::newRow(table) << QString::fromLatin1(table);
        }
    }

    void roundTrips()
    {
        QFETCH(QString, table);
        const QList<rows::ColumnArray> columns = latestRows(table);
        QVERIFY(!columns.isEmpty());
        const QByteArray file = rows::ArrowIpcWriter::file(columns, columns.front().length);
        const Json expected = rowsJson(columns);

        // Ours, back.
        const auto read = rows::ArrowIpcReader::read(file, u"the answer"_s);
        if (!read) {
            QFAIL(qPrintable(read.error().userMessage()));
        }
        QCOMPARE(read->rows, columns.front().length);
        QCOMPARE(read->columns.size(), columns.size());
        for (qsizetype c = 0; c < columns.size(); ++c) {
            QCOMPARE(read->columns.at(c).name, columns.at(c).name);
            QCOMPARE(read->columns.at(c).type.spelling,
                     columns.at(c).type.spelling == u"list.struct"_s ? u"list"_s
                                                                     : columns.at(c).type.spelling);
        }
        QVERIFY(rowsJson(read->columns) == expected);

        // apache-arrow's.
        QTemporaryDir scratch;
        QFile out(scratch.filePath(u"answer.arrow"_s));
        QVERIFY(out.open(QIODevice::WriteOnly) && out.write(file) == file.size());
        out.close();
        QProcess node;
        node.setWorkingDirectory(test::StorageEmulator::nodeTestsPath());
        node.start(test::StorageEmulator::nodeExecutable(),
                   {u"read-arrow-ipc.mjs"_s, out.fileName()});
        QVERIFY(node.waitForFinished(60000));
        QVERIFY2(node.exitCode() == 0, node.readAllStandardError().constData());
        const Json theirs = Json::parse(node.readAllStandardOutput().toStdString());
        QCOMPARE(theirs["columns"].size(), size_t(columns.size()));
        if (theirs["rows"] != expected) {
            for (size_t r = 0; r < expected.size(); ++r) {
                if (theirs["rows"][r] != expected[r]) {
                    QFAIL(qPrintable(u"row %1:\n ours  %2\n arrow %3"_s.arg(r).arg(
                        QString::fromStdString(expected[r].dump()),
                        QString::fromStdString(theirs["rows"][r].dump()))));
                }
            }
        }
    }

    void damagedFilesAreRefused()
    {
        const QList<rows::ColumnArray> columns = latestRows(u"rows/types.lance"_s);
        QVERIFY(!columns.isEmpty());
        const QByteArray file = rows::ArrowIpcWriter::file(columns, columns.front().length);
        // Cut anywhere: refused or (past the last batch) read whole; never a crash.
        // About 300 places each, spread over the file, and every place of its first kilobyte (the
        // schema and the batch's header).
        const qsizetype step = std::max<qsizetype>(1, file.size() / 300);
        for (qsizetype cut = 0; cut < file.size(); cut += cut < 1024 ? 1 : step) {
            const auto read = rows::ArrowIpcReader::read(QByteArrayView(file).first(cut), u"a"_s);
            if (read) {
                QCOMPARE(read->rows, columns.front().length);
            } else {
                QVERIFY(!read.error().userMessage().isEmpty());
            }
        }
        // Flipped bytes: refused or read, never a crash.
        for (qsizetype at = 0; at < file.size(); at += at < 1024 ? 3 : step) {
            QByteArray flipped = file;
            flipped[at] = char(~flipped.at(at));
            const auto read = rows::ArrowIpcReader::read(flipped, u"a"_s);
            Q_UNUSED(read)
        }
        const auto empty = rows::ArrowIpcReader::read(QByteArray(), u"the answer"_s);
        QVERIFY(!empty);
        QVERIFY(empty.error().userMessage().contains(u"the answer"_s));
    }
};

LCB_TEST_GUILESS_MAIN(TestArrowIpc)
#include "TestArrowIpc.moc"
