// SPDX-License-Identifier: Apache-2.0
// `lance-catalog rows`, the real executable on a local catalog of tables LanceDB wrote
// (tests/data/lance/rows, health): the text table and its footer, --json lines with every
// value exact (the same values LanceDB reads, per TestRowsAgainstLanceDb), a version, a tag,
// a branch, paging with --offset and --limit, --columns, --filter on a local catalog and
// through a server, and the refusals of what is not there or not understood, each with its exit
// code and a sentence.
#include "CatalogServerProcess.h"
#include "CliRun.h"
#include "LanceFixture.h"
#include "TestRegistry.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::test::CliRun;

namespace {

QList<QJsonObject> jsonLines(const QString &out)
{
    QList<QJsonObject> rows;
    for (const QString &line : out.split(u'\n', Qt::SkipEmptyParts)) {
        rows << QJsonDocument::fromJson(line.toUtf8()).object();
    }
    return rows;
}

} // namespace

class TestCliRows : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_catalog = m_dir.filePath(u"catalog"_s);
        QVERIFY(lance::test::LanceFixture::copyInto(u"rows/types.lance"_s, m_catalog,
                                                    u"types.lance"_s));
        QVERIFY(lance::test::LanceFixture::copyInto(u"health/metrics.lance"_s, m_catalog,
                                                    u"metrics.lance"_s));
    }

    void textTable()
    {
        const CliRun run = CliRun::runLocal(
            m_catalog, {u"rows"_s, u"types"_s, u"--columns"_s, u"id,cat,ts,vec4,st"_s});
        QCOMPARE(run.exitCode, 0);
        const QStringList lines = run.out.split(u'\n');
        QVERIFY2(lines.first().startsWith(u"_rowid  id  cat"_s), qPrintable(run.out));
        // 20 rows, a blank line, the footer.
        QCOMPARE(lines.size(), 1 + 20 + 1 + 1 + 1);
        QVERIFY2(run.out.contains(u"2024-01-01T00:00:00.000728Z"_s), qPrintable(run.out));
        QVERIFY2(run.out.contains(u"{x: -42113, y: jandrevovek}"_s), qPrintable(run.out));
        QVERIFY2(run.out.contains(u"Rows 1 to 20 of types."_s), qPrintable(run.out));
    }

    void jsonLinesPagedAtAVersion()
    {
        const CliRun all = CliRun::runLocal(
            m_catalog, {u"rows"_s, u"types"_s, u"--version"_s, u"1"_s, u"--limit"_s, u"100000"_s,
                        u"--columns"_s, u"id,u64,tags"_s, u"--json"_s});
        QCOMPARE(all.exitCode, 0);
        const QList<QJsonObject> rows = jsonLines(all.out);
        QCOMPARE(rows.size(), 2000);
        QCOMPARE(rows.first().keys(), (QStringList{u"_rowid"_s, u"id"_s, u"tags"_s, u"u64"_s}));
        // Exact 64-bit values: the digits as written, not rounded through a double.
        QVERIFY2(all.out.contains(u"\"u64\":8725962871196205814"_s)
                     || all.out.contains(u"\"u64\":18392291601880506003"_s),
                 qPrintable(all.out.left(400)));
        const CliRun page = CliRun::runLocal(
            m_catalog, {u"rows"_s, u"types"_s, u"--version"_s, u"1"_s, u"--offset"_s, u"1990"_s,
                        u"--limit"_s, u"20"_s, u"--columns"_s, u"id,u64,tags"_s, u"--json"_s});
        QCOMPARE(page.exitCode, 0);
        const QList<QJsonObject> tail = jsonLines(page.out);
        QCOMPARE(tail.size(), 10);
        QCOMPARE(tail, rows.mid(1990));
    }

    void tagAndBranch()
    {
        const CliRun tag = CliRun::runLocal(
            m_catalog, {u"tag"_s, u"create"_s, u"metrics"_s, u"close"_s, u"3"_s});
        QVERIFY2(tag.exitCode == 0, qPrintable(tag.err));
        const CliRun tagged
            = CliRun::runLocal(m_catalog, {u"rows"_s, u"metrics"_s, u"--tag"_s, u"close"_s,
                                           u"--json"_s, u"--limit"_s, u"1000"_s});
        QCOMPARE(tagged.exitCode, 0);
        const CliRun third
            = CliRun::runLocal(m_catalog, {u"rows"_s, u"metrics"_s, u"--version"_s, u"3"_s,
                                           u"--json"_s, u"--limit"_s, u"1000"_s});
        QCOMPARE(third.exitCode, 0);
        QCOMPARE(tagged.out, third.out);
        const CliRun branch
            = CliRun::runLocal(m_catalog, {u"rows"_s, u"metrics"_s, u"--branch"_s, u"experiment"_s,
                                           u"--json"_s, u"--limit"_s, u"1000"_s});
        QCOMPARE(branch.exitCode, 0);
        QCOMPARE(jsonLines(branch.out).size(), 15); // what LanceDB counted on the branch
    }

    // The same filter on the local catalog and through a server (which applies it) keeps the
    // same rows; --offset and --limit count kept rows.
    void filter_data()
    {
        QTest::addColumn<bool>("server");
        QTest::newRow("local") << false;
        QTest::newRow("server") << true;
    }

    void filter()
    {
        QFETCH(bool, server);
        lance::test::CatalogServerProcess process;
        if (server && !process.start(m_catalog)) {
            QFAIL(qPrintable(process.standardError()));
        }
        const auto run = [&](const QStringList &arguments) {
            return server ? CliRun::run(
                       QStringList{u"--url"_s, process.url().toString(), u"rows"_s, u"types"_s}
                       + arguments)
                          : CliRun::runLocal(m_catalog,
                                             QStringList{u"rows"_s, u"types"_s} + arguments);
        };
        const CliRun all = run({u"--version"_s, u"1"_s, u"--limit"_s, u"100000"_s, u"--columns"_s,
                                u"id,cat"_s, u"--json"_s});
        QCOMPARE(all.exitCode, 0);
        QList<QJsonObject> alphas;
        for (const QJsonObject &row : jsonLines(all.out)) {
            if (row.value(u"cat"_s).toString().startsWith(u"al"_s)) {
                alphas << row;
            }
        }
        QVERIFY(alphas.size() > 30);
        const CliRun kept = run({u"--version"_s, u"1"_s, u"--limit"_s, u"100000"_s, u"--columns"_s,
                                 u"id,cat"_s, u"--json"_s, u"--filter"_s, u"cat LIKE 'al%'"_s});
        QVERIFY2(kept.exitCode == 0, qPrintable(kept.err));
        QCOMPARE(jsonLines(kept.out), alphas);
        const CliRun page
            = run({u"--version"_s, u"1"_s, u"--offset"_s, u"10"_s, u"--limit"_s, u"5"_s,
                   u"--columns"_s, u"id,cat"_s, u"--filter"_s, u"cat LIKE 'al%'"_s});
        QVERIFY2(page.exitCode == 0, qPrintable(page.err));
        QVERIFY2(page.out.contains(u"Rows 11 to 15 of types at version 1 where cat LIKE 'al%'."_s),
                 qPrintable(page.out));
        QVERIFY2(page.out.contains(u"  %1  alpha"_s.arg(alphas.at(10).value(u"id"_s).toInt())),
                 qPrintable(page.out));
        const CliRun bad = run({u"--filter"_s, u"id = 1 OR id = 2"_s});
        QVERIFY(bad.exitCode != 0);
        QVERIFY2(bad.err.contains(u"OR"_s) && bad.err.contains(u"one condition"_s),
                 qPrintable(bad.err));
        const CliRun unknown = run({u"--filter"_s, u"nope IS NULL"_s});
        QVERIFY(unknown.exitCode != 0);
        QVERIFY2(unknown.err.contains(u"“nope”"_s), qPrintable(unknown.err));
    }

    void refusals()
    {
        const CliRun column
            = CliRun::runLocal(m_catalog, {u"rows"_s, u"types"_s, u"--columns"_s, u"nope"_s});
        QVERIFY(column.exitCode != 0);
        QVERIFY2(column.err.contains(u"no column “nope”"_s), qPrintable(column.err));
        const CliRun version
            = CliRun::runLocal(m_catalog, {u"rows"_s, u"types"_s, u"--version"_s, u"42"_s});
        QVERIFY(version.exitCode != 0);
        QVERIFY2(version.err.contains(u"42"_s), qPrintable(version.err));
        const CliRun offset
            = CliRun::runLocal(m_catalog, {u"rows"_s, u"types"_s, u"--offset"_s, u"-1"_s});
        QVERIFY(offset.exitCode != 0);
        QVERIFY2(offset.err.contains(u"--offset"_s), qPrintable(offset.err));
        const CliRun tag
            = CliRun::runLocal(m_catalog, {u"rows"_s, u"types"_s, u"--tag"_s, u"missing"_s});
        QVERIFY(tag.exitCode != 0);
        QVERIFY2(tag.err.contains(u"missing"_s), qPrintable(tag.err));
    }

private:
    QTemporaryDir m_dir;
    QString m_catalog;
};

LCB_TEST_GUILESS_MAIN(TestCliRows)
#include "TestCliRows.moc"
