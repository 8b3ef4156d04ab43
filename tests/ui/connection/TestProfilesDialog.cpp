// SPDX-License-Identifier: Apache-2.0
// ProfilesDialog with a ProfileStore on a temporary INI file, the real SecretStore (no keychain
// service runs here, so its memory fallback is what runs, and the dialog must say so) and a
// ScriptedPrompter: saving keeps the secret out of the settings file, validation refuses what
// cannot be saved, Test connection runs against the real lance-catalog-server with the right
// and a wrong API key, and profiles are added, renamed, duplicated and removed with their secret.
// Cancelling a test is in TestConnectionTestView.
#include "CatalogServerProcess.h"
#include "KeyboardAudit.h"
#include "LanceFixture.h"
#include "ScriptedPrompter.h"
#include "TestConnections.h"
#include "TestRegistry.h"
#include "VerifyResult.h"
#include "connection/ProfileStore.h"
#include "connection/SecretStore.h"
#include "ui/common/InlineNote.h"
#include "ui/common/KeyValueEditor.h"
#include "ui/connection/ConnectionTestView.h"
#include "ui/connection/ProfileEditor.h"
#include "ui/connection/ProfilesDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using lance::connection::ConnectionProfile;
using lance::connection::ConnectionTester;
using lance::connection::ProfileStore;
using lance::connection::SecretStore;
using lance::rest::AuthMethod;
using lance::test::CatalogServerProcess;
using lance::test::ScriptedPrompter;
using lance::test::TestConnections;
using lance::ui::ConnectionTestView;
using lance::ui::InlineNote;
using lance::ui::ProfileEditor;
using lance::ui::ProfilesDialog;
using State = ConnectionTester::Check::State;

namespace {

const QString ApiKey = u"lcb-dialog-key-3f8a0c"_s;
const QString WrongKey = u"lcb-dialog-wrong-61d2e9"_s;
constexpr int AnswerMs = 15000; // a keychain timeout, then the memory fallback answers

// Types into `edit` as a person would, replacing what it holds.
void type(QLineEdit *edit, const QString &text)
{
    edit->setFocus();
    edit->selectAll();
    if (text.isEmpty()) {
        QTest::keyClick(edit, Qt::Key_Backspace);
    } else {
        QTest::keyClicks(edit, text);
    }
}

void choose(QComboBox *combo, int data)
{
    combo->setCurrentIndex(combo->findData(data));
}

} // namespace

class TestProfilesDialog : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void savesTheSecretOutsideTheSettings();
    void refusesWhatCannotBeSaved();
    void testsTheFormWithTheRightAndAWrongKey();
    void renamesDuplicatesAndRemovesWithTheSecret();
    void asksBeforeLosingChanges();
    void browsesThroughThePrompter();
    void connectAcceptsWithTheChosenProfile();
    void noTwoControlsShareAMnemonic();
    void mapsOneTableThroughTheProfilesMapping();

private:
    template <typename T> T *child(QWidget &dialog, const QString &name)
    {
        return dialog.findChild<T *>(name);
    }
    std::optional<QString> readSecret(const QString &profile);
    void addProfile(const QString &name, AuthMethod auth, const QString &secret = {});

    CatalogServerProcess m_server;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QSettings> m_settings;
    std::unique_ptr<ProfileStore> m_profiles;
    std::unique_ptr<SecretStore> m_secrets;
    ScriptedPrompter m_prompter;
};

void TestProfilesDialog::initTestCase()
{
    TestConnections::disableKeychain();
    QVERIFY2(m_server.startWithApiKey(ApiKey), qPrintable(m_server.standardError()));
}

void TestProfilesDialog::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_settings
        = std::make_unique<QSettings>(m_dir->filePath(u"settings.ini"_s), QSettings::IniFormat);
    m_profiles = std::make_unique<ProfileStore>(*m_settings);
    m_secrets = std::make_unique<SecretStore>(TestConnections::KeychainService);
    m_prompter = ScriptedPrompter();
}

void TestProfilesDialog::cleanup()
{
    QCOMPARE(m_prompter.unanswered(), 0);
    QVERIFY(!m_prompter.hasPendingAnswers());
    m_secrets.reset();
    m_profiles.reset();
    m_settings.reset();
    m_dir.reset();
}

std::optional<QString> TestProfilesDialog::readSecret(const QString &profile)
{
    bool answered = false;
    std::optional<QString> secret;
    QObject context;
    m_secrets->readSecret(profile, &context, [&](std::optional<QString> value) {
        secret = std::move(value);
        answered = true;
    });
    if (!QTest::qWaitFor([&answered] { return answered; }, AnswerMs)) {
        return u"(no answer)"_s;
    }
    return secret;
}

void TestProfilesDialog::addProfile(const QString &name, AuthMethod auth, const QString &secret)
{
    LCB_VERIFY_OK(m_profiles->add(TestConnections::restProfile(m_server.url(), auth, name)));
    if (!secret.isEmpty()) {
        m_secrets->writeSecret(name, secret);
    }
}

void TestProfilesDialog::savesTheSecretOutsideTheSettings()
{
    ProfilesDialog dialog(*m_profiles, *m_secrets, m_prompter);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QCOMPARE(dialog.validationText(), u"Add a connection to get started."_s);
    QVERIFY(!child<QPushButton>(dialog, u"connectButton"_s)->isEnabled());

    child<QPushButton>(dialog, u"addProfileButton"_s)->click();
    QCOMPARE(m_profiles->names(), QStringList{u"New connection"_s});
    QCOMPARE(dialog.selectedProfile(), u"New connection"_s);
    type(child<QLineEdit>(dialog, u"nameEdit"_s), u"Prod"_s);
    type(child<QLineEdit>(dialog, u"urlEdit"_s), m_server.url().toString());
    // Without authentication nobody needs the keychain: it is not asked, so nothing is said
    // about it.
    QCOMPARE(m_secrets->keychainRequests(), 0u);
    QCOMPARE(m_secrets->storage(), SecretStore::Storage::Unknown);
    QVERIFY(m_secrets->memoryOnlyReason().isEmpty());
    choose(child<QComboBox>(dialog, u"authCombo"_s), int(AuthMethod::ApiKey));
    QCOMPARE(dialog.validationText(),
             u"The API key is empty, but the connection is set to authenticate with one."_s);
    QTRY_COMPARE(m_secrets->keychainRequests(), 1u); // now it is: once

    // No keychain here: the dialog says the secret lives in memory only, and why.
    InlineNote *note = child<InlineNote>(dialog, u"secretStorageNote"_s);
    QTRY_VERIFY_WITH_TIMEOUT(m_secrets->storage() == SecretStore::Storage::Memory, AnswerMs);
    QVERIFY(!m_secrets->memoryOnlyReason().isEmpty());
    QCOMPARE(note->text(), m_secrets->memoryOnlyReason());
    QCOMPARE(note->kind(), InlineNote::Kind::Warning);
    QVERIFY(note->text().endsWith(u"secrets are kept in memory until the browser quits."_s));
    QVERIFY(note->isVisibleTo(&dialog));

    QLineEdit *secret = child<QLineEdit>(dialog, u"secretEdit"_s);
    QCOMPARE(secret->echoMode(), QLineEdit::Password);
    type(secret, ApiKey);
    QCOMPARE(dialog.validationText(), QString());
    QPushButton *save = child<QPushButton>(dialog, u"saveButton"_s);
    QVERIFY(save->isEnabled());
    save->click();
    QVERIFY(!save->isEnabled()); // nothing left to save
    QCOMPARE(m_profiles->names(), QStringList{u"Prod"_s});
    QCOMPARE(m_profiles->profile(u"Prod"_s)->auth, AuthMethod::ApiKey);
    QCOMPARE(m_profiles->profile(u"Prod"_s)->url, m_server.url());
    QCOMPARE(child<QListWidget>(dialog, u"profileList"_s)->currentItem()->text(), u"Prod"_s);
    QCOMPARE(readSecret(u"Prod"_s), ApiKey);

    // The settings file on disk has the profile and no trace of the key.
    m_settings->sync();
    QFile file(m_settings->fileName());
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    QVERIFY(bytes.contains("Prod"));
    QVERIFY(bytes.contains("api-key"));
    QVERIFY(!bytes.contains(ApiKey.toUtf8()));
    QVERIFY(!bytes.contains(ApiKey.left(12).toUtf8()));
}

void TestProfilesDialog::refusesWhatCannotBeSaved()
{
    addProfile(u"A"_s, AuthMethod::None);
    addProfile(u"B"_s, AuthMethod::None);
    ProfilesDialog dialog(*m_profiles, *m_secrets, m_prompter);
    QVERIFY(dialog.selectProfile(u"A"_s));
    QPushButton *save = child<QPushButton>(dialog, u"saveButton"_s);
    QPushButton *connectButton = child<QPushButton>(dialog, u"connectButton"_s);
    QVERIFY(connectButton->isEnabled());
    QLineEdit *name = child<QLineEdit>(dialog, u"nameEdit"_s);

    type(name, QString());
    QCOMPARE(dialog.validationText(), u"The connection needs a name."_s);
    QVERIFY(!save->isEnabled());
    QVERIFY(!connectButton->isEnabled());
    type(name, u"b"_s);
    QCOMPARE(dialog.validationText(), u"A connection named \"b\" already exists."_s);
    QVERIFY(!save->isEnabled());
    QCOMPARE(lance::test::refusalOf(dialog.save()), u"A connection named \"b\" already exists."_s);

    type(name, u"A"_s);
    QCOMPARE(dialog.validationText(), QString());
    child<QAbstractButton>(dialog, u"addHeaderButton"_s)->click();
    QTableWidget *headers = child<QTableWidget>(dialog, u"headersTable"_s);
    QCOMPARE(headers->rowCount(), 1);
    headers->item(0, 0)->setText(u"Authorization"_s);
    headers->item(0, 1)->setText(u"Bearer "_s + ApiKey);
    QVERIFY2(dialog.validationText().startsWith(
                 u"The header Authorization carries a credential, which is never saved"_s),
             qPrintable(dialog.validationText()));
    QVERIFY(!save->isEnabled());
    LCB_VERIFY_REFUSED(dialog.save());
    QVERIFY(m_profiles->profile(u"A"_s)->headers.isEmpty());

    // A harmless header is fine; an unusable URL is only a warning, so it can be saved.
    headers->item(0, 0)->setText(u"X-Tenant"_s);
    headers->item(0, 1)->setText(u"sales"_s);
    type(child<QLineEdit>(dialog, u"urlEdit"_s), u"ftp://example.com"_s);
    QVERIFY(!dialog.validationText().isEmpty());
    QVERIFY(save->isEnabled());
    QVERIFY(!connectButton->isEnabled());
    LCB_VERIFY_OK(dialog.save());
    const ConnectionProfile saved = *m_profiles->profile(u"A"_s);
    QCOMPARE(saved.headers, (QList<QPair<QByteArray, QByteArray>>{{"X-Tenant", "sales"}}));
    QCOMPARE(saved.url, QUrl(u"ftp://example.com"_s));
}

void TestProfilesDialog::testsTheFormWithTheRightAndAWrongKey()
{
    addProfile(u"Server"_s, AuthMethod::ApiKey, ApiKey);
    ProfilesDialog dialog(*m_profiles, *m_secrets, m_prompter);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QLineEdit *secret = child<QLineEdit>(dialog, u"secretEdit"_s);
    QTRY_COMPARE_WITH_TIMEOUT(secret->text(), ApiKey, AnswerMs); // read from the SecretStore
    QVERIFY(!dialog.editor()->isModified());

    ConnectionTestView *view = dialog.testView();
    QSignalSpy finished(view, &ConnectionTestView::finished);
    child<QPushButton>(dialog, u"testConnectionButton"_s)->click();
    QVERIFY(view->isRunning() || finished.count() == 1);
    QVERIFY(finished.count() == 1 || finished.wait(20000));
    QCOMPARE(finished.last().first().toBool(), true);
    QCOMPARE(view->summaryText(),
             u"Connected to %1: everything works."_s.arg(m_server.url().toDisplayString()));
    QCOMPARE(view->checks().size(), 2);
    for (int i = 0; i < 2; ++i) {
        QCOMPARE(view->checks().at(i).state, State::Passed);
        QVERIFY(!child<QLabel>(dialog, u"checkIconLabel%1"_s.arg(i))->pixmap().isNull());
        QCOMPARE(child<QLabel>(dialog, u"checkIconLabel%1"_s.arg(i))->accessibleName(),
                 u"Passed"_s);
    }

    // A wrong key typed, not saved: the test uses the form, and says what is wrong.
    type(secret, WrongKey);
    child<QPushButton>(dialog, u"testConnectionButton"_s)->click();
    QVERIFY(finished.wait(20000));
    QCOMPARE(finished.last().first().toBool(), false);
    QCOMPARE(view->checks().at(0).state, State::Failed);
    QCOMPARE(view->summaryText(), u"401: the API key was refused."_s);
    QVERIFY(child<QLabel>(dialog, u"checkMessageLabel0"_s)
                ->text()
                .startsWith(u"401: the API key was refused."_s));
    QCOMPARE(child<QLabel>(dialog, u"checkIconLabel0"_s)->accessibleName(), u"Failed"_s);
    QVERIFY(!view->summaryText().contains(WrongKey));
    QCOMPARE(readSecret(u"Server"_s), ApiKey); // testing saved nothing

    // A form that cannot make a connection says why instead of testing.
    type(secret, QString());
    child<QPushButton>(dialog, u"testConnectionButton"_s)->click();
    QCOMPARE(view->summaryText(),
             u"The API key is empty, but the connection is set to authenticate with one."_s);
    dialog.editor()->setProfile(*m_profiles->profile(u"Server"_s)); // nothing to ask at the end
}

void TestProfilesDialog::renamesDuplicatesAndRemovesWithTheSecret()
{
    addProfile(u"A"_s, AuthMethod::ApiKey, ApiKey);
    ProfilesDialog dialog(*m_profiles, *m_secrets, m_prompter);
    QTRY_COMPARE_WITH_TIMEOUT(child<QLineEdit>(dialog, u"secretEdit"_s)->text(), ApiKey, AnswerMs);
    type(child<QLineEdit>(dialog, u"nameEdit"_s), u"Renamed"_s);
    LCB_VERIFY_OK(dialog.save());
    QCOMPARE(m_profiles->names(), QStringList{u"Renamed"_s});
    QCOMPARE(readSecret(u"Renamed"_s), ApiKey);
    QCOMPARE(readSecret(u"A"_s), std::nullopt);

    child<QPushButton>(dialog, u"duplicateProfileButton"_s)->click();
    QCOMPARE(m_profiles->names(), (QStringList{u"Renamed"_s, u"Renamed (copy)"_s}));
    QCOMPARE(dialog.selectedProfile(), u"Renamed (copy)"_s);
    QTRY_COMPARE_WITH_TIMEOUT(child<QLineEdit>(dialog, u"secretEdit"_s)->text(), ApiKey, AnswerMs);
    QCOMPARE(readSecret(u"Renamed (copy)"_s), ApiKey);

    m_prompter.answerChoice(u"Remove"_s);
    child<QPushButton>(dialog, u"removeProfileButton"_s)->click();
    QCOMPARE(m_prompter.asked().last(), u"Remove Connection"_s);
    QCOMPARE(m_profiles->names(), QStringList{u"Renamed"_s});
    QCOMPARE(dialog.selectedProfile(), u"Renamed"_s);
    QCOMPARE(readSecret(u"Renamed (copy)"_s), std::nullopt);
    QCOMPARE(readSecret(u"Renamed"_s), ApiKey);

    // Kept when the person backs out.
    m_prompter.answerChoice(u"Cancel"_s);
    child<QPushButton>(dialog, u"removeProfileButton"_s)->click();
    QCOMPARE(m_profiles->names(), QStringList{u"Renamed"_s});
}

void TestProfilesDialog::asksBeforeLosingChanges()
{
    addProfile(u"A"_s, AuthMethod::None);
    addProfile(u"B"_s, AuthMethod::None);
    ProfilesDialog dialog(*m_profiles, *m_secrets, m_prompter);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QListWidget *list = child<QListWidget>(dialog, u"profileList"_s);
    QLineEdit *url = child<QLineEdit>(dialog, u"urlEdit"_s);
    type(url, u"http://127.0.0.1:1/changed"_s);

    // Cancel: the edits stay, and so does the selection.
    m_prompter.answerChoice(u"Cancel"_s);
    list->setCurrentRow(1);
    QCOMPARE(m_prompter.lastQuestion().text, u"Save the changes to the connection \"A\"?"_s);
    QTRY_COMPARE(list->currentRow(), 0);
    QCOMPARE(dialog.selectedProfile(), u"A"_s);
    QCOMPARE(url->text(), u"http://127.0.0.1:1/changed"_s);

    // Discard: B is shown, A is as it was.
    m_prompter.answerChoice(u"Discard"_s);
    list->setCurrentRow(1);
    QCOMPARE(dialog.selectedProfile(), u"B"_s);
    QCOMPARE(m_profiles->profile(u"A"_s)->url, m_server.url());

    // Save: B keeps the edit.
    type(url, u"http://127.0.0.1:2/saved"_s);
    m_prompter.answerChoice(u"Save"_s);
    QVERIFY(dialog.selectProfile(u"A"_s));
    QCOMPARE(m_profiles->profile(u"B"_s)->url, QUrl(u"http://127.0.0.1:2/saved"_s));
    QCOMPARE(list->currentItem()->text(), u"A"_s);

    // Closing asks too; Cancel keeps the dialog open.
    type(url, u"http://127.0.0.1:3/unsaved"_s);
    m_prompter.answerChoice(u"Cancel"_s);
    child<QPushButton>(dialog, u"closeButton"_s)->click();
    QVERIFY(dialog.isVisible());
    m_prompter.answerChoice(u"Discard"_s);
    dialog.reject();
    QVERIFY(!dialog.isVisible());
    QCOMPARE(dialog.result(), int(QDialog::Rejected));
    QCOMPARE(m_profiles->profile(u"A"_s)->url, m_server.url());
}

void TestProfilesDialog::browsesThroughThePrompter()
{
    addProfile(u"A"_s, AuthMethod::None);
    ProfilesDialog dialog(*m_profiles, *m_secrets, m_prompter);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QLineEdit *folder = child<QLineEdit>(dialog, u"folderEdit"_s);
    QLineEdit *url = child<QLineEdit>(dialog, u"urlEdit"_s);
    QVERIFY(url->isVisible());
    QVERIFY(!folder->isVisible());
    choose(child<QComboBox>(dialog, u"kindCombo"_s), int(ConnectionProfile::Kind::Local));
    QVERIFY(!url->isVisible());
    QVERIFY(folder->isVisible());
    QVERIFY(!child<QLineEdit>(dialog, u"caFileEdit"_s)->isVisible());
    QCOMPARE(dialog.validationText(), u"Choose the folder of the local catalog."_s);

    const QString catalog = m_dir->filePath(u"catalog"_s);
    m_prompter.answerText(catalog);
    QTest::mouseClick(child<QWidget>(dialog, u"browseFolderButton"_s), Qt::LeftButton);
    QCOMPARE(m_prompter.asked().last(), u"Choose the Catalog Folder"_s);
    QCOMPARE(folder->text(), QDir::toNativeSeparators(catalog));
    QCOMPARE(dialog.validationText(), QString());
    LCB_VERIFY_OK(dialog.save());
    QCOMPARE(m_profiles->profile(u"A"_s)->localFolder, catalog);

    choose(child<QComboBox>(dialog, u"kindCombo"_s), int(ConnectionProfile::Kind::Rest));
    const QString caFile = m_dir->filePath(u"ca.pem"_s);
    m_prompter.answerText(caFile);
    QTest::mouseClick(child<QWidget>(dialog, u"browseCaFileButton"_s), Qt::LeftButton);
    QCOMPARE(m_prompter.asked().last(), u"Choose a CA Certificate File"_s);
    QCOMPARE(child<QLineEdit>(dialog, u"caFileEdit"_s)->text(), QDir::toNativeSeparators(caFile));
    dialog.editor()->setProfile(*m_profiles->profile(u"A"_s)); // nothing to ask at the end
}

void TestProfilesDialog::connectAcceptsWithTheChosenProfile()
{
    addProfile(u"A"_s, AuthMethod::None);
    addProfile(u"B"_s, AuthMethod::None);
    ProfilesDialog dialog(*m_profiles, *m_secrets, m_prompter);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QCOMPARE(dialog.selectedProfile(), u"A"_s);
    QVERIFY(!dialog.selectProfile(u"nonexistent"_s));
    QVERIFY(dialog.selectProfile(u"b"_s)); // as typed after --profile: case does not matter
    QCOMPARE(dialog.selectedProfile(), u"B"_s);
    // Pending edits are saved on the way.
    choose(child<QComboBox>(dialog, u"environmentCombo"_s),
           int(ConnectionProfile::Environment::Production));
    QCheckBox *readOnly = dialog.findChild<QCheckBox *>(u"readOnlyCheck"_s);
    readOnly->setChecked(true);
    child<QPushButton>(dialog, u"connectButton"_s)->click();
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QVERIFY(!dialog.isVisible());
    QCOMPARE(dialog.selectedProfile(), u"B"_s);
    QCOMPARE(m_profiles->profile(u"B"_s)->environment, ConnectionProfile::Environment::Production);
    QVERIFY(m_profiles->profile(u"B"_s)->readOnly);
}

// A steward's walk: Alt+U was both "Server URL" and "Duplicate"; pressed in the URL field's
// stead, it saved a profile with an empty URL and made a copy. Checked for every kind of profile
// and every way to authenticate, as each shows other fields.
void TestProfilesDialog::noTwoControlsShareAMnemonic()
{
    addProfile(u"plain"_s, AuthMethod::None);
    addProfile(u"keyed"_s, AuthMethod::ApiKey);
    addProfile(u"bearer"_s, AuthMethod::BearerToken);
    ConnectionProfile local;
    local.name = u"folder"_s;
    local.kind = ConnectionProfile::Kind::Local;
    local.localFolder = m_dir->path();
    LCB_VERIFY_OK(m_profiles->add(local));
    ProfilesDialog dialog(*m_profiles, *m_secrets, m_prompter);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *list = dialog.findChild<QListWidget *>(u"profileList"_s);
    QCOMPARE(list->count(), 4);
    QStringList found;
    for (int row = 0; row < list->count(); ++row) {
        list->setCurrentRow(row);
        for (const QString &finding : lance::test::KeyboardAudit::mnemonics(dialog)) {
            found << list->item(row)->text() + u": "_s + finding;
        }
    }
    QVERIFY2(found.isEmpty(), qPrintable(found.join(u'\n')));
}

// A steward's walk: Restore Version through a server said "map the folder in the connection's
// path mapping", but no setting offered one. The server here keeps `people` in its root; the
// profile says its files are elsewhere (as through a tunnel), and this machine sees them in
// a mirror folder.
void TestProfilesDialog::mapsOneTableThroughTheProfilesMapping()
{
    const QString serverRoot = m_dir->filePath(u"server"_s);
    const QString mirror = m_dir->filePath(u"mirror"_s);
    QVERIFY(lance::test::LanceFixture::copyInto(u"people.lance"_s, serverRoot));
    QVERIFY(lance::test::LanceFixture::copyInto(u"people.lance"_s, mirror));
    CatalogServerProcess server;
    QVERIFY2(server.start(serverRoot), qPrintable(server.standardError()));
    ConnectionProfile profile
        = TestConnections::restProfile(server.url(), AuthMethod::None, u"Tunnel"_s);
    profile.serverFiles = ConnectionProfile::ServerFiles::Elsewhere;
    LCB_VERIFY_OK(m_profiles->add(profile));

    ProfilesDialog dialog(*m_profiles, *m_secrets, m_prompter);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *test = child<QPushButton>(dialog, u"testMappingButton"_s);
    auto *note = child<InlineNote>(dialog, u"mappingNote"_s);
    QVERIFY(test->isVisible());
    // Without a mapping the server's path means nothing here, and the note says what to add.
    test->click();
    QTRY_VERIFY_WITH_TIMEOUT(note->text().contains(u"which no folder of the mapping covers"_s),
                             AnswerMs);
    QVERIFY2(note->text().startsWith(u"Version 3 of people is at /"_s), qPrintable(note->text()));
    QVERIFY(test->isEnabled());

    // The server's own folder, as it sees it, mapped to the mirror.
    auto *editor = child<lance::ui::KeyValueEditor>(dialog, u"pathMappingEditor"_s);
    editor->findChild<QPushButton *>(u"addRowButton"_s)->click();
    QTableWidget *rows = editor->table();
    QCOMPARE(rows->rowCount(), 1);
    const QString serverFolder = QDir(serverRoot).canonicalPath();
    rows->item(0, 0)->setText(QDir(mirror).canonicalPath());
    rows->item(0, 1)->setText(serverFolder + u'/');
    QVERIFY(dialog.editor()->isModified());
    test->click();
    QTRY_VERIFY_WITH_TIMEOUT(note->text().contains(u"is read here at"_s), AnswerMs);
    QVERIFY2(note->text().contains(QDir(mirror).canonicalPath() + u"/people.lance/_versions/"_s),
             qPrintable(note->text()));

    // Saved with the profile, and shown again when the dialog opens next.
    child<QPushButton>(dialog, u"saveButton"_s)->click();
    QCOMPARE(m_profiles->mapping(u"Tunnel"_s),
             lance::drop::PathMapping(QDir(mirror).canonicalPath(), serverFolder + u'/'));
    ProfilesDialog again(*m_profiles, *m_secrets, m_prompter);
    QCOMPARE(again.editor()->mapping(), m_profiles->mapping(u"Tunnel"_s));
    QVERIFY(!again.editor()->isModified());

    // What the server calls a folder must be a URI or an absolute path: Save waits.
    rows->item(0, 1)->setText(u"srv/lake"_s);
    QVERIFY(!child<QPushButton>(dialog, u"saveButton"_s)->isEnabled());
    QVERIFY2(dialog.validationText().contains(u"neither a URI nor an absolute path"_s),
             qPrintable(dialog.validationText()));
}

LCB_TEST_MAIN(TestProfilesDialog)
#include "TestProfilesDialog.moc"
