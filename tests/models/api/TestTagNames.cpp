// SPDX-License-Identifier: Apache-2.0
// TagNames: Lance's own rules for a tag's name (check_valid_tag in lance's
// rust/lance/src/dataset/refs.rs), on the names Lance's tests of it use, and the steward's.
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "api/TagNames.h"

#include <QTest>

using namespace Qt::StringLiterals;
using lance::api::TagNames;

class TestTagNames : public QObject
{
    Q_OBJECT

private slots:
    void acceptsWhatLanceAccepts_data();
    void acceptsWhatLanceAccepts();
    void refusesWhatLanceRefuses_data();
    void refusesWhatLanceRefuses();
};

void TestTagNames::acceptsWhatLanceAccepts_data()
{
    QTest::addColumn<QString>("name");
    for (const QString &name :
         {u"ref"_s, u"ref-with-dashes"_s, u"ref.extension"_s, u"ref_with_underscores"_s,
          u"v1.2.3-rc4"_s, u"_leading"_s, u"-leading"_s, u"golden"_s, u"naïve"_s, u"版本1"_s}) {
        QTest::newRow(qPrintable(name)) << name;
    }
}

void TestTagNames::acceptsWhatLanceAccepts()
{
    QFETCH(QString, name);
    LCB_VERIFY_OK(TagNames::check(name));
}

void TestTagNames::refusesWhatLanceRefuses_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("says");
    QTest::newRow("empty") << QString() << u"The tag name is empty."_s;
    QTest::newRow("steward's") << u"bad tag/..!$"_s << u"holds a space"_s;
    QTest::newRow("dots up") << u"../ref"_s << u"holds '/'"_s;
    QTest::newRow("leading dot") << u".ref"_s << u"starts with a dot"_s;
    QTest::newRow("trailing dot") << u"ref."_s << u"ends with a dot"_s;
    QTest::newRow("slash") << u"nested/ref"_s << u"holds '/'"_s;
    QTest::newRow("backslash") << u"nested\\ref"_s << u"holds '\\'"_s;
    QTest::newRow("star") << u"ref*"_s << u"holds '*'"_s;
    QTest::newRow("lock") << u"ref.lock"_s << u"ends with .lock"_s;
    QTest::newRow("question") << u"ref?"_s << u"holds '?'"_s;
    QTest::newRow("at-brace") << u"ref@{ref"_s << u"holds '@'"_s;
    QTest::newRow("bracket") << u"ref["_s << u"holds '['"_s;
    QTest::newRow("caret") << u"ref^"_s << u"holds '^'"_s;
    QTest::newRow("tilde") << u"~/ref"_s << u"holds '~'"_s;
    QTest::newRow("two dots") << u"ref..ref"_s << u"two dots in a row"_s;
    QTest::newRow("delimiter") << u"a$b"_s << u"holds '$'"_s;
}

void TestTagNames::refusesWhatLanceRefuses()
{
    QFETCH(QString, name);
    QFETCH(QString, says);
    const auto checked = TagNames::check(name);
    QVERIFY(!checked.hasValue());
    QVERIFY2(checked.error().userMessage().contains(says),
             qPrintable(checked.error().userMessage()));
}

LCB_TEST_GUILESS_MAIN(TestTagNames)
#include "TestTagNames.moc"
