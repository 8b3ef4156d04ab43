// SPDX-License-Identifier: Apache-2.0
// The details' Health tab on a real local catalog holding the table LanceDB made for it
// (tests/data/lance/health: a compaction, deletions, an index that misses the last append,
// Lance's tag and a branch) and `people`. The health is read only when the tab is shown, once
// per table until Refresh, and what it shows is what the catalog answers for that table.
#include "AwaitCall.h"
#include "HeadlessCatalog.h"
#include "TestRegistry.h"
#include "details/TableHealthLoader.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/DetailsPanel.h"
#include "ui/catalog/HealthFollower.h"
#include "ui/catalog/HealthView.h"

#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::api::Identifier;
using lance::test::HeadlessCatalog;
using lance::ui::HealthView;

class TestHealthTab : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void theTabShowsTheTablesHealthWhenOpened();
    void anotherTableIsReadAnewAndRefreshReadsAgain();

private:
    lance::ui::DetailsPanel *panel() const;
    lance::details::TableHealthLoader *loader() const;
    QTableWidget *comparison() const;
    /// Shows the Health tab and waits until its comparison is filled.
    bool showHealthTab();

    std::unique_ptr<HeadlessCatalog> m_catalog;
    const Identifier m_metrics{QStringList{u"metrics"_s}};
    const Identifier m_people{QStringList{u"people"_s}};
};

lance::ui::DetailsPanel *TestHealthTab::panel() const
{
    return m_catalog->session().workspace()->detailsPanel();
}

lance::details::TableHealthLoader *TestHealthTab::loader() const
{
    return m_catalog->session().workspace()->healthFollower()->loader();
}

QTableWidget *TestHealthTab::comparison() const
{
    return panel()->findChild<QTableWidget *>(u"healthComparison"_s);
}

bool TestHealthTab::showHealthTab()
{
    auto *tabs = panel()->findChild<QTabWidget *>(u"detailsTabs"_s);
    tabs->setCurrentWidget(panel()->findChild<QWidget *>(u"healthScroll"_s));
    return QTest::qWaitFor([this] { return !comparison()->isHidden() && !loader()->isLoading(); },
                           HeadlessCatalog::TimeoutMs);
}

void TestHealthTab::init()
{
    m_catalog = std::make_unique<HeadlessCatalog>();
    QVERIFY(m_catalog->open({}, {u"health/metrics.lance"_s}));
}

void TestHealthTab::cleanup()
{
    m_catalog.reset();
}

void TestHealthTab::theTabShowsTheTablesHealthWhenOpened()
{
    QSignalSpy started(loader(), &lance::details::TableHealthLoader::loadingStarted);
    QVERIFY(m_catalog->select(m_metrics));
    QCOMPARE(started.size(), 0); // not read until the tab is shown
    QVERIFY(showHealthTab());
    QCOMPARE(started.size(), 1);

    // What the catalog answers, row for row.
    lance::api::GetTableHealthRequest request;
    request.id = m_metrics;
    const auto health = lance::test::awaitCall(m_catalog->session().catalog(), request);
    QVERIFY2(health, health ? "" : qPrintable(health.error().details()));
    QCOMPARE(health->latestVersion, 10);
    QTableWidget *table = comparison();
    QCOMPARE(table->item(0, 0)->text(), u"Versions"_s);
    QCOMPARE(table->item(0, 1)->text(), u"1"_s);
    QCOMPARE(table->item(0, 2)->text(), QString::number(health->kept.versions));
    QCOMPARE(table->item(1, 0)->text(), u"Fragments"_s);
    QCOMPARE(table->item(1, 1)->text(), u"2"_s);
    QCOMPARE(table->item(4, 1)->text(), u"1 (6.3%)"_s); // deleted, still stored
    const auto *files = panel()->findChild<QLabel *>(u"healthFiles"_s);
    QVERIFY2(files->text().contains(u"Every file of the table's folder is needed"_s),
             qPrintable(files->text()));
    const auto *indices = panel()->findChild<QTableWidget *>(u"healthIndices"_s);
    QVERIFY(!indices->isHidden());
    QCOMPARE(indices->rowCount(), 1);
    QCOMPARE(indices->item(0, 0)->text(), u"id_idx"_s);
    QCOMPARE(indices->item(0, 3)->text(), u"2 in 1 fragment"_s);
    const auto *caption = panel()->findChild<QLabel *>(u"healthCaption"_s);
    QVERIFY(caption->text().startsWith(u"Version 10, the latest"_s));

    // Seen as a person sees it (into LCB_SCREENSHOT_DIR when set).
    const QString folder = qEnvironmentVariable("LCB_SCREENSHOT_DIR", m_catalog->stateFolder());
    panel()->window()->resize(760, 620);
    panel()->window()->show();
    QVERIFY(QTest::qWaitForWindowExposed(panel()->window()));
    QVERIFY(panel()->grab().save(QDir(folder).filePath(u"browser-health.png"_s)));
}

void TestHealthTab::anotherTableIsReadAnewAndRefreshReadsAgain()
{
    QVERIFY(m_catalog->select(m_metrics));
    QVERIFY(showHealthTab());
    QSignalSpy started(loader(), &lance::details::TableHealthLoader::loadingStarted);
    // With the tab shown, another table is read at once.
    QVERIFY(m_catalog->select(m_people));
    QTRY_COMPARE_WITH_TIMEOUT(started.size(), 1, HeadlessCatalog::TimeoutMs);
    QCOMPARE(loader()->current(), m_people);
    QTRY_VERIFY_WITH_TIMEOUT(!comparison()->isHidden() && !loader()->isLoading(),
                             HeadlessCatalog::TimeoutMs);
    QCOMPARE(comparison()->item(0, 2)->text(), u"3"_s); // people's three versions
    QVERIFY(loader()->health()->indices.isEmpty());
    QVERIFY(panel()->findChild<QTableWidget *>(u"healthIndices"_s)->isHidden());

    // Refresh reads the same table again.
    panel()->findChild<QPushButton *>(u"healthRefresh"_s)->click();
    QCOMPARE(started.size(), 2);
    QTRY_VERIFY_WITH_TIMEOUT(!loader()->isLoading() && !comparison()->isHidden(),
                             HeadlessCatalog::TimeoutMs);
    // Back to the other tab and to this table: nothing is read again.
    auto *tabs = panel()->findChild<QTabWidget *>(u"detailsTabs"_s);
    tabs->setCurrentIndex(0);
    tabs->setCurrentWidget(panel()->findChild<QWidget *>(u"healthScroll"_s));
    QCOMPARE(started.size(), 2);
}

LCB_TEST_MAIN(TestHealthTab)
#include "TestHealthTab.moc"
