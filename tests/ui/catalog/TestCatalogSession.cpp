// SPDX-License-Identifier: Apache-2.0
// CatalogSession on its own: real local catalogs in temporary folders, empty or holding the
// LanceDB table `people`, opened on a HeadlessWindow in place of the main window.
#include "HeadlessWindow.h"
#include "LanceFixture.h"
#include "TestRegistry.h"
#include "activity/ActivityTracker.h"
#include "connection/CatalogConnection.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/window/CatalogPane.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

using namespace Qt::StringLiterals;
using lance::api::Identifier;
using lance::test::HeadlessWindow;
using lance::ui::CatalogSession;
using Pane = lance::ui::WindowHost::Pane;

class TestCatalogSession : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void anEmptyCatalogShowsNoWorkspace();
    void aCatalogWithATableFillsThePanesAndSelectsIt();
    void aRestoredSelectionThatIsGoneFallsBackQuietly();

private:
    std::unique_ptr<CatalogSession> open(bool withTable);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<HeadlessWindow> m_window;
    lance::activity::ActivityTracker m_tracker;
    const Identifier m_people{QStringList{u"people"_s}};
};

void TestCatalogSession::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_window = std::make_unique<HeadlessWindow>();
}

void TestCatalogSession::cleanup()
{
    m_window.reset();
    m_dir.reset();
}

std::unique_ptr<CatalogSession> TestCatalogSession::open(bool withTable)
{
    if (withTable && !lance::test::LanceFixture::copyInto(u"people.lance"_s, m_dir->path())) {
        return nullptr;
    }
    lance::connection::ConnectionProfile profile;
    profile.name = u"Session"_s;
    profile.kind = lance::connection::ConnectionProfile::Kind::Local;
    profile.localFolder = m_dir->path();
    auto connection = lance::connection::CatalogConnection::open(profile);
    if (!connection) {
        return nullptr;
    }
    return std::make_unique<CatalogSession>(std::move(*connection), *m_window, m_tracker, 1000);
}

void TestCatalogSession::anEmptyCatalogShowsNoWorkspace()
{
    auto session = open(false);
    QVERIFY(session);
    QSignalSpy checked(session.get(), &CatalogSession::checked);
    QSignalSpy tree(session.get(), &CatalogSession::treeReady);
    QSignalSpy details(session.get(), &CatalogSession::detailsReady);
    session->check();
    QVERIFY(checked.wait(10000));
    QCOMPARE(checked.first().first().toBool(), true);
    QCOMPARE(tree.count(), 1);
    QCOMPARE(details.count(), 1);
    QVERIFY(!session->workspace());
    QVERIFY(!qobject_cast<QTreeView *>(m_window->catalogPane().view())); // the placeholder
    QVERIFY(!m_window->pane(Pane::Details));
}

void TestCatalogSession::aCatalogWithATableFillsThePanesAndSelectsIt()
{
    auto session = open(true);
    QVERIFY(session);
    QSignalSpy checked(session.get(), &CatalogSession::checked);
    QSignalSpy details(session.get(), &CatalogSession::detailsReady);
    QSignalSpy current(session.get(), &CatalogSession::currentChanged);
    session->check();
    QVERIFY(checked.wait(10000));
    QCOMPARE(checked.first().first().toBool(), false);
    QVERIFY(session->workspace());
    QCOMPARE(m_window->catalogPane().view(), session->workspace()->treeView());
    QVERIFY(m_window->pane(Pane::Details));
    QVERIFY(m_window->pane(Pane::Versions));
    QTRY_COMPARE_WITH_TIMEOUT(details.count(), 1, 10000);
    QCOMPARE(session->workspace()->currentIdentifier(), m_people);
    QVERIFY(!current.isEmpty());
    QVERIFY(m_window->bannerText().isEmpty());
}

void TestCatalogSession::aRestoredSelectionThatIsGoneFallsBackQuietly()
{
    auto session = open(true);
    QVERIFY(session);
    session->setRestoreIdentifier(Identifier(QStringList{u"gone"_s, u"long"_s, u"ago"_s}));
    QSignalSpy details(session.get(), &CatalogSession::detailsReady);
    session->check();
    QTRY_COMPARE_WITH_TIMEOUT(details.count(), 1, 10000);
    QCOMPARE(session->workspace()->currentIdentifier(), m_people);
    QVERIFY(m_window->bannerText().isEmpty()); // no banner for a selection that is gone
}

LCB_TEST_MAIN(TestCatalogSession)
#include "TestCatalogSession.moc"
