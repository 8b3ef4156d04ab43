// SPDX-License-Identifier: Apache-2.0
// EmptyStatePanel: each next step is a button that emits its signal.
#include "TestRegistry.h"
#include "ui/window/EmptyStatePanel.h"

#include <QCommandLinkButton>
#include <QLabel>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::ui::EmptyStatePanel;

class TestEmptyStatePanel : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void eachButtonEmitsItsSignal_data();
    void eachButtonEmitsItsSignal();
    void keyboardActivatesAButton();
    void situationChangesTheTextsAndSteps();
    void readOnlyOffersNoNamespace();

private:
    QCommandLinkButton *button(const QString &name)
    {
        return m_panel->findChild<QCommandLinkButton *>(name);
    }

    EmptyStatePanel *m_panel = nullptr;
};

void TestEmptyStatePanel::init()
{
    m_panel = new EmptyStatePanel;
    m_panel->setSituation(EmptyStatePanel::Situation::EmptyCatalog, u"Embedded catalog"_s);
    m_panel->resize(700, 560);
    m_panel->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_panel));
}

void TestEmptyStatePanel::cleanup()
{
    delete m_panel;
}

void TestEmptyStatePanel::eachButtonEmitsItsSignal_data()
{
    QTest::addColumn<QString>("buttonName");
    QTest::addColumn<int>("expected");
    QTest::newRow("demo") << u"demoButton"_s << 0;
    QTest::newRow("connect") << u"connectButton"_s << 1;
    QTest::newRow("open folder") << u"openFolderButton"_s << 2;
    QTest::newRow("create namespace") << u"createNamespaceButton"_s << 3;
}

void TestEmptyStatePanel::eachButtonEmitsItsSignal()
{
    QFETCH(QString, buttonName);
    QFETCH(int, expected);
    QSignalSpy demo(m_panel, &EmptyStatePanel::demoRequested);
    QSignalSpy connect(m_panel, &EmptyStatePanel::connectRequested);
    QSignalSpy folder(m_panel, &EmptyStatePanel::openFolderRequested);
    QSignalSpy create(m_panel, &EmptyStatePanel::createNamespaceRequested);
    QCommandLinkButton *clicked = button(buttonName);
    QVERIFY(clicked);
    QVERIFY(clicked->isVisible());
    QTest::mouseClick(clicked, Qt::LeftButton);
    const QList<int> counts{int(demo.count()), int(connect.count()), int(folder.count()),
                            int(create.count())};
    QList<int> wanted{0, 0, 0, 0};
    wanted[expected] = 1;
    QCOMPARE(counts, wanted);
}

void TestEmptyStatePanel::keyboardActivatesAButton()
{
    QSignalSpy demo(m_panel, &EmptyStatePanel::demoRequested);
    button(u"demoButton"_s)->setFocus();
    QTest::keyClick(button(u"demoButton"_s), Qt::Key_Space);
    QCOMPARE(demo.count(), 1);
}

void TestEmptyStatePanel::situationChangesTheTextsAndSteps()
{
    auto *title = m_panel->findChild<QLabel *>(u"emptyStateTitleLabel"_s);
    auto *text = m_panel->findChild<QLabel *>(u"emptyStateTextLabel"_s);
    QCOMPARE(title->text(), u"This catalog is empty"_s);
    QVERIFY(text->text().contains(u"Embedded catalog"_s));

    m_panel->setSituation(EmptyStatePanel::Situation::NoCatalog);
    QCOMPARE(m_panel->situation(), EmptyStatePanel::Situation::NoCatalog);
    QCOMPARE(title->text(), u"No catalog is open"_s);
    QVERIFY(button(u"createNamespaceButton"_s)->isHidden());
    QVERIFY(button(u"demoButton"_s)->isVisible());
    QVERIFY(button(u"connectButton"_s)->isVisible());
    QVERIFY(button(u"openFolderButton"_s)->isVisible());
}

void TestEmptyStatePanel::readOnlyOffersNoNamespace()
{
    m_panel->setReadOnly(true);
    QVERIFY(button(u"createNamespaceButton"_s)->isHidden());
    m_panel->setReadOnly(false);
    QVERIFY(button(u"createNamespaceButton"_s)->isVisible());
}

LCB_TEST_MAIN(TestEmptyStatePanel)
#include "TestEmptyStatePanel.moc"
