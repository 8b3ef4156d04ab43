// SPDX-License-Identifier: Apache-2.0
// Every verb of lance-catalog, walked: the command table (CommandTable) is the one list of verbs,
// and each of its verbs runs, through the real executable on a local catalog holding LanceDB's
// `people`, and does what it says. The samples below must name exactly the table's verbs, so a
// verb added without a run that proves it is wired to its own command fails here.
#include "CliRun.h"
#include "CommandTable.h"
#include "LanceFixture.h"
#include "TestRegistry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::cli::CommandSpec;
using lance::cli::CommandTable;
using lance::test::CliRun;

namespace {

/// One run of a verb: its arguments (`{catalog}`, `{dir}`, `{transaction}` filled in), and a
/// line its output must hold. `local`: run on the catalog (--local).
struct Sample
{
    QString verb;
    QStringList arguments;
    QString shows;
    bool local = true;
};

// In the order they run: reading first, then what changes the catalog.
const QList<Sample> &samples()
{
    static const QList<Sample> all{
        {u"help"_s, {u"tag"_s}, u"tag create|move|delete TABLE TAG [VERSION]"_s, false},
        {u"namespaces"_s, {}, u"No namespaces in $."_s},
        {u"tables"_s, {}, u"people  people"_s},
        {u"describe"_s, {u"people"_s}, u"Managed versioning  yes"_s},
        {u"versions"_s, {u"people"_s, u"--limit"_s, u"1"_s}, u"VERSION  TIMESTAMP (UTC)"_s},
        {u"schema"_s, {u"people"_s}, u"name   utf8     yes       1"_s},
        {u"diff"_s, {u"people"_s, u"1"_s, u"2"_s}, u"rows appended: 1"_s},
        {u"branches"_s, {u"people"_s}, u"people has no branches besides main."_s},
        {u"rows"_s, {u"people"_s, u"--limit"_s, u"2"_s}, u"1       2   bob    42"_s},
        {u"cleanup"_s,
         {u"people"_s, u"--keep"_s, u"1"_s, u"--dry-run"_s},
         u"Nothing was removed (a preview)."_s},
        {u"health"_s,
         {u"people"_s},
         u"Every file of the table's folder is needed by a version kept."_s},
        {u"stage-manifests"_s, {u"people2"_s, u"{catalog}/people.lance"_s}, u"\"declare_table\""_s},
        {u"commit"_s, {u"{dir}/batch.json"_s, u"--dry-run"_s}, u"nothing applied"_s},
        {u"copy-catalog"_s,
         {u"{catalog}"_s, u"{dir}/copy"_s},
         u"Both catalogs hold the same rows of every kind."_s,
         false},
        {u"branch"_s,
         {u"create"_s, u"people"_s, u"dev"_s, u"2"_s},
         u"Created branch dev of people at version 2 of main."_s},
        {u"tag"_s,
         {u"create"_s, u"people"_s, u"stable"_s, u"2"_s},
         u"Tagged version 2 of people as stable."_s},
        {u"restore"_s, {u"people"_s, u"1"_s}, u"Restored version 1 of people"_s},
        {u"namespace"_s, {u"create"_s, u"sales"_s}, u"Created namespace sales."_s},
        {u"rename"_s, {u"people"_s, u"sales$people"_s}, u"Renamed people to sales$people"_s},
        {u"history"_s, {}, u"rename_table"_s},
        {u"transaction"_s, {u"{transaction}"_s}, u"Status:      Succeeded"_s},
    };
    return all;
}

} // namespace

class TestCliVerbs : public QObject
{
    Q_OBJECT

private slots:
    void theTableNamesEachVerbOnce();
    void everyVerbRuns();

private:
    /// The id of the newest transaction in `catalog`'s history.
    static QString newestTransaction(const QString &catalog);
};

void TestCliVerbs::theTableNamesEachVerbOnce()
{
    QSet<QString> verbs;
    for (const CommandSpec &spec : CommandTable::commands()) {
        const QString verb = QString::fromUtf16(spec.name);
        QVERIFY2(!verbs.contains(verb), qPrintable(verb + u" is listed twice"_s));
        verbs.insert(verb);
        QVERIFY2(QString::fromUtf16(spec.syntax).startsWith(verb), qPrintable(verb));
        QVERIFY(spec.minArguments <= spec.maxArguments);
        QCOMPARE(CommandTable::find(verb), &spec);
        // Only help is answered by the parser itself; every other verb makes its command.
        QCOMPARE(spec.create == nullptr, verb == u"help");
    }
    QSet<QString> sampled;
    for (const Sample &sample : samples()) {
        sampled.insert(sample.verb);
    }
    QCOMPARE(sampled, verbs);
    QCOMPARE(CommandTable::find(u"nonsense"), nullptr);
}

QString TestCliVerbs::newestTransaction(const QString &catalog)
{
    const CliRun history = CliRun::runLocal(catalog, {u"history"_s, u"--json"_s});
    return QJsonDocument::fromJson(history.out.toUtf8())
        .object()
        .value(u"transactions"_s)
        .toArray()
        .first()
        .toObject()
        .value(u"id"_s)
        .toString();
}

void TestCliVerbs::everyVerbRuns()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString catalog = dir.filePath(u"catalog"_s);
    QVERIFY(lance::test::LanceFixture::copyInto(u"people.lance"_s, catalog));
    QFile batch(dir.filePath(u"batch.json"_s));
    QVERIFY(batch.open(QIODevice::WriteOnly));
    batch.write(R"({"operations": [{"declare_table": {"id": ["orders"]}}]})");
    batch.close();

    for (const Sample &sample : samples()) {
        QStringList arguments{sample.verb};
        for (QString argument : sample.arguments) {
            argument.replace(u"{catalog}"_s, catalog).replace(u"{dir}"_s, dir.path());
            if (argument == u"{transaction}") {
                argument = newestTransaction(catalog);
            }
            arguments << argument;
        }
        const CliRun run
            = sample.local ? CliRun::runLocal(catalog, arguments) : CliRun::run(arguments);
        const QString said = run.out + run.err;
        QVERIFY2(run.exitCode == 0,
                 qPrintable(
                     u"%1 exited %2: %3"_s.arg(arguments.join(u' ')).arg(run.exitCode).arg(said)));
        QVERIFY2(said.contains(sample.shows), qPrintable(u"%1 did not say \"%2\": %3"_s.arg(
                                                  arguments.join(u' '), sample.shows, said)));
    }
}

LCB_TEST_GUILESS_MAIN(TestCliVerbs)
#include "TestCliVerbs.moc"
