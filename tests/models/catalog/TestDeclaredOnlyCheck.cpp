// SPDX-License-Identifier: Apache-2.0
// DeclaredOnlyCheck::marks(): the side-by-side walk for servers that list in one order, and the
// hashing fallback for those whose two listings disagree.
#include "TestRegistry.h"
#include "catalog/CompactNameList.h"
#include "catalog/DeclaredOnlyCheck.h"

#include <QTest>

using namespace Qt::StringLiterals;
using lance::catalog::CompactNameList;
using lance::catalog::DeclaredOnlyCheck;

class TestDeclaredOnlyCheck : public QObject
{
    Q_OBJECT

private slots:
    void marks_data();
    void marks();
};

void TestDeclaredOnlyCheck::marks_data()
{
    QTest::addColumn<QStringList>("tables");
    QTest::addColumn<QStringList>("withData");
    QTest::addColumn<QList<bool>>("declaredOnly");
    const QStringList tables{u"alpha"_s, u"beta"_s, u"gamma"_s, u"délta"_s, u"epsilon"_s};
    QTest::newRow("all with data")
        << tables << tables << QList<bool>{false, false, false, false, false};
    QTest::newRow("none with data")
        << tables << QStringList{} << QList<bool>{true, true, true, true, true};
    QTest::newRow("a subsequence") << tables << QStringList{u"beta"_s, u"délta"_s}
                                   << QList<bool>{true, false, true, false, true};
    QTest::newRow("first and last") << tables << QStringList{u"alpha"_s, u"epsilon"_s}
                                    << QList<bool>{false, true, true, true, false};
    // Another order (a server sorting its two listings differently): hashing decides.
    QTest::newRow("other order") << tables << QStringList{u"epsilon"_s, u"beta"_s}
                                 << QList<bool>{true, false, true, true, false};
    // A name with data the tree never listed (added meanwhile) marks nothing wrongly.
    QTest::newRow("unknown name") << tables << QStringList{u"beta"_s, u"zeta"_s}
                                  << QList<bool>{true, false, true, true, true};
    QTest::newRow("no tables") << QStringList{} << QStringList{u"beta"_s} << QList<bool>{};
}

void TestDeclaredOnlyCheck::marks()
{
    QFETCH(QStringList, tables);
    QFETCH(QStringList, withData);
    QFETCH(QList<bool>, declaredOnly);
    CompactNameList list;
    list.append(tables);
    const std::vector<bool> marks = DeclaredOnlyCheck::marks(list, withData);
    QCOMPARE(QList<bool>(marks.cbegin(), marks.cend()), declaredOnly);
}

LCB_TEST_GUILESS_MAIN(TestDeclaredOnlyCheck)
#include "TestDeclaredOnlyCheck.moc"
