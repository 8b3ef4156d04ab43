// SPDX-License-Identifier: Apache-2.0
// lance::resources::Translations: until it is installed a count reads "1 operation(s)"; after it,
// the English singular and plural from the forms compiled into lcb_resources, in real contexts
// and through real code; a locale's translation installed later answers first.
#include "TestFiles.h"
#include "TestRegistry.h"
#include "TsFile.h"
#include "VerifyResult.h"
#include "resources/Translations.h"
#include "staging/BatchFile.h"
#include "staging/PendingChanges.h"

#include <QCoreApplication>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QUndoStack>

using namespace Qt::StringLiterals;
using lance::resources::Translations;
using lance::staging::BatchFile;
using lance::test::TsFile;

namespace {

// Stands in for a locale's translation: it knows one string and nothing else.
class OneStringTranslator : public QTranslator
{
public:
    bool isEmpty() const override { return false; }
    QString translate(const char *context, const char *sourceText, const char *, int) const override
    {
        if (QByteArrayView(context) == "lance::ui::ActivityIndicator"
            && QByteArrayView(sourceText) == "%n request(s) running") {
            return u"%n Anfragen laufen"_s;
        }
        return {}; // null: the next translator is asked
    }
};

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT

private slots:
    // In this order: the first runs before anything is installed.
    void countsReadLiterallyUntilInstalled();
    void installedCountsReadInEnglish();
    void anImportIsNamedInEnglish();
    void everyEnglishFormIsCompiledIn();
    void aLaterTranslationAnswersFirst();
};

void TestTranslations::countsReadLiterallyUntilInstalled()
{
    QCOMPARE(BatchFile::tr("Import %n operation(s) from %1", nullptr, 1),
             u"Import 1 operation(s) from %1"_s);
}

void TestTranslations::installedCountsReadInEnglish()
{
    QVERIFY(Translations::installEnglishPlurals(*QCoreApplication::instance()));
    QCOMPARE(BatchFile::tr("Import %n operation(s) from %1", nullptr, 1),
             u"Import 1 operation from %1"_s);
    QCOMPARE(BatchFile::tr("Import %n operation(s) from %1", nullptr, 3),
             u"Import 3 operations from %1"_s);
    QCOMPARE(BatchFile::tr("Import %n operation(s) from %1", nullptr, 0),
             u"Import 0 operations from %1"_s);
    // Strings without a count are not in the file: their source text is shown.
    QCOMPARE(BatchFile::tr("%1 has no operations; nothing was imported."),
             u"%1 has no operations; nothing was imported."_s);
}

void TestTranslations::anImportIsNamedInEnglish()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString file = lance::test::TestFiles::write(dir.filePath(u"batch.json"_s), R"({
        "operations": [{"declare_table": {"id": ["sales", "orders"],
                                          "location": "s3://b/orders.lance"}}]})");
    lance::staging::PendingChanges changes;
    LCB_VERIFY_OK(BatchFile::importInto(changes, file));
    QCOMPARE(changes.undoStack()->undoText(), u"Import 1 operation from batch.json"_s);
}

void TestTranslations::everyEnglishFormIsCompiledIn()
{
    // What lrelease built into the resource is what the checked-in file says, for every form.
    const TsFile english = TsFile::read(QStringLiteral(LCB_SOURCE_DIR)
                                        + u"/translations/lance-catalog-browser_en.ts"_s);
    QVERIFY2(english.error().isEmpty(), qPrintable(english.error()));
    QVERIFY(!english.messages().isEmpty());
    for (const TsFile::Message &message : english.messages()) {
        QVERIFY(message.numerus && message.isFinished() && message.numerusForms.size() == 2);
        const QByteArray context = message.context.toUtf8();
        const QByteArray source = message.source.toUtf8();
        const QByteArray comment = message.comment.toUtf8();
        const char *disambiguation = message.comment.isEmpty() ? nullptr : comment.constData();
        for (const int n : {1, 3}) {
            const QString form = message.numerusForms.at(n == 1 ? 0 : 1);
            QCOMPARE(QCoreApplication::translate(context.constData(), source.constData(),
                                                 disambiguation, n),
                     QString(form).replace(u"%n"_s, QString::number(n)));
        }
    }
}

void TestTranslations::aLaterTranslationAnswersFirst()
{
    OneStringTranslator locale;
    QVERIFY(QCoreApplication::installTranslator(&locale));
    const QString running = QCoreApplication::translate("lance::ui::ActivityIndicator",
                                                        "%n request(s) running", nullptr, 2);
    const QString imported = BatchFile::tr("Import %n operation(s) from %1", nullptr, 2);
    QVERIFY(QCoreApplication::removeTranslator(&locale));
    QCOMPARE(running, u"2 Anfragen laufen"_s);
    // What the locale lacks, the English forms beneath it still answer.
    QCOMPARE(imported, u"Import 2 operations from %1"_s);
}

LCB_TEST_GUILESS_MAIN(TestTranslations)
#include "TestTranslations.moc"
