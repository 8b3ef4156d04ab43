// SPDX-License-Identifier: Apache-2.0
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "api/Identifier.h"

#include <QTest>

using namespace Qt::StringLiterals;
using lance::api::ApiError;
using lance::api::Identifier;

class TestIdentifier : public QObject
{
    Q_OBJECT

private slots:
    void rootIsTheDelimiter();
    void parsesNestedNames();
    void parsesWithOtherDelimiters_data();
    void parsesWithOtherDelimiters();
    void keepsUnicodeNames();
    void refusesBadText_data();
    void refusesBadText();
    void refusesNamesContainingTheDelimiter();
    void refusesControlCharacters();
    void percentEncodesThePathSegment_data();
    void percentEncodesThePathSegment();
    void navigatesParentsAndChildren();
};

void TestIdentifier::rootIsTheDelimiter()
{
    const auto root = Identifier::parse(u"$"_s);
    QVERIFY(root);
    QVERIFY(root->isRoot());
    QCOMPARE(root->toString(), u"$"_s);
    QCOMPARE(Identifier().toString(u"::"_s), u"::"_s);
    QCOMPARE(Identifier().toPathSegment(), QByteArray("%24"));
}

void TestIdentifier::parsesNestedNames()
{
    const auto id = Identifier::parse(u"prod$analytics$users"_s);
    QVERIFY(id);
    QCOMPARE(id->names(), QStringList({u"prod"_s, u"analytics"_s, u"users"_s}));
    QCOMPARE(id->depth(), 3);
    QCOMPARE(id->name(), u"users"_s);
    QCOMPARE(id->toString(), u"prod$analytics$users"_s);
}

void TestIdentifier::parsesWithOtherDelimiters_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("delimiter");
    QTest::addColumn<QStringList>("names");
    QTest::newRow("double colon") << u"a::b::c"_s << u"::"_s << QStringList{u"a"_s, u"b"_s, u"c"_s};
    QTest::newRow("dot") << u"a.b"_s << u"."_s << QStringList{u"a"_s, u"b"_s};
    QTest::newRow("slash") << u"a/b"_s << u"/"_s << QStringList{u"a"_s, u"b"_s};
    QTest::newRow("dollar is a plain character with another delimiter")
        << u"a$1.b"_s << u"."_s << QStringList{u"a$1"_s, u"b"_s};
    QTest::newRow("word delimiter")
        << u"x__delim__y"_s << u"__delim__"_s << QStringList{u"x"_s, u"y"_s};
}

void TestIdentifier::parsesWithOtherDelimiters()
{
    QFETCH(QString, text);
    QFETCH(QString, delimiter);
    QFETCH(QStringList, names);
    const auto id = Identifier::parse(text, delimiter);
    QVERIFY2(id, id ? "" : qPrintable(id.error().userMessage()));
    QCOMPARE(id->names(), names);
    QCOMPARE(id->toString(delimiter), text);
}

void TestIdentifier::keepsUnicodeNames()
{
    const auto id = Identifier::parse(u"données$表格$ümlaut 🚀"_s);
    QVERIFY(id);
    QCOMPARE(id->names().size(), 3);
    QCOMPARE(id->names().at(1), u"表格"_s);
    QCOMPARE(id->toPathSegment(),
             QByteArray("donn%C3%A9es%24%E8%A1%A8%E6%A0%BC%24%C3%BCmlaut%20%F0%9F%9A%80"));
}

void TestIdentifier::refusesBadText_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("delimiter");
    QTest::addColumn<QString>("expectedWords");
    QTest::newRow("empty") << QString() << u"$"_s << u"empty"_s;
    QTest::newRow("empty name in the middle") << u"a$$b"_s << u"$"_s << u"a name is empty"_s;
    QTest::newRow("leading delimiter") << u"$a"_s << u"$"_s << u"a name is empty"_s;
    QTest::newRow("trailing delimiter") << u"a$"_s << u"$"_s << u"a name is empty"_s;
    QTest::newRow("two delimiters") << u"$$"_s << u"$"_s << u"a name is empty"_s;
    QTest::newRow("empty delimiter") << u"a"_s << QString() << u"delimiter is empty"_s;
}

void TestIdentifier::refusesBadText()
{
    QFETCH(QString, text);
    QFETCH(QString, delimiter);
    QFETCH(QString, expectedWords);
    const auto id = Identifier::parse(text, delimiter);
    QVERIFY(!id);
    QCOMPARE(id.error().kind(), ApiError::Kind::InvalidInput);
    QVERIFY2(id.error().userMessage().contains(expectedWords),
             qPrintable(id.error().userMessage()));
}

void TestIdentifier::refusesNamesContainingTheDelimiter()
{
    const Identifier id(QStringList{u"sales"_s, u"orders$2024"_s});
    const std::optional<QString> problem = lance::test::refusalOf(id.check());
    QVERIFY(problem);
    QVERIFY2(problem->contains(u"orders$2024"_s) && problem->contains(u"delimiter"_s),
             qPrintable(*problem));
    // The same names are fine with a delimiter they do not contain.
    LCB_VERIFY_OK(id.check(u"."_s));
    LCB_VERIFY_REFUSED(Identifier::checkName(QString()));
}

void TestIdentifier::refusesControlCharacters()
{
    const std::optional<QString> problem
        = lance::test::refusalOf(Identifier::checkName(u"bad\nname"_s));
    QVERIFY(problem);
    QVERIFY2(problem->contains(u"U+000a"_s), qPrintable(*problem));
}

void TestIdentifier::percentEncodesThePathSegment_data()
{
    QTest::addColumn<QStringList>("names");
    QTest::addColumn<QString>("delimiter");
    QTest::addColumn<QByteArray>("segment");
    QTest::newRow("plain") << QStringList{u"people"_s} << u"$"_s << QByteArray("people");
    QTest::newRow("nested") << QStringList{u"qa"_s, u"events"_s} << u"$"_s
                            << QByteArray("qa%24events");
    QTest::newRow("slash inside a name") << QStringList{u"a/b"_s} << u"$"_s << QByteArray("a%2Fb");
    QTest::newRow("question mark and hash")
        << QStringList{u"a?b#c"_s} << u"$"_s << QByteArray("a%3Fb%23c");
    QTest::newRow("percent") << QStringList{u"100%"_s} << u"$"_s << QByteArray("100%25");
    QTest::newRow("unreserved kept")
        << QStringList{u"a-b_c.d~e"_s} << u"$"_s << QByteArray("a-b_c.d~e");
    QTest::newRow("other delimiter")
        << QStringList{u"a"_s, u"b"_s} << u"::"_s << QByteArray("a%3A%3Ab");
}

void TestIdentifier::percentEncodesThePathSegment()
{
    QFETCH(QStringList, names);
    QFETCH(QString, delimiter);
    QFETCH(QByteArray, segment);
    QCOMPARE(Identifier(names).toPathSegment(delimiter), segment);
}

void TestIdentifier::navigatesParentsAndChildren()
{
    const Identifier table(QStringList{u"a"_s, u"b"_s, u"t"_s});
    QCOMPARE(table.parent(), Identifier(QStringList{u"a"_s, u"b"_s}));
    QCOMPARE(table.parent().parent().parent(), Identifier());
    QVERIFY(Identifier().parent().isRoot());
    QCOMPARE(Identifier().child(u"x"_s).child(u"y"_s), Identifier(QStringList{u"x"_s, u"y"_s}));
    QCOMPARE(Identifier().name(), QString());
}

LCB_TEST_GUILESS_MAIN(TestIdentifier)
#include "TestIdentifier.moc"
