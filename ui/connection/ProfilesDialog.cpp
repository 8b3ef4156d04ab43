// SPDX-License-Identifier: Apache-2.0
#include "ui/connection/ProfilesDialog.h"

#include "connection/CatalogConnection.h"
#include "connection/ProfileStore.h"
#include "connection/SecretStore.h"
#include "details/PathMappingTester.h"
#include "details/StorageTester.h"
#include "ui/common/Icons.h"
#include "ui/common/InlineNote.h"
#include "ui/common/Prompter.h"
#include "ui/connection/ConnectionTestView.h"
#include "ui/connection/ProfileEditor.h"
#include "ui/connection/StorageOptionsEditor.h"

#include <QDialogButtonBox>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProcessEnvironment>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;
using lance::connection::ConnectionProfile;
using lance::connection::SecretStore;

namespace lance::ui {

namespace {

// What the validation note shows of a check: its sentence, or nothing when it passed.
std::optional<QString> sentenceOf(const api::Result<void> &checked)
{
    return checked.hasValue() ? std::nullopt
                              : std::optional<QString>(checked.error().userMessage());
}

QPushButton *button(const QString &objectName, const QString &text, const QString &toolTip,
                    QWidget *parent)
{
    auto *button = new QPushButton(text, parent);
    button->setObjectName(objectName);
    button->setToolTip(toolTip);
    return button;
}

// A keychain entry that follows its profile's name: whatever was typed replaces what was kept,
// and an entry no longer `wanted` goes.
void followEntry(SecretStore &secrets, const QString &oldEntry, const QString &newEntry,
                 bool wanted, bool edited, const QString &typed)
{
    if (!wanted) {
        secrets.removeSecret(oldEntry);
    } else if (edited) {
        if (newEntry != oldEntry) {
            secrets.removeSecret(oldEntry);
        }
        if (typed.isEmpty()) {
            secrets.removeSecret(newEntry);
        } else {
            secrets.writeSecret(newEntry, typed);
        }
    } else if (newEntry != oldEntry) {
        secrets.renameSecret(oldEntry, newEntry);
    }
}

} // namespace

ProfilesDialog::ProfilesDialog(connection::ProfileStore &profiles, connection::SecretStore &secrets,
                               Prompter &prompter, QWidget *parent)
    : QDialog(parent)
    , m_profiles(profiles)
    , m_secrets(secrets)
    , m_prompter(prompter)
{
    setObjectName(u"profilesDialog"_s);
    setWindowTitle(tr("Manage Connections"));

    auto *buttons = new QDialogButtonBox(this);
    m_connectButton = buttons->addButton(tr("C&onnect"), QDialogButtonBox::AcceptRole);
    m_connectButton->setObjectName(u"connectButton"_s);
    m_connectButton->setIcon(Icons::icon(Icons::Id::Connect));
    m_connectButton->setDefault(true);
    QPushButton *close = buttons->addButton(QDialogButtonBox::Close);
    close->setObjectName(u"closeButton"_s);
    connect(m_connectButton, &QPushButton::clicked, this, &ProfilesDialog::onConnect);
    connect(close, &QPushButton::clicked, this, &ProfilesDialog::reject);

    auto *panes = new QHBoxLayout;
    panes->setSpacing(12);
    panes->addWidget(createListPane());
    auto *divider = new QFrame(this);
    divider->setFrameShape(QFrame::VLine);
    divider->setFrameShadow(QFrame::Sunken);
    panes->addWidget(divider);
    panes->addWidget(createEditorPane(), 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(panes, 1);
    layout->addWidget(buttons);

    connect(&m_profiles, &connection::ProfileStore::changed, this, [this] {
        if (!m_updating) {
            reloadList(); // changed elsewhere (another window, an import)
        }
    });
    const auto showStorage = [this] {
        m_editor->setSecretStorage(m_secrets.storage(), m_secrets.memoryOnlyReason());
    };
    connect(&m_secrets, &SecretStore::storageChanged, this, showStorage);
    showStorage();
    // The keychain is asked only once a secret is in play, so that a connection without one
    // never hears about a keychain it does not use.
    connect(m_editor, &ProfileEditor::edited, this, &ProfilesDialog::probeIfSecretNeeded);
    reloadList();
    const QStringList names = m_profiles.names();
    showProfile(names.isEmpty() ? QString() : names.first());
    resize(sizeHint().expandedTo(QSize(860, 600)));
}

QWidget *ProfilesDialog::createListPane()
{
    auto *pane = new QWidget(this);
    auto *title = new QLabel(tr("Saved connections"), pane);
    m_list = new QListWidget(pane);
    m_list->setObjectName(u"profileList"_s);
    title->setBuddy(m_list);
    auto *add = button(u"addProfileButton"_s, tr("&Add"), tr("Add a new connection"), pane);
    m_duplicateButton = button(u"duplicateProfileButton"_s, tr("Du&plicate"),
                               tr("Add a copy of the selected connection, with its secret"), pane);
    m_removeButton = button(u"removeProfileButton"_s, tr("&Remove"),
                            tr("Remove the selected connection and its secret"), pane);
    connect(add, &QPushButton::clicked, this, &ProfilesDialog::onAdd);
    connect(m_duplicateButton, &QPushButton::clicked, this, &ProfilesDialog::onDuplicate);
    connect(m_removeButton, &QPushButton::clicked, this, &ProfilesDialog::onRemove);
    connect(m_list, &QListWidget::currentItemChanged, this, &ProfilesDialog::onCurrentItemChanged);
    connect(m_list, &QListWidget::itemDoubleClicked, this, &ProfilesDialog::onConnect);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(m_duplicateButton);
    buttons->addWidget(m_removeButton);
    auto *layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(title);
    layout->addWidget(m_list, 1);
    layout->addLayout(buttons);
    pane->setFixedWidth(qMax(220, pane->sizeHint().width()));
    return pane;
}

QWidget *ProfilesDialog::createEditorPane()
{
    auto *pane = new QWidget(this);
    m_editor = new ProfileEditor(m_prompter, pane);
    connect(m_editor, &ProfileEditor::edited, this, &ProfilesDialog::updateValidation);
    connect(m_editor, &ProfileEditor::testMappingRequested, this, &ProfilesDialog::testMapping);
    connect(m_editor->storageEditor(), &StorageOptionsEditor::testRequested, this,
            &ProfilesDialog::testStorage);

    m_validationNote = new InlineNote(pane);
    m_validationNote->setObjectName(u"validationNote"_s);

    m_testButton = button(u"testConnectionButton"_s, tr("&Test Connection"),
                          tr("Make two read-only calls with the values above"), pane);
    m_revertButton = button(u"revertButton"_s, tr("Re&vert"),
                            tr("Forget the changes made since the last save"), pane);
    m_saveButton = button(u"saveButton"_s, tr("&Save"), QString(), pane);
    connect(m_testButton, &QPushButton::clicked, this, &ProfilesDialog::testConnection);
    connect(m_revertButton, &QPushButton::clicked, this, [this] { showProfile(m_current); });
    connect(m_saveButton, &QPushButton::clicked, this, [this] { save(); });
    auto *actions = new QHBoxLayout;
    actions->addWidget(m_testButton);
    actions->addStretch();
    actions->addWidget(m_revertButton);
    actions->addWidget(m_saveButton);

    m_testView = new ConnectionTestView(pane);
    connect(m_testView, &ConnectionTestView::finished, this, &ProfilesDialog::updateValidation);

    auto *layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_editor);
    layout->addWidget(m_validationNote);
    layout->addLayout(actions);
    layout->addSpacing(6);
    layout->addWidget(m_testView);
    layout->addStretch(1);
    return pane;
}

bool ProfilesDialog::selectProfile(const QString &name)
{
    const std::optional<ConnectionProfile> profile = m_profiles.profile(name);
    if (!profile) {
        return false;
    }
    if (profile->name != m_current) {
        if (!settleChanges()) {
            return false;
        }
        showProfile(profile->name);
    }
    return true;
}

ProfilesDialog::~ProfilesDialog() = default;

api::Result<void> ProfilesDialog::save()
{
    if (m_current.isEmpty()) {
        return api::ApiError::invalidInput(tr("Add a connection first."));
    }
    const ConnectionProfile profile = m_editor->profile();
    const drop::PathMapping mapping = m_editor->mapping();
    const QString oldName = m_current;
    api::Result<void> saved = profile.checkStorable();
    if (saved.hasValue()) {
        saved = mapping.check();
    }
    if (saved.hasValue()) {
        const QScopedValueRollback updating(m_updating, true);
        saved = m_profiles.update(oldName, profile); // moves the old mapping to a new name
        if (saved.hasValue()) {
            saved = m_profiles.setMapping(profile.name, mapping); // checked above
        }
    }
    if (!saved.hasValue()) {
        updateValidation();
        m_validationNote->setNote(InlineNote::Kind::Error, saved.error().userMessage());
        return saved;
    }
    // The secrets follow the profile's name.
    followEntry(m_secrets, oldName, profile.name, profile.needsSecret(), m_editor->isSecretEdited(),
                m_editor->secret());
    // A profile that never had storage credentials costs no keychain request.
    if (!m_editor->savedProfile().storageSecrets.isEmpty() || m_editor->isStorageSecretEdited()) {
        const connection::ProfileStorage storageSecrets = m_editor->storageSecrets();
        followEntry(m_secrets, connection::ProfileStorage::secretEntry(oldName),
                    connection::ProfileStorage::secretEntry(profile.name),
                    !profile.storageSecrets.isEmpty(), m_editor->isStorageSecretEdited(),
                    storageSecrets.isEmpty() ? QString()
                                             : QString::fromUtf8(storageSecrets.toSecretJson()));
    }
    m_current = profile.name;
    m_editor->markSaved();
    reloadList();
    updateValidation();
    return {};
}

void ProfilesDialog::testConnection()
{
    m_testView->start(m_editor->profile(), m_editor->secret());
    updateValidation();
}

QString ProfilesDialog::validationText() const
{
    return m_validationNote->text();
}

void ProfilesDialog::reject()
{
    if (settleChanges()) {
        QDialog::reject();
    }
}

void ProfilesDialog::reloadList()
{
    const QScopedValueRollback updating(m_updating, true);
    m_list->clear();
    const QList<ConnectionProfile> profiles = m_profiles.profiles();
    for (const ConnectionProfile &profile : profiles) {
        auto *item = new QListWidgetItem(profile.name, m_list);
        item->setToolTip(profile.location());
        if (profile.name == m_current) {
            m_list->setCurrentItem(item);
        }
    }
}

void ProfilesDialog::showProfile(const QString &name)
{
    const std::optional<ConnectionProfile> profile = m_profiles.profile(name);
    m_current = profile ? profile->name : QString();
    m_editor->setProfile(profile.value_or(ConnectionProfile()));
    m_editor->setMapping(profile ? m_profiles.mapping(profile->name) : drop::PathMapping());
    m_editor->setEnabled(profile.has_value());
    m_testView->clear();
    selectInList(m_current);
    probeIfSecretNeeded();
    if (profile && profile->needsSecret()) {
        m_secrets.readSecret(profile->name, this, [this, name = profile->name](auto secret) {
            if (secret) {
                m_editor->setSavedSecret(name, *secret);
                updateValidation();
            }
        });
    }
    if (profile && !profile->storageSecrets.isEmpty()) {
        m_secrets.readSecret(
            connection::ProfileStorage::secretEntry(profile->name), this,
            [this, name = profile->name](auto secrets) {
                if (secrets) {
                    m_editor->setSavedStorageSecrets(
                        name, connection::ProfileStorage::fromSecretJson(secrets->toUtf8()));
                }
            });
    }
    updateValidation();
}

void ProfilesDialog::probeIfSecretNeeded()
{
    // So the note says where a typed secret will go before one is saved.
    if (m_secrets.storage() == SecretStore::Storage::Unknown && m_editor->isEnabled()
        && m_editor->profile().needsSecret()) {
        m_secrets.probe();
    }
}

bool ProfilesDialog::settleChanges()
{
    if (m_current.isEmpty() || !m_editor->isModified()) {
        return true;
    }
    Prompter::Question question;
    question.severity = Prompter::Severity::Question;
    question.title = tr("Unsaved Changes");
    question.text = tr("Save the changes to the connection \"%1\"?").arg(m_current);
    question.choices = {{tr("&Save"), Prompter::ChoiceRole::Accept},
                        {tr("&Discard"), Prompter::ChoiceRole::Destructive},
                        {tr("&Cancel"), Prompter::ChoiceRole::Reject}};
    switch (m_prompter.ask(question)) {
    case 0:
        return save().hasValue();
    case 1:
        m_editor->setProfile(m_editor->savedProfile()); // so nothing asks again
        return true;
    default:
        return false;
    }
}

void ProfilesDialog::updateValidation()
{
    const bool shown = !m_current.isEmpty();
    const ConnectionProfile profile = m_editor->profile();
    std::optional<QString> refusal;
    std::optional<QString> warning;
    if (!shown) {
        warning = tr("Add a connection to get started.");
    } else {
        refusal = sentenceOf(profile.checkStorable());
        if (!refusal && profile.kind == ConnectionProfile::Kind::Rest) {
            refusal = sentenceOf(m_editor->mapping().check());
        }
        if (!refusal && profile.name.compare(m_current, Qt::CaseInsensitive) != 0
            && m_profiles.contains(profile.name)) {
            refusal = tr("A connection named \"%1\" already exists.").arg(profile.name);
        }
        warning = refusal ? std::nullopt : sentenceOf(profile.check());
        if (!refusal && !warning && profile.needsSecret()) {
            // Says which secret is missing or unusable, in the same words opening would.
            warning = sentenceOf(profile.restConfig(m_editor->secret()).check());
        }
    }
    const std::optional<QString> problem = refusal ? refusal : warning;
    const InlineNote::Kind kind = refusal ? InlineNote::Kind::Error
                                  : shown ? InlineNote::Kind::Warning
                                          : InlineNote::Kind::Information;
    m_validationNote->setNote(kind, problem.value_or(QString()));

    const bool modified = shown && m_editor->isModified();
    m_saveButton->setEnabled(modified && !refusal);
    m_saveButton->setToolTip(refusal ? *refusal : tr("Save the connection"));
    m_revertButton->setEnabled(modified);
    m_testButton->setEnabled(shown && !m_testView->isRunning());
    m_connectButton->setEnabled(shown && !problem);
    m_duplicateButton->setEnabled(shown);
    m_removeButton->setEnabled(shown);
}

void ProfilesDialog::onCurrentItemChanged(QListWidgetItem *current)
{
    if (m_updating || !current || current->text() == m_current) {
        return;
    }
    const QString wanted = current->text(); // the item may not survive a save
    if (!settleChanges()) {
        // Back to the profile being edited, later: the list is still switching items now.
        QMetaObject::invokeMethod(
            this, [this] { selectInList(m_current); }, Qt::QueuedConnection);
        return;
    }
    showProfile(wanted);
}

void ProfilesDialog::onAdd()
{
    if (!settleChanges()) {
        return;
    }
    ConnectionProfile profile;
    profile.name = freeName(tr("New connection"));
    if (!addAndShow(profile)) {
        return;
    }
    if (auto *name = m_editor->findChild<QLineEdit *>(u"nameEdit"_s)) {
        name->setFocus();
        name->selectAll();
    }
}

void ProfilesDialog::testMapping()
{
    const ConnectionProfile profile = m_editor->profile();
    auto connection = connection::CatalogConnection::open(profile, m_editor->secret());
    if (!connection) {
        m_editor->setMappingNote(false, connection.error().userMessage());
        return;
    }
    m_mappingTester.reset();
    m_mappingConnection = std::move(*connection);
    // As the window will read: the mapping, and this machine's paths for a server here.
    const drop::PathMapping mapping = m_editor->mapping();
    m_mappingTester = std::make_unique<details::PathMappingTester>(
        m_mappingConnection->service(),
        details::ManifestAccess(mapping, profile.isOnThisMachine()));
    connect(m_mappingTester.get(), &details::PathMappingTester::finished, this,
            [this](bool read, const QString &message) {
                m_editor->setMappingNote(read, message);
                m_editor->setMappingTestEnabled(true);
            });
    m_editor->setMappingTestEnabled(false);
    m_editor->setMappingNote(true, tr("Looking for a table on the server…"));
    m_mappingTester->start();
}

void ProfilesDialog::testStorage()
{
    const ConnectionProfile profile = m_editor->profile();
    const connection::ProfileStorage storage = m_editor->storage();
    StorageOptionsEditor *editor = m_editor->storageEditor();
    auto connection = connection::CatalogConnection::open(profile, m_editor->secret());
    if (!connection) {
        editor->setTestNote(false, connection.error().userMessage());
        return;
    }
    m_storageTester.reset();
    m_storageConnection = std::move(*connection);
    // As the window will reach the store: what the server vends, then the form's options,
    // then this machine's environment.
    m_storageTester = std::make_unique<details::StorageTester>(
        m_storageConnection->service(),
        details::VendedTableStore::Fallback{
            [storage,
             standard = storage::StorageOptions::standard(
                 QProcessEnvironment::systemEnvironment())](storage::StorageUri::Scheme scheme) {
                return storage.options(scheme).withFallback(standard);
            },
            tr("these storage options or this machine's environment")});
    connect(m_storageTester.get(), &details::StorageTester::finished, this,
            [editor](bool listed, const QString &message) {
                editor->setTestNote(listed, message);
                editor->setTestEnabled(true);
            });
    editor->setTestEnabled(false);
    editor->setTestNote(true, tr("Looking for a table on the server…"));
    m_storageTester->start();
}

void ProfilesDialog::onDuplicate()
{
    if (m_current.isEmpty() || !settleChanges()) {
        return;
    }
    std::optional<ConnectionProfile> copy = m_profiles.profile(m_current);
    if (!copy) {
        return;
    }
    const QString source = copy->name;
    copy->name = freeName(tr("%1 (copy)").arg(source));
    if (!addAndShow(*copy)) {
        return;
    }
    // The copy reads the same files the same way.
    if (m_profiles.setMapping(copy->name, m_profiles.mapping(source)).hasValue()) {
        m_editor->setMapping(m_profiles.mapping(copy->name));
    }
    if (copy->needsSecret()) {
        m_secrets.readSecret(source, this, [this, name = copy->name](auto secret) {
            if (secret && m_profiles.contains(name)) {
                m_secrets.writeSecret(name, *secret);
                m_editor->setSavedSecret(name, *secret);
                updateValidation();
            }
        });
    }
    if (!copy->storageSecrets.isEmpty()) {
        using connection::ProfileStorage;
        m_secrets.readSecret(
            ProfileStorage::secretEntry(source), this, [this, name = copy->name](auto secrets) {
                if (secrets && m_profiles.contains(name)) {
                    m_secrets.writeSecret(ProfileStorage::secretEntry(name), *secrets);
                    m_editor->setSavedStorageSecrets(
                        name, ProfileStorage::fromSecretJson(secrets->toUtf8()));
                }
            });
    }
}

void ProfilesDialog::onRemove()
{
    if (m_current.isEmpty()) {
        return;
    }
    if (!m_prompter.confirm(tr("Remove Connection"),
                            tr("Remove the connection \"%1\" and its saved secret?").arg(m_current),
                            tr("&Remove"), Prompter::ChoiceRole::Destructive,
                            Prompter::Severity::Warning)) {
        return;
    }
    const int row = m_list->currentRow();
    const bool storageSecrets
        = !m_profiles.profile(m_current).value_or(ConnectionProfile()).storageSecrets.isEmpty();
    {
        const QScopedValueRollback updating(m_updating, true);
        m_profiles.remove(m_current);
    }
    m_secrets.removeSecret(m_current);
    if (storageSecrets) {
        m_secrets.removeSecret(connection::ProfileStorage::secretEntry(m_current));
    }
    m_current.clear();
    reloadList();
    const QStringList names = m_profiles.names();
    showProfile(names.isEmpty() ? QString() : names.at(qMin(row, int(names.size()) - 1)));
}

void ProfilesDialog::onConnect()
{
    if (m_current.isEmpty()) {
        return;
    }
    if (m_editor->isModified() && !save().hasValue()) {
        return; // refused; the reason is shown
    }
    if (const api::Result<void> checked = m_editor->profile().check(); !checked.hasValue()) {
        m_validationNote->setNote(InlineNote::Kind::Warning, checked.error().userMessage());
        return;
    }
    accept();
}

bool ProfilesDialog::addAndShow(const ConnectionProfile &profile)
{
    api::Result<void> added;
    {
        const QScopedValueRollback updating(m_updating, true);
        added = m_profiles.add(profile);
    }
    if (!added.hasValue()) {
        m_prompter.inform(Prompter::Severity::Warning, windowTitle(), added.error().userMessage());
        return false;
    }
    m_current = profile.name;
    reloadList();
    showProfile(profile.name);
    return true;
}

void ProfilesDialog::selectInList(const QString &name)
{
    const QScopedValueRollback updating(m_updating, true);
    const QList<QListWidgetItem *> items = m_list->findItems(name, Qt::MatchExactly);
    m_list->setCurrentItem(items.isEmpty() ? nullptr : items.first());
}

QString ProfilesDialog::freeName(const QString &wanted) const
{
    QString name = wanted;
    for (int n = 2; m_profiles.contains(name); ++n) {
        name = tr("%1 %2").arg(wanted).arg(n);
    }
    return name;
}

} // namespace lance::ui
