// SPDX-License-Identifier: Apache-2.0
// Changes > Clean Up Old Versions… (CleanupController, CleanupDialog) on a real local catalog
// holding the table LanceDB made for it (tests/data/lance/health): the preview follows the
// policy, Clean Up applies exactly what is shown and the window reads the table again, and a
// table changed behind the preview has nothing removed. What the plan removes is checked
// against LanceDB's own cleanup in TestCleanupPlanner and LanceCleanup.
#include "AwaitCall.h"
#include "HeadlessCatalog.h"
#include "TestRegistry.h"
#include "api/TagMessages.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogWorkspace.h"
#include "ui/catalog/CleanupController.h"
#include "ui/catalog/CleanupDialog.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QCheckBox>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::api::Identifier;
using lance::test::HeadlessCatalog;
using lance::ui::CleanupDialog;
using Id = lance::ui::WindowActions::Id;

class TestCleanupDialog : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void thePreviewFollowsThePolicyAndIsWhatGoes();
    void aTableChangedBehindThePreviewLosesNothing();

private:
    /// Opens the dialog on `metrics` and waits for its first preview.
    CleanupDialog *open();
    /// Sets the policy to "all but the newest `keep`" and waits for its preview.
    bool keepNewest(CleanupDialog *dialog, int keep);
    template <typename T> T *child(const QString &name) const
    {
        return m_controller->dialog()->findChild<T *>(name);
    }
    QString table() const { return m_catalog->folder() + u"/metrics.lance"_s; }

    std::unique_ptr<HeadlessCatalog> m_catalog;
    std::unique_ptr<lance::ui::CleanupController> m_controller;
    const Identifier m_metrics{QStringList{u"metrics"_s}};
};

void TestCleanupDialog::init()
{
    m_catalog = std::make_unique<HeadlessCatalog>();
    QVERIFY(m_catalog->open({}, {u"health/metrics.lance"_s}));
    // As LanceDB left them: every file older than the versions that name it.
    const QDateTime written = QDateTime::fromString(u"2026-12-07T04:50:00Z"_s, Qt::ISODate);
    QDirIterator files(table(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (files.hasNext()) {
        QFile file(files.next());
        QVERIFY(file.open(QIODevice::ReadWrite));
        QVERIFY(file.setFileTime(written, QFileDevice::FileModificationTime));
    }
    m_controller
        = std::make_unique<lance::ui::CleanupController>(m_catalog->window(), m_catalog->session());
    QVERIFY(m_catalog->select(m_metrics));
    // Its details read too: the dialog says where the files are.
    QTRY_VERIFY_WITH_TIMEOUT(m_catalog->session().workspace()->loadedLocation(),
                             HeadlessCatalog::TimeoutMs);
}

void TestCleanupDialog::cleanup()
{
    if (m_controller && m_controller->dialog()) {
        m_controller->dialog()->reject();
    }
    m_controller.reset();
    m_catalog.reset();
}

CleanupDialog *TestCleanupDialog::open()
{
    QAction *action = m_catalog->window().actions().action(Id::CleanUpVersions);
    if (!action->isEnabled()) {
        return nullptr;
    }
    action->trigger();
    CleanupDialog *dialog = m_controller->dialog();
    if (!dialog
        || !QTest::qWaitFor([dialog] { return !dialog->isBusy(); }, HeadlessCatalog::TimeoutMs)) {
        return nullptr;
    }
    return dialog;
}

bool TestCleanupDialog::keepNewest(CleanupDialog *dialog, int keep)
{
    QSignalSpy previewed(dialog, &CleanupDialog::previewed);
    child<QCheckBox>(u"cleanupOlderThan"_s)->setChecked(false);
    child<QCheckBox>(u"cleanupKeep"_s)->setChecked(true);
    child<QSpinBox>(u"cleanupKeepCount"_s)->setValue(keep);
    return QTest::qWaitFor([&] { return previewed.size() > 0 && !dialog->isBusy(); },
                           HeadlessCatalog::TimeoutMs);
}

void TestCleanupDialog::thePreviewFollowsThePolicyAndIsWhatGoes()
{
    CleanupDialog *dialog = open();
    QVERIFY(dialog);
    QVERIFY(!m_catalog->window().actions().action(Id::CleanUpVersions)->isEnabled());
    // By default, versions older than 7 days: LanceDB wrote these today.
    QVERIFY2(child<QLabel>(u"cleanupSummary"_s)->text().startsWith(u"Nothing to clean up"_s),
             qPrintable(child<QLabel>(u"cleanupSummary"_s)->text()));
    auto *apply = child<QPushButton>(u"cleanupApply"_s);
    QVERIFY(!apply->isEnabled());
    QVERIFY(child<QLabel>(u"cleanupLocation"_s));
    QVERIFY2(child<QLabel>(u"cleanupLocation"_s)->text().contains(table()),
             qPrintable(child<QLabel>(u"cleanupLocation"_s)->text()));

    // All but the newest three: the tagged 3 and the branch's source 5 stay too.
    QVERIFY(keepNewest(dialog, 3));
    QVERIFY(dialog->plan());
    QList<qint64> going;
    for (const auto &version : dialog->plan()->removedVersions) {
        going << version.version;
    }
    QCOMPARE(going, (QList<qint64>{1, 2, 4, 6, 7}));
    auto *versions = child<QTableWidget>(u"cleanupVersions"_s);
    QCOMPARE(versions->rowCount(), 10);
    QCOMPARE(versions->item(2, 2)->text(), u"stays"_s);
    QCOMPARE(versions->item(2, 3)->text(), u"tagged: q3-close (Lance's)"_s);
    auto *files = child<QTableWidget>(u"cleanupFiles"_s);
    QCOMPARE(files->rowCount(), dialog->plan()->files.size());
    QVERIFY(apply->isEnabled());

    // Seen as a person sees it (into LCB_SCREENSHOT_DIR when set).
    dialog->resize(820, 700);
    dialog->show();
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    const QString folder = qEnvironmentVariable("LCB_SCREENSHOT_DIR", m_catalog->stateFolder());
    QVERIFY(dialog->grab().save(QDir(folder).filePath(u"browser-cleanup.png"_s)));

    // Clean Up: what was shown goes, and the window reads the table again.
    const QStringList planned = [&] {
        QStringList paths;
        for (const auto &file : dialog->plan()->files) {
            paths << file.path;
        }
        return paths;
    }();
    QSignalSpy cleaned(dialog, &CleanupDialog::cleanedUp);
    apply->click();
    QVERIFY(cleaned.wait(HeadlessCatalog::TimeoutMs));
    QVERIFY2(cleaned.first().first().toString().startsWith(u"Removed 5 versions"_s),
             qPrintable(cleaned.first().first().toString()));
    for (const QString &path : planned) {
        QVERIFY2(!QFile::exists(table() + u'/' + path), qPrintable(path));
    }
    QVERIFY2(m_catalog->window().status().contains(u"metrics: Removed 5 versions"_s),
             qPrintable(m_catalog->window().status()));
    QTRY_VERIFY_WITH_TIMEOUT(!dialog->isBusy() && dialog->plan(), HeadlessCatalog::TimeoutMs);
    QVERIFY(dialog->plan()->removedVersions.isEmpty()); // read again: nothing left to go
    QCOMPARE(child<QLabel>(u"cleanupOutcome"_s)->text(), cleaned.first().first().toString());
    dialog->reject();
    QTRY_VERIFY(m_catalog->window().actions().action(Id::CleanUpVersions)->isEnabled());
}

void TestCleanupDialog::aTableChangedBehindThePreviewLosesNothing()
{
    CleanupDialog *dialog = open();
    QVERIFY(dialog);
    QVERIFY(keepNewest(dialog, 3));
    QVERIFY(dialog->plan());
    // Another steward tags version 2 meanwhile: the plan shown is no longer what would go.
    lance::api::CreateTableTagRequest tag;
    tag.id = m_metrics;
    tag.tag = u"audit"_s;
    tag.version = 2;
    QVERIFY(lance::test::awaitCall(m_catalog->session().catalog(), tag));
    QSignalSpy previewed(dialog, &CleanupDialog::previewed);
    child<QPushButton>(u"cleanupApply"_s)->click();
    QVERIFY(previewed.wait(HeadlessCatalog::TimeoutMs));
    QVERIFY2(child<QLabel>(u"cleanupOutcome"_s)->text().contains(u"changed since this preview"_s),
             qPrintable(child<QLabel>(u"cleanupOutcome"_s)->text()));
    QVERIFY(QFile::exists(table() + u"/_versions/18446744073709551614.manifest"_s));
    // The preview now is the table's: version 2 stays, tagged.
    QTRY_VERIFY_WITH_TIMEOUT(!dialog->isBusy() && dialog->plan(), HeadlessCatalog::TimeoutMs);
    QList<qint64> going;
    for (const auto &version : dialog->plan()->removedVersions) {
        going << version.version;
    }
    QCOMPARE(going, (QList<qint64>{1, 4, 6, 7}));
}

LCB_TEST_MAIN(TestCleanupDialog)
#include "TestCleanupDialog.moc"
