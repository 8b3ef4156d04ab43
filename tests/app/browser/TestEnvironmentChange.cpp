// SPDX-License-Identifier: Apache-2.0
// The open connection's profile edited in Manage Connections, in the real window: marked
// Production, the band turns red and the next commit is reviewed with the name typed, though
// the review is turned off; marked Development again, the band and the skipped review follow;
// renamed, the window, the next start and a later change all find it under its new name. No
// reconnecting in between.
#include "BrowserApplication.h"
#include "LanceFixture.h"
#include "ScriptedPrompter.h"
#include "TestConnections.h"
#include "TestRegistry.h"
#include "connection/ProfileStore.h"
#include "settings/AppSettings.h"
#include "staging/PendingChanges.h"
#include "ui/catalog/CatalogSession.h"
#include "ui/catalog/CatalogSwitcher.h"
#include "ui/commit/CommitController.h"
#include "ui/commit/CommitReviewDialog.h"
#include "ui/connection/EnvironmentBand.h"
#include "ui/connection/ProfilesDialog.h"
#include "ui/staging/StagingController.h"
#include "ui/window/MainWindow.h"
#include "ui/window/WindowActions.h"

#include <QAction>
#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace Qt::StringLiterals;
using lance::api::Identifier;
using lance::browser::BrowserApplication;
using lance::connection::ConnectionProfile;
using Id = lance::ui::WindowActions::Id;

class TestEnvironmentChange : public QObject
{
    Q_OBJECT

    using Environment = ConnectionProfile::Environment;
    static constexpr int TimeoutMs = 20000;

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void markedProductionItIsReviewedWithTheNameTyped();
    void markedDevelopmentAgainTheReviewMayBeSkipped();
    void renamedItIsFollowedUnderItsNewName();

private:
    QString settingsFile() const { return m_dir->filePath(u"settings.ini"_s); }
    /// Saves the profile "Lake" on the catalog folder, in `environment`, with the review of
    /// routine commits turned off, and starts `app` on it.
    bool startOnProfile(BrowserApplication &app, Environment environment);
    /// Edits the open profile in Manage Connections as a person does: `edit` changes the form,
    /// Save, Close.
    bool editOpenProfile(BrowserApplication &app,
                         const std::function<void(lance::ui::ProfilesDialog &)> &edit);
    static void chooseEnvironment(lance::ui::ProfilesDialog &dialog, Environment environment);
    static bool stageDeclaration(BrowserApplication &app, const QString &table);
    /// Commit, and the review it opened (none: it was skipped).
    static lance::ui::CommitReviewDialog *commit(BrowserApplication &app);

    std::optional<QTemporaryDir> m_dir;
    lance::test::ScriptedPrompter m_prompter;
};

void TestEnvironmentChange::initTestCase()
{
    lance::test::TestConnections::disableKeychain();
}

void TestEnvironmentChange::init()
{
    m_prompter = lance::test::ScriptedPrompter();
    m_dir.emplace();
    QVERIFY(m_dir->isValid());
    qputenv("XDG_DATA_HOME", QFile::encodeName(m_dir->filePath(u"data"_s)));
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_dir->filePath(u"config"_s)));
    QVERIFY(lance::test::LanceFixture::copyInto(u"people.lance"_s, m_dir->filePath(u"lake"_s)));
}

void TestEnvironmentChange::cleanup()
{
    m_dir.reset();
}

bool TestEnvironmentChange::startOnProfile(BrowserApplication &app, Environment environment)
{
    {
        QSettings settings(settingsFile(), QSettings::IniFormat);
        lance::connection::ProfileStore store(settings);
        ConnectionProfile profile;
        profile.name = u"Lake"_s;
        profile.kind = ConnectionProfile::Kind::Local;
        profile.localFolder = m_dir->filePath(u"lake"_s);
        profile.environment = environment;
        if (!store.add(profile).hasValue()) {
            return false;
        }
        lance::settings::AppSettings(settings).setSkipCommitReview(true);
    }
    app.setPrompter(&m_prompter);
    QSignalSpy ready(&app, &BrowserApplication::ready);
    const std::optional<int> code = app.start(
        {u"lance-catalog-browser"_s, u"--settings"_s, settingsFile(), u"--profile"_s, u"Lake"_s});
    return !code && (ready.count() == 1 || ready.wait(TimeoutMs)) && app.session()
           && app.switcher()->isSavedProfile();
}

bool TestEnvironmentChange::editOpenProfile(
    BrowserApplication &app, const std::function<void(lance::ui::ProfilesDialog &)> &edit)
{
    app.window()->actions().action(Id::ManageProfiles)->trigger();
    auto *dialog = app.window()->findChild<lance::ui::ProfilesDialog *>();
    if (!dialog || !QTest::qWaitForWindowExposed(dialog)
        || dialog->selectedProfile() != app.catalogTitle()) {
        return false;
    }
    edit(*dialog);
    QTest::mouseClick(dialog->findChild<QPushButton *>(u"saveButton"_s), Qt::LeftButton);
    if (!dialog->validationText().isEmpty()) {
        qWarning("not saved: %s", qPrintable(dialog->validationText()));
        return false;
    }
    QTest::mouseClick(dialog->findChild<QPushButton *>(u"closeButton"_s), Qt::LeftButton);
    return QTest::qWaitFor(
        [&app] { return !app.window()->findChild<lance::ui::ProfilesDialog *>(); }, TimeoutMs);
}

void TestEnvironmentChange::chooseEnvironment(lance::ui::ProfilesDialog &dialog,
                                              Environment environment)
{
    auto *combo = dialog.findChild<QComboBox *>(u"environmentCombo"_s);
    combo->setCurrentIndex(combo->findData(int(environment)));
}

bool TestEnvironmentChange::stageDeclaration(BrowserApplication &app, const QString &table)
{
    auto *staging = app.session()->findChild<lance::ui::StagingController *>();
    lance::api::DeclareTableRequest declare;
    declare.id = Identifier({table});
    return staging && staging->changes().stage(declare).hasValue();
}

lance::ui::CommitReviewDialog *TestEnvironmentChange::commit(BrowserApplication &app)
{
    app.window()->actions().action(Id::Commit)->trigger();
    return app.window()->findChild<lance::ui::CommitReviewDialog *>();
}

void TestEnvironmentChange::markedProductionItIsReviewedWithTheNameTyped()
{
    BrowserApplication app;
    QVERIFY(startOnProfile(app, Environment::Development));
    lance::ui::EnvironmentBand *band = app.window()->environmentBand();
    QCOMPARE(band->environment(), std::optional(Environment::Development));

    QVERIFY(editOpenProfile(app, [](lance::ui::ProfilesDialog &dialog) {
        chooseEnvironment(dialog, Environment::Production);
    }));

    // The review is turned off for routine commits, but not for production: it opens, and
    // Commit waits for the connection's name.
    QVERIFY(stageDeclaration(app, u"orders"_s));
    lance::ui::CommitReviewDialog *review = commit(app);
    QVERIFY(review);
    QTRY_VERIFY(review->isVisible());
    auto *confirm = review->findChild<QLineEdit *>(u"confirmEdit"_s);
    QVERIFY(confirm->isVisible());
    QVERIFY(!review->isCommitEnabled());
    QTest::keyClicks(confirm, u"Lake"_s);
    QVERIFY(review->isCommitEnabled());
    review->reject();
    // And it looks like one.
    QCOMPARE(band->environment(), std::optional(Environment::Production));
    QCOMPARE(band->name(), u"Lake"_s);
}

void TestEnvironmentChange::markedDevelopmentAgainTheReviewMayBeSkipped()
{
    BrowserApplication app;
    QVERIFY(startOnProfile(app, Environment::Production));
    lance::ui::EnvironmentBand *band = app.window()->environmentBand();
    QCOMPARE(band->environment(), std::optional(Environment::Production));

    QVERIFY(editOpenProfile(app, [](lance::ui::ProfilesDialog &dialog) {
        chooseEnvironment(dialog, Environment::Development);
    }));

    // Routine again: sent without the review, as the setting asks.
    QVERIFY(stageDeclaration(app, u"orders"_s));
    auto *commits = app.session()->findChild<lance::ui::CommitController *>();
    QSignalSpy finished(commits, &lance::ui::CommitController::commitFinished);
    QCOMPARE(commit(app), nullptr);
    QVERIFY(finished.count() == 1 || finished.wait(TimeoutMs));
    QCOMPARE(finished.first().first().toBool(), true);
    QCOMPARE(band->environment(), std::optional(Environment::Development));
}

void TestEnvironmentChange::renamedItIsFollowedUnderItsNewName()
{
    BrowserApplication app;
    QVERIFY(startOnProfile(app, Environment::Development));
    QVERIFY(editOpenProfile(app, [](lance::ui::ProfilesDialog &dialog) {
        auto *name = dialog.findChild<QLineEdit *>(u"nameEdit"_s);
        name->selectAll();
        QTest::keyClicks(name, u"Lake EU"_s);
    }));
    QCOMPARE(app.catalogTitle(), u"Lake EU"_s);
    QCOMPARE(app.window()->environmentBand()->name(), u"Lake EU"_s);
    QVERIFY2(app.window()->windowTitle().startsWith(u"Lake EU"_s),
             qPrintable(app.window()->windowTitle()));
    QCOMPARE(lance::settings::AppSettings(*app.settings()).lastProfile(), u"Lake EU"_s);

    // Found again under the new name: marked Production later, the review asks for that name.
    QVERIFY(editOpenProfile(app, [](lance::ui::ProfilesDialog &dialog) {
        chooseEnvironment(dialog, Environment::Production);
    }));
    QCOMPARE(app.window()->environmentBand()->environment(),
             std::optional(Environment::Production));
    QVERIFY(stageDeclaration(app, u"orders"_s));
    lance::ui::CommitReviewDialog *review = commit(app);
    QVERIFY(review);
    auto *confirm = review->findChild<QLineEdit *>(u"confirmEdit"_s);
    QTest::keyClicks(confirm, u"Lake"_s);
    QVERIFY(!review->isCommitEnabled());
    QTest::keyClicks(confirm, u" EU"_s);
    QVERIFY(review->isCommitEnabled());
    review->reject();
}

LCB_TEST_MAIN(TestEnvironmentChange)
#include "TestEnvironmentChange.moc"
