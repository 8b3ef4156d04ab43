// SPDX-License-Identifier: Apache-2.0
// Every string the sources count ("%n", tr() with a count) has finished English singular and
// plural forms in translations/lance-catalog-browser_en.ts: lupdate scans app/, ui/ and models/
// into a temporary .ts, as translations/README.md runs it, which is compared with that file.
#include "TestRegistry.h"
#include "TsFile.h"

#include <QDir>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::test::TsFile;

namespace {

const QString SourceDir = QStringLiteral(LCB_SOURCE_DIR);
const QString CheckedIn = SourceDir + u"/translations/lance-catalog-browser_en.ts"_s;

// How a failure says to fix it.
const QString UpdateHint = u"update translations/lance-catalog-browser_en.ts as "
                           "translations/README.md says, and write the English forms"_s;

QString describe(const TsFile::Message &message)
{
    return u"%1: \"%2\""_s.arg(message.context, message.source);
}

// %1 to %99 of `text`: an English form must keep every argument its source has.
QSet<QString> arguments(const QString &text)
{
    static const QRegularExpression argument(u"%L?[1-9][0-9]?"_s);
    QSet<QString> found;
    for (const QRegularExpressionMatch &match : argument.globalMatch(text)) {
        found.insert(match.captured());
    }
    return found;
}

} // namespace

class TestPluralCoverage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void lupdateFindsTheCountedStrings();
    void everyCountedStringHasEnglishForms();
    void noEnglishFormIsLeftOver();

private:
    QTemporaryDir m_dir;
    TsFile m_scanned;
    TsFile m_checkedIn;
};

void TestPluralCoverage::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString scanned = m_dir.filePath(u"scanned_en.ts"_s);
    QProcess lupdate;
    lupdate.setWorkingDirectory(SourceDir);
    lupdate.setProcessChannelMode(QProcess::MergedChannels);
    lupdate.start(QStringLiteral(LCB_LUPDATE_PATH),
                  {u"-pluralonly"_s, u"-locations"_s, u"absolute"_s, u"-target-language"_s, u"en"_s,
                   // The include roots of the build (cmake/Layers.cmake), so lupdate finds the
                   // headers and names each context with its namespace.
                   u"-I"_s, SourceDir, u"-I"_s, SourceDir + u"/models"_s, u"app"_s, u"ui"_s,
                   u"models"_s, u"-ts"_s, scanned});
    QVERIFY2(lupdate.waitForFinished(60'000), qPrintable(lupdate.errorString()));
    QVERIFY2(lupdate.exitStatus() == QProcess::NormalExit && lupdate.exitCode() == 0,
             lupdate.readAll().constData());

    m_scanned = TsFile::read(scanned);
    QVERIFY2(m_scanned.error().isEmpty(), qPrintable(m_scanned.error()));
    m_checkedIn = TsFile::read(CheckedIn);
    QVERIFY2(m_checkedIn.error().isEmpty(), qPrintable(m_checkedIn.error()));
}

void TestPluralCoverage::lupdateFindsTheCountedStrings()
{
    // Guards the other checks against a scan that silently missed a folder: each of app/, ui/
    // and models/ counts something.
    QSet<QString> folders;
    for (const TsFile::Message &message : m_scanned.messages()) {
        QVERIFY2(message.numerus, qPrintable(describe(message)));
        for (const QString &file : message.files) {
            folders.insert(QDir(SourceDir).relativeFilePath(file).section(u'/', 0, 0));
        }
    }
    QCOMPARE(folders, (QSet<QString>{u"app"_s, u"ui"_s, u"models"_s}));
}

void TestPluralCoverage::everyCountedStringHasEnglishForms()
{
    QStringList problems;
    for (const TsFile::Message &counted : m_scanned.messages()) {
        const TsFile::Message *english = m_checkedIn.find(counted.key());
        if (!english || !english->numerus) {
            problems << u"no English forms for %1"_s.arg(describe(counted));
            continue;
        }
        // lrelease leaves out what is unfinished: Qt would show the source's "(s)" again.
        if (!english->isFinished()) {
            problems << u"English forms not finished for %1"_s.arg(describe(counted));
            continue;
        }
        // English has two forms, singular and plural (QLocale::English's plural rule).
        if (english->numerusForms.size() != 2) {
            problems << u"%1 English forms, not 2, for %2"_s.arg(english->numerusForms.size())
                            .arg(describe(counted));
            continue;
        }
        for (const QString &form : english->numerusForms) {
            if (form.trimmed().isEmpty() || form.contains(u"(s)"_s)
                || arguments(form) != arguments(counted.source)) {
                problems << u"English form \"%1\" of %2: empty, \"(s)\" or other arguments"_s.arg(
                    form, describe(counted));
            }
        }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n') + u"\n"_s + UpdateHint));
}

void TestPluralCoverage::noEnglishFormIsLeftOver()
{
    // A form whose string left the sources is never shown; keeping the file exact keeps it a
    // list of what people read.
    QStringList leftOver;
    for (const TsFile::Message &english : m_checkedIn.messages()) {
        if (english.isFinished() && !m_scanned.find(english.key())) {
            leftOver << u"no longer in the sources: %1"_s.arg(describe(english));
        }
    }
    QVERIFY2(leftOver.isEmpty(), qPrintable(leftOver.join(u'\n') + u"\n"_s + UpdateHint));
}

LCB_TEST_GUILESS_MAIN(TestPluralCoverage)
#include "TestPluralCoverage.moc"
