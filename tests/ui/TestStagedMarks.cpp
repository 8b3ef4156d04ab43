// SPDX-License-Identifier: Apache-2.0
// Staged work marked in the tree: StagedMarks from the staged operations, and the tree's
// delegate striking out a table staged for deregistration and counting other staged changes.
#include "CatalogItemDelegate.h"
#include "StagingOperations.h"
#include "catalog/CatalogTreeModel.h"
#include "staging/StagedMarks.h"

#include <QStandardItemModel>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::catalog::CatalogNode;
using lance::catalog::CatalogTreeModel;
using lance::staging::StagedMarks;
using Ops = lance::test::StagingOperations;

namespace {

// initStyleOption() is what the view paints from; the probe makes it reachable.
class DelegateProbe : public lance::ui::CatalogItemDelegate
{
public:
    using CatalogItemDelegate::CatalogItemDelegate;
    QStyleOptionViewItem optionFor(const QModelIndex &index) const
    {
        QStyleOptionViewItem option;
        initStyleOption(&option, index);
        return option;
    }
};

} // namespace

class TestStagedMarks : public QObject
{
    Q_OBJECT

private slots:
    void marksFollowTheOperations();
    void theTreeShowsThem();
};

void TestStagedMarks::marksFollowTheOperations()
{
    const StagedMarks marks = StagedMarks::fromOperations({Ops::create(u"sales$orders"_s, 4),
                                                           Ops::remove(u"sales$orders"_s, 1, 2),
                                                           Ops::deregister(u"hr$people"_s)});
    QCOMPARE(marks.markOf({u"sales"_s, u"orders"_s}).changes, 2);
    QVERIFY(!marks.markOf({u"sales"_s, u"orders"_s}).deregistered);
    QVERIFY(marks.markOf({u"hr"_s, u"people"_s}).deregistered);
    QCOMPARE(marks.markOf({u"hr"_s, u"other"_s}).changes, 0);
    QVERIFY(StagedMarks::fromOperations({}).isEmpty());
}

void TestStagedMarks::theTreeShowsThem()
{
    QStandardItemModel model;
    const auto addTable = [&model](const QString &name, const QStringList &id) {
        auto *item = new QStandardItem(name);
        item->setData(int(CatalogNode::Kind::Table), CatalogTreeModel::KindRole);
        item->setData(id, CatalogTreeModel::IdRole);
        model.appendRow(item);
    };
    addTable(u"orders"_s, {u"sales"_s, u"orders"_s});
    addTable(u"people"_s, {u"hr"_s, u"people"_s});
    addTable(u"quiet"_s, {u"hr"_s, u"quiet"_s});

    DelegateProbe delegate;
    delegate.setStagedMarks(StagedMarks::fromOperations(
        {Ops::create(u"sales$orders"_s, 4), Ops::deregister(u"hr$people"_s)}));
    const QStyleOptionViewItem orders = delegate.optionFor(model.index(0, 0));
    QCOMPARE(orders.text, u"orders  (1 staged)"_s);
    QVERIFY(!orders.font.strikeOut());
    const QStyleOptionViewItem people = delegate.optionFor(model.index(1, 0));
    QVERIFY(people.font.strikeOut());
    QCOMPARE(people.text, u"people"_s);
    const QStyleOptionViewItem quiet = delegate.optionFor(model.index(2, 0));
    QCOMPARE(quiet.text, u"quiet"_s);
    QVERIFY(!quiet.font.strikeOut());
}

QTEST_MAIN(TestStagedMarks)
#include "TestStagedMarks.moc"
