// SPDX-License-Identifier: Apache-2.0
// ManifestDropController on its own: drops made by calling drop() (the drag events are
// TestDropTargets'), on a real local catalog with the LanceDB table `people`, a HeadlessWindow
// in place of the main window and a ScriptedPrompter for its questions.
#include "HeadlessCatalog.h"
#include "LanceFixture.h"
#include "ScriptedPrompter.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "staging/PendingChanges.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/drop/ManifestDropController.h"

#include <QDir>
#include <QSettings>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

using namespace Qt::StringLiterals;
using lance::api::Identifier;
using lance::test::HeadlessCatalog;
using lance::test::LanceFixture;
using lance::test::ScriptedPrompter;
using lance::ui::ManifestDropController;
using Where = ManifestDropController::Where;

class TestManifestDropController : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void manifestsOfADeclaredTableStageAsOneStep();
    void versionsTheCatalogHasAreRefused();
    void thePanelAsksForTheTable();

private:
    std::unique_ptr<ManifestDropController> makeController();
    /// Drops `paths` on `where` and waits until the drop has ended; what it staged, or nothing
    /// when it did not end.
    std::optional<bool> dropAndWait(ManifestDropController &controller, const QStringList &paths,
                                    const Where &where);
    static QStringList manifestsOf(const QString &dataset);

    std::unique_ptr<HeadlessCatalog> m_catalog;
    std::unique_ptr<QSettings> m_settings;
    std::unique_ptr<lance::staging::PendingChanges> m_changes;
    ScriptedPrompter m_prompter;
};

void TestManifestDropController::init()
{
    m_prompter = ScriptedPrompter();
    m_catalog = std::make_unique<HeadlessCatalog>();
    QVERIFY(m_catalog->open());
    m_settings = std::make_unique<QSettings>(
        QDir(m_catalog->stateFolder()).filePath(u"settings.ini"_s), QSettings::IniFormat);
    m_changes = std::make_unique<lance::staging::PendingChanges>(u"$"_s);
}

void TestManifestDropController::cleanup()
{
    m_changes.reset();
    m_settings.reset();
    m_catalog.reset();
}

std::unique_ptr<ManifestDropController> TestManifestDropController::makeController()
{
    return std::make_unique<ManifestDropController>(
        m_catalog->window(), m_catalog->session(), *m_changes, nullptr, *m_settings,
        [this]() -> lance::ui::Prompter & { return m_prompter; });
}

std::optional<bool> TestManifestDropController::dropAndWait(ManifestDropController &controller,
                                                            const QStringList &paths,
                                                            const Where &where)
{
    QSignalSpy finished(&controller, &ManifestDropController::dropFinished);
    controller.drop(paths, where);
    if (!QTest::qWaitFor([&] { return !finished.isEmpty(); }, 10000)
        || controller.runningDrops() != 0) {
        return std::nullopt;
    }
    return finished.first().first().toBool();
}

QStringList TestManifestDropController::manifestsOf(const QString &dataset)
{
    QStringList paths;
    const QDir versions(dataset + u"/_versions"_s);
    for (const QString &name : versions.entryList({u"*.manifest"_s}, QDir::Files, QDir::Name)) {
        paths << versions.filePath(name);
    }
    return paths;
}

void TestManifestDropController::manifestsOfADeclaredTableStageAsOneStep()
{
    auto controller = makeController();
    // A table staged for declaration where its data already lies: no listing is needed.
    const QString staged = m_catalog->folder() + u"/staged"_s;
    QVERIFY(QDir().mkpath(staged));
    QVERIFY(LanceFixture::copyInto(u"people.lance"_s, staged));
    QVERIFY(QDir(staged).rename(u"people.lance"_s, u"interns.lance"_s));
    lance::api::DeclareTableRequest declare;
    declare.id = Identifier(QStringList{u"interns"_s});
    declare.location = staged + u"/interns.lance"_s;
    LCB_VERIFY_OK(m_changes->stage(declare));

    const QStringList paths = manifestsOf(staged + u"/interns.lance"_s);
    QCOMPARE(paths.size(), 3);
    QCOMPARE(dropAndWait(*controller, paths, Where{Where::Kind::Table, declare.id}), true);
    QCOMPARE(m_changes->count(), 4);
    for (int row = 1; row <= 3; ++row) {
        const auto *create = std::get_if<lance::api::CreateTableVersionRequest>(
            &m_changes->stagedAt(row).operation);
        QVERIFY(create);
        QCOMPARE(create->id, declare.id);
        QCOMPARE(create->version, row);
    }
    QCOMPARE(m_changes->undoStack()->text(m_changes->undoStack()->count() - 1),
             u"Register 3 manifests of interns"_s);
    QVERIFY2(m_catalog->window().statusHistory().contains(u"Reading 3 dropped files or folders…"_s),
             qPrintable(m_catalog->window().statusHistory().join(u" / "_s)));
    QVERIFY(m_prompter.asked().isEmpty());
}

void TestManifestDropController::versionsTheCatalogHasAreRefused()
{
    auto controller = makeController();
    const QStringList paths = manifestsOf(m_catalog->folder() + u"/people.lance"_s);
    QCOMPARE(paths.size(), 3);
    m_prompter.answerChoice(u"Cancel"_s);
    QCOMPARE(dropAndWait(*controller, paths,
                         Where{Where::Kind::Table, Identifier(QStringList{u"people"_s})}),
             false);
    QCOMPARE(m_changes->count(), 0);
    // The versions were listed first, so each is refused with its reason.
    QVERIFY(m_prompter.lastQuestion().details.contains(u"version"_s));
    QCOMPARE(m_prompter.lastQuestion().choices.size(), 1); // no valid part to offer
    QCOMPARE(m_prompter.unanswered(), 0);
}

void TestManifestDropController::thePanelAsksForTheTable()
{
    auto controller = makeController();
    const QStringList paths = manifestsOf(m_catalog->folder() + u"/people.lance"_s);
    // A table identifier that is none: nothing is staged, nothing else asked.
    m_prompter.answerText(u"$"_s);
    QCOMPARE(dropAndWait(*controller, paths, Where{Where::Kind::AskTable, {}}), false);
    QCOMPARE(m_prompter.lastTextQuestion().title, u"Register Dropped Manifests"_s);
    QCOMPARE(m_changes->count(), 0);
    // Cancelled: nothing either.
    m_prompter.answerText(std::nullopt);
    QCOMPARE(dropAndWait(*controller, paths, Where{Where::Kind::AskTable, {}}), false);
    QCOMPARE(m_changes->count(), 0);
    QCOMPARE(m_prompter.unanswered(), 0);
}

LCB_TEST_MAIN(TestManifestDropController)
#include "TestManifestDropController.moc"
